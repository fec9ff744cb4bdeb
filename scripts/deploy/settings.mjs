// The owner's deploy settings: one git-ignored dotenv file (deploy.env; deploy.env.example documents
// it), where the process environment wins over the file so CI can pass each one as a variable or a
// secret. Checked before anything is created, so a typo fails in a second, not after a deploy.
import { existsSync, readFileSync } from "node:fs";
import { parseEnv } from "node:util";

export const DEFAULT_SETTINGS_FILE = "deploy.env";

/** Every setting; `secret` ones become secrets of the deployables, the rest variables. */
export const SETTINGS = {
  SITE_URL: { required: "production", help: "the site's public origin, e.g. https://linkvault.app (no path)" },
  EMAIL_FROM: { required: "production", help: 'the sender, e.g. "LinkVault <hello@linkvault.app>", on a domain verified in Resend' },
  EMAIL_API_KEY: { secret: true, help: "Resend's API key (re_…); unset, production sends no email" },
  EMAIL_WEBHOOK_SECRET: { secret: true, help: "the signing secret (whsec_…) of the Resend webhook" },
  TURNSTILE_SITE_KEY: { help: "Cloudflare Turnstile's site key (public)" },
  TURNSTILE_SECRET_KEY: { secret: true, help: "Cloudflare Turnstile's secret key" },
  CLOUDFLARE_ACCOUNT_ID: { help: "the Cloudflare account to deploy to; needed only when your login sees several" },
};

/** A name-address pair or a bare address, on one line (the site's own schema has the exact rule). */
const SENDER = /^(?:[^<>\r\n]+ <[^\s<>@]+@[^\s<>@]+\.[a-z]{2,}>|[^\s<>@]+@[^\s<>@]+\.[a-z]{2,})$/i;

function checkOrigin(value) {
  let url;
  try {
    url = new URL(value);
  } catch {
    return "is not a URL";
  }
  if (url.protocol !== "https:") return "must start with https://";
  if ((url.pathname !== "/" && url.pathname !== "") || url.search || url.hash || url.username) return "must be an origin only, e.g. https://linkvault.app";
  return null;
}

/**
 * Reads the settings for `env` ("production" or "preview") from `file` and `environment`, and checks
 * them. Answers { values, file }; throws one Error listing every problem.
 */
export function readSettings({ env, file = DEFAULT_SETTINGS_FILE, environment = process.env }) {
  const fromFile = existsSync(file) ? parseEnv(readFileSync(file, "utf8")) : {};
  const values = {};
  for (const name of Object.keys(SETTINGS)) {
    const value = (environment[name] ?? fromFile[name] ?? "").trim();
    if (value) values[name] = value;
  }
  const problems = [];
  for (const [name, { required, help }] of Object.entries(SETTINGS)) {
    if (required === env && !values[name]) problems.push(`${name} is missing: ${help}.`);
  }
  if (values.SITE_URL) {
    const problem = checkOrigin(values.SITE_URL);
    if (problem) problems.push(`SITE_URL ${problem} (it is ${JSON.stringify(values.SITE_URL)}).`);
    else values.SITE_URL = new URL(values.SITE_URL).origin;
  }
  if (values.EMAIL_FROM && !SENDER.test(values.EMAIL_FROM)) problems.push(`EMAIL_FROM must be "Name <address@domain>" or an address (it is ${JSON.stringify(values.EMAIL_FROM)}).`);
  if (Boolean(values.TURNSTILE_SITE_KEY) !== Boolean(values.TURNSTILE_SECRET_KEY)) problems.push("TURNSTILE_SITE_KEY and TURNSTILE_SECRET_KEY go together: set both or neither.");
  if (problems.length > 0) {
    const where = existsSync(file) ? file : `${file} (not found: copy deploy.env.example)`;
    throw new Error(`The deploy settings in ${where} or the environment need a fix:\n${problems.map((problem) => `  - ${problem}`).join("\n")}`);
  }
  return { values, file };
}

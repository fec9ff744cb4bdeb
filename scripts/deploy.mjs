#!/usr/bin/env node
// `npm run deploy [-- --env preview] [--update-secrets] [--settings <file>]`: everything a deploy of the
// site needs, in order, from the owner's settings (deploy.env, or the environment in CI): the build,
// the Cloudflare resources (created only when missing), the secrets, both databases' migrations, the
// companion Worker, then the site; last the address and what only a person can do (docs/deploy.md,
// ADR 0042). Every step can be repeated, so after a failure the same command resumes.
import { readFileSync, rmSync, writeFileSync } from "node:fs";
import { resolve } from "node:path";
import { parseArgs } from "node:util";
import { MIGRATED_DATABASES, wrangler } from "./lib/wrangler.mjs";
import { run } from "./lib/run.mjs";
import { connect, unlessMissing } from "./deploy/cloudflare-api.mjs";
import { writeDeployConfigs } from "./deploy/configs.mjs";
import { contentOf, describeContent, fingerprint, FINGERPRINT_INPUTS } from "./deploy/fingerprint.mjs";
import { deployPlan, ENVIRONMENTS, PREVIEW_BRANCH, readCommittedConfigs } from "./deploy/plan.mjs";
import { ensureResources } from "./deploy/resources.mjs";
import { planSecrets } from "./deploy/secrets.mjs";
import { DEFAULT_SETTINGS_FILE, readSettings } from "./deploy/settings.mjs";

const WORKER_NOT_FOUND = 10007;
const usage = "Usage: npm run deploy [-- --env production|preview] [--update-secrets] [--settings deploy.env]";

let options;
try {
  ({ values: options } = parseArgs({
    options: {
      env: { type: "string", default: "production" },
      "update-secrets": { type: "boolean", default: false },
      settings: { type: "string", default: DEFAULT_SETTINGS_FILE },
      "work-dir": { type: "string" },
      help: { type: "boolean", default: false },
    },
  }));
  if (!ENVIRONMENTS.includes(options.env)) throw new Error(`--env must be ${ENVIRONMENTS.join(" or ")}`);
} catch (error) {
  console.error(`${error.message}\n${usage}`);
  process.exit(2);
}
if (options.help) {
  console.log(`${usage}\nSettings and what each step does: docs/deploy.md.`);
  process.exit(0);
}

const env = options.env;
const root = process.cwd();
const workDir = resolve(options["work-dir"] ?? `.wrangler/deploy/${env}`);
const resumeCommand = `npm run deploy${env === "preview" ? " -- --env preview" : ""}`;
const say = (line) => console.log(line);

/** A wrangler command of this deploy: non-interactive (no prompt can wait unseen), output shown only if it fails. */
async function wranglerStep(args, { accountId, cwd = root } = {}) {
  try {
    return await wrangler(args, { quiet: true, input: "", cwd, env: { CLOUDFLARE_ACCOUNT_ID: accountId } });
  } catch {
    throw new Error(`\`wrangler ${args.slice(0, 2).join(" ")}\` failed: its output above says why`);
  }
}

/** The state steps share. */
const deploy = { settings: null, api: null, committed: readCommittedConfigs(root), plan: null, resources: null, origin: null, configs: null, secrets: null };
deploy.plan = deployPlan(env, deploy.committed);

const steps = [
  ["Settings", async () => {
    deploy.settings = readSettings({ env, file: options.settings }).values;
    return env === "production" ? `${deploy.settings.SITE_URL}, sender ${deploy.settings.EMAIL_FROM}` : `the preview environment of ${deploy.plan.project}`;
  }],
  ["Build", async () => {
    const output = await run("node", ["scripts/build.mjs", "--if-changed"], { quiet: true, input: "" });
    return output.includes("Build: up to date") ? "up to date" : "rebuilt what changed";
  }],
  ["Cloudflare account", async () => {
    deploy.api = await connect({ accountId: deploy.settings.CLOUDFLARE_ACCOUNT_ID ?? null });
    return deploy.api.accountId;
  }],
  ["Resources", async () => {
    deploy.resources = await ensureResources(deploy.api, deploy.plan, { compatibilityDate: deploy.committed.site.compatibility_date });
    const count = deploy.plan.databases.length + deploy.plan.namespaces.length + deploy.plan.queues.length + 1;
    return deploy.resources.created.length > 0 ? `created ${deploy.resources.created.join(", ")}` : `all ${count} exist`;
  }],
  ["Configs", async () => {
    const { settings, resources } = deploy;
    const origin = env === "production" ? settings.SITE_URL : `https://${PREVIEW_BRANCH}.${resources.project.subdomain}`;
    const shared = { SITE_URL: origin, ...(settings.EMAIL_FROM ? { EMAIL_FROM: settings.EMAIL_FROM } : {}) };
    const vars = {
      site: { APP_ENV: env === "production" ? "production" : "development", ...shared, ...(env === "production" && settings.TURNSTILE_SITE_KEY ? { TURNSTILE_SITE_KEY: settings.TURNSTILE_SITE_KEY } : {}) },
      jobs: { APP_ENV: "production", ...shared },
    };
    deploy.origin = origin;
    deploy.configs = writeDeployConfigs({ root, workDir, plan: deploy.plan, committed: deploy.committed, resolved: resources, vars });
    return `written to ${workDir}`;
  }],
  ["Secrets", async () => {
    const { api, plan, resources } = deploy;
    const siteVariables = resources.project.deployment_configs?.[env]?.env_vars ?? {};
    const present = {
      site: Object.entries(siteVariables).filter(([, variable]) => variable?.type === "secret_text").map(([name]) => name),
      worker: plan.worker ? (await unlessMissing(() => api.get(`@/workers/scripts/${plan.worker}/secrets`), [WORKER_NOT_FOUND], [])).map(({ name }) => name) : [],
    };
    deploy.secrets = planSecrets({ env, settings: deploy.settings, present, updateOwnerSecrets: options["update-secrets"] });
    for (const note of deploy.secrets.notes) say(`    ! ${note}`);
    // Each deployable gets its secrets with its own deployment below, so a failed step leaves no half-set pair.
    const parts = [];
    if (Object.keys(deploy.secrets.worker).length > 0) parts.push(`the companion Worker gets ${Object.keys(deploy.secrets.worker).join(", ")}`);
    if (Object.keys(deploy.secrets.site).length > 0) parts.push(`the site gets ${Object.keys(deploy.secrets.site).join(", ")}`);
    return parts.length > 0 ? `${parts.join("; ")}, each with its deployment` : "all in place";
  }],
  ["Migrations", async () => {
    const outcomes = await Promise.all(
      MIGRATED_DATABASES.map(async (binding) => {
        const output = await wranglerStep(["d1", "migrations", "apply", binding, "--remote", "-c", deploy.configs.siteConfig], { accountId: deploy.api.accountId });
        return `${binding} ${output.includes("No migrations to apply") ? "up to date" : "migrated"}`;
      }),
    );
    return outcomes.join(", ");
  }],
  ["Companion Worker", async () => {
    const { api, plan, configs, secrets } = deploy;
    if (!plan.worker) return "none in a preview (its mail and analytics go through the site itself)";
    const print = fingerprint(root, FINGERPRINT_INPUTS.jobs, [readFileSync(configs.jobsConfig, "utf8")]);
    const newSecrets = Object.keys(secrets.worker).length > 0;
    if (!newSecrets && (await deployedWorkerContent(api, plan.worker)) === print) return `${plan.worker} unchanged`;
    const secretsFile = resolve(workDir, "jobs", "secrets.json");
    const args = ["deploy", "-c", configs.jobsConfig, "--message", describeContent(print)];
    try {
      if (newSecrets) {
        writeFileSync(secretsFile, JSON.stringify(secrets.worker), { mode: 0o600 });
        args.push("--secrets-file", secretsFile);
      }
      await wranglerStep(args, { accountId: api.accountId });
    } finally {
      rmSync(secretsFile, { force: true });
    }
    return `${plan.worker} deployed`;
  }],
  ["Site", async () => {
    const { api, plan, configs, resources, secrets } = deploy;
    const print = fingerprint(root, FINGERPRINT_INPUTS.site, [readFileSync(configs.siteConfig, "utf8")]);
    const branch = env === "production" ? resources.project.production_branch : PREVIEW_BRANCH;
    const siteSecrets = Object.keys(secrets.site);
    if (siteSecrets.length === 0 && (await deployedSiteContent(api, plan.project, env, resources.project)) === print) return `${plan.project} (${env}) unchanged`;
    if (siteSecrets.length > 0) {
      // A Pages project's secrets take effect with its next deployment, which follows at once.
      const envVars = Object.fromEntries(siteSecrets.map((name) => [name, { type: "secret_text", value: secrets.site[name] }]));
      const configHash = resources.project.deployment_configs?.[env]?.wrangler_config_hash;
      await api.patch(`@/pages/projects/${plan.project}`, { deployment_configs: { [env]: { env_vars: envVars, ...(configHash ? { wrangler_config_hash: configHash } : {}) } } });
    }
    await wranglerStep(["pages", "deploy", "--branch", branch, "--commit-message", describeContent(print)], { accountId: api.accountId, cwd: configs.siteDir });
    return `${plan.project} (${env}) deployed from branch ${branch}`;
  }],
];

/** The content fingerprint of the Worker version that serves all traffic, or null. */
async function deployedWorkerContent(api, worker) {
  const answer = await unlessMissing(() => api.get(`@/workers/scripts/${worker}/deployments`), [WORKER_NOT_FOUND]);
  const versions = answer?.deployments?.[0]?.versions ?? [];
  if (versions.length !== 1 || versions[0].percentage !== 100) return null;
  const version = await api.get(`@/workers/scripts/${worker}/versions/${versions[0].version_id}`);
  return contentOf(version.annotations?.["workers/message"]);
}

/** The content fingerprint of the deployment serving `env` of the Pages project, or null. */
async function deployedSiteContent(api, project, env, projectInfo) {
  const current =
    env === "production"
      ? projectInfo.canonical_deployment
      : ((await api.get(`@/pages/projects/${project}/deployments?env=preview`)) ?? []).find((d) => d.deployment_trigger?.metadata?.branch === PREVIEW_BRANCH);
  if (current?.latest_stage?.status !== "success") return null;
  return contentOf(current.deployment_trigger?.metadata?.commit_message);
}

/** The steps that remain for a person, with the addresses they need. */
function manualSteps() {
  const { settings, resources, plan } = deploy;
  const pagesAddress = `https://${resources.project.subdomain}`;
  if (env === "preview") {
    return [
      `Create an admin in the preview's database: npm run admin:create -- --remote --env preview`,
      `Its mail goes to its own mailbox (/admin/mailbox), never to a real inbox.`,
    ];
  }
  const host = new URL(settings.SITE_URL).host;
  const senderDomain = settings.EMAIL_FROM.replace(/^.*<|>$/g, "").split("@")[1];
  const lines = [
    `Domain: in the Cloudflare dashboard, Workers & Pages → ${plan.project} → Custom domains → Set up a domain → ${host}. Until its DNS is live the site answers at ${pagesAddress}. Then SSL/TLS → Edge Certificates → Always Use HTTPS for the zone.`,
    settings.EMAIL_API_KEY
      ? `Sender: verify ${senderDomain} in Resend (https://resend.com/domains), so mail from ${settings.EMAIL_FROM} is accepted.`
      : `Email is off (no EMAIL_API_KEY): to send, verify ${senderDomain} in Resend (https://resend.com/domains), put an API key into EMAIL_API_KEY and deploy again.`,
    `Delivery reports: in Resend → Webhooks, add ${settings.SITE_URL}/api/email/webhook for email.delivered, email.bounced and email.complained${settings.EMAIL_WEBHOOK_SECRET ? " (EMAIL_WEBHOOK_SECRET is set: check it is that webhook's signing secret)" : ", then put its signing secret (whsec_…) into EMAIL_WEBHOOK_SECRET and run npm run deploy -- --update-secrets"}.`,
    `First admin: npm run admin:create -- --remote`,
  ];
  return lines;
}

say(`Deploying ${deploy.plan.project} (${env})`);
const seconds = (since) => `${((performance.now() - since) / 1000).toFixed(1)} s`;
const deployStarted = performance.now();
for (const [index, [name, action]] of steps.entries()) {
  const stepStarted = performance.now();
  try {
    const outcome = await action();
    say(`  ✓ ${name}: ${outcome} (${seconds(stepStarted)})`);
  } catch (error) {
    say(`  ✗ ${name} failed: ${error.message}`);
    console.error(
      `\nThe deploy stopped at step ${index + 1} of ${steps.length} (${name}); the steps before it are done and stay done.\n` +
        `Fix the cause above, then run \`${resumeCommand}\` again: every step is safe to repeat, so what is done is found done and nothing is created twice.\n` +
        `An "Authentication error" means the API token lacks a permission: docs/deploy.md lists the ones a deploy needs.`,
    );
    process.exit(1);
  }
}
say(`Done in ${seconds(deployStarted)}.`);
const pagesAddress = `https://${deploy.resources.project.subdomain}`;
say(`\nThe site: ${deploy.origin}${env === "production" && deploy.origin !== pagesAddress ? ` (until its domain is set up: ${pagesAddress})` : ""}`);
say("\nWhat only you can do:");
for (const [index, line] of manualSteps().entries()) say(`  ${index + 1}. ${line}`);

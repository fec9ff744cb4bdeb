/**
 * Environment: Cloudflare bindings plus variables, validated with zod once per env object.
 * Every variable is documented in .dev.vars.example.
 */
import { z } from "zod";
import { siteConfig } from "~/config/site";
import { PUBLIC_READ_DEADLINE_MS } from "~/lib/deadline";

/** The raw bindings Cloudflare hands the Pages Function. */
export interface CloudflareEnv {
  DB: D1Database;
  CONFIG: KVNamespace;
  ASSETS?: Fetcher;
  /** Producer for the "linkvault-email" queue: tells the jobs Worker there is mail (optional). */
  EMAIL_QUEUE?: Queue<unknown>;
  /** Producer for the "linkvault-analytics" queue: the collector's beacons (ADR 0037). */
  ANALYTICS_QUEUE?: Queue<unknown>;
  /** The analytics database (ADR 0037): the admin's analytics page reads it; the collector writes it only when the queue fails. */
  ANALYTICS_DB?: D1Database;
  /** Per-client rate limits without D1 writes: the companion Worker's Durable Object (ADR 0038). */
  RATE_LIMITER?: DurableObjectNamespace;
  [variable: string]: unknown;
}

/** The raw bindings of the companion jobs Worker (workers/jobs): the same D1, no KV. */
export interface JobsEnv {
  DB: D1Database;
  /** The analytics database: the analytics queue's consumer writes it (ADR 0037). */
  ANALYTICS_DB?: D1Database;
  [variable: string]: unknown;
}

const DEV_ONLY_SECRET = "dev-only-secret-change-me-in-production-0000";

/** Every secret that falls back to DEV_ONLY_SECRET outside production. */
const SECRET_NAMES = ["IP_HASH_SECRET", "SESSION_SECRET", "EMAIL_TOKEN_SECRET", "SUPPRESSION_HASH_SECRET"] as const;

/**
 * The names a site on this machine answers to: the only hosts where the development secrets, which
 * this repository publishes, may sign or hash anything (ADR 0034). Cloudflare routes a request by its
 * host, so a deployed site's request URL never carries one of these.
 */
const LOCAL_HOSTNAMES = new Set(["localhost", "127.0.0.1", "[::1]"]);

export function isLocalHostname(hostname: string): boolean {
  return LOCAL_HOSTNAMES.has(hostname.toLowerCase());
}

const positiveInt = (fallback: number) =>
  z.coerce.number().int().positive().default(fallback);

const httpUrl = z.url({ protocol: /^https?$/ });
const flag = z.enum(["true", "false"]).default("false").transform((value) => value === "true");

/** Third-party analytics (ADR 0019): each vendor loads only when configured and consented. */
export const THIRD_PARTY_DEFAULTS = {
  GA_SCRIPT_URL: "https://www.googletagmanager.com/gtag/js",
  AMPLITUDE_SERVER_URL: "https://api2.amplitude.com/2/httpapi",
  AMPLITUDE_REPLAY_CONFIG_URL: "https://sr-client-cfg.amplitude.com/config",
  AMPLITUDE_REPLAY_TRACK_URL: "https://api-sr.amplitude.com/sessions/v2/track",
} as const;
const THIRD_PARTY_URLS = ["GA_SCRIPT_URL", "AMPLITUDE_SERVER_URL", "AMPLITUDE_REPLAY_CONFIG_URL", "AMPLITUDE_REPLAY_TRACK_URL"] as const;

/** Cloudflare Turnstile (ADR 0033): its documented endpoints; tests point both at a stand-in on 127.0.0.1. */
export const TURNSTILE_DEFAULTS = {
  TURNSTILE_VERIFY_URL: "https://challenges.cloudflare.com/turnstile/v0/siteverify",
  TURNSTILE_SCRIPT_URL: "https://challenges.cloudflare.com/turnstile/v0/api.js",
} as const;

const appEnv = z.enum(["development", "test", "production"]).default("development");

/** Where `npm start` serves the site: the default SITE_URL outside production. */
export const LOCAL_SITE_URL = "http://127.0.0.1:8788";
export const EMAIL_DEFAULTS = {
  EMAIL_API_URL: "https://api.resend.com",
  /** Only the development mailbox uses it: EMAIL_FROM is required with EMAIL_API_KEY. */
  EMAIL_FROM: `${siteConfig.appName} <no-reply@${new URL(siteConfig.siteUrl).hostname}>`,
} as const;

/** "Name <address@domain.tld>" or "address@domain.tld": no line breaks, no quotes or brackets in the name. */
const FROM_PATTERN = /^(?:[^<>"\r\n\p{Cc}]{1,100} <[^\s<>@"]{1,64}@[a-z0-9.-]+\.[a-z]{2,}>|[^\s<>@"]{1,64}@[a-z0-9.-]+\.[a-z]{2,})$/iu;

/** An origin: scheme, host and port, nothing after (a trailing "/" is allowed and dropped). */
const origin = httpUrl
  .refine((value) => {
    const url = new URL(value);
    return (url.pathname === "/" || url.pathname === "") && !url.search && !url.hash && !url.username && !url.password;
  }, "must be an origin such as https://example.com (no path, query or credentials)")
  .transform((value) => new URL(value).origin);

/**
 * Email (ADR 0031). The site and the jobs Worker validate these alike: the Worker parses only this
 * part (it has no use for the site's other secrets), the site parses it with everything else.
 */
const emailShape = {
  APP_ENV: appEnv,
  /** The provider's API key (Resend). Set: email is on, through the provider. */
  EMAIL_API_KEY: z.string().regex(/^[\x21-\x7E]{8,256}$/, "must be 8 to 256 printable characters, no spaces").optional(),
  EMAIL_API_URL: httpUrl.default(EMAIL_DEFAULTS.EMAIL_API_URL).transform((value) => value.replace(/\/+$/, "")),
  EMAIL_FROM: z.string().regex(FROM_PATTERN, 'must be "Name <address@domain>" or an address').optional(),
  /** The origin every link in an email starts with; never the request's Host. */
  SITE_URL: origin.optional(),
  /** Signs the links in emails (confirm, status, unsubscribe). */
  EMAIL_TOKEN_SECRET: z.string().min(32).optional(),
  /** Keys the hashes on the suppression list (its own secret: rotating the link secret forgets nothing). */
  SUPPRESSION_HASH_SECRET: z.string().min(32).optional(),
  /** Requests per second to the provider, across every sender (Resend's default limit is 2). */
  EMAIL_SEND_RATE_PER_SECOND: z.coerce.number().positive().max(100).default(2),
  /** Attempts per message before it is marked failed. */
  EMAIL_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(20).default(8),
};

type EmailVariables = z.infer<z.ZodObject<typeof emailShape>>;

/** Email is on with a provider key, or in development (the local mailbox). */
function emailIsOn(env: Pick<EmailVariables, "APP_ENV" | "EMAIL_API_KEY">): boolean {
  return Boolean(env.EMAIL_API_KEY) || env.APP_ENV === "development";
}

/** Email's rules across variables: fail closed in production. */
function checkEmailVariables(env: EmailVariables, ctx: z.RefinementCtx): void {
  const production = env.APP_ENV === "production";
  const issue = (path: string, message: string) => ctx.addIssue({ code: "custom", path: [path], message });
  if (env.EMAIL_API_KEY && !env.EMAIL_FROM) issue("EMAIL_FROM", "EMAIL_FROM is required when EMAIL_API_KEY is set");
  if (!production) {
    // The jobs Worker has no request to tell where the site is served from: SITE_URL says it. Links
    // to a site elsewhere must not be signed (nor addresses hashed) with the published values (ADR 0034).
    if (env.SITE_URL && !isLocalHostname(new URL(env.SITE_URL).hostname)) {
      for (const name of ["EMAIL_TOKEN_SECRET", "SUPPRESSION_HASH_SECRET"] as const) {
        if (!env[name] || env[name] === DEV_ONLY_SECRET) {
          issue(name, `${name} must be set to a random secret: development values are accepted only when SITE_URL is on localhost or 127.0.0.1`);
        }
      }
    }
    return;
  }
  if (!env.EMAIL_API_URL.startsWith("https://")) issue("EMAIL_API_URL", "EMAIL_API_URL must be an https URL in production");
  if (env.SITE_URL && !env.SITE_URL.startsWith("https://")) issue("SITE_URL", "SITE_URL must be an https origin in production");
  for (const name of ["EMAIL_TOKEN_SECRET", "SUPPRESSION_HASH_SECRET"] as const) {
    if (env[name] === DEV_ONLY_SECRET) issue(name, `${name} must be set to a random secret in production`);
  }
  if (!emailIsOn(env)) return;
  if (!env.SITE_URL) issue("SITE_URL", "SITE_URL is required in production when email is on");
  for (const name of ["EMAIL_TOKEN_SECRET", "SUPPRESSION_HASH_SECRET"] as const) {
    if (!env[name]) issue(name, `${name} is required in production when email is on`);
  }
}

/**
 * Defaults that depend on the environment: outside production, the local origin and the development
 * secrets; in production an unset secret stays unset, so nothing can sign or check a link with a
 * value published in this repository.
 */
function withEmailDefaults<T extends EmailVariables>(env: T) {
  const production = env.APP_ENV === "production";
  return {
    ...env,
    SITE_URL: env.SITE_URL ?? (production ? siteConfig.siteUrl : LOCAL_SITE_URL),
    EMAIL_FROM: env.EMAIL_FROM ?? EMAIL_DEFAULTS.EMAIL_FROM,
    EMAIL_TOKEN_SECRET: env.EMAIL_TOKEN_SECRET ?? (production ? undefined : DEV_ONLY_SECRET),
    SUPPRESSION_HASH_SECRET: env.SUPPRESSION_HASH_SECRET ?? (production ? undefined : DEV_ONLY_SECRET),
  };
}

const emailEnvSchema = z.object(emailShape).superRefine(checkEmailVariables).transform(withEmailDefaults);

/** The validated email variables: what the jobs Worker parses, and a part of the site's AppEnv. */
export type EmailEnv = z.infer<typeof emailEnvSchema>;

const envSchema = z
  .object({
    ...emailShape,
    /** Keyed-hash secret for client identifiers (IPs are never stored in clear). */
    IP_HASH_SECRET: z.string().min(32).default(DEV_ONLY_SECRET),
    WAITLIST_RATE_LIMIT_MAX: positiveInt(60),
    WAITLIST_RATE_LIMIT_WINDOW_SECONDS: positiveInt(600),
    CONTACT_RATE_LIMIT_MAX: positiveInt(5),
    CONTACT_RATE_LIMIT_WINDOW_SECONDS: positiveInt(3600),
    /** Signs the admin session and flash cookies. */
    SESSION_SECRET: z.string().min(32).default(DEV_ONLY_SECRET),
    /** Admin sign-in attempts per client (hashed IP), and failed attempts per account, per window. */
    ADMIN_LOGIN_RATE_LIMIT_MAX: positiveInt(10),
    ADMIN_LOGIN_ACCOUNT_RATE_LIMIT_MAX: positiveInt(5),
    ADMIN_LOGIN_RATE_LIMIT_WINDOW_SECONDS: positiveInt(900),
    /** Event batches the analytics collector (/api/events) accepts per client (hashed IP) per window. */
    ANALYTICS_RATE_LIMIT_MAX: positiveInt(120),
    ANALYTICS_RATE_LIMIT_WINDOW_SECONDS: positiveInt(60),
    /** Events the collector accepts per client (hashed address) per UTC day (issue 18). */
    ANALYTICS_EVENTS_PER_CLIENT_PER_DAY: positiveInt(5000),
    /** Milliseconds a public page waits for an optional D1 read before its fallback (ADR 0021). */
    PUBLIC_READ_DEADLINE_MS: positiveInt(PUBLIC_READ_DEADLINE_MS),
    /** Cloudflare Access in front of /admin (optional): the team URL and the application's audience tag. */
    CF_ACCESS_TEAM_DOMAIN: z.url({ protocol: /^https?$/ }).optional(),
    CF_ACCESS_AUD: z.string().min(1).optional(),
    /** Google Analytics 4 measurement id (G-XXXXXXX); unset: GA never loads. */
    GA_MEASUREMENT_ID: z.string().regex(/^G-[A-Z0-9]{4,20}$/).optional(),
    GA_SCRIPT_URL: httpUrl.default(THIRD_PARTY_DEFAULTS.GA_SCRIPT_URL),
    /** Amplitude project API key (public by design: it only allows sending events); unset: Amplitude never loads. */
    AMPLITUDE_API_KEY: z.string().regex(/^[A-Za-z0-9]{8,64}$/).optional(),
    AMPLITUDE_SERVER_URL: httpUrl.default(THIRD_PARTY_DEFAULTS.AMPLITUDE_SERVER_URL),
    AMPLITUDE_SESSION_REPLAY: flag,
    AMPLITUDE_REPLAY_CONFIG_URL: httpUrl.default(THIRD_PARTY_DEFAULTS.AMPLITUDE_REPLAY_CONFIG_URL),
    AMPLITUDE_REPLAY_TRACK_URL: httpUrl.default(THIRD_PARTY_DEFAULTS.AMPLITUDE_REPLAY_TRACK_URL),
    /** Cloudflare Turnstile on the sign-up forms: on when both keys are set (the site key is public). */
    TURNSTILE_SITE_KEY: z.string().regex(/^[A-Za-z0-9_-]{10,100}$/, "must be a Turnstile site key (letters, digits, - and _)").optional(),
    TURNSTILE_SECRET_KEY: z.string().regex(/^[\x21-\x7E]{10,200}$/, "must be 10 to 200 printable characters, no spaces").optional(),
    TURNSTILE_VERIFY_URL: httpUrl.default(TURNSTILE_DEFAULTS.TURNSTILE_VERIFY_URL),
    TURNSTILE_SCRIPT_URL: httpUrl.default(TURNSTILE_DEFAULTS.TURNSTILE_SCRIPT_URL),
    /**
     * The signing secret of the email provider's webhook (Resend signs with Svix: "whsec_" and base64 of
     * at least 24 bytes). Unset: the webhook endpoint refuses every call (503) and changes nothing.
     */
    EMAIL_WEBHOOK_SECRET: z
      .string()
      .regex(/^whsec_[A-Za-z0-9+/]{32,}={0,2}$/, 'must be the signing secret Resend shows: "whsec_" then base64')
      .optional(),
  })
  .superRefine((env, ctx) => {
    if (env.APP_ENV === "production" && env.IP_HASH_SECRET === DEV_ONLY_SECRET) {
      ctx.addIssue({
        code: "custom",
        path: ["IP_HASH_SECRET"],
        message: "IP_HASH_SECRET must be set to a random secret in production",
      });
    }
    if (env.APP_ENV === "production" && env.SESSION_SECRET === DEV_ONLY_SECRET) {
      ctx.addIssue({
        code: "custom",
        path: ["SESSION_SECRET"],
        message: "SESSION_SECRET must be set to a random secret in production",
      });
    }
    if (env.APP_ENV === "production") {
      for (const name of [...THIRD_PARTY_URLS, "TURNSTILE_VERIFY_URL", "TURNSTILE_SCRIPT_URL"] as const) {
        if (!env[name].startsWith("https://")) {
          ctx.addIssue({ code: "custom", path: [name], message: `${name} must be an https URL in production` });
        }
      }
    }
    if (Boolean(env.CF_ACCESS_TEAM_DOMAIN) !== Boolean(env.CF_ACCESS_AUD)) {
      ctx.addIssue({
        code: "custom",
        path: ["CF_ACCESS_AUD"],
        message: "CF_ACCESS_TEAM_DOMAIN and CF_ACCESS_AUD are set together or not at all",
      });
    }
    // Outside production one key alone leaves Turnstile off (lib/turnstile.server.ts); in production it is a mistake.
    if (env.APP_ENV === "production" && Boolean(env.TURNSTILE_SITE_KEY) !== Boolean(env.TURNSTILE_SECRET_KEY)) {
      ctx.addIssue({
        code: "custom",
        path: [env.TURNSTILE_SITE_KEY ? "TURNSTILE_SECRET_KEY" : "TURNSTILE_SITE_KEY"],
        message: "TURNSTILE_SITE_KEY and TURNSTILE_SECRET_KEY are set together or not at all",
      });
    }
    checkEmailVariables(env, ctx);
  })
  .transform(withEmailDefaults);

export type AppEnv = z.infer<typeof envSchema>;

export class ConfigurationError extends Error {
  override name = "ConfigurationError";
}

/**
 * Fails closed (ADR 0034): outside production, secrets left unset take development values published
 * in this repository, which are accepted only when the site is served from this machine, that is
 * when the request's host is localhost or 127.0.0.1. A preview or staging deployment running as
 * `development` without its own secrets answers with the configuration error instead.
 */
export function assertSecretsFitHost(env: AppEnv, requestUrl: string): void {
  if (isLocalHostname(new URL(requestUrl).hostname)) return;
  const published = SECRET_NAMES.filter((name) => env[name] === DEV_ONLY_SECRET);
  if (published.length === 0) return;
  throw new ConfigurationError(
    `configuration: ${published.join(", ")}: development values are accepted only when the site is served from localhost or 127.0.0.1; set real secrets for this deployment`,
  );
}

const parsed = new WeakMap<object, AppEnv>();
const parsedEmail = new WeakMap<object, EmailEnv>();

/** The variables (non-empty strings) among the bindings, validated; the error names variables, never values. */
function validateVariables<T>(schema: z.ZodType<T>, env: object): T {
  const vars = Object.fromEntries(
    Object.entries(env).filter(([, value]) => typeof value === "string" && value !== ""),
  );
  const result = schema.safeParse(vars);
  if (!result.success) {
    const problems = result.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`);
    throw new ConfigurationError(`configuration: ${problems.join("; ")}`);
  }
  return result.data;
}

/** Validates the site's variables; throws ConfigurationError naming each bad variable (never its value). */
export function parseEnv(env: CloudflareEnv): AppEnv {
  const cached = parsed.get(env);
  if (cached) return cached;
  if (!env.DB || !env.CONFIG) {
    throw new ConfigurationError("configuration: the DB (D1) and CONFIG (KV) bindings are required");
  }
  const result = validateVariables(envSchema, env);
  parsed.set(env, result);
  return result;
}

/**
 * Validates the email variables alone, with the same rules as parseEnv: for the jobs Worker, which has
 * the D1 binding but neither the KV binding nor the site's other secrets.
 */
export function parseEmailEnv(env: JobsEnv): EmailEnv {
  const cached = parsedEmail.get(env);
  if (cached) return cached;
  if (!env.DB) throw new ConfigurationError("configuration: the DB (D1) binding is required");
  const result = validateVariables(emailEnvSchema, env);
  parsedEmail.set(env, result);
  return result;
}

export type EmailProviderName = "resend" | "local-mailbox";

/** Whether email is on, and through which provider; everything a sender or a link needs when it is. */
export type EmailSettings =
  | { enabled: false }
  | {
      enabled: true;
      provider: EmailProviderName;
      apiUrl: string;
      /** Set when provider is "resend". */
      apiKey: string | undefined;
      from: string;
      replyTo: string;
      siteUrl: string;
      tokenSecret: string;
      suppressionSecret: string;
      ratePerSecond: number;
      maxAttempts: number;
    };

/**
 * EMAIL_API_KEY set: Resend. Otherwise, in development: the local mailbox (D1 dev_mailbox). Otherwise
 * email is off and the site works as before (no double opt-in).
 */
export function emailSettings(env: EmailEnv): EmailSettings {
  if (!emailIsOn(env) || !env.EMAIL_TOKEN_SECRET || !env.SUPPRESSION_HASH_SECRET) return { enabled: false };
  return {
    enabled: true,
    provider: env.EMAIL_API_KEY ? "resend" : "local-mailbox",
    apiUrl: env.EMAIL_API_URL,
    apiKey: env.EMAIL_API_KEY,
    from: env.EMAIL_FROM,
    replyTo: siteConfig.supportEmail,
    siteUrl: env.SITE_URL,
    tokenSecret: env.EMAIL_TOKEN_SECRET,
    suppressionSecret: env.SUPPRESSION_HASH_SECRET,
    ratePerSecond: env.EMAIL_SEND_RATE_PER_SECOND,
    maxAttempts: env.EMAIL_MAX_ATTEMPTS,
  };
}

/** Every variable the site reads (docs/configuration.md and .dev.vars.example document each one). */
export const VARIABLE_NAMES: readonly string[] = Object.keys(envSchema.in.shape);

/**
 * Environment: Cloudflare bindings plus variables, validated with zod once per env object.
 * Every variable is documented in .dev.vars.example.
 */
import { z } from "zod";

/** The raw bindings Cloudflare hands the Pages Function. */
export interface CloudflareEnv {
  DB: D1Database;
  CONFIG: KVNamespace;
  ASSETS?: Fetcher;
  [variable: string]: unknown;
}

const DEV_ONLY_SECRET = "dev-only-secret-change-me-in-production-0000";

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

const envSchema = z
  .object({
    APP_ENV: z.enum(["development", "test", "production"]).default("development"),
    /** Keyed-hash secret for client identifiers (IPs are never stored in clear). */
    IP_HASH_SECRET: z.string().min(32).default(DEV_ONLY_SECRET),
    WAITLIST_RATE_LIMIT_MAX: positiveInt(5),
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
      for (const name of THIRD_PARTY_URLS) {
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
  });

export type AppEnv = z.infer<typeof envSchema>;

export class ConfigurationError extends Error {
  override name = "ConfigurationError";
}

const parsed = new WeakMap<object, AppEnv>();

/** Validates the variables; throws ConfigurationError naming each bad variable (never its value). */
export function parseEnv(env: CloudflareEnv): AppEnv {
  const cached = parsed.get(env);
  if (cached) return cached;
  if (!env.DB || !env.CONFIG) {
    throw new ConfigurationError("configuration: the DB (D1) and CONFIG (KV) bindings are required");
  }
  const vars = Object.fromEntries(
    Object.entries(env).filter(([, value]) => typeof value === "string" && value !== ""),
  );
  const result = envSchema.safeParse(vars);
  if (!result.success) {
    const problems = result.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`);
    throw new ConfigurationError(`configuration: ${problems.join("; ")}`);
  }
  parsed.set(env, result.data);
  return result.data;
}

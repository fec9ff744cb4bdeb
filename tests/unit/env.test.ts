import { describe, expect, it } from "vitest";
import { assertSecretsFitHost, ConfigurationError, parseEmailEnv, parseEnv, type CloudflareEnv, type JobsEnv } from "~/lib/env.server";
import { DEPLOYED_SECRETS } from "../support/secrets";

const bindings = { DB: {} as D1Database, CONFIG: {} as KVNamespace };

describe("environment validation", () => {
  it("applies documented defaults for local development", () => {
    const env = parseEnv({ ...bindings } as CloudflareEnv);
    expect(env.APP_ENV).toBe("development");
    expect(env.WAITLIST_RATE_LIMIT_MAX).toBe(60);
    expect(env.WAITLIST_RATE_LIMIT_WINDOW_SECONDS).toBe(600);
    expect(env.ANALYTICS_RATE_LIMIT_MAX).toBe(120);
    expect(env.ANALYTICS_RATE_LIMIT_WINDOW_SECONDS).toBe(60);
  });
  it("coerces numeric variables", () => {
    expect(parseEnv({ ...bindings, WAITLIST_RATE_LIMIT_MAX: "42" } as CloudflareEnv).WAITLIST_RATE_LIMIT_MAX).toBe(42);
  });
  it.each([
    [{ WAITLIST_RATE_LIMIT_MAX: "-1" }, "WAITLIST_RATE_LIMIT_MAX"],
    [{ ANALYTICS_RATE_LIMIT_MAX: "0" }, "ANALYTICS_RATE_LIMIT_MAX"],
    [{ APP_ENV: "staging" }, "APP_ENV"],
    [{ IP_HASH_SECRET: "short" }, "IP_HASH_SECRET"],
    [{ APP_ENV: "production" }, "IP_HASH_SECRET"],
    [{ APP_ENV: "production", IP_HASH_SECRET: "k".repeat(40) }, "SESSION_SECRET"],
    [{ SESSION_SECRET: "short" }, "SESSION_SECRET"],
    [{ CF_ACCESS_TEAM_DOMAIN: "https://team.cloudflareaccess.com" }, "CF_ACCESS_AUD"],
    [{ CF_ACCESS_TEAM_DOMAIN: "not a url", CF_ACCESS_AUD: "aud" }, "CF_ACCESS_TEAM_DOMAIN"],
    [{ GA_MEASUREMENT_ID: "UA-1234-5" }, "GA_MEASUREMENT_ID"],
    [{ GA_SCRIPT_URL: "javascript:alert(1)" }, "GA_SCRIPT_URL"],
    [{ AMPLITUDE_API_KEY: "key with spaces" }, "AMPLITUDE_API_KEY"],
    [{ AMPLITUDE_SESSION_REPLAY: "yes" }, "AMPLITUDE_SESSION_REPLAY"],
    [{ APP_ENV: "production", IP_HASH_SECRET: "k".repeat(40), SESSION_SECRET: "s".repeat(40), AMPLITUDE_SERVER_URL: "http://127.0.0.1:1/x" }, "AMPLITUDE_SERVER_URL"],
  ])("rejects %j naming %s", (vars, name) => {
    expect(() => parseEnv({ ...bindings, ...vars } as CloudflareEnv)).toThrow(ConfigurationError);
    expect(() => parseEnv({ ...bindings, ...vars } as CloudflareEnv)).toThrow(name);
  });
  it("leaves third-party analytics off by default, with the vendors' endpoints as defaults", () => {
    const env = parseEnv({ ...bindings } as CloudflareEnv);
    expect(env.GA_MEASUREMENT_ID).toBeUndefined();
    expect(env.AMPLITUDE_API_KEY).toBeUndefined();
    expect(env.AMPLITUDE_SESSION_REPLAY).toBe(false);
    expect(env.GA_SCRIPT_URL).toBe("https://www.googletagmanager.com/gtag/js");
    expect(env.AMPLITUDE_SERVER_URL).toBe("https://api2.amplitude.com/2/httpapi");
    expect(parseEnv({ ...bindings, AMPLITUDE_SESSION_REPLAY: "true" } as CloudflareEnv).AMPLITUDE_SESSION_REPLAY).toBe(true);
  });
  it("requires the D1 and KV bindings", () => {
    expect(() => parseEnv({ CONFIG: bindings.CONFIG } as CloudflareEnv)).toThrow(/DB \(D1\)/);
  });
  it("accepts a production configuration with real secrets", () => {
    const env = parseEnv({ ...bindings, APP_ENV: "production", IP_HASH_SECRET: "k".repeat(40), SESSION_SECRET: "s".repeat(40) } as CloudflareEnv);
    expect(env.APP_ENV).toBe("production");
  });
});

describe("development secrets fail closed (ADR 0034)", () => {
  const development = (vars: Record<string, string> = {}) => parseEnv({ ...bindings, APP_ENV: "development", ...vars } as CloudflareEnv);

  it.each(["http://127.0.0.1:8788/home", "http://localhost:3000/", "https://LOCALHOST/admin", "http://[::1]:8788/"])("are accepted when the site is served from %s", (url) => {
    expect(() => assertSecretsFitHost(development(), url)).not.toThrow();
  });

  it.each(["https://preview.linkvault.pages.dev/home", "https://linkvault.example/", "http://127.0.0.1.nip.io/", "http://localhost.example/", "http://10.0.0.5/"])(
    "are refused when the site is served from %s, naming every secret left at its development value",
    (url) => {
      const attempt = () => assertSecretsFitHost(development({ SESSION_SECRET: DEPLOYED_SECRETS.SESSION_SECRET }), url);
      expect(attempt).toThrow(ConfigurationError);
      expect(attempt).toThrow(/IP_HASH_SECRET, EMAIL_TOKEN_SECRET, SUPPRESSION_HASH_SECRET: development values/);
    },
  );

  it("let a deployment elsewhere run as development with secrets of its own", () => {
    expect(() => assertSecretsFitHost(development(DEPLOYED_SECRETS), "https://preview.linkvault.pages.dev/")).not.toThrow();
    // A secret set to the published value counts as left at it.
    expect(() => assertSecretsFitHost(development({ ...DEPLOYED_SECRETS, IP_HASH_SECRET: "dev-only-secret-change-me-in-production-0000" }), "https://preview.linkvault.pages.dev/")).toThrow(
      /IP_HASH_SECRET/,
    );
  });

  it("in the jobs Worker, which has no request: the email secrets' development values only with SITE_URL on this machine", () => {
    const jobs = (vars: Record<string, string>) => parseEmailEnv({ DB: {} as D1Database, APP_ENV: "development", ...vars } as JobsEnv);
    expect(jobs({}).EMAIL_TOKEN_SECRET).toBeDefined();
    expect(jobs({ SITE_URL: "http://127.0.0.1:8788" }).SUPPRESSION_HASH_SECRET).toBeDefined();
    expect(() => jobs({ SITE_URL: "https://preview.linkvault.pages.dev" })).toThrow(/EMAIL_TOKEN_SECRET.*SUPPRESSION_HASH_SECRET/s);
    const own = { EMAIL_TOKEN_SECRET: DEPLOYED_SECRETS.EMAIL_TOKEN_SECRET, SUPPRESSION_HASH_SECRET: DEPLOYED_SECRETS.SUPPRESSION_HASH_SECRET };
    expect(jobs({ SITE_URL: "https://preview.linkvault.pages.dev", ...own }).SITE_URL).toBe("https://preview.linkvault.pages.dev");
  });
});

import { describe, expect, it } from "vitest";
import { ConfigurationError, parseEnv, type CloudflareEnv } from "~/lib/env.server";

const bindings = { DB: {} as D1Database, CONFIG: {} as KVNamespace };

describe("environment validation", () => {
  it("applies documented defaults for local development", () => {
    const env = parseEnv({ ...bindings } as CloudflareEnv);
    expect(env.APP_ENV).toBe("development");
    expect(env.WAITLIST_RATE_LIMIT_MAX).toBe(5);
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

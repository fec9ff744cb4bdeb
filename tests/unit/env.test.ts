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
  ])("rejects %j naming %s", (vars, name) => {
    expect(() => parseEnv({ ...bindings, ...vars } as CloudflareEnv)).toThrow(ConfigurationError);
    expect(() => parseEnv({ ...bindings, ...vars } as CloudflareEnv)).toThrow(name);
  });
  it("requires the D1 and KV bindings", () => {
    expect(() => parseEnv({ CONFIG: bindings.CONFIG } as CloudflareEnv)).toThrow(/DB \(D1\)/);
  });
  it("accepts a production configuration with real secrets", () => {
    const env = parseEnv({ ...bindings, APP_ENV: "production", IP_HASH_SECRET: "k".repeat(40), SESSION_SECRET: "s".repeat(40) } as CloudflareEnv);
    expect(env.APP_ENV).toBe("production");
  });
});

import { describe, expect, it } from "vitest";
import { ConfigurationError, emailSettings, parseEmailEnv, parseEnv, type CloudflareEnv, type JobsEnv } from "~/lib/env.server";

const site = (vars: Record<string, string>) => parseEnv({ DB: {} as D1Database, CONFIG: {} as KVNamespace, ...vars } as CloudflareEnv);
const jobs = (vars: Record<string, string>) => parseEmailEnv({ DB: {} as D1Database, ...vars } as JobsEnv);

const PRODUCTION_SITE = { APP_ENV: "production", IP_HASH_SECRET: "i".repeat(40), SESSION_SECRET: "s".repeat(40) };
const PRODUCTION_EMAIL = {
  EMAIL_API_KEY: "re_live_0123456789",
  EMAIL_FROM: "LinkVault <hello@linkvault.app>",
  SITE_URL: "https://linkvault.app",
  EMAIL_TOKEN_SECRET: "t".repeat(40),
  SUPPRESSION_HASH_SECRET: "h".repeat(40),
};

describe("email variables", () => {
  it("development without a key: the local mailbox, local links, development secrets", () => {
    const settings = emailSettings(site({}));
    expect(settings).toMatchObject({ enabled: true, provider: "local-mailbox", siteUrl: "http://127.0.0.1:8788", ratePerSecond: 2, maxAttempts: 8, replyTo: "support@linkvault.app" });
  });

  it("a key: Resend, at the default URL unless told otherwise", () => {
    const env = site({ EMAIL_API_KEY: "re_test_0123456789", EMAIL_FROM: "hello@example.com" });
    expect(emailSettings(env)).toMatchObject({ enabled: true, provider: "resend", apiUrl: "https://api.resend.com", from: "hello@example.com" });
    expect(emailSettings(site({ EMAIL_API_KEY: "re_test_0123456789", EMAIL_FROM: "A <a@b.co>", EMAIL_API_URL: "http://127.0.0.1:9999/" }))).toMatchObject({ apiUrl: "http://127.0.0.1:9999" });
  });

  it("tests and production without a key: email is off", () => {
    expect(emailSettings(site({ APP_ENV: "test" }))).toEqual({ enabled: false });
    const production = site(PRODUCTION_SITE);
    expect(emailSettings(production)).toEqual({ enabled: false });
    // Nothing can sign a link with a value published in this repository.
    expect(production.EMAIL_TOKEN_SECRET).toBeUndefined();
    expect(production.SUPPRESSION_HASH_SECRET).toBeUndefined();
  });

  it("production with email on and everything set: accepted, SITE_URL reduced to its origin", () => {
    const env = site({ ...PRODUCTION_SITE, ...PRODUCTION_EMAIL, SITE_URL: "https://linkvault.app/" });
    expect(emailSettings(env)).toMatchObject({ enabled: true, provider: "resend", siteUrl: "https://linkvault.app" });
  });

  it.each([
    [{ ...PRODUCTION_EMAIL, SITE_URL: "" }, "SITE_URL"],
    [{ ...PRODUCTION_EMAIL, SITE_URL: "http://linkvault.app" }, "SITE_URL"],
    [{ ...PRODUCTION_EMAIL, EMAIL_TOKEN_SECRET: "" }, "EMAIL_TOKEN_SECRET"],
    [{ ...PRODUCTION_EMAIL, SUPPRESSION_HASH_SECRET: "" }, "SUPPRESSION_HASH_SECRET"],
    [{ ...PRODUCTION_EMAIL, EMAIL_TOKEN_SECRET: "dev-only-secret-change-me-in-production-0000" }, "EMAIL_TOKEN_SECRET"],
    [{ ...PRODUCTION_EMAIL, EMAIL_API_URL: "http://127.0.0.1:1" }, "EMAIL_API_URL"],
    [{ ...PRODUCTION_EMAIL, EMAIL_FROM: "" }, "EMAIL_FROM"],
  ])("production refuses %j, naming %s", (vars, name) => {
    for (const parse of [site, jobs]) {
      const all = { ...PRODUCTION_SITE, ...vars } as Record<string, string>;
      expect(() => parse(all)).toThrow(ConfigurationError);
      expect(() => parse(all)).toThrow(name);
    }
  });

  it.each([
    [{ EMAIL_FROM: "LinkVault <hello@linkvault.app>\r\nBcc: x@y.z" }, "EMAIL_FROM"],
    [{ EMAIL_FROM: "not an address" }, "EMAIL_FROM"],
    [{ EMAIL_API_KEY: "re key with spaces" }, "EMAIL_API_KEY"],
    [{ EMAIL_API_KEY: "re_0123456789" }, "EMAIL_FROM"],
    [{ SITE_URL: "https://linkvault.app/waitlist" }, "SITE_URL"],
    [{ SITE_URL: "javascript:alert(1)" }, "SITE_URL"],
    [{ EMAIL_TOKEN_SECRET: "short" }, "EMAIL_TOKEN_SECRET"],
    [{ EMAIL_SEND_RATE_PER_SECOND: "0" }, "EMAIL_SEND_RATE_PER_SECOND"],
    [{ EMAIL_MAX_ATTEMPTS: "0" }, "EMAIL_MAX_ATTEMPTS"],
  ])("refuses %j anywhere, naming %s (never its value)", (vars, name) => {
    expect(() => site(vars)).toThrow(name);
    expect(() => jobs(vars)).toThrow(name);
    const message = (() => {
      try {
        site(vars);
      } catch (error) {
        return String(error);
      }
    })();
    for (const value of Object.values(vars)) if (value.length > 8) expect(message).not.toContain(value);
  });

  it("the jobs Worker needs D1 but not KV, nor the site's other secrets", () => {
    expect(() => parseEmailEnv({} as JobsEnv)).toThrow(/DB \(D1\)/);
    const env = jobs({ ...PRODUCTION_EMAIL, APP_ENV: "production" });
    expect(emailSettings(env)).toMatchObject({ enabled: true, provider: "resend" });
  });

  it("the site still needs its own secrets in production", () => {
    expect(() => site({ ...PRODUCTION_EMAIL, APP_ENV: "production" })).toThrow("IP_HASH_SECRET");
  });
});

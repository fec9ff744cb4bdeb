import { describe, expect, it } from "vitest";
import { ConfigurationError, parseEnv, type CloudflareEnv } from "~/lib/env.server";
import { HUMAN_CHECK_MESSAGES, waitlistFormMessage, WAITLIST_FORM_MESSAGES } from "~/lib/messages";
import { turnstileClientConfig, turnstileCspAdditions, turnstileSettings } from "~/lib/turnstile.server";
import { contentSecurityPolicy } from "~/server/security-headers";

const bindings = { DB: {} as D1Database, CONFIG: {} as KVNamespace };
const PRODUCTION = { APP_ENV: "production", IP_HASH_SECRET: "k".repeat(40), SESSION_SECRET: "s".repeat(40) };
const KEYS = { TURNSTILE_SITE_KEY: "0x4AAAAAAAexampleSiteKey", TURNSTILE_SECRET_KEY: "0x4AAAAAAAexampleSecretKey000000" };
const parse = (vars: Record<string, string>) => parseEnv({ ...bindings, ...vars } as CloudflareEnv);

describe("Turnstile configuration (ADR 0033)", () => {
  it("is off by default, with Cloudflare's endpoints as defaults", () => {
    const env = parse({});
    expect(turnstileSettings(env)).toBeNull();
    expect(turnstileClientConfig(env)).toBeNull();
    expect(env.TURNSTILE_VERIFY_URL).toBe("https://challenges.cloudflare.com/turnstile/v0/siteverify");
    expect(env.TURNSTILE_SCRIPT_URL).toBe("https://challenges.cloudflare.com/turnstile/v0/api.js");
  });

  it("is on with both keys, and the browser gets the site key and script address only", () => {
    const env = parse(KEYS);
    expect(turnstileSettings(env)).toEqual({
      siteKey: KEYS.TURNSTILE_SITE_KEY,
      secretKey: KEYS.TURNSTILE_SECRET_KEY,
      verifyUrl: "https://challenges.cloudflare.com/turnstile/v0/siteverify",
      scriptUrl: "https://challenges.cloudflare.com/turnstile/v0/api.js",
    });
    expect(turnstileClientConfig(env)).toEqual({ siteKey: KEYS.TURNSTILE_SITE_KEY, scriptUrl: "https://challenges.cloudflare.com/turnstile/v0/api.js" });
    expect(JSON.stringify(turnstileClientConfig(env))).not.toContain(KEYS.TURNSTILE_SECRET_KEY);
  });

  it.each([
    [{ TURNSTILE_SITE_KEY: KEYS.TURNSTILE_SITE_KEY }, "TURNSTILE_SECRET_KEY"],
    [{ TURNSTILE_SECRET_KEY: KEYS.TURNSTILE_SECRET_KEY }, "TURNSTILE_SITE_KEY"],
    [{ ...KEYS, TURNSTILE_VERIFY_URL: "http://127.0.0.1:9/siteverify" }, "TURNSTILE_VERIFY_URL"],
    [{ ...KEYS, TURNSTILE_SCRIPT_URL: "http://127.0.0.1:9/api.js" }, "TURNSTILE_SCRIPT_URL"],
  ])("refuses %j in production, naming %s", (vars, name) => {
    expect(() => parse({ ...PRODUCTION, ...vars })).toThrow(ConfigurationError);
    expect(() => parse({ ...PRODUCTION, ...vars })).toThrow(name);
  });

  it("outside production, one key alone leaves Turnstile off instead of failing", () => {
    expect(turnstileSettings(parse({ TURNSTILE_SITE_KEY: KEYS.TURNSTILE_SITE_KEY }))).toBeNull();
    expect(turnstileSettings(parse({ APP_ENV: "test", TURNSTILE_SECRET_KEY: KEYS.TURNSTILE_SECRET_KEY }))).toBeNull();
  });

  it.each([
    [{ TURNSTILE_SITE_KEY: "has spaces in it" }, "TURNSTILE_SITE_KEY"],
    [{ TURNSTILE_SECRET_KEY: "short" }, "TURNSTILE_SECRET_KEY"],
    [{ TURNSTILE_SCRIPT_URL: "javascript:alert(1)" }, "TURNSTILE_SCRIPT_URL"],
  ])("refuses a malformed %j everywhere", (vars, name) => {
    expect(() => parse(vars)).toThrow(name);
  });

  it("accepts a complete production configuration, and local stand-in addresses outside production", () => {
    expect(turnstileSettings(parse({ ...PRODUCTION, ...KEYS }))).not.toBeNull();
    const local = parse({ APP_ENV: "test", ...KEYS, TURNSTILE_SCRIPT_URL: "http://127.0.0.1:9999/turnstile/v0/api.js" });
    expect(turnstileClientConfig(local)?.scriptUrl).toBe("http://127.0.0.1:9999/turnstile/v0/api.js");
  });
});

describe("Turnstile in the CSP", () => {
  it("adds the script's origin to script-src and frame-src only when on", () => {
    expect(turnstileCspAdditions(parse({}))).toEqual({ scriptSrc: [], frameSrc: [] });
    expect(turnstileCspAdditions(parse(KEYS))).toEqual({ scriptSrc: ["https://challenges.cloudflare.com"], frameSrc: ["https://challenges.cloudflare.com"] });
  });

  it("has no frame-src without frames, and frame-src 'self' plus the origin with them", () => {
    expect(contentSecurityPolicy("n0nce", true)).not.toContain("frame-src");
    const csp = contentSecurityPolicy("n0nce", true, { scriptSrc: ["https://challenges.cloudflare.com"], connectSrc: [], frameSrc: ["https://challenges.cloudflare.com"] });
    expect(csp).toContain("script-src 'self' 'nonce-n0nce' 'strict-dynamic' https://challenges.cloudflare.com;");
    expect(csp).toContain("frame-src 'self' https://challenges.cloudflare.com;");
    expect(csp).toContain("frame-ancestors 'none'");
  });
});

describe("human-check messages", () => {
  it("avoid the spec's section 8 keywords, so no mapping rewrites them", () => {
    for (const message of Object.values(HUMAN_CHECK_MESSAGES)) {
      expect(waitlistFormMessage(message), message).toBe(WAITLIST_FORM_MESSAGES.fallback);
    }
  });
});

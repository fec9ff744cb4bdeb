import { describe, expect, it } from "vitest";
import { analyticsClientConfig, analyticsCspAdditions } from "~/features/analytics/config.server";
import { parseEnv, type CloudflareEnv } from "~/lib/env.server";
import { contentSecurityPolicy } from "~/server/security-headers";

const env = (vars: Record<string, string> = {}) => parseEnv({ DB: {} as D1Database, CONFIG: {} as KVNamespace, ...vars } as CloudflareEnv);

describe("third-party analytics configuration", () => {
  it("configures nothing and adds nothing to the CSP by default", () => {
    expect(analyticsClientConfig(env())).toBeNull();
    expect(analyticsCspAdditions(env())).toEqual({ scriptSrc: [], connectSrc: [] });
    expect(contentSecurityPolicy("n0nce", true)).toBe(contentSecurityPolicy("n0nce", true, { scriptSrc: [], connectSrc: [] }));
    expect(contentSecurityPolicy("n0nce", false)).toContain("connect-src 'self'; ");
  });

  it("GA4 alone: its tag and collection hosts, plus a custom tag URL's origin", () => {
    const config = env({ GA_MEASUREMENT_ID: "G-ABC123", GA_SCRIPT_URL: "http://127.0.0.1:8812/gtag/js" });
    expect(analyticsClientConfig(config)).toEqual({ ga: { measurementId: "G-ABC123", scriptUrl: "http://127.0.0.1:8812/gtag/js" } });
    const { scriptSrc, connectSrc } = analyticsCspAdditions(config);
    expect(scriptSrc).toEqual(["http://127.0.0.1:8812", "https://*.googletagmanager.com"]);
    expect(connectSrc).toContain("https://*.google-analytics.com");
    expect(connectSrc).toContain("http://127.0.0.1:8812");
    expect(connectSrc.some((source) => source.includes("amplitude"))).toBe(false);
  });

  it("Amplitude: the ingestion origin, and the replay origins only with session replay on", () => {
    const plain = env({ AMPLITUDE_API_KEY: "abcdef0123456789" });
    expect(analyticsClientConfig(plain)?.amplitude?.sessionReplay).toBeNull();
    expect(analyticsCspAdditions(plain)).toEqual({ scriptSrc: [], connectSrc: ["https://api2.amplitude.com"] });
    const replay = env({ AMPLITUDE_API_KEY: "abcdef0123456789", AMPLITUDE_SESSION_REPLAY: "true" });
    expect(analyticsCspAdditions(replay).connectSrc).toEqual([
      "https://api2.amplitude.com",
      "https://sr-client-cfg.amplitude.com",
      "https://api-sr.amplitude.com",
    ]);
  });

  it("a vendor's endpoints alone configure nothing: the id or key is what switches it on", () => {
    expect(analyticsClientConfig(env({ GA_SCRIPT_URL: "https://tags.example/gtag/js", AMPLITUDE_SESSION_REPLAY: "true" }))).toBeNull();
  });

  it("puts the origins in script-src and connect-src only", () => {
    const csp = contentSecurityPolicy("n0nce", true, { scriptSrc: ["https://a.example"], connectSrc: ["https://b.example"] });
    expect(csp).toContain("script-src 'self' 'nonce-n0nce' 'strict-dynamic' https://a.example;");
    expect(csp).toContain("connect-src 'self' https://b.example;");
    expect(csp).toContain("default-src 'self';");
    expect(csp).toContain("worker-src 'self';");
  });
});

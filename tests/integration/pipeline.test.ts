import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createTestApp, type TestApp } from "../support/app";
import { DEPLOYED_SECRETS } from "../support/secrets";

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.dispose());

describe("request pipeline", () => {
  it("sets the security headers with a fresh CSP nonce per request and no unsafe-inline scripts", async () => {
    const [first, second] = await Promise.all([app.fetch("/home"), app.fetch("/home")]);
    for (const response of [first!, second!]) {
      expect(response.status).toBe(200);
      const csp = response.headers.get("Content-Security-Policy")!;
      expect(csp).toMatch(/script-src [^;]*'nonce-[A-Za-z0-9+/=]{16,}'/);
      expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
      expect(csp).toContain("frame-ancestors 'none'");
      expect(response.headers.get("Strict-Transport-Security")).toMatch(/max-age=\d{8}/);
      expect(response.headers.get("X-Content-Type-Options")).toBe("nosniff");
      expect(response.headers.get("Referrer-Policy")).toBe("strict-origin-when-cross-origin");
      expect(response.headers.get("Permissions-Policy")).toContain("camera=()");
    }
    const nonce = (r: Response) => /'nonce-([^']+)'/.exec(r.headers.get("Content-Security-Policy")!)![1];
    expect(nonce(first!)).not.toBe(nonce(second!));

    // Every executable script in the document carries that request's nonce (JSON data blocks
    // such as JSON-LD never execute, so CSP does not apply to them).
    const html = await first!.text();
    const scripts = [...html.matchAll(/<script\b[^>]*>/g)]
      .map((m) => m[0])
      .filter((tag) => !/type="application\/(ld\+)?json"/.test(tag));
    expect(scripts.length).toBeGreaterThan(0);
    for (const tag of scripts) expect(tag).toContain(`nonce="${nonce(first!)}"`);
  });

  it("adds security headers to error responses too", async () => {
    const response = await app.fetch("/missing-file.png");
    expect(response.status).toBe(404);
    expect(response.headers.get("X-Content-Type-Options")).toBe("nosniff");
  });

  it("redirects unknown pages to / and answers unknown asset paths with 404", async () => {
    const page = await app.fetch("/no-such-page");
    expect(page.status).toBe(302);
    expect(page.headers.get("Location")).toBe("/");
    expect((await app.fetch("/images/nope.webp")).status).toBe(404);
  });

  it("renders a friendly page without a stack trace when configuration is invalid, and logs it", async () => {
    const response = await app.withEnv({ APP_ENV: "production" })("/home");
    expect(response.status).toBe(500);
    const html = await response.text();
    expect(html).toContain("Server configuration issue. Please contact support.");
    expect(html).not.toMatch(/IP_HASH_SECRET|at \w+ \(/);
  });

  it("refuses the development secrets on a deployed host (a preview as development without secrets): the friendly configuration error", async () => {
    const preview = app.withEnv({ APP_ENV: "development" });
    const errors: string[] = [];
    const spy = vi.spyOn(console, "error").mockImplementation((line: unknown) => void errors.push(String(line)));
    try {
      for (const path of ["/home", "/admin/login", "/waitlist"]) {
        const response = await preview(`https://preview.linkvault.pages.dev${path}`);
        expect(response.status, path).toBe(500);
        const html = await response.text();
        expect(html).toContain("Server configuration issue. Please contact support.");
        expect(html).not.toMatch(/SECRET|dev-only|at \w+ \(/);
      }
      const signUp = await preview(
        new Request("https://preview.linkvault.pages.dev/waitlist?_data=routes%2F(%24lang).waitlist", {
          method: "POST",
          headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: "https://preview.linkvault.pages.dev", "CF-Connecting-IP": "203.0.113.60" },
          body: new URLSearchParams({ email: "preview@example.com", submissionTime: "1" }).toString(),
        }),
      );
      expect(signUp.status).toBe(500);
    } finally {
      spy.mockRestore();
    }
    expect(errors.join("\n")).toMatch(/configuration_invalid.*IP_HASH_SECRET, SESSION_SECRET, EMAIL_TOKEN_SECRET, SUPPRESSION_HASH_SECRET/);
    expect((await app.db.prepare("SELECT count(*) AS n FROM waitlist WHERE email = 'preview@example.com'").first<{ n: number }>())!.n).toBe(0);
  });

  it("serves with the development secrets on localhost and 127.0.0.1, and on a deployed host with secrets of its own", async () => {
    const development = app.withEnv({ APP_ENV: "development" });
    expect((await development("http://localhost:8788/home")).status).toBe(200);
    expect((await development("http://127.0.0.1:8788/home")).status).toBe(200);
    expect((await app.withEnv({ APP_ENV: "development", ...DEPLOYED_SECRETS })("https://preview.linkvault.pages.dev/home")).status).toBe(200);
  });

  it("renders a friendly page without a stack trace when a loader crashes", async () => {
    const response = await app.withEnv({ DB: undefined as unknown as D1Database })("/home");
    expect(response.status).toBe(500);
    const html = await response.text();
    expect(html).not.toMatch(/at \w+ \(|TypeError/);
  });
});

describe("third-party analytics configuration (ADR 0019)", () => {
  const DEFAULT_CSP_DIRECTIVES = ["connect-src 'self'", "default-src 'self'", "worker-src 'self'", "object-src 'none'"];

  it("keeps the default policy and sends no configuration when nothing is configured", async () => {
    const response = await app.fetch("/home");
    const csp = response.headers.get("Content-Security-Policy")!;
    for (const directive of DEFAULT_CSP_DIRECTIVES) expect(csp.split("; ")).toContain(directive);
    expect(csp).toMatch(/script-src 'self' 'nonce-[^']+' 'strict-dynamic'(;|$)/);
    expect(await response.text()).not.toContain('id="analytics-config"');
  });

  it("allows exactly the configured vendors' origins and hands the browser their settings", async () => {
    const response = await app.withEnv({
      GA_MEASUREMENT_ID: "G-TEST1234",
      AMPLITUDE_API_KEY: "abcdef0123456789",
      AMPLITUDE_SERVER_URL: "http://127.0.0.1:9999/2/httpapi",
      AMPLITUDE_SESSION_REPLAY: "true",
    })("/home");
    expect(response.status).toBe(200);
    const csp = response.headers.get("Content-Security-Policy")!;
    const directive = (name: string) => csp.split("; ").find((d) => d.startsWith(`${name} `))!;
    expect(directive("script-src")).toContain("https://www.googletagmanager.com");
    expect(directive("connect-src")).toBe(
      "connect-src 'self' https://www.googletagmanager.com https://*.google-analytics.com https://*.analytics.google.com " +
        "https://*.googletagmanager.com http://127.0.0.1:9999 https://sr-client-cfg.amplitude.com https://api-sr.amplitude.com",
    );
    expect(directive("worker-src")).toBe("worker-src 'self'");
    const html = await response.text();
    const block = /<script type="application\/json" id="analytics-config">([^<]*)<\/script>/.exec(html);
    expect(JSON.parse(block![1]!)).toEqual({
      ga: { measurementId: "G-TEST1234", scriptUrl: "https://www.googletagmanager.com/gtag/js" },
      amplitude: {
        apiKey: "abcdef0123456789",
        serverUrl: "http://127.0.0.1:9999/2/httpapi",
        sessionReplay: { configServerUrl: "https://sr-client-cfg.amplitude.com/config", trackServerUrl: "https://api-sr.amplitude.com/sessions/v2/track" },
      },
    });
  });

  it("refuses an invalid analytics variable with the configuration error page", async () => {
    const response = await app.withEnv({ GA_MEASUREMENT_ID: "UA-12345" })("/home");
    expect(response.status).toBe(500);
  });
});

describe("cross-origin posts", () => {
  it.each([
    { Origin: "https://evil.example" },
    { Origin: "null" },
    { "Sec-Fetch-Site": "cross-site" },
    // The same host under another scheme or port is another origin (a plain-http page, another service).
    { Origin: "https://127.0.0.1:8788" },
    { Origin: "http://127.0.0.1:8789" },
    { Origin: "http://127.0.0.1" },
    { Origin: "not a url" },
  ] as Record<string, string>[])("refuses a POST with %j with 403 and stores nothing", async (headers) => {
    const response = await app.fetch("/waitlist", {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", ...headers },
      body: "email=csrf%40example.com&submissionTime=1",
    });
    expect(response.status).toBe(403);
    const { results } = await app.db.prepare("SELECT * FROM waitlist WHERE email = 'csrf@example.com'").all();
    expect(results).toHaveLength(0);
  });
});

describe("same-origin posts", () => {
  it("are compared by whole origin: an https page posting to its https site is accepted, its http twin is not", async () => {
    const site = app.withEnv({ ...DEPLOYED_SECRETS, WAITLIST_RATE_LIMIT_MAX: "1000" });
    const post = (origin: string, email: string) =>
      site(
        new Request("https://linkvault.example/waitlist?_data=routes%2F(%24lang).waitlist", {
          method: "POST",
          headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: origin, "CF-Connecting-IP": "203.0.113.61" },
          body: new URLSearchParams({ email, submissionTime: "1" }).toString(),
        }),
      );
    expect((await post("https://linkvault.example", "same-origin@example.com")).status).toBe(200);
    expect((await post("HTTPS://LinkVault.example:443", "default-port@example.com")).status).toBe(200);
    expect((await post("http://linkvault.example", "plain-http@example.com")).status).toBe(403);
    expect((await post("https://linkvault.example:8443", "other-port@example.com")).status).toBe(403);
  });
});

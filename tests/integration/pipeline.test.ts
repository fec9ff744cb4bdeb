import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../support/miniflare";

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

  it("renders a friendly page without a stack trace when a loader crashes", async () => {
    const response = await app.withEnv({ DB: undefined as unknown as D1Database })("/home");
    expect(response.status).toBe(500);
    const html = await response.text();
    expect(html).not.toMatch(/at \w+ \(|TypeError/);
  });
});

describe("cross-origin posts", () => {
  it.each([
    { Origin: "https://evil.example" },
    { Origin: "null" },
    { "Sec-Fetch-Site": "cross-site" },
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

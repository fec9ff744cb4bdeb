/**
 * Admin authentication against real D1 in workerd: sign-in, its rate limits, sessions and their
 * expiry, and the guard on every /admin/* loader and action (enumerated from the server build, so
 * a new admin route is covered the moment it exists).
 */
import { exportJWK, generateKeyPair, SignJWT } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADMIN_LOGIN_MESSAGES } from "~/features/admin/messages";
import { adminPost, cookiePair, createAdminUser, OWNER, pageGet, signIn } from "../support/admin";
import { createTestApp, formPost, type TestApp } from "../support/app";
import { DEPLOYED_SECRETS } from "../support/secrets";
import { guardedAdminRoutes, loadServerBuild } from "../support/routes";
import { freezeClock } from "../support/clock";
import { startAccessKeysStandin, type AccessKeysStandin } from "../support/standins";

let app: TestApp;
let adminRoutes: ReturnType<typeof guardedAdminRoutes>;

beforeAll(async () => {
  app = await createTestApp();
  await createAdminUser(app.db, { email: OWNER.email, role: "owner" });
  await createAdminUser(app.db, { email: "disabled@example.test", role: "admin", disabled: true });
  adminRoutes = guardedAdminRoutes(await loadServerBuild());
});
afterAll(() => app.dispose());

async function sessionCount(): Promise<number> {
  return (await app.db.prepare("SELECT count(*) AS n FROM admin_sessions").first<{ n: number }>())!.n;
}

describe("the admin's door", () => {
  it("sends /admin to the login page, and a signed-in admin on from the login page to the dashboard", async () => {
    const door = await app.fetch(pageGet("/admin"));
    expect(door.status).toBe(302);
    expect(door.headers.get("Location")).toBe("/admin/login");

    const login = await app.fetch(pageGet("/admin/login"));
    expect(login.status).toBe(200);
    const html = await login.text();
    expect(html).toContain('name="password"');
    expect(html).toContain("noindex");

    const cookie = await signIn(app);
    const again = await app.fetch(pageGet("/admin/login", cookie));
    expect(again.status).toBe(302);
    expect(again.headers.get("Location")).toBe("/admin/dashboard");
    const back = await app.fetch(pageGet("/admin/login?redirectTo=%2Fadmin%2Freviews", cookie));
    expect(back.headers.get("Location")).toBe("/admin/reviews");
    for (const hostile of ["https://evil.example/admin/x", "//evil.example", "/admin/../../x", "/home"]) {
      const response = await app.fetch(pageGet(`/admin/login?redirectTo=${encodeURIComponent(hostile)}`, cookie));
      expect(response.headers.get("Location")).toBe("/admin/dashboard");
    }
  });

  it("signs in with the right password: an HttpOnly, SameSite=Lax cookie naming a D1 session row by its hash", async () => {
    const before = await sessionCount();
    const response = await app.fetch(formPost("/admin/login", { ...OWNER, redirectTo: "/admin/reviews" }, "198.51.100.20"));
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/admin/reviews");
    const setCookie = response.headers.get("Set-Cookie")!;
    expect(setCookie).toMatch(/^lv_admin=/);
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);
    expect(setCookie).toMatch(/Path=\//);
    expect(await sessionCount()).toBe(before + 1);
    const row = await app.db.prepare("SELECT id FROM admin_sessions ORDER BY created_at DESC LIMIT 1").first<{ id: string }>();
    expect(cookiePair(setCookie)).not.toContain(row!.id);

    const dashboard = await app.fetch(pageGet("/admin/dashboard", cookiePair(setCookie)));
    expect(dashboard.status).toBe(200);
    const html = await dashboard.text();
    expect(html).toContain(OWNER.email);
    expect(dashboard.headers.get("Cache-Control")).toBe("no-store");
    expect(dashboard.headers.get("X-Robots-Tag")).toContain("noindex");
  });

  it("uses a Secure __Host- cookie over https", async () => {
    // A deployed host: with secrets of its own (ADR 0034).
    const deployed = app.withEnv({ ...DEPLOYED_SECRETS });
    const request = new Request("https://admin.example/admin/login", {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: "https://admin.example", "CF-Connecting-IP": "198.51.100.21" },
      body: new URLSearchParams({ ...OWNER }).toString(),
    });
    const response = await deployed(request);
    expect(response.status).toBe(302);
    const setCookie = response.headers.get("Set-Cookie")!;
    expect(setCookie).toMatch(/^__Host-lv_admin=/);
    expect(setCookie).toMatch(/; Secure/i);
    expect(setCookie).not.toMatch(/Domain=/i);
  });

  it("over https, the flash message rides a Secure __Host- cookie too, and is shown once", async () => {
    const deployed = app.withEnv({ ...DEPLOYED_SECRETS });
    const origin = "https://admin.example";
    const form = (path: string, fields: Record<string, string>, cookie = "") =>
      new Request(`${origin}${path}`, {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: origin, "CF-Connecting-IP": "198.51.100.22", Accept: "text/html", Cookie: cookie },
        body: new URLSearchParams(fields).toString(),
      });
    const session = cookiePair((await deployed(form("/admin/login", { ...OWNER }))).headers.get("Set-Cookie"), "__Host-lv_admin");
    const saved = await deployed(form("/admin/settings", { intent: "save-settings", show_customer_reviews: "true", promotion_as_entry_page: "false" }, session));
    expect(saved.status).toBe(302);
    const setCookie = saved.headers.get("Set-Cookie")!;
    expect(setCookie).toMatch(/^__Host-lv_admin_flash=/);
    expect(setCookie).toMatch(/; Path=\/(;|$)/);
    expect(setCookie).toMatch(/; Secure/i);
    expect(setCookie).toMatch(/; HttpOnly/i);
    expect(setCookie).not.toMatch(/Domain=/i);
    const page = await deployed(new Request(`${origin}${saved.headers.get("Location")}`, { headers: { Accept: "text/html", Cookie: `${session}; ${cookiePair(setCookie, "__Host-lv_admin_flash")}` } }));
    expect(await page.text()).toMatch(/class="flash flash-success"/);
    expect(page.headers.get("Set-Cookie")).toMatch(/^__Host-lv_admin_flash=;.*Max-Age=0/i);
  });

  it("gives one generic message for a wrong password, an unknown email and a disabled account", async () => {
    const attempts = [
      { email: OWNER.email, password: "wrong password entirely" },
      { email: "nobody@example.test", password: OWNER.password },
      { email: "disabled@example.test", password: OWNER.password },
    ];
    for (const [i, attempt] of attempts.entries()) {
      const response = await app.fetch(formPost("/admin/login", attempt, `198.51.100.${30 + i}`));
      expect(response.status).toBe(401);
      expect(response.headers.get("Set-Cookie")).toBeNull();
      const html = await response.text();
      expect(html).toContain(ADMIN_LOGIN_MESSAGES.invalid);
    }
  });

  it("takes about as long for an unknown email as for a wrong password (one PBKDF2 either way)", async () => {
    const time = async (email: string, ip: string) => {
      const started = performance.now();
      await app.fetch(formPost("/admin/login", { email, password: "not the password" }, ip));
      return performance.now() - started;
    };
    const median = (xs: number[]) => xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
    const known: number[] = [];
    const unknown: number[] = [];
    for (let i = 0; i < 5; i++) {
      known.push(await time(OWNER.email, `198.51.101.${i}`));
      unknown.push(await time(`ghost${i}@example.test`, `198.51.102.${i}`));
    }
    // Without the dummy verification an unknown email answers in a small fraction of the time.
    expect(median(unknown)).toBeGreaterThan(median(known) * 0.5);
    await app.db.prepare("DELETE FROM rate_limits").run();
  });

  it("rate limits sign-in per client, even with the right password", async () => {
    freezeClock(); // the window cannot roll over between the third attempt and the fourth
    const limited = app.withEnv({ ADMIN_LOGIN_RATE_LIMIT_MAX: "3" });
    const ip = "198.51.100.50";
    for (let i = 0; i < 3; i++) {
      expect((await limited(formPost("/admin/login", { email: OWNER.email, password: "wrong guess" }, ip))).status).toBe(401);
    }
    const blocked = await limited(formPost("/admin/login", OWNER, ip));
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(blocked.headers.get("Set-Cookie")).toBeNull();
    expect(await blocked.text()).toContain(ADMIN_LOGIN_MESSAGES.rateLimited);
    // Another client is unaffected.
    expect((await limited(formPost("/admin/login", OWNER, "198.51.100.51"))).status).toBe(302);
  });

  it("rate limits failed sign-ins per account across clients, and a success clears the count", async () => {
    freezeClock();
    const limited = app.withEnv({ ADMIN_LOGIN_ACCOUNT_RATE_LIMIT_MAX: "2" });
    await createAdminUser(app.db, { email: "target@example.test", role: "admin" });
    expect((await limited(formPost("/admin/login", { email: "target@example.test", password: OWNER.password }, "198.51.100.60"))).status).toBe(302);
    for (const ip of ["198.51.100.61", "198.51.100.62"]) {
      expect((await limited(formPost("/admin/login", { email: "target@example.test", password: "guess" }, ip))).status).toBe(401);
    }
    const blocked = await limited(formPost("/admin/login", { email: "target@example.test", password: OWNER.password }, "198.51.100.63"));
    expect(blocked.status).toBe(429);
    // Other accounts still sign in.
    expect((await limited(formPost("/admin/login", OWNER, "198.51.100.64"))).status).toBe(302);
  });

  it("counts simultaneous wrong passwords for one account before checking them: at most the limit are checked", async () => {
    await createAdminUser(app.db, { email: "raced@example.test", role: "admin" });
    // 40 at once, each from its own client, against the default account limit of 5.
    const attempts = Array.from({ length: 40 }, (_, i) =>
      app.fetch(formPost("/admin/login", { email: "raced@example.test", password: `wrong guess ${i}` }, `198.51.103.${i + 1}`)),
    );
    const statuses = (await Promise.all(attempts)).map((r) => r.status);
    expect(statuses.filter((s) => s !== 401 && s !== 429), String(statuses)).toEqual([]);
    expect(statuses.filter((s) => s === 401)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(35);
    // The account stays locked for the window, even for the right password.
    expect((await app.fetch(formPost("/admin/login", { email: "raced@example.test", password: OWNER.password }, "198.51.103.100"))).status).toBe(429);
  });

  it("refuses cross-origin sign-in and admin posts", async () => {
    const cookie = await signIn(app);
    const fromElsewhere = formPost("/admin/login", OWNER, "198.51.100.70", { Origin: "https://evil.example" });
    expect((await app.fetch(fromElsewhere)).status).toBe(403);
    const crossSite = formPost("/admin/logout", {}, "198.51.100.70", { Origin: "", "Sec-Fetch-Site": "cross-site", Cookie: cookie });
    expect((await app.fetch(crossSite)).status).toBe(403);
    expect((await app.fetch(pageGet("/admin/dashboard", cookie))).status).toBe(200);
  });

  it("signs out by deleting the session row; the old cookie is refused afterwards", async () => {
    const cookie = await signIn(app);
    const before = await sessionCount();
    const response = await app.fetch(adminPost("/admin/logout", {}, cookie));
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toMatch(/^\/admin\/login/);
    expect(response.headers.get("Set-Cookie")).toMatch(/lv_admin=;.*Max-Age=0/i);
    expect(await sessionCount()).toBe(before - 1);
    const replay = await app.fetch(pageGet("/admin/dashboard", cookie));
    expect(replay.status).toBe(302);
    expect(replay.headers.get("Location")).toBe("/admin/login?redirectTo=%2Fadmin%2Fdashboard");
  });
});

describe("every /admin/* loader and action requires a valid session", () => {
  async function refusedCookies(): Promise<Record<string, string | undefined>> {
    const expired = await signIn(app);
    await app.db.prepare("UPDATE admin_sessions SET expires_at = '2020-01-01T00:00:00.000Z' WHERE created_at = (SELECT max(created_at) FROM admin_sessions)").run();
    const idle = await signIn(app);
    const threeHoursAgo = new Date(Date.now() - 3 * 3600_000).toISOString();
    await app.db.prepare("UPDATE admin_sessions SET last_seen_at = ?1 WHERE created_at = (SELECT max(created_at) FROM admin_sessions)").bind(threeHoursAgo).run();
    const valid = await signIn(app);
    const [name, value] = valid.split("=") as [string, string];
    const tampered = `${name}=${value.slice(0, 8)}${value[8] === "A" ? "B" : "A"}${value.slice(9)}`;
    await createAdminUser(app.db, { email: "soon-disabled@example.test", role: "admin" });
    const disabled = await signIn(app, "soon-disabled@example.test");
    await app.db.prepare("UPDATE admin_users SET is_disabled = 1 WHERE email = 'soon-disabled@example.test'").run();
    return { none: undefined, expired, idle, tampered, disabled, forged: "lv_admin=InNvbWV0aGluZyI%3D.forgedsignature" };
  }

  it("finds the admin pages in the build", () => {
    const paths = adminRoutes.map((r) => r.path);
    expect(paths).toContain("/admin/dashboard");
    expect(paths.length).toBeGreaterThanOrEqual(1);
  });

  it("redirects page requests to the login page with a return path, answers 401 otherwise, and changes nothing", async () => {
    const cookies = await refusedCookies();
    const valid = await signIn(app);
    const auditBefore = (await app.db.prepare("SELECT count(*) AS n FROM admin_audit_log").first<{ n: number }>())!.n;
    for (const route of adminRoutes) {
      // The valid session gets in, so the refusals below are about the session and nothing else.
      const ok = await app.fetch(pageGet(route.path, valid));
      expect([200, 404], `${route.path} with a valid session`).toContain(ok.status);

      for (const [kind, cookie] of Object.entries(cookies)) {
        const label = `${route.path} with ${kind} session`;
        const page = await app.fetch(pageGet(route.path, cookie));
        expect(page.status, label).toBe(302);
        expect(page.headers.get("Location"), label).toBe(`/admin/login?redirectTo=${encodeURIComponent(route.path)}`);

        const data = await app.fetch(pageGet(`${route.path}?_data=routes%2Fadmin`, cookie));
        expect([302, 204], `${label} (data request)`).toContain(data.status);

        const api = await app.fetch(new Request(new URL(route.path, "http://127.0.0.1:8788"), { headers: { Accept: "application/json", ...(cookie ? { Cookie: cookie } : {}) } }));
        expect(api.status, `${label} (non-page)`).toBe(401);

        if (route.hasAction) {
          const post = await app.fetch(adminPost(route.path, { intent: "delete", id: "1" }, cookie));
          expect(post.status, `${label} (action)`).toBe(302);
          expect(post.headers.get("Location"), `${label} (action)`).toMatch(/^\/admin\/login\?redirectTo=/);
          const apiPost = await app.fetch(formPost(route.path, { intent: "delete", id: "1" }, "198.51.100.90", { Accept: "application/json", ...(cookie ? { Cookie: cookie } : {}) }));
          expect(apiPost.status, `${label} (action, non-page)`).toBe(401);
        }
      }
    }
    const auditAfter = (await app.db.prepare("SELECT count(*) AS n FROM admin_audit_log").first<{ n: number }>())!.n;
    expect(auditAfter).toBe(auditBefore);
  });

  it("deletes the expired session's row when it is presented", async () => {
    const cookie = await signIn(app);
    await app.db.prepare("UPDATE admin_sessions SET expires_at = '2020-01-01T00:00:00.000Z'").run();
    const before = await sessionCount();
    expect((await app.fetch(pageGet("/admin/dashboard", cookie))).status).toBe(302);
    expect(await sessionCount()).toBe(before - 1);
  });
});

describe("Cloudflare Access (optional)", () => {
  let access: AccessKeysStandin;
  let teamDomain: string;
  let privateKey: CryptoKey;
  const audience = "test-audience-tag";

  beforeAll(async () => {
    const pair = await generateKeyPair("RS256");
    privateKey = pair.privateKey as CryptoKey;
    const jwk = { ...(await exportJWK(pair.publicKey)), kid: "test-key", alg: "RS256", use: "sig" };
    access = await startAccessKeysStandin([jwk]);
    teamDomain = access.teamDomain;
  });
  afterAll(() => access.close());

  const token = (claims: { email?: unknown; aud?: string; iss?: string; expiresIn?: string | null }) => {
    const jwt = new SignJWT(claims.email === undefined ? {} : { email: claims.email })
      .setProtectedHeader({ alg: "RS256", kid: "test-key" })
      .setIssuer(claims.iss ?? teamDomain)
      .setAudience(claims.aud ?? audience)
      .setIssuedAt();
    // null: a token that never expires.
    if (claims.expiresIn !== null) jwt.setExpirationTime(claims.expiresIn ?? "5m");
    return jwt.sign(privateKey);
  };

  const withAccess = () => app.withEnv({ CF_ACCESS_TEAM_DOMAIN: teamDomain, CF_ACCESS_AUD: audience });
  const get = async (jwt: string) =>
    withAccess()(new Request("http://127.0.0.1:8788/admin/dashboard", { headers: { Accept: "text/html", "Cf-Access-Jwt-Assertion": jwt } }));

  it("accepts a token signed by the team's key for the right audience, as an existing admin", async () => {
    const response = await get(await token({ email: OWNER.email.toUpperCase() }));
    expect(response.status).toBe(200);
    expect(await response.text()).toContain("via Cloudflare Access");
  });

  it("refuses a wrong audience, a wrong issuer, an expired token, an unknown or disabled admin, and a forged signature", async () => {
    const refused = [
      await token({ email: OWNER.email, aud: "another-app" }),
      await token({ email: OWNER.email, iss: "https://other-team.cloudflareaccess.com" }),
      await token({ email: OWNER.email, expiresIn: "-1m" }),
      await token({ email: "stranger@example.test" }),
      await token({ email: "disabled@example.test" }),
    ];
    const valid = await token({ email: OWNER.email });
    const [header, payload] = valid.split(".");
    refused.push(`${header}.${payload}.${"A".repeat(342)}`);
    for (const jwt of refused) {
      const response = await get(jwt);
      expect(response.status).toBe(302);
      expect(response.headers.get("Location")).toMatch(/^\/admin\/login/);
    }
  });

  it("refuses a correctly signed token without an expiry, or without an email", async () => {
    for (const [label, jwt] of [
      ["no exp", await token({ email: OWNER.email, expiresIn: null })],
      ["no email", await token({})],
      ["empty email", await token({ email: "  " })],
      ["email not a string", await token({ email: [OWNER.email] })],
    ] as const) {
      const response = await get(jwt);
      expect(response.status, label).toBe(302);
      expect(response.headers.get("Location"), label).toMatch(/^\/admin\/login/);
    }
  });

  it("ignores the header entirely when Access is not configured", async () => {
    const response = await app.fetch(
      new Request("http://127.0.0.1:8788/admin/dashboard", { headers: { Accept: "text/html", "Cf-Access-Jwt-Assertion": await token({ email: OWNER.email }) } }),
    );
    expect(response.status).toBe(302);
  });
});

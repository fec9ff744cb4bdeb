/**
 * The dev server `npm start` runs (scripts/lib/dev-server.mjs, ADR 0041): `wrangler pages dev` with the
 * site's config and the companion Worker's in one workerd process, on fresh state migrated and seeded
 * as `npm start` does. Its cron ticker is off here, so every delivery below is the one the test
 * names: the queue consumer's, or a cron the test fires (scripts/start.mjs's test covers the ticker).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startFreshDevServer, type FreshDevServer } from "../support/fresh-dev-server.mjs";
import { addConfirmation, mailboxTo, postForm, signInOverHttp, signUp } from "../support/stack";

const ADMIN = { email: "stack-owner@example.test", password: "stack owner password 2026" };
/** How long a queue or cron delivery may take on a loaded 2-core machine (it takes about a second idle). */
const DELIVERY = { timeout: 60_000, interval: 250 };

let server: FreshDevServer;
beforeAll(async () => {
  // The development settings (wrangler.toml's APP_ENV=development): email goes to the development mailbox.
  // One contact message per client, so a test can see that the site got the variable.
  server = await startFreshDevServer({ name: "dev-server", admin: ADMIN, vars: { CONTACT_RATE_LIMIT_MAX: "1" } });
});
afterAll(async () => {
  await server?.stop();
});

describe("the site", () => {
  it("serves /home from the Pages Function, and static files with public/_headers applied", async () => {
    const home = await fetch(new URL("/home", server.origin));
    expect(home.status).toBe(200);
    expect(home.headers.get("content-type")).toMatch(/^text\/html/);
    expect(home.headers.get("content-security-policy")).toMatch(/script-src [^;]*'nonce-[^']+'/);
    expect(await home.text()).toMatch(/<h1[\s>]/);

    const favicon = await fetch(new URL("/favicon.svg", server.origin));
    expect(favicon.status).toBe(200);
    expect(favicon.headers.get("content-security-policy")).toBe("default-src 'none'; style-src 'self'; img-src 'self'; frame-ancestors 'none'");
    expect(favicon.headers.get("strict-transport-security")).toBe("max-age=63072000; includeSubDomains; preload");
    expect(await favicon.text()).toContain("<svg");
  });

  it("gets the variables the server was started with (CONTACT_RATE_LIMIT_MAX=1: a second message is refused)", async () => {
    const message = { name: "Ada Lovelace", email: "ada@example.com", subject: "Import from Pocket", message: "Could LinkVault import my Pocket export?", submissionTime: "1" };
    const first = await postForm(server.origin, "/contact", message, "203.0.113.30");
    expect(first.status).toBe(200);
    await first.arrayBuffer();
    const second = await postForm(server.origin, "/contact", message, "203.0.113.30");
    expect(second.status).toBe(429);
    await second.arrayBuffer();
  });
});

describe("the companion Worker in the same process", () => {
  it("delivers a sign-up's confirmation to the development mailbox through its queue consumer", async () => {
    const email = "queue-signup@example.test";
    const response = await signUp(server.origin, email, "203.0.113.20");
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ state: "success", pendingConfirmation: true });

    // The ticker is off: the site's queue message is what wakes the consumer.
    const db = server.d1("DB");
    await expect.poll(async () => (await mailboxTo(db, email)).length, DELIVERY).toBe(1);
    const [mail] = await mailboxTo(db, email);
    expect(mail!.subject).toBe("Confirm your email for LinkVault");
    // The companion Worker got the server's variables too: SITE_URL defaults to the dev server's own
    // origin, so the link leads back here.
    expect(mail!.html).toContain(`${server.origin}/waitlist/confirm?token=`);

    // Where the banner of `npm start` sends a developer: the admin's development mailbox lists it.
    const cookie = await signInOverHttp(server.origin, ADMIN.email, ADMIN.password);
    const mailbox = await fetch(new URL("/admin/mailbox", server.origin), { headers: { Accept: "text/html", Cookie: cookie } });
    expect(mailbox.status).toBe(200);
    const html = await mailbox.text();
    expect(html).toContain(email);
    expect(html).toContain("Confirm your email for LinkVault");
  });

  it("runs its cron on demand (runScheduled): a due outbox row no queue message announced is delivered", async () => {
    const email = "cron-due@example.test";
    const db = server.d1("DB");
    await addConfirmation(db, email);
    expect(await mailboxTo(db, email)).toEqual([]);

    expect(await server.runScheduled()).toEqual({ outcome: "ok", noRetry: false });
    expect((await mailboxTo(db, email)).map((mail) => mail.subject)).toEqual(["Confirm your email for LinkVault"]);
    expect(await db.prepare("SELECT status FROM email_outbox WHERE recipient = ?1").bind(email).first("status")).toBe("sent");
  });
});

describe("concurrent sign-ups", () => {
  it("takes 60 at once, every one answered 200, none lost, no SQLITE_BUSY (one process holds each D1 file)", async () => {
    const emails = Array.from({ length: 60 }, (_, i) => `burst-${i}@example.test`);
    // Each from an address of its own, as 60 people: the per-client limits stay as configured.
    const responses = await Promise.all(emails.map((email, i) => signUp(server.origin, email, `2001:db8:${(i + 1).toString(16)}::1`)));
    const statuses = await Promise.all(responses.map(async (response) => `${response.status} ${(await response.text()).slice(0, 120)}`));
    expect(statuses.filter((status) => !status.startsWith("200 "))).toEqual([]);

    const db = server.d1("DB");
    expect(await db.prepare("SELECT count(*) AS n FROM waitlist WHERE email LIKE 'burst-%'").first("n")).toBe(60);
    // Each confirmation reaches the mailbox too: the consumer writes while the site writes.
    await expect.poll(async () => db.prepare("SELECT count(*) AS n FROM dev_mailbox WHERE recipient LIKE 'burst-%'").first("n"), DELIVERY).toBe(60);
    expect(server.output()).not.toMatch(/SQLITE_BUSY|database is locked/);
  });
});

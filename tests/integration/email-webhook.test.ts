/**
 * The provider's delivery reports (POST /api/email/webhook, Resend's webhook signed with Svix), through
 * the real pipeline and Remix build on a real D1 in Miniflare: a signed bounce or complaint suppresses
 * the address, unsubscribes its entry and marks the message; a delivery marks it; a forged, replayed,
 * stale or malformed call changes nothing and gets a 4xx; without a secret the endpoint refuses
 * everything (503); a server-to-server POST without Origin passes the cross-site check, a browser's
 * cross-site one does not.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { isSuppressed } from "~/features/email/suppression.server";
import { cleanUpEmailData, WEBHOOK_CALL_LIFETIME_MS } from "~/features/email/jobs.server";
import { svixSignature } from "~/features/outreach/webhook.server";
import { adminPost, openAdminApp, pageGet } from "../support/admin";
import { freezeClock } from "../support/clock";
import { emailVariables } from "../support/email-variables";
import type { TestApp } from "../support/app";
import { startResendStandin, type ResendStandin } from "../support/standins";

const PATH = "/api/email/webhook";
const SECRET = `whsec_${btoa("a webhook signing secret for tests, 32+ bytes")}`;

let app: TestApp;
let cookie: string;
let standin: ResendStandin;
let vars: Record<string, string>;


beforeAll(async () => {
  standin = await startResendStandin({ ratePerSecond: 0 });
  vars = { ...emailVariables(standin), EMAIL_WEBHOOK_SECRET: SECRET };
  ({ app, cookie } = await openAdminApp(vars));
});
afterAll(async () => {
  await app.dispose();
  await standin.close();
});
beforeEach(async () => {
  await app.db.batch(["email_outbox", "waitlist", "email_suppressions", "email_webhook_calls"].map((table) => app.db.prepare(`DELETE FROM ${table}`)));

});

const now = () => Math.floor(Date.now() / 1000);
let calls = 0;

/** A webhook call as Resend (through Svix) sends it: no Origin, no cookies, the three svix headers. */
async function call(event: unknown, options: { id?: string; timestamp?: number; secret?: string; signature?: string; headers?: Record<string, string> } = {}) {
  const body = typeof event === "string" ? event : JSON.stringify(event);
  const id = options.id ?? `msg_${++calls}${crypto.randomUUID().slice(0, 8)}`;
  const timestamp = options.timestamp ?? now();
  const signature = options.signature ?? (await svixSignature(options.secret ?? SECRET, id, timestamp, body));
  const request = new Request(`http://127.0.0.1:8788${PATH}`, {
    method: "POST",
    headers: { "Content-Type": "application/json", "svix-id": id, "svix-timestamp": String(timestamp), "svix-signature": signature, "User-Agent": "Svix-Webhooks/1.0", ...options.headers },
    body,
  });
  return { id, response: await app.fetch(request) };
}

const event = (type: string, data: Record<string, unknown>) => ({ type, created_at: new Date().toISOString(), data: { created_at: new Date().toISOString(), from: "LinkVault <hello@linkvault.example>", subject: "Hi", ...data } });

async function seedSent(email: string, providerId: string, status: "confirmed" | "pending" = "confirmed") {
  const entry = await app.db
    .prepare("INSERT INTO waitlist (email, status, line_seq, metadata) VALUES (?1, ?2, CASE WHEN ?2 = 'confirmed' THEN (SELECT coalesce(max(line_seq), 0) + 1 FROM waitlist) END, '{}') RETURNING id")
    .bind(email, status)
    .first<{ id: number }>();
  await app.db
    .prepare("INSERT INTO email_outbox (idempotency_key, kind, recipient, waitlist_id, status, provider_id, sent_at) VALUES (?1, 'welcome', ?2, ?3, 'sent', ?4, strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))")
    .bind(`welcome:${providerId}`, email, entry!.id, providerId)
    .run();
  // A message still waiting for them, which a bounce must cancel.
  await app.db
    .prepare("INSERT INTO email_outbox (idempotency_key, kind, recipient, waitlist_id) VALUES (?1, 'status_link', ?2, ?3)")
    .bind(`status:${providerId}`, email, entry!.id)
    .run();
  return entry!.id;
}

const state = async () => ({
  outbox: (await app.db.prepare("SELECT kind, status, delivery_event FROM email_outbox ORDER BY id").all()).results,
  waitlist: (await app.db.prepare("SELECT email, status FROM waitlist ORDER BY id").all()).results,
  suppressions: (await app.db.prepare("SELECT count(*) AS n FROM email_suppressions").first<{ n: number }>())!.n,
  calls: (await app.db.prepare("SELECT count(*) AS n FROM email_webhook_calls").first<{ n: number }>())!.n,
});

describe("a signed report", () => {
  it("bounce: the address is suppressed, its entry unsubscribed, its waiting mail cancelled, the message marked bounced", async () => {
    await seedSent("bouncy@example.test", "re_1");
    const { response } = await call(event("email.bounced", { email_id: "re_1", to: ["Bouncy@Example.test"], bounce: { type: "Permanent", subType: "General", message: "550 no such user" } }));
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ received: true, effect: "bounced" });
    expect(await isSuppressed(app.db, vars.SUPPRESSION_HASH_SECRET!, "bouncy@example.test")).toBe(true);
    expect(await state()).toMatchObject({
      outbox: [
        { kind: "welcome", status: "sent", delivery_event: "bounced" },
        { kind: "status_link", status: "cancelled", delivery_event: null },
      ],
      waitlist: [{ email: "bouncy@example.test", status: "unsubscribed" }],
      calls: 1,
    });
  });

  it("complaint: the same, with the reason 'complained'; it outranks an earlier delivery report, and a later delivery report does not undo it", async () => {
    await seedSent("grumpy@example.test", "re_2");
    expect((await call(event("email.delivered", { email_id: "re_2", to: ["grumpy@example.test"] }))).response.status).toBe(200);
    expect((await state()).outbox[0]).toMatchObject({ delivery_event: "delivered" });
    expect((await call(event("email.complained", { email_id: "re_2", to: "grumpy@example.test" }))).response.status).toBe(200);
    expect((await call(event("email.delivered", { email_id: "re_2", to: ["grumpy@example.test"] }))).response.status).toBe(200);
    const reason = await app.db.prepare("SELECT reason FROM email_suppressions").first<{ reason: string }>();
    expect(reason?.reason).toBe("complained");
    expect(await state()).toMatchObject({ outbox: [{ delivery_event: "complained" }, { status: "cancelled" }], waitlist: [{ status: "unsubscribed" }] });
  });

  it("a bounce of a confirmation deletes the pending entry (it never confirmed), and suppresses an address that has no entry", async () => {
    await seedSent("typo@example.test", "re_3", "pending");
    await call(event("email.bounced", { email_id: "re_3", to: ["typo@example.test", "nobody@example.test"] }));
    expect((await state()).waitlist).toEqual([]);
    expect(await isSuppressed(app.db, vars.SUPPRESSION_HASH_SECRET!, "nobody@example.test")).toBe(true);
  });

  it("an event type that needs nothing (sent, opened, clicked, delayed, one we do not know) is accepted and changes nothing but its record", async () => {
    await seedSent("fine@example.test", "re_4");
    const before = await state();
    for (const type of ["email.sent", "email.delivery_delayed", "email.opened", "email.clicked", "contact.created", "email.some_new_event"]) {
      const { response } = await call(event(type, { email_id: "re_4", to: ["fine@example.test"] }));
      expect(response.status, type).toBe(200);
      expect(await response.json()).toEqual({ received: true, effect: "ignored" });
    }
    expect(await state()).toEqual({ ...before, calls: 6 });
  });
});

describe("calls that change nothing", () => {
  it("forged (another secret, a changed body, a made-up signature, none): 4xx and nothing changes", async () => {
    await seedSent("victim@example.test", "re_5");
    const before = await state();
    const bounce = event("email.bounced", { email_id: "re_5", to: ["victim@example.test"] });
    const other = `whsec_${btoa("someone else's secret of enough length")}`;
    expect((await call(bounce, { secret: other })).response.status).toBe(401);
    const body = JSON.stringify(bounce);
    const signed = await svixSignature(SECRET, "msg_tampered", now(), body);
    expect((await call(body.replace("victim", "victim2"), { id: "msg_tampered", signature: signed })).response.status).toBe(401);
    expect((await call(bounce, { signature: "v1,AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=" })).response.status).toBe(401);
    expect((await call(bounce, { headers: { "svix-signature": "" } })).response.status).toBe(400);
    expect(await state()).toEqual(before);
  });

  it("replayed: the same signed call again (or twice at once) gets 409 and changes nothing more", async () => {
    await seedSent("once@example.test", "re_6");
    const bounce = event("email.bounced", { email_id: "re_6", to: ["once@example.test"] });
    const body = JSON.stringify(bounce);
    const timestamp = now();
    const signature = await svixSignature(SECRET, "msg_replay", timestamp, body);
    const send = () => call(body, { id: "msg_replay", timestamp, signature });
    expect((await send()).response.status).toBe(200);
    const after = await state();
    // A person who rejoins meanwhile must not be unsubscribed again by a replay.
    await app.db.prepare("UPDATE waitlist SET status = 'confirmed'").run();
    const again = await Promise.all([send(), send(), send()]);
    expect(again.map((c) => c.response.status)).toEqual([409, 409, 409]);
    expect(await state()).toEqual({ ...after, waitlist: [{ email: "once@example.test", status: "confirmed" }] });

    // Two first deliveries of one new call at once: one applies, the other is refused.
    await seedSent("race@example.test", "re_7");
    const raceBody = JSON.stringify(event("email.complained", { email_id: "re_7", to: ["race@example.test"] }));
    const raceSignature = await svixSignature(SECRET, "msg_race", timestamp, raceBody);
    const race = await Promise.all([1, 2].map(() => call(raceBody, { id: "msg_race", timestamp, signature: raceSignature })));
    expect(race.map((c) => c.response.status).sort()).toEqual([200, 409]);
  });

  it("stale or from the future (more than 5 minutes off): 400, even with a good signature", async () => {
    await seedSent("late@example.test", "re_8");
    const before = await state();
    const bounce = event("email.bounced", { email_id: "re_8", to: ["late@example.test"] });
    // The clock stands still: otherwise a second that ticks between writing the timestamp and the
    // server reading its clock brings "301 s ahead" within the 300 s tolerance.
    freezeClock();
    expect((await call(bounce, { timestamp: now() - 301 })).response.status).toBe(400);
    expect((await call(bounce, { timestamp: now() + 301 })).response.status).toBe(400);
    expect(await state()).toEqual(before);
  });

  it("malformed: missing headers, a signed body that is not JSON or not an event, bad addresses: 400, nothing recorded", async () => {
    await seedSent("x@example.test", "re_9");
    const before = await state();
    for (const body of ["not json", "[]", "{}", '{"type":"email.bounced"}', JSON.stringify({ type: "<script>", data: {} }), JSON.stringify(event("email.bounced", { to: ["not an address"] }))]) {
      const { response } = await call(body);
      expect(response.status, body).toBe(400);
      expect(await response.text()).not.toMatch(/at .*\.ts|Error:/);
    }
    const unsigned = await app.fetch(new Request(`http://127.0.0.1:8788${PATH}`, { method: "POST", body: JSON.stringify(event("email.bounced", { to: ["x@example.test"] })) }));
    expect(unsigned.status).toBe(400);
    expect(await state()).toEqual(before);
  });

  it("without EMAIL_WEBHOOK_SECRET the endpoint refuses every call (503) and reads nothing", async () => {
    await seedSent("safe@example.test", "re_10");
    const before = await state();
    const off = app.withEnv({ EMAIL_WEBHOOK_SECRET: "" });
    const body = JSON.stringify(event("email.bounced", { email_id: "re_10", to: ["safe@example.test"] }));
    const timestamp = now();
    const response = await off(
      new Request(`http://127.0.0.1:8788${PATH}`, {
        method: "POST",
        headers: { "svix-id": "msg_off", "svix-timestamp": String(timestamp), "svix-signature": await svixSignature(SECRET, "msg_off", timestamp, body) },
        body,
      }),
    );
    expect(response.status).toBe(503);
    expect(await state()).toEqual(before);
  });

  it("GET answers 405; a browser's cross-site POST is refused by the pipeline (403) before the signature is even read", async () => {
    expect((await app.fetch(new Request(`http://127.0.0.1:8788${PATH}`))).status).toBe(405);
    await seedSent("csrf@example.test", "re_11");
    const before = await state();
    const bounce = event("email.bounced", { email_id: "re_11", to: ["csrf@example.test"] });
    expect((await call(bounce, { headers: { Origin: "https://evil.example" } })).response.status).toBe(403);
    expect((await call(bounce, { headers: { "Sec-Fetch-Site": "cross-site" } })).response.status).toBe(403);
    expect(await state()).toEqual(before);
    // Svix's own request (no Origin, no Sec-Fetch-Site) passes: the endpoint needs no exemption from the check.
    expect((await call(bounce)).response.status).toBe(200);
  });
});

describe("delivery health in the admin", () => {
  it("the dashboard and the email page show whether reports are on, and the last day's bounces and complaints", async () => {
    await seedSent("b@example.test", "re_12");
    await seedSent("c@example.test", "re_13");
    await call(event("email.bounced", { email_id: "re_12", to: ["b@example.test"] }));
    await call(event("email.complained", { email_id: "re_13", to: ["c@example.test"] }));
    const dashboard = (await (await app.fetch(pageGet("/admin/dashboard", cookie))).text()).replaceAll("<!-- -->", "");
    expect(dashboard).toMatch(/data-testid="email-reports"><span class="pill pill-on">On</);
    expect(dashboard).toMatch(/data-testid="email-problems-24h">1 \/ 1</);
    const off = app.withEnv({ EMAIL_WEBHOOK_SECRET: "" });
    const emailPage = (await (await off(pageGet("/admin/email", cookie))).text()).replaceAll("<!-- -->", "");
    expect(emailPage).toMatch(/data-testid="email-reports"><span class="pill pill-off">Off</);
    expect(emailPage).toContain(`${vars.SITE_URL}/api/email/webhook`);
  });

  it("the clean-up forgets handled calls after 7 days", async () => {
    await call(event("email.sent", {}));
    await cleanUpEmailData(app.db, Date.now() + WEBHOOK_CALL_LIFETIME_MS + 60_000);
    expect((await state()).calls).toBe(0);
  });

  it("an admin form post to the webhook path is not an admin action", async () => {
    const response = await app.fetch(adminPost(PATH, { intent: "anything" }, cookie));
    expect(response.status).toBe(400);
  });
});


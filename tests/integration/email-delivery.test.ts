/**
 * The sender delivering the outbox through the provider's real API shape (the Resend stand-in), with
 * a real D1: what goes out, what does not (suppressed, no longer wanted), and the outbox contract.
 */
import { describe, expect, it } from "vitest";
import { verifyLinkToken } from "~/features/email/links.server";
import { outboxInsert } from "~/features/email/outbox.server";
import { deliverDueEmail } from "~/features/email/sender.server";
import { isSuppressed, liftSuppression, suppress } from "~/features/email/suppression.server";
import { addressOf, deliveryCounts, emailHarnessPerFile } from "../support/email-harness";
import { EMAIL_FROM, EMAIL_TOKEN_SECRET, SITE_URL } from "../support/email-variables";

const harness = emailHarnessPerFile();
const keys = { siteUrl: SITE_URL, tokenSecret: EMAIL_TOKEN_SECRET };

describe("delivering the outbox", () => {
  it("sends each queued message once, through the batch endpoint, and records the provider's id", async () => {
    const h = harness();
    const ids = await h.addEntries(5);
    await h.queue("confirm", ids, { consentRequest: true });
    const report = await deliverDueEmail(h.env());
    expect(report).toMatchObject({ enabled: true, claimed: 5, sent: 5, failed: 0, requests: 1 });

    const requests = await h.standin.requests();
    expect(requests).toEqual([expect.objectContaining({ path: "/emails/batch", status: 200, messages: 5 })]);
    expect(requests[0]!.idempotencyKey).toMatch(/^b1\./);
    expect([...(await deliveryCounts(h.standin)).values()]).toEqual([1, 1, 1, 1, 1]);
    const rows = await h.outbox();
    const deliveryIds = (await h.standin.deliveries()).map((d) => d.id);
    for (const row of rows) {
      expect(row).toMatchObject({ status: "sent", attempts: 1, last_error: null, batch_key: null, claimed_until: null });
      expect(deliveryIds).toContain(row.provider_id);
    }
    // Nothing left to do.
    expect(await deliverDueEmail(h.env())).toMatchObject({ claimed: 0, requests: 0 });
  });

  it("sends what the provider needs: from, reply-to, subject, both parts, the unsubscribe headers, links on SITE_URL", async () => {
    const h = harness();
    const [id] = await h.addEntries(1);
    await h.queue("confirm", [id!], { consentRequest: true });
    await deliverDueEmail(h.env());
    const [delivery] = await h.standin.deliveries();
    expect(delivery).toMatchObject({ to: [addressOf(0)], from: EMAIL_FROM, reply_to: "support@linkvault.app", subject: "Confirm your email for LinkVault" });
    expect(delivery!.headers["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
    expect(delivery!.headers["List-Unsubscribe"]).toMatch(new RegExp(`^<${SITE_URL}/waitlist/unsubscribe\\?token=[^>]+>$`));
    expect(delivery!.text).toContain("LinkVault");
    for (const [, url] of delivery!.html!.matchAll(/\b(?:href|src)="([^"]+)"/g)) expect(url!.startsWith(SITE_URL)).toBe(true);
    expect(delivery!.html).not.toMatch(/<img\b/i);
    const confirm = /https:\/\/linkvault\.example\/waitlist\/confirm\?token=([\w.-]+)/.exec(delivery!.text!);
    expect(await verifyLinkToken(keys, "confirm", confirm![1])).toMatchObject({ status: "valid", waitlistId: id });
  });

  it("escapes a confirmed person's name where a message shows it", async () => {
    const h = harness();
    const [id] = await h.addEntries(1, { status: "confirmed" });
    await h.db.prepare("UPDATE waitlist SET first_name = ?1 WHERE id = ?2").bind(`<b>Eve</b> & "co"`, id!).run();
    await h.queue("status_link", [id!]);
    await deliverDueEmail(h.env());
    const [delivery] = await h.standin.deliveries();
    expect(delivery!.html).toContain("&lt;b&gt;Eve&lt;/b&gt; &amp; &quot;co&quot;");
    expect(delivery!.html).not.toContain("<b>Eve</b>");
  });

  it("skips a suppressed address (cancelled, not sent), except the confirmation of a sign-up made just now", async () => {
    const h = harness();
    const secret = h.env().SUPPRESSION_HASH_SECRET as string;
    const [pending, confirmed] = [await h.addEntries(1, { from: 0 }), await h.addEntries(1, { from: 1, status: "confirmed" })];
    await h.db.batch([await suppress(h.db, secret, ` ${addressOf(0).toUpperCase()} `, "unsubscribed"), await suppress(h.db, secret, addressOf(1), "complained")]);
    expect(await isSuppressed(h.db, secret, addressOf(0))).toBe(true);
    await h.queue("welcome", confirmed);
    await h.queue("confirm", pending, { consentRequest: true });
    await h.queue("status_link", confirmed);
    const report = await deliverDueEmail(h.env());
    expect(report).toMatchObject({ sent: 1, cancelled: 2 });
    expect((await h.standin.deliveries()).map((d) => [d.to[0], d.subject])).toEqual([[addressOf(0), "Confirm your email for LinkVault"]]);
    const rows = await h.outbox();
    expect(rows.filter((r) => r.status === "cancelled").map((r) => r.last_error)).toEqual(["suppressed", "suppressed"]);

    // A bounced or complained address gets no confirmation either, whoever asks.
    await h.queue("confirm", confirmed, { consentRequest: true });
    await h.db.prepare("UPDATE waitlist SET status = 'pending' WHERE id = ?1").bind(confirmed[0]!).run();
    expect(await deliverDueEmail(h.env())).toMatchObject({ sent: 0, cancelled: 1 });
    await h.db.prepare("UPDATE waitlist SET status = 'confirmed' WHERE id = ?1").bind(confirmed[0]!).run();

    // Confirming is new consent: the suppression is lifted and mail flows again.
    await (await liftSuppression(h.db, secret, addressOf(1))).run();
    await h.queue("welcome", confirmed);
    expect(await deliverDueEmail(h.env())).toMatchObject({ sent: 1 });
  });

  it("cancels a message its entry no longer wants (a confirmation after the entry was confirmed)", async () => {
    const h = harness();
    const ids = await h.addEntries(2, { status: "confirmed" });
    await h.queue("confirm", ids);
    expect(await deliverDueEmail(h.env())).toMatchObject({ sent: 0, cancelled: 2, requests: 0 });
    expect((await h.outbox()).map((r) => r.last_error)).toEqual(["not_wanted: the entry is confirmed", "not_wanted: the entry is confirmed"]);
  });

  it("fails a message of an unknown kind or with an unreadable payload, and sends the rest", async () => {
    const h = harness();
    const ids = await h.addEntries(3);
    await h.queue("confirm", ids);
    await h.db.prepare("UPDATE email_outbox SET kind = 'nonsense' WHERE waitlist_id = ?1").bind(ids[0]!).run();
    await h.db.prepare(`UPDATE email_outbox SET payload = '{"form": 42}' WHERE waitlist_id = ?1`).bind(ids[1]!).run();
    expect(await deliverDueEmail(h.env())).toMatchObject({ sent: 1, failed: 2 });
    expect((await h.outbox()).map((r) => [r.status, r.last_error])).toEqual([
      ["failed", "unknown_kind: nonsense"],
      ["failed", "invalid_payload"],
      ["sent", null],
    ]);
  });

  it("email off (tests and production without a key): nothing is claimed", async () => {
    const h = harness();
    await h.queue("confirm", await h.addEntries(2));
    expect(await deliverDueEmail(h.env({ EMAIL_API_KEY: "" }))).toMatchObject({ enabled: false, claimed: 0 });
    expect((await h.outbox()).map((r) => r.status)).toEqual(["queued", "queued"]);
  });

  it("development without a key: the local mailbox, which also keeps each message id once", async () => {
    const h = harness();
    const ids = await h.addEntries(3);
    await h.queue("confirm", ids, { consentRequest: true });
    expect(await deliverDueEmail(h.env({ APP_ENV: "development", EMAIL_API_KEY: "" }))).toMatchObject({ sent: 3, requests: 1 });
    const { results } = await h.db.prepare("SELECT message_id, recipient, sender, subject, html, text, headers FROM dev_mailbox ORDER BY id").all<Record<string, string>>();
    expect(results.map((r) => r.recipient)).toEqual(ids.map((_, i) => addressOf(i)));
    expect(results[0]).toMatchObject({ sender: EMAIL_FROM, subject: "Confirm your email for LinkVault" });
    expect(JSON.parse(results[0]!.headers!)).toMatchObject({ "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" });
    expect(await h.standin.deliveries()).toEqual([]);
  });
});

describe("the outbox", () => {
  it("is written in the same batch as the change that caused it: both land or neither", async () => {
    const h = harness();
    const entry = h.db.prepare("INSERT INTO waitlist (email, status, metadata) VALUES (?1, 'pending', '{}')");
    const message = (email: string) => outboxInsert(h.db, { idempotencyKey: `confirm:${email}`, kind: "confirm", recipient: email, waitlist: { email }, payload: { consentRequest: true } });
    await h.db.batch([entry.bind("a@example.com"), message("a@example.com")]);
    await expect(h.db.batch([entry.bind("b@example.com"), message("b@example.com"), h.db.prepare("INSERT INTO no_such_table VALUES (1)")])).rejects.toThrow();
    const rows = await h.outbox();
    expect(rows.map((r) => r.recipient)).toEqual(["a@example.com"]);
    const { results } = await h.db.prepare("SELECT id, email FROM waitlist").all<{ id: number; email: string }>();
    expect(results.map((r) => r.email)).toEqual(["a@example.com"]);
    expect((await h.db.prepare("SELECT waitlist_id FROM email_outbox").first<{ waitlist_id: number }>())!.waitlist_id).toBe(results[0]!.id);
  });

  it("queues a message once per idempotency key", async () => {
    const h = harness();
    const [id] = await h.addEntries(1);
    const insert = () => outboxInsert(h.db, { idempotencyKey: "welcome:once", kind: "welcome", recipient: addressOf(0), waitlist: { id: id! } });
    await h.db.batch([insert(), insert()]);
    await insert().run();
    expect(await h.outbox()).toHaveLength(1);
  });

  it("waits for notBefore", async () => {
    const h = harness();
    const [id] = await h.addEntries(1);
    await outboxInsert(h.db, { idempotencyKey: "later", kind: "confirm", recipient: addressOf(0), waitlist: { id: id! }, notBefore: Date.now() + 3_600_000 }).run();
    expect(await deliverDueEmail(h.env())).toMatchObject({ claimed: 0 });
    expect(await deliverDueEmail(h.env(), { now: Date.now() + 3_601_000 })).toMatchObject({ sent: 1 });
  });
});

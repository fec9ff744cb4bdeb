/**
 * The admin's view of email against real D1 in Miniflare: the dashboard's Email card in each mode
 * (off in production without a key, the development mailbox, Resend), the email page's counts and
 * failed messages, and their retry: the same row queued again (same idempotency key, attempts reset,
 * due now), audited, refused clearly when there is nothing to retry, and then really delivered once.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { EMAIL_MODE_TEXT } from "~/features/admin/email/email-mode";
import { EMAIL_PAGE_MESSAGES, FAILED_PAGE_SIZE } from "~/features/admin/email/email.server";
import { RETRY_SCHEDULE_MS } from "~/features/email/outbox.server";
import { deliverDueEmail } from "~/features/email/sender.server";
import { adminPost, decodeHtml, followFlash, openAdminApp, pageGet } from "../support/admin";
import { formPost, type TestApp } from "../support/app";
import { startResendStandin } from "../support/standins";

const PATH = "/admin/email";
/** Production needs real secrets; the same ones in every mode keep the owner's session valid across them. */
const SECRETS = { SESSION_SECRET: "session-secret-for-the-admin-email-tests-0", IP_HASH_SECRET: "ip-hash-secret-for-the-admin-email-tests-00" };
/**
 * Resend is the app's own mode here: without a queue binding its nudge does nothing, so a retried row
 * stays as the retry left it. (Nothing reaches the provider: nothing runs the sender.)
 */
const RESEND = { APP_ENV: "test", EMAIL_API_KEY: "re_test_key_0123456789", EMAIL_FROM: "LinkVault <hello@linkvault.example>" };
/** Development without a provider: the local mailbox, where the nudge delivers at once (in waitUntil). */
const MAILBOX = { APP_ENV: "development", EMAIL_API_KEY: "" };
const PRODUCTION_OFF = { APP_ENV: "production", SITE_URL: "https://linkvault.example", EMAIL_API_KEY: "" };

let app: TestApp;
let cookie: string;

beforeAll(async () => ({ app, cookie } = await openAdminApp({ ...SECRETS, ...RESEND })));
afterAll(() => app.dispose());

const HOUR = 3_600_000;
const iso = (msAgo: number) => new Date(Date.now() - msAgo).toISOString();

beforeEach(async () => {
  // Work a previous test left running after its answer (a nudge's delivery) ends before the next starts.
  await app.settle();
  await app.db.batch([
    app.db.prepare("DELETE FROM email_outbox"),
    app.db.prepare("DELETE FROM dev_mailbox"),
    app.db.prepare("DELETE FROM waitlist"),
    app.db.prepare("DELETE FROM admin_audit_log"),
  ]);
});

/** A beta sign-up, pending by default (so a confirmation is still wanted); its id. A confirmed one has its place. */
async function addEntry(email: string, status = "pending"): Promise<number> {
  const row = await app.db
    .prepare(
      `INSERT INTO waitlist (email, first_name, status, intent, line_seq, metadata)
       VALUES (?1, 'Ada', ?2, 'beta_testing', CASE WHEN ?2 <> 'pending' THEN (SELECT coalesce(max(line_seq), 0) + 1 FROM waitlist) END, '{}') RETURNING id`,
    )
    .bind(email, status)
    .first<{ id: number }>();
  return row!.id;
}

interface OutboxSeed {
  email: string;
  status: "queued" | "sending" | "sent" | "failed" | "cancelled";
  kind?: string;
  attempts?: number;
  lastError?: string | null;
  createdAt?: string;
  nextAttemptAt?: string;
  sentAt?: string | null;
  waitlistId?: number | null;
}

async function addOutbox(seed: OutboxSeed): Promise<number> {
  const row = await app.db
    .prepare(
      `INSERT INTO email_outbox (idempotency_key, kind, recipient, waitlist_id, status, attempts, last_error, created_at, next_attempt_at, sent_at)
       VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10) RETURNING id`,
    )
    .bind(
      `${seed.kind ?? "confirm"}:${crypto.randomUUID()}`,
      seed.kind ?? "confirm",
      seed.email,
      seed.waitlistId ?? null,
      seed.status,
      seed.attempts ?? 0,
      seed.lastError ?? null,
      seed.createdAt ?? iso(2 * HOUR),
      seed.nextAttemptAt ?? iso(HOUR),
      seed.sentAt ?? null,
    )
    .first<{ id: number }>();
  return row!.id;
}

/** A confirmation that failed for good: out of attempts, for a pending entry. */
async function addFailedConfirmation(email: string, fields: Partial<OutboxSeed> = {}): Promise<number> {
  const waitlistId = await addEntry(email);
  return addOutbox({ email, status: "failed", attempts: 8, lastError: "provider_unavailable: 503 (after 8 attempts)", waitlistId, ...fields });
}

interface OutboxRow {
  id: number;
  idempotency_key: string;
  status: string;
  attempts: number;
  next_attempt_at: string;
  last_error: string | null;
  claim_id: string | null;
  batch_key: string | null;
  sent_at: string | null;
}
const outboxRow = (id: number) => app.db.prepare("SELECT * FROM email_outbox WHERE id = ?1").bind(id).first<OutboxRow>();
const outboxCount = async () => (await app.db.prepare("SELECT count(*) AS n FROM email_outbox").first<{ n: number }>())!.n;
const auditRows = async () =>
  (await app.db.prepare("SELECT admin_email, action, target, details FROM admin_audit_log ORDER BY id").all<{ admin_email: string; action: string; target: string; details: string }>()).results;

async function html(path: string, fetcher: TestApp["fetch"] = app.fetch): Promise<string> {
  const response = await fetcher(pageGet(path, cookie));
  expect(response.status, path).toBe(200);
  return decodeHtml((await response.text()).replaceAll("<!-- -->", ""));
}
const testIdText = (page: string, id: string) => new RegExp(`data-testid="${id}"[^>]*>([^<]*)<`).exec(page)?.[1] ?? null;
const post = (fields: Record<string, string>, path = PATH) => app.fetch(adminPost(path, fields, cookie));

describe("the Email card on the dashboard", () => {
  it("says email is off in production without EMAIL_API_KEY: sign-ups are single opt-in", async () => {
    const page = await html("/admin/dashboard", app.withEnv(PRODUCTION_OFF));
    expect(page).toContain('data-mode="off"');
    expect(page).toContain(EMAIL_MODE_TEXT.off.summary);
    expect(page).not.toContain("Mailbox (development)");
  });

  it("says email goes to the development mailbox, and links to it from the card and the navigation", async () => {
    const page = await html("/admin/dashboard", app.withEnv(MAILBOX));
    expect(page).toContain('data-mode="local-mailbox"');
    expect(page).toContain(EMAIL_MODE_TEXT["local-mailbox"].summary);
    expect(page).toContain('href="/admin/mailbox"');
    expect(page).toContain("Mailbox (development)");
  });

  it("says email is sent through Resend when EMAIL_API_KEY is set", async () => {
    const page = await html("/admin/dashboard");
    expect(page).toContain('data-mode="resend"');
    expect(page).toContain(EMAIL_MODE_TEXT.resend.summary);
    expect(page).not.toContain('href="/admin/mailbox"');
  });

  it("shows the last message sent, the failures of the last 24 hours and the queue, and the entries by status", async () => {
    const empty = await html("/admin/dashboard");
    expect(testIdText(empty, "email-last-sent")).toBe("None yet");
    expect(testIdText(empty, "email-failed-24h")).toBe("0");

    await addOutbox({ email: "a@example.test", status: "sent", sentAt: "2026-03-04T05:06:07.000Z" });
    await addOutbox({ email: "b@example.test", status: "sent", sentAt: "2026-03-01T00:00:00.000Z" });
    await addOutbox({ email: "c@example.test", status: "failed", nextAttemptAt: iso(HOUR) });
    await addOutbox({ email: "d@example.test", status: "failed", nextAttemptAt: iso(23 * HOUR) });
    // Failed more than a day ago: not in the last 24 hours.
    await addOutbox({ email: "e@example.test", status: "failed", nextAttemptAt: iso(25 * HOUR) });
    for (const email of ["f@example.test", "g@example.test", "h@example.test"]) await addOutbox({ email, status: "queued" });
    await addOutbox({ email: "i@example.test", status: "sending" });
    await addEntry("p1@example.test", "pending");
    await addEntry("p2@example.test", "pending");
    await addEntry("c1@example.test", "confirmed");
    await addEntry("u1@example.test", "unsubscribed");

    const page = await html("/admin/dashboard");
    expect(page).toContain('<time dateTime="2026-03-04T05:06:07.000Z">4 Mar 2026, 05:06 UTC</time>');
    expect(testIdText(page, "email-failed-24h")).toBe("2");
    expect(testIdText(page, "email-queued")).toBe("3");
    const statuses = /<dd class="stat-note" data-testid="stat-statuses">([\s\S]*?)<\/dd>/.exec(page)![1]!;
    expect(statuses.replace(/<[^>]*>/g, "")).toBe("1 confirmed · 2 pending · 1 unsubscribed");
    expect(statuses).toMatch(/<a [^>]*href="\/admin\/beta-testers\?intent=beta_testing&status=pending"[^>]*>2 pending<\/a>/);
  });
});

describe("the email page", () => {
  it("shows the outbox by status and each failed message with its kind, recipient, attempts, error and times", async () => {
    await addFailedConfirmation("fail@example.test", { createdAt: "2026-01-02T03:04:00.000Z", nextAttemptAt: "2026-01-02T14:00:00.000Z" });
    await addOutbox({ email: "<script>x</script>@example.test", status: "failed", kind: "status_link", attempts: 1, lastError: "validation_error: bad <address>" });
    await addOutbox({ email: "sent@example.test", status: "sent", sentAt: iso(HOUR) });
    await addOutbox({ email: "queued@example.test", status: "queued" });
    await addOutbox({ email: "gone@example.test", status: "cancelled", lastError: "suppressed" });

    const response = await app.fetch(pageGet(PATH, cookie));
    expect(response.status).toBe(200);
    const raw = (await response.text()).replaceAll("<!-- -->", "");
    expect(raw).not.toContain("<script>x</script>");
    const page = decodeHtml(raw);
    for (const [status, n] of [["queued", 1], ["sending", 0], ["sent", 1], ["failed", 2], ["cancelled", 1]] as const) {
      expect(testIdText(page, `outbox-${status}`), status).toBe(String(n));
    }
    const rows = [...page.matchAll(/<tr data-testid="failed-row">([\s\S]*?)<\/tr>/g)].map((m) => m[1]!);
    expect(rows).toHaveLength(2);
    // Most recent failure first.
    expect(rows[0]).toContain("Status link");
    expect(rows[0]).toContain("validation_error: bad <address>");
    expect(rows[1]).toContain("Confirm");
    expect(rows[1]).toContain("fail@example.test");
    expect(rows[1]).toMatch(/<td class="num">8<\/td>/);
    expect(rows[1]).toContain("provider_unavailable: 503 (after 8 attempts)");
    expect(rows[1]).toContain("2 Jan 2026, 03:04 UTC");
    expect(rows[1]).toContain("2 Jan 2026, 14:00 UTC");
    expect(rows[1]).toContain('aria-label="Retry the confirm message to fail@example.test"');
    expect(page).toContain("Retry all failed");
  });

  it("pages the failed messages 25 at a time, and has no Retry all when nothing failed", async () => {
    expect(await html(PATH)).not.toContain("Retry all failed");
    expect(await html(PATH)).toContain("No failed messages.");
    for (let i = 0; i < FAILED_PAGE_SIZE + 5; i++) {
      await addOutbox({ email: `bulk${i}@example.test`, status: "failed", nextAttemptAt: new Date(Date.UTC(2026, 0, 1, 0, i)).toISOString() });
    }
    const first = await html(PATH);
    expect(first.match(/data-testid="failed-row"/g)).toHaveLength(FAILED_PAGE_SIZE);
    expect(first).toContain("30 failed messages · page 1 of 2");
    expect(first).toContain("bulk29@example.test");
    const second = await html(`${PATH}?page=2`);
    expect(second.match(/data-testid="failed-row"/g)).toHaveLength(5);
    expect(second).toContain("bulk0@example.test");
    // A page past the end, or not a page at all, never fails.
    expect(await html(`${PATH}?page=99`)).toContain("page 2 of 2");
    expect(await html(`${PATH}?page=abc`)).toContain("page 1 of 2");
  });
});

describe("retrying failed messages", () => {
  it("queues the same row again, due now, with its attempts reset, its key kept, and an audit row", async () => {
    const id = await addFailedConfirmation("retry@example.test");
    const before = (await outboxRow(id))!;
    const started = Date.now();
    const response = await post({ intent: "retry", id: String(id) });
    const after = await followFlash(app, response, cookie);
    expect(after.location).toBe(PATH);
    expect(after.flashKind).toBe("success");
    expect(after.flash).toBe(EMAIL_PAGE_MESSAGES.retried("confirm"));

    const row = (await outboxRow(id))!;
    expect(await outboxCount()).toBe(1);
    expect(row.idempotency_key).toBe(before.idempotency_key);
    expect(row.attempts).toBe(0);
    expect(Date.parse(row.next_attempt_at)).toBeGreaterThanOrEqual(started - 1000);
    expect(Date.parse(row.next_attempt_at)).toBeLessThanOrEqual(Date.now());
    expect(await auditRows()).toEqual([
      { admin_email: "owner@example.test", action: "retried failed email", target: `email #${id}`, details: JSON.stringify({ rows: 1 }) },
    ]);
  });

  it("is then delivered once: the nudge sends it to the development mailbox and marks the row sent", async () => {
    const id = await addFailedConfirmation("deliver@example.test");
    const response = await app.withEnv(MAILBOX)(adminPost(PATH, { intent: "retry", id: String(id) }, cookie));
    expect(response.status).toBe(302);
    // Without a queue binding, the nudge delivers in waitUntil (features/email/nudge.server.ts).
    await app.settle();
    const row = (await outboxRow(id))!;
    expect(row.status).toBe("sent");
    expect(row.attempts).toBe(1);
    const { results } = await app.db.prepare("SELECT recipient, subject FROM dev_mailbox").all<{ recipient: string; subject: string }>();
    expect(results).toEqual([{ recipient: "deliver@example.test", subject: "Confirm your email for LinkVault" }]);
    expect(await outboxCount()).toBe(1);

    // Retrying it again is refused: it is not failed any more, and nothing is sent twice.
    const again = await app.withEnv(MAILBOX)(adminPost(PATH, { intent: "retry", id: String(id) }, cookie));
    expect(again.status).toBe(409);
    expect(decodeHtml(await again.text())).toContain(EMAIL_PAGE_MESSAGES.notFailed);
    await app.settle();
    expect((await app.db.prepare("SELECT count(*) AS n FROM dev_mailbox").first<{ n: number }>())!.n).toBe(1);
  });

  it("gets the sender's whole schedule again: a failure after the retry waits for the first step, then it goes out once", async () => {
    const standin = await startResendStandin({ ratePerSecond: 0 });
    try {
      const env = {
        DB: app.db,
        ...RESEND,
        EMAIL_API_KEY: standin.apiKey,
        EMAIL_API_URL: standin.url,
        EMAIL_SEND_RATE_PER_SECOND: "50",
      };
      const id = await addFailedConfirmation("schedule@example.test");
      await post({ intent: "retry", id: String(id) });
      await standin.setFaults({ down: "503" });
      const now = Date.now();
      // A frozen clock and no waiting: the schedule is read exactly.
      const run = (at: number) => deliverDueEmail(env, { now: () => at, sleep: async () => {}, random: () => 0 });
      const first = await run(now);
      expect(first).toMatchObject({ claimed: 1, retried: 1, failed: 0 });
      // Attempt 1 of a fresh schedule (it had used all 8 before the retry): queued again after the first step.
      const row = (await outboxRow(id))!;
      expect(row).toMatchObject({ status: "queued", attempts: 1 });
      expect(Date.parse(row.next_attempt_at) - now).toBe(RETRY_SCHEDULE_MS[0]);

      await standin.setFaults({ down: false });
      const second = await run(now + RETRY_SCHEDULE_MS[0]);
      expect(second).toMatchObject({ claimed: 1, sent: 1 });
      expect(await outboxRow(id)).toMatchObject({ status: "sent", attempts: 2 });
      expect((await standin.deliveries()).map((d) => d.to)).toEqual([["schedule@example.test"]]);
      expect(await outboxCount()).toBe(1);
    } finally {
      await standin.close();
    }
  });

  it("retries every failed message but those that may have been delivered, in one audited change", async () => {
    const ids = await Promise.all(["one@example.test", "two@example.test", "three@example.test"].map((email) => addFailedConfirmation(email)));
    const uncertain = await addFailedConfirmation("maybe@example.test", {
      lastError: "uncertain_outcome: the batch went out more than 23 h ago and may have been delivered; not sent again",
    });
    const sent = await addOutbox({ email: "done@example.test", status: "sent", sentAt: iso(HOUR) });

    const page = await html(PATH);
    expect(page).toContain("May have been delivered");
    const response = await post({ intent: "retry-all" });
    const after = await followFlash(app, response, cookie);
    expect(after.flash).toBe(EMAIL_PAGE_MESSAGES.retriedAll(3, 1));
    for (const id of ids) expect(await outboxRow(id)).toMatchObject({ status: "queued", attempts: 0 });
    expect(await outboxRow(uncertain)).toMatchObject({ status: "failed", attempts: 8 });
    expect(await outboxRow(sent)).toMatchObject({ status: "sent" });
    expect(await outboxCount()).toBe(5);
    expect(await auditRows()).toEqual([
      { admin_email: "owner@example.test", action: "retried all failed email", target: "email outbox", details: JSON.stringify({ rows: 3 }) },
    ]);

    // Only the uncertain one is left: "retry all" refuses, and says why; one by one it can still go.
    const onlyUncertain = await post({ intent: "retry-all" });
    expect(onlyUncertain.status).toBe(409);
    expect(decodeHtml(await onlyUncertain.text())).toContain(EMAIL_PAGE_MESSAGES.onlyUncertain);
    const single = await post({ intent: "retry", id: String(uncertain) });
    expect(single.status).toBe(302);
    expect(await outboxRow(uncertain)).toMatchObject({ status: "queued", attempts: 0 });
    expect(await auditRows()).toHaveLength(2);
  });

  it("answers bad input with 400 and a clear message, and a message that is not failed with 409, changing nothing", async () => {
    const failed = await addFailedConfirmation("keep@example.test");
    const queued = await addOutbox({ email: "queued@example.test", status: "queued", attempts: 2 });
    const cases: [Record<string, string>, number, string][] = [
      [{ intent: "retry", id: "abc" }, 400, EMAIL_PAGE_MESSAGES.badId],
      [{ intent: "retry", id: "-1" }, 400, EMAIL_PAGE_MESSAGES.badId],
      [{ intent: "retry", id: "1.5" }, 400, EMAIL_PAGE_MESSAGES.badId],
      [{ intent: "retry" }, 400, EMAIL_PAGE_MESSAGES.badId],
      [{ intent: "delete", id: String(failed) }, 400, EMAIL_PAGE_MESSAGES.unknownIntent],
      [{ id: String(failed) }, 400, EMAIL_PAGE_MESSAGES.unknownIntent],
      [{ intent: "retry", id: "999999" }, 409, EMAIL_PAGE_MESSAGES.notFailed],
      [{ intent: "retry", id: String(queued) }, 409, EMAIL_PAGE_MESSAGES.notFailed],
    ];
    for (const [fields, status, message] of cases) {
      const response = await post(fields);
      expect(response.status, JSON.stringify(fields)).toBe(status);
      const page = decodeHtml(await response.text());
      expect(page, JSON.stringify(fields)).toContain(message);
      expect(page).toContain('data-testid="email-refusal"');
    }
    expect(await outboxRow(failed)).toMatchObject({ status: "failed", attempts: 8 });
    expect(await outboxRow(queued)).toMatchObject({ status: "queued", attempts: 2 });
    expect(await auditRows()).toEqual([]);

    await app.db.prepare("DELETE FROM email_outbox").run();
    const none = await post({ intent: "retry-all" });
    expect(none.status).toBe(409);
    expect(decodeHtml(await none.text())).toContain(EMAIL_PAGE_MESSAGES.nothingToRetry);
  });

  it("says so when email is off: the message waits in the queue", async () => {
    const id = await addFailedConfirmation("off@example.test");
    const response = await app.withEnv(PRODUCTION_OFF)(adminPost(PATH, { intent: "retry", id: String(id) }, cookie));
    const after = await followFlash(app, response, cookie);
    expect(after.flash).toBe(EMAIL_PAGE_MESSAGES.retried("confirm") + EMAIL_PAGE_MESSAGES.emailOff);
    expect(await outboxRow(id)).toMatchObject({ status: "queued", attempts: 0 });
  });
});

describe("without a session", () => {
  it("refuses the page, the retry and the JSON data, and changes nothing", async () => {
    const id = await addFailedConfirmation("guarded@example.test");
    const page = await app.fetch(pageGet(PATH));
    expect(page.status).toBe(302);
    expect(page.headers.get("Location")).toBe(`/admin/login?redirectTo=${encodeURIComponent(PATH)}`);
    const data = await app.fetch(new Request(new URL(PATH, "http://127.0.0.1:8788"), { headers: { Accept: "application/json" } }));
    expect(data.status).toBe(401);
    expect(await data.text()).not.toContain("guarded@example.test");
    for (const fields of [{ intent: "retry", id: String(id) }, { intent: "retry-all" }] as Record<string, string>[]) {
      const refused = await app.fetch(formPost(PATH, fields, "198.51.100.7", { Accept: "application/json" }));
      expect(refused.status).toBe(401);
    }
    expect(await outboxRow(id)).toMatchObject({ status: "failed", attempts: 8 });
    expect(await auditRows()).toEqual([]);
  });
});

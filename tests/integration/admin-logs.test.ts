/**
 * The audit log page and its CSV export, and the email log (issue 31, ADR 0054), against real D1 in
 * workerd: a session is required, filters narrow the rows (bad filter input is ignored, never a 5xx),
 * pages hold 50 rows (a page past the end shows the last), the export has the page's filters and is safe
 * to open in a spreadsheet, and whatever a row holds is escaped. The email log finds a person's messages
 * by address, kind and status, and shows nothing for a person who was deleted: their messages went with them.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { AUDIT_LOG_PAGE_SIZE } from "~/features/admin/audit-log/audit-log.server";
import { EMAIL_LOG_PAGE_SIZE } from "~/features/admin/email/email-log.server";
import { adminPost, decodeHtml, followFlash, openAdminApp, OWNER, pageGet } from "../support/admin";
import type { TestApp } from "../support/app";
import { parseCsv } from "../support/csv";

const AUDIT = "/admin/audit";
const EMAIL_LOG = "/admin/email/messages";

let app: TestApp;
let cookie: string;

beforeAll(async () => ({ app, cookie } = await openAdminApp()));
afterAll(() => app.dispose());

beforeEach(async () => {
  await app.db.batch([app.db.prepare("DELETE FROM admin_audit_log"), app.db.prepare("DELETE FROM email_outbox"), app.db.prepare("DELETE FROM waitlist")]);
});

async function page(path: string) {
  const response = await app.fetch(pageGet(path, cookie));
  const raw = (await response.text()).replaceAll("<!-- -->", "");
  return { status: response.status, raw, html: decodeHtml(raw) };
}

/** The text of each cell of each row with this data-testid, markup removed. */
function rows(raw: string, testId: string): string[][] {
  return [...raw.matchAll(new RegExp(`<tr data-testid="${testId}">([\\s\\S]*?)</tr>`, "g"))].map((row) =>
    [...row[1]!.matchAll(/<td[^>]*>([\s\S]*?)<\/td>/g)].map((cell) => decodeHtml(cell[1]!.replace(/<[^>]*>/g, " ").replace(/\s+/g, " ").trim())),
  );
}

interface AuditSeed {
  admin?: string;
  action: string;
  target?: string | null;
  details?: Record<string, unknown>;
  at: string;
}

async function addAudit(seeds: AuditSeed[]): Promise<void> {
  await app.db.batch(
    seeds.map((seed) =>
      app.db
        .prepare("INSERT INTO admin_audit_log (admin_email, action, target, details, created_at) VALUES (?1, ?2, ?3, ?4, ?5)")
        .bind(seed.admin ?? OWNER.email, seed.action, seed.target ?? null, JSON.stringify(seed.details ?? {}), seed.at),
    ),
  );
}

const SEEDS: AuditSeed[] = [
  { admin: "ann@example.test", action: "deleted beta tester", target: "gone@example.test", details: { id: 7 }, at: "2026-03-01T09:00:00.000Z" },
  { admin: "ann@example.test", action: "updated settings", target: "site_settings", at: "2026-03-02T23:59:59.999Z" },
  { admin: "bob@example.test", action: "deleted beta tester", target: "other@example.test", details: { id: 8 }, at: "2026-03-03T00:00:00.000Z" },
  { admin: "bob@example.test", action: "retried all failed email", target: "email outbox", details: { rows: 3 }, at: "2026-03-04T12:00:00.000Z" },
];

describe("the audit log page", () => {
  it("needs a session: the page sends to sign-in, its data and the export answer 401 with nothing of the log", async () => {
    await addAudit(SEEDS);
    const response = await app.fetch(pageGet(AUDIT));
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe(`/admin/login?redirectTo=${encodeURIComponent(AUDIT)}`);
    for (const path of [AUDIT, `${AUDIT}.csv`]) {
      const data = await app.fetch(new Request(new URL(path, "http://127.0.0.1:8788"), { headers: { Accept: "application/json" } }));
      expect(data.status, path).toBe(401);
      expect(await data.text(), path).not.toContain("gone@example.test");
    }
  });

  it("lists every change newest first, with who, what, the record and the details; linked from the dashboard and the navigation", async () => {
    await addAudit(SEEDS);
    const { status, raw } = await page(AUDIT);
    expect(status).toBe(200);
    expect(rows(raw, "audit-row")).toEqual([
      ["4 Mar 2026, 12:00 UTC", "bob@example.test", "retried all failed email", "email outbox", "rows: 3"],
      ["3 Mar 2026, 00:00 UTC", "bob@example.test", "deleted beta tester", "other@example.test", "id: 8"],
      ["2 Mar 2026, 23:59 UTC", "ann@example.test", "updated settings", "site_settings", "—"],
      ["1 Mar 2026, 09:00 UTC", "ann@example.test", "deleted beta tester", "gone@example.test", "id: 7"],
    ]);
    expect(raw).toContain("4 entries");
    const dashboard = await page("/admin/dashboard");
    expect(dashboard.raw).toMatch(/<a [^>]*data-testid="audit-log-link"[^>]*href="\/admin\/audit"/);
    expect(dashboard.raw).toMatch(/<nav class="admin-nav"[^>]*>[\s\S]*href="\/admin\/audit"[\s\S]*<\/nav>/);
  });

  it("filters by admin, action and a range of whole UTC days, and the export link carries the same filters", async () => {
    await addAudit(SEEDS);
    const targets = async (query: string) => rows((await page(`${AUDIT}${query}`)).raw, "audit-row").map((r) => r[3]);
    expect(await targets("?admin=ann%40example.test")).toEqual(["site_settings", "gone@example.test"]);
    expect(await targets("?action=deleted+beta+tester")).toEqual(["other@example.test", "gone@example.test"]);
    expect(await targets("?from=2026-03-02&to=2026-03-03")).toEqual(["other@example.test", "site_settings"]);
    // A range given backwards is read the right way round.
    expect(await targets("?from=2026-03-03&to=2026-03-02")).toEqual(["other@example.test", "site_settings"]);
    expect(await targets("?admin=bob%40example.test&action=deleted+beta+tester&from=2026-03-03")).toEqual(["other@example.test"]);
    const filtered = await page(`${AUDIT}?admin=bob%40example.test&action=deleted+beta+tester`);
    expect(filtered.raw).toContain('href="/admin/audit.csv?admin=bob%40example.test&amp;action=deleted+beta+tester"');
    expect(filtered.raw).toContain('<option value="ann@example.test">ann@example.test</option>');
    expect(filtered.raw).toContain('<option value="retried all failed email">retried all failed email</option>');
    const none = await page(`${AUDIT}?admin=nobody%40example.test`);
    expect(none.raw).toContain("No activity matches these filters.");
  });

  it("ignores filter input it cannot use: never an error", async () => {
    await addAudit(SEEDS);
    for (const query of ["?from=2026-02-30", "?to=yesterday", "?page=abc", "?page=-3", "?page=1e99", `?admin=${"a".repeat(300)}`, "?action=%00%FF", "?from[]=1&page=0"]) {
      const { status, raw } = await page(`${AUDIT}${query}`);
      expect(status, query).toBe(200);
      // Values it cannot use are dropped (all rows); a usable value that matches nothing shows none.
      expect(rows(raw, "audit-row").length, query).toBe(query.startsWith("?action") ? 0 : 4);
    }
  });

  it(`pages ${AUDIT_LOG_PAGE_SIZE} entries at a time, and shows the last page for a page past the end`, async () => {
    await addAudit(
      Array.from({ length: AUDIT_LOG_PAGE_SIZE + 5 }, (_, i) => ({ action: "updated settings", target: `n${i}`, at: new Date(Date.UTC(2026, 0, 1, 0, i)).toISOString() })),
    );
    const first = await page(AUDIT);
    expect(rows(first.raw, "audit-row")).toHaveLength(AUDIT_LOG_PAGE_SIZE);
    expect(rows(first.raw, "audit-row")[0]![3]).toBe(`n${AUDIT_LOG_PAGE_SIZE + 4}`);
    expect(first.raw).toContain(`${AUDIT_LOG_PAGE_SIZE + 5} entries · page 1 of 2`);
    expect(first.raw).toContain('href="/admin/audit?page=2"');
    for (const query of ["?page=2", "?page=99"]) {
      expect(rows((await page(`${AUDIT}${query}`)).raw, "audit-row").map((r) => r[3])).toEqual(["n4", "n3", "n2", "n1", "n0"]);
    }
  });

  it("shows a real admin action, and escapes what a row holds", async () => {
    const entry = await app.db.prepare("INSERT INTO waitlist (email, metadata) VALUES ('forget-me@example.test', '{}') RETURNING id").first<{ id: number }>();
    await followFlash(app, await app.fetch(adminPost(`/admin/beta-testers?confirm=${entry!.id}`, { intent: "delete", id: String(entry!.id) }, cookie)), cookie);
    await addAudit([{ action: "<img src=x onerror=alert(1)>", target: "</td><script>alert(2)</script>", details: { note: "<b>" }, at: "2020-01-01T00:00:00.000Z" }]);
    const { raw } = await page(AUDIT);
    expect(rows(raw, "audit-row")[0]!.slice(1, 4)).toEqual([OWNER.email, "deleted beta tester", "forget-me@example.test"]);
    expect(raw).not.toContain("<script>alert(2)");
    expect(raw).not.toContain("<img src=x");
    expect(raw).toContain("&lt;/td&gt;&lt;script&gt;alert(2)&lt;/script&gt;");
  });
});

describe("the audit log's CSV export", () => {
  it("downloads the filtered entries newest first, as a spreadsheet reads them", async () => {
    await addAudit(SEEDS);
    const response = await app.fetch(pageGet(`${AUDIT}.csv?action=deleted+beta+tester`, cookie));
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("Content-Disposition")).toBe(`attachment; filename="audit-log-${new Date().toISOString().slice(0, 10)}.csv"`);
    const text = await response.text();
    expect(text.startsWith("\uFEFF")).toBe(true);
    expect(parseCsv(text.slice(1))).toEqual([
      ["created_at", "admin_email", "action", "target", "details"],
      ["2026-03-03T00:00:00.000Z", "bob@example.test", "deleted beta tester", "other@example.test", '{"id":8}'],
      ["2026-03-01T09:00:00.000Z", "ann@example.test", "deleted beta tester", "gone@example.test", '{"id":7}'],
    ]);
  });

  it("neutralises cells a spreadsheet would run as formulas, and quotes commas, quotes and line breaks", async () => {
    await addAudit([
      { admin: "@evil@example.test", action: '=HYPERLINK("https://evil.test","click")', target: "+1+1", details: {}, at: "2026-03-04T00:00:00.000Z" },
      { action: "-2+3", target: 'a,b "c"\nd', details: { note: "=1+1" }, at: "2026-03-03T00:00:00.000Z" },
    ]);
    const text = await (await app.fetch(pageGet(`${AUDIT}.csv`, cookie))).text();
    const [, first, second] = parseCsv(text.slice(1));
    expect(first).toEqual(["2026-03-04T00:00:00.000Z", "'@evil@example.test", `'=HYPERLINK("https://evil.test","click")`, "'+1+1", "{}"]);
    expect(second).toEqual(["2026-03-03T00:00:00.000Z", OWNER.email, "'-2+3", 'a,b "c"\nd', '{"note":"=1+1"}']);
    expect(text).toContain(`"'=HYPERLINK(""https://evil.test"",""click"")"`);
  });
});

interface OutboxSeed {
  email: string;
  kind?: string;
  status?: "queued" | "sending" | "sent" | "failed" | "cancelled";
  attempts?: number;
  lastError?: string | null;
  at: string;
  sentAt?: string | null;
  deliveryEvent?: string | null;
  waitlistId?: number | null;
}

async function addOutbox(seeds: OutboxSeed[]): Promise<void> {
  await app.db.batch(
    seeds.map((seed) =>
      app.db
        .prepare(
          `INSERT INTO email_outbox (idempotency_key, kind, recipient, waitlist_id, status, attempts, last_error, created_at, sent_at, delivery_event, delivery_event_at)
           VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, CASE WHEN ?10 IS NOT NULL THEN ?9 END)`,
        )
        .bind(
          crypto.randomUUID(),
          seed.kind ?? "confirm",
          seed.email,
          seed.waitlistId ?? null,
          seed.status ?? "sent",
          seed.attempts ?? 1,
          seed.lastError ?? null,
          seed.at,
          seed.sentAt ?? null,
          seed.deliveryEvent ?? null,
        ),
    ),
  );
}

const MESSAGES: OutboxSeed[] = [
  { email: "ada@example.test", kind: "confirm", status: "sent", at: "2026-03-01T10:00:00.000Z", sentAt: "2026-03-01T10:00:05.000Z", deliveryEvent: "delivered" },
  { email: "ada@example.test", kind: "welcome", status: "failed", attempts: 8, lastError: "provider_unavailable: 503 (after 8 attempts)", at: "2026-03-01T10:05:00.000Z" },
  { email: "bea@example.test", kind: "confirm", status: "queued", attempts: 0, at: "2026-03-02T08:00:00.000Z" },
  { email: "adam@example.test", kind: "invitation", status: "sent", at: "2026-03-03T08:00:00.000Z", sentAt: "2026-03-03T08:01:00.000Z", deliveryEvent: "bounced" },
];

describe("the email log", () => {
  it("needs a session: the page sends to sign-in, its data answers 401 with no address", async () => {
    await addOutbox(MESSAGES);
    const response = await app.fetch(pageGet(EMAIL_LOG));
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe(`/admin/login?redirectTo=${encodeURIComponent(EMAIL_LOG)}`);
    const data = await app.fetch(new Request(new URL(`${EMAIL_LOG}?q=ada`, "http://127.0.0.1:8788"), { headers: { Accept: "application/json" } }));
    expect(data.status).toBe(401);
    expect(await data.text()).not.toContain("ada@example.test");
  });

  it("lists every message newest first with its recipient, kind, status, attempts and times; linked from the email page", async () => {
    await addOutbox(MESSAGES);
    const { status, raw } = await page(EMAIL_LOG);
    expect(status).toBe(200);
    expect(rows(raw, "email-log-row")).toEqual([
      ["adam@example.test", "Invitation", "Sent Bounced Sent 3 Mar 2026, 08:01 UTC Bounced 3 Mar 2026, 08:01 UTC", "1", "3 Mar 2026, 08:00 UTC", "—"],
      ["bea@example.test", "Confirm", "Queued", "0", "2 Mar 2026, 08:00 UTC", "—"],
      ["ada@example.test", "Welcome", "Failed", "8", "1 Mar 2026, 10:05 UTC", "provider_unavailable: 503 (after 8 attempts)"],
      ["ada@example.test", "Confirm", "Sent Delivered Sent 1 Mar 2026, 10:00 UTC Delivered 1 Mar 2026, 10:00 UTC", "1", "1 Mar 2026, 10:00 UTC", "—"],
    ]);
    expect((await page("/admin/email")).raw).toMatch(/<a [^>]*data-testid="email-log-link"[^>]*href="\/admin\/email\/messages"/);
  });

  it("finds a person's messages by their address (whole, part, any case) and narrows by kind and status", async () => {
    await addOutbox(MESSAGES);
    const found = async (query: string) => rows((await page(`${EMAIL_LOG}${query}`)).raw, "email-log-row").map((r) => `${r[0]} ${r[1]}`);
    expect(await found("?q=ada%40example.test")).toEqual(["ada@example.test Welcome", "ada@example.test Confirm"]);
    expect(await found("?q=+ADA%40Example.test+")).toEqual(["ada@example.test Welcome", "ada@example.test Confirm"]);
    expect(await found("?q=ada")).toEqual(["adam@example.test Invitation", "ada@example.test Welcome", "ada@example.test Confirm"]);
    expect(await found("?kind=confirm")).toEqual(["bea@example.test Confirm", "ada@example.test Confirm"]);
    expect(await found("?status=failed")).toEqual(["ada@example.test Welcome"]);
    expect(await found("?q=ada&kind=confirm&status=sent")).toEqual(["ada@example.test Confirm"]);
    // `%` and `_` are characters to find, not wildcards.
    expect(await found("?q=%25")).toEqual([]);
    const none = await page(`${EMAIL_LOG}?q=nobody`);
    expect(none.raw).toContain("No messages match these filters.");
    expect(none.raw).toContain('value="nobody"');
  });

  it("ignores filter input it cannot use: never an error", async () => {
    await addOutbox(MESSAGES);
    for (const query of ["?status=lost", "?page=abc", "?page=0", `?q=${"x".repeat(2000)}`, `?kind=${"k".repeat(500)}`, "?q=%00%FF&kind[]=a"]) {
      const { status, raw } = await page(`${EMAIL_LOG}${query}`);
      expect(status, query).toBe(200);
      // Values it cannot use are dropped (all rows); a search that matches nothing shows none.
      expect(rows(raw, "email-log-row").length, query).toBe(query.startsWith("?q") ? 0 : 4);
    }
  });

  it(`pages ${EMAIL_LOG_PAGE_SIZE} messages at a time, keeping the filters, and shows the last page for a page past the end`, async () => {
    await addOutbox(
      Array.from({ length: EMAIL_LOG_PAGE_SIZE + 3 }, (_, i) => ({ email: `p${i}@example.test`, kind: "announcement", at: new Date(Date.UTC(2026, 0, 1, 0, i)).toISOString() })),
    );
    const first = await page(`${EMAIL_LOG}?kind=announcement`);
    expect(rows(first.raw, "email-log-row")).toHaveLength(EMAIL_LOG_PAGE_SIZE);
    expect(first.raw).toContain(`${EMAIL_LOG_PAGE_SIZE + 3} messages · page 1 of 2`);
    expect(first.raw).toContain('href="/admin/email/messages?kind=announcement&amp;page=2"');
    for (const query of ["&page=2", "&page=40"]) {
      expect(rows((await page(`${EMAIL_LOG}?kind=announcement${query}`)).raw, "email-log-row").map((r) => r[0])).toEqual([
        "p2@example.test",
        "p1@example.test",
        "p0@example.test",
      ]);
    }
  });

  it("shows nothing for a person who was deleted (their messages went with them), and says so", async () => {
    const entry = await app.db.prepare("INSERT INTO waitlist (email, metadata) VALUES ('forget-me@example.test', '{}') RETURNING id").first<{ id: number }>();
    await addOutbox([{ email: "forget-me@example.test", at: "2026-03-01T00:00:00.000Z", waitlistId: entry!.id }]);
    expect(rows((await page(`${EMAIL_LOG}?q=forget-me`)).raw, "email-log-row")).toHaveLength(1);
    await followFlash(app, await app.fetch(adminPost(`/admin/beta-testers?confirm=${entry!.id}`, { intent: "delete", id: String(entry!.id) }, cookie)), cookie);
    const after = await page(`${EMAIL_LOG}?q=forget-me`);
    expect(rows(after.raw, "email-log-row")).toHaveLength(0);
    expect(after.html).toContain("Messages to someone who was deleted (or whose sign-up expired unconfirmed) were deleted with them");
  });

  it("escapes what a message row holds", async () => {
    await addOutbox([{ email: "<script>alert(1)</script>@x.test", kind: "<b>k</b>", status: "failed", lastError: "<img src=x onerror=alert(2)>", at: "2026-03-01T00:00:00.000Z" }]);
    const { status, raw } = await page(EMAIL_LOG);
    expect(status).toBe(200);
    expect(raw).not.toContain("<script>alert(1)");
    expect(raw).not.toContain("<img src=x");
    expect(raw).toContain("&lt;script&gt;alert(1)&lt;/script&gt;@x.test");
  });
});

/**
 * The development mailbox (/admin/mailbox) against real D1 in Miniflare: only while email goes to the
 * local mailbox (404 otherwise, and not in the navigation), its messages newest first, one message's
 * sandboxed HTML, plain text and clickable links (a real confirmation rendered and delivered by the
 * sender), and "Delete all" behind its confirmation, audited.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { MAILBOX_MESSAGES, messageLinks } from "~/features/admin/mailbox/mailbox.server";
import { previewHtml } from "~/features/admin/ui/preview-html";
import { outboxInsert } from "~/features/email/outbox.server";
import { deliverDueEmail } from "~/features/email/sender.server";
import { adminPost, decodeHtml, followFlash, openAdminApp, pageGet } from "../support/admin";
import { formPost, type TestApp } from "../support/app";

const PATH = "/admin/mailbox";
const SITE_URL = "http://127.0.0.1:8788";
/** Development without a provider: the local mailbox. */
const MAILBOX = { APP_ENV: "development", SITE_URL };

let app: TestApp;
let cookie: string;

beforeAll(async () => ({ app, cookie } = await openAdminApp(MAILBOX)));
afterAll(() => app.dispose());

beforeEach(async () => {
  await app.db.batch([
    app.db.prepare("DELETE FROM dev_mailbox"),
    app.db.prepare("DELETE FROM email_outbox"),
    app.db.prepare("DELETE FROM waitlist"),
    app.db.prepare("DELETE FROM admin_audit_log"),
  ]);
});

async function addMessage(fields: { recipient: string; subject: string; html?: string; text?: string; at: string; messageId?: string }): Promise<number> {
  const row = await app.db
    .prepare("INSERT INTO dev_mailbox (message_id, recipient, sender, subject, html, text, headers, created_at) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8) RETURNING id")
    .bind(
      fields.messageId ?? crypto.randomUUID(),
      fields.recipient,
      "LinkVault <no-reply@linkvault.app>",
      fields.subject,
      fields.html ?? "<p>Hello</p>",
      fields.text ?? "Hello",
      JSON.stringify({ "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" }),
      fields.at,
    )
    .first<{ id: number }>();
  return row!.id;
}

const mailboxCount = async () => (await app.db.prepare("SELECT count(*) AS n FROM dev_mailbox").first<{ n: number }>())!.n;
const auditRows = async () => (await app.db.prepare("SELECT action, target, details FROM admin_audit_log ORDER BY id").all()).results;

async function page(path: string, fetcher: TestApp["fetch"] = app.fetch) {
  const response = await fetcher(pageGet(path, cookie));
  return { status: response.status, raw: (await response.text()).replaceAll("<!-- -->", ""), csp: response.headers.get("Content-Security-Policy") ?? "" };
}

describe("only in development, while no provider is configured", () => {
  it.each([
    ["test mode", { APP_ENV: "test" }],
    ["Resend", { EMAIL_API_KEY: "re_test_key_0123456789", EMAIL_FROM: "LinkVault <hello@linkvault.example>" }],
  ])("answers 404 with %s, for the list, a message and the action, and leaves it out of the navigation", async (_label, env) => {
    const id = await addMessage({ recipient: "a@example.test", subject: "Hello", at: "2026-01-01T00:00:00.000Z" });
    const elsewhere = app.withEnv(env);
    for (const path of [PATH, `${PATH}/${id}`]) {
      const response = await page(path, elsewhere);
      expect(response.status, path).toBe(404);
      expect(response.raw).not.toContain("a@example.test");
    }
    const action = await elsewhere(adminPost(PATH, { intent: "delete-all" }, cookie));
    expect(action.status).toBe(404);
    expect(await mailboxCount()).toBe(1);
    const dashboard = await page("/admin/dashboard", elsewhere);
    expect(dashboard.raw).not.toContain(`href="${PATH}"`);
  });

  it("is in the navigation of every admin page while it is in use", async () => {
    const { raw } = await page("/admin/settings");
    expect(raw).toMatch(/<nav class="admin-nav"[^>]*>[\s\S]*href="\/admin\/mailbox"[\s\S]*<\/nav>/);
  });

  it("refuses every request without a session before anything else", async () => {
    const id = await addMessage({ recipient: "secret@example.test", subject: "Hello", at: "2026-01-01T00:00:00.000Z" });
    for (const path of [PATH, `${PATH}/${id}`]) {
      const response = await app.fetch(pageGet(path));
      expect(response.status, path).toBe(302);
      expect(response.headers.get("Location")).toBe(`/admin/login?redirectTo=${encodeURIComponent(path)}`);
      const data = await app.fetch(new Request(new URL(path, SITE_URL), { headers: { Accept: "application/json" } }));
      expect(data.status, path).toBe(401);
      expect(await data.text()).not.toContain("secret@example.test");
    }
    const post = await app.fetch(formPost(PATH, { intent: "delete-all" }, "198.51.100.7", { Accept: "application/json" }));
    expect(post.status).toBe(401);
    expect(await mailboxCount()).toBe(1);
    expect(await auditRows()).toEqual([]);
  });
});

describe("the list", () => {
  it("shows each message newest first with its recipient, subject, kind and time, 25 a page", async () => {
    // The kind comes from the outbox row the message was sent for (its provider id is the message id).
    await app.db
      .prepare("INSERT INTO email_outbox (idempotency_key, kind, recipient, status, provider_id) VALUES ('k1', 'welcome', 'new@example.test', 'sent', 'b1.x/0')")
      .run();
    await addMessage({ recipient: "old@example.test", subject: "Older", at: "2026-01-01T00:00:00.000Z" });
    const newest = await addMessage({ recipient: "new@example.test", subject: "Welcome <b>aboard</b>", at: "2026-02-03T04:05:00.000Z", messageId: "b1.x/0" });
    const { status, raw } = await page(PATH);
    expect(status).toBe(200);
    expect(raw).not.toContain("<b>aboard</b>");
    const rows = [...decodeHtml(raw).matchAll(/<tr data-testid="mailbox-row">([\s\S]*?)<\/tr>/g)].map((m) => m[1]!);
    expect(rows).toHaveLength(2);
    expect(rows[0]).toContain(`href="${PATH}/${newest}"`);
    expect(rows[0]).toContain("Welcome <b>aboard</b>");
    expect(rows[0]).toContain("new@example.test");
    expect(rows[0]).toContain("Welcome");
    expect(rows[0]).toContain("3 Feb 2026, 04:05 UTC");
    expect(rows[1]).toContain("old@example.test");
    expect(rows[1]).toContain("—");

    for (let i = 0; i < 30; i++) await addMessage({ recipient: `bulk${i}@example.test`, subject: `Bulk ${i}`, at: `2025-06-01T00:${String(i).padStart(2, "0")}:00.000Z` });
    const first = decodeHtml((await page(PATH)).raw);
    expect(first.match(/data-testid="mailbox-row"/g)).toHaveLength(25);
    expect(first).toContain("32 messages · page 1 of 2");
    const second = decodeHtml((await page(`${PATH}?page=2`)).raw);
    expect(second.match(/data-testid="mailbox-row"/g)).toHaveLength(7);
    expect((await page(`${PATH}?page=nope`)).status).toBe(200);
  });

  it("says how to fill it when it is empty", async () => {
    expect((await page(PATH)).raw).toContain("The mailbox is empty.");
  });
});

describe("one message", () => {
  it("shows a real confirmation: its HTML inline, whole and cleaned, its text, and its links as anchors", async () => {
    const entry = await app.db.prepare("INSERT INTO waitlist (email, first_name, status, metadata) VALUES ('newcomer@example.test', 'Nia', 'pending', '{}') RETURNING id").first<{ id: number }>();
    await outboxInsert(app.db, { idempotencyKey: "confirm:test", kind: "confirm", recipient: "newcomer@example.test", waitlist: { id: entry!.id }, payload: { consentRequest: true } }).run();
    const report = await deliverDueEmail({ ...app.env, ...MAILBOX }, { sleep: async () => {} });
    expect(report).toMatchObject({ sent: 1 });
    const { id } = (await app.db.prepare("SELECT id FROM dev_mailbox").first<{ id: number }>())!;

    const { status, raw, csp } = await page(`${PATH}/${id}`);
    expect(status).toBe(200);
    const html = decodeHtml(raw);
    expect(html).toContain("<h1>Confirm your email for LinkVault</h1>");
    expect(html).toContain("To newcomer@example.test");
    expect(html).toContain("Confirm");

    // The message inline at its full height, cleaned to a mail layout's tags: no style block, script, class
    // or id, and the whole of it down to its footer (the unsubscribe line).
    const preview = /<div class="mail-preview" data-testid="message-html">([\s\S]*?)<\/div><\/section>/.exec(raw)![1]!;
    expect(preview).toContain("Please confirm your email");
    expect(preview).toMatch(/href="http:\/\/127\.0\.0\.1:8788\/waitlist\/unsubscribe\?token=[^"]+"[^>]*>Unsubscribe<\/a> from LinkVault emails/);
    // Not confirmed yet: the name typed with the address is not repeated to it.
    expect(preview).not.toContain("Nia");
    expect(preview).not.toMatch(/<(style|script|head|title|meta)\b/i);
    expect(preview).not.toMatch(/\s(class|id)="/);
    expect(csp).toContain("style-src 'self'");

    // The links, as anchors of this page, in the message's order: the site, the confirmation with the button's words, unsubscribe.
    const links = [...raw.matchAll(/<li><a class="font-semibold underline" href="([^"]*)">([^<]*)<\/a>/g)].map((m) => ({ url: decodeHtml(m[1]!), label: m[2]! }));
    expect(links[0]).toEqual({ url: SITE_URL, label: "LinkVault" });
    const confirmLink = links[1]!;
    expect(confirmLink.label).toBe("Confirm my email");
    expect(confirmLink.url).toMatch(new RegExp(`^${SITE_URL}/waitlist/confirm\\?token=[\\w.-]+$`));
    expect(links.some((l) => l.url.startsWith(`${SITE_URL}/waitlist/unsubscribe?token=`))).toBe(true);
    // Each URL once (the button and its "open this address" fallback are one link).
    expect(new Set(links.map((l) => l.url)).size).toBe(links.length);

    // The plain-text part, and the headers.
    expect(html).toMatch(/<pre [^>]*data-testid="message-text">LinkVault\n/);
    expect(html).toContain(confirmLink.url);
    expect(html).toContain("List-Unsubscribe-Post");
  });

  it("escapes whatever a message holds, and answers 404 for a message that is not there", async () => {
    const id = await addMessage({
      recipient: "x@example.test",
      subject: '"><script>alert(1)</script>',
      html: '<p onclick="x()">Hi</p><script>alert(2)</script><a href="javascript:alert(3)">bad</a><a href="https://example.test/?a=1&amp;b=2">ok</a>',
      text: "<script>alert(4)</script>",
      at: "2026-01-01T00:00:00.000Z",
    });
    const { status, raw } = await page(`${PATH}/${id}`);
    expect(status).toBe(200);
    expect(raw).not.toContain("<script>");
    expect(raw).not.toContain('href="javascript:');
    expect(raw).toContain('href="https://example.test/?a=1&amp;b=2"');

    for (const path of [`${PATH}/999999`, `${PATH}/abc`, `${PATH}/-1`, `${PATH}/1.5`]) {
      const missing = await page(path);
      expect(missing.status, path).toBe(404);
    }
  });

  it("keeps only a mail layout's tags and attributes: nothing that runs, fetches, submits or reaches the page's styles", async () => {
    const hostile = [
      '<!doctype html><html><head><title>T</title><style>body{display:none}</style><meta http-equiv="refresh" content="0;url=https://evil.test"></head><body style="margin:0">',
      '<table role="presentation" width="100%" class="fixed inset-0" id="admin-main"><tr><td align="center" style="padding:8px;color:#0f172a">Kept cell</td></tr></table>',
      '<p onclick="x()" onmouseover="y()">Kept paragraph</p>',
      '<script>alert(1)</script><svg><script>alert(2)</script></svg><iframe srcdoc="<script>alert(3)</script>"></iframe>',
      '<xmp><img src=x onerror=alert(4)></xmp><noscript><img src=x onerror=alert(5)></noscript><textarea><script>alert(6)</script></textarea>',
      '<form action="https://evil.test"><input name="q"><button>Go</button></form><img src="https://tracker.test/pixel.gif">',
      '<div style="background:url(https://tracker.test/bg.png)">Kept div</div><span style="background:\\75rl(https://tracker.test/x)">Kept span</span>',
      '<a href=" JaVaScRiPt:alert(7)">Bad link</a><a href="data:text/html,x">Data link</a><a href="https://linkvault.example/ok">Good link</a>',
      "<!-- a comment --><plaintext><script>alert(8)</script>",
    ].join("");
    const id = await addMessage({ recipient: "x@example.test", subject: "Hostile", html: hostile, at: "2026-01-01T00:00:00.000Z" });
    const { status, raw } = await page(`${PATH}/${id}`);
    expect(status).toBe(200);
    const preview = /<div class="mail-preview" data-testid="message-html">([\s\S]*?)<\/div><\/section>/.exec(raw)![1]!;
    for (const kept of ["Kept cell", "Kept paragraph", "Kept div", "Kept span", "Bad link", "Good link"]) expect(preview).toContain(kept);
    expect(preview).toContain('<td align="center" style="padding:8px;color:#0f172a">');
    expect(preview).toContain('<a href="https://linkvault.example/ok" rel="noopener noreferrer">');
    expect(preview).not.toMatch(/<(script|style|svg|iframe|xmp|noscript|textarea|form|input|button|img|meta|title|head|body|html|plaintext)\b/i);
    expect(preview).not.toMatch(/\s(on\w+|class|id|src|action)=/i);
    expect(preview).not.toMatch(/javascript:|data:text|url\(|tracker\.test|evil\.test|alert\(|a comment|doctype/i);
  });

  it("reads links from HTML the way a reader sees them", () => {
    expect(
      messageLinks(
        '<a href="https://a.test/x?t=1&amp;u=2" style="x"><span>Open</span>\n  it</a> <a href="https://a.test/x?t=1&amp;u=2">https://a.test/x?t=1&amp;u=2</a>' +
          '<a href="mailto:x@y.z">mail</a><a href="/relative">rel</a><a href="https://b.test">https://b.test</a>',
      ),
    ).toEqual([
      { url: "https://a.test/x?t=1&u=2", label: "Open it" },
      { url: "https://b.test", label: "https://b.test" },
    ]);
    expect(previewHtml("<head><STYLE type=\"text/css\">a{}</STYLE></head><body style=\"x\">b</body>")).toBe('<head></head><body style="x">b</body>');
  });
});

describe("Delete all", () => {
  it("asks first, then empties the mailbox with an audit row; the outbox is untouched", async () => {
    await addMessage({ recipient: "a@example.test", subject: "One", at: "2026-01-01T00:00:00.000Z" });
    await addMessage({ recipient: "b@example.test", subject: "Two", at: "2026-01-02T00:00:00.000Z" });
    await app.db.prepare("INSERT INTO email_outbox (idempotency_key, kind, recipient, status) VALUES ('k2', 'confirm', 'a@example.test', 'sent')").run();

    const list = decodeHtml((await page(PATH)).raw);
    expect(list).toContain(`href="${PATH}?confirm=all"`);
    const confirm = decodeHtml((await page(`${PATH}?confirm=all`)).raw);
    expect(confirm).toContain('role="alertdialog"');
    expect(confirm).toContain("Delete every message in the mailbox?");
    expect(confirm).toContain('name="intent" value="delete-all"');

    const response = await app.fetch(adminPost(PATH, { intent: "delete-all", id: "all" }, cookie));
    const after = await followFlash(app, response, cookie);
    expect(after.location).toBe(PATH);
    expect(after.flash).toBe(MAILBOX_MESSAGES.cleared(2));
    expect(await mailboxCount()).toBe(0);
    expect((await app.db.prepare("SELECT count(*) AS n FROM email_outbox").first<{ n: number }>())!.n).toBe(1);
    expect(await auditRows()).toEqual([{ action: "emptied the development mailbox", target: "dev_mailbox", details: JSON.stringify({ rows: 2 }) }]);

    // Again, on an empty mailbox: said so, and nothing to audit.
    const again = await followFlash(app, await app.fetch(adminPost(PATH, { intent: "delete-all" }, cookie)), cookie);
    expect(again.flash).toBe(MAILBOX_MESSAGES.cleared(0));
    expect(await auditRows()).toHaveLength(1);
  });

  it("refuses an unknown action with 400 and a clear message", async () => {
    await addMessage({ recipient: "a@example.test", subject: "One", at: "2026-01-01T00:00:00.000Z" });
    for (const fields of [{ intent: "delete" }, {}, { intent: "retry", id: "1" }] as Record<string, string>[]) {
      const response = await app.fetch(adminPost(PATH, fields, cookie));
      expect(response.status, JSON.stringify(fields)).toBe(400);
      expect(decodeHtml(await response.text())).toContain(MAILBOX_MESSAGES.unknownIntent);
    }
    expect(await mailboxCount()).toBe(1);
    expect(await auditRows()).toEqual([]);
  });
});

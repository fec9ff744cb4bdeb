/**
 * The admin's contact inbox against real D1 in Miniflare: the list and its unread view, marking
 * read and unread, deletion through the confirmation form, audit entries, and escaped output.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { adminPost, followFlash, openAdminApp, OWNER, pageGet } from "../support/admin";
import type { TestApp } from "../support/app";

let app: TestApp;
let cookie: string;

beforeAll(async () => ({ app, cookie } = await openAdminApp()));
afterAll(() => app.dispose());

const MESSAGES = [
  { name: "Old Reader", email: "old@example.test", subject: "Thanks for the app", message: "It works well for me.", read: 1, at: "2025-01-01T10:00:00.000Z" },
  { name: "Sam Sender", email: "sam@example.test", subject: "Sync question", message: "Does sync work\non iPad too?", read: 0, at: "2025-02-01T10:00:00.000Z" },
  {
    name: "Mallory <b>",
    email: "mallory@example.test",
    subject: "<img src=x onerror=alert(1)>",
    message: 'Hello <script>alert("pwned")</script> & goodbye',
    read: 0,
    at: "2025-03-01T10:00:00.000Z",
  },
];

beforeEach(async () => {
  const insert = "INSERT INTO contact_submissions (name, email, subject, message, is_read, metadata, created_at) VALUES (?1, ?2, ?3, ?4, ?5, '{}', ?6)";
  await app.db.batch([
    app.db.prepare("DELETE FROM contact_submissions"),
    app.db.prepare("DELETE FROM admin_audit_log"),
    ...MESSAGES.map((m) => app.db.prepare(insert).bind(m.name, m.email, m.subject, m.message, m.read, m.at)),
  ]);
});

async function page(query = "") {
  const response = await app.fetch(pageGet(`/admin/contact-submissions${query}`, cookie));
  const html = (await response.text()).replaceAll("<!-- -->", "");
  const rows = [...html.matchAll(/<tr(?: class="([^"]*)")? data-testid="contact-row" data-read="(true|false)">.*?<span class="muted">([^<]*)<\/span>/g)].map((m) => ({
    email: m[3]!,
    read: m[2] === "true",
    bold: m[1] === "unread",
  }));
  return { status: response.status, html, rows };
}

async function idOf(email: string): Promise<number> {
  return (await app.db.prepare("SELECT id FROM contact_submissions WHERE email = ?1").bind(email).first<{ id: number }>())!.id;
}

async function isRead(id: number): Promise<number> {
  return (await app.db.prepare("SELECT is_read FROM contact_submissions WHERE id = ?1").bind(id).first<{ is_read: number }>())!.is_read;
}

async function auditEntries() {
  const { results } = await app.db.prepare("SELECT admin_email, action, target, details FROM admin_audit_log ORDER BY id").all();
  return results;
}

describe("the contact messages page", () => {
  it("lists messages newest first; unread ones bold with an Unread pill; each readable in full with a reply link", async () => {
    const { status, html, rows } = await page();
    expect(status).toBe(200);
    expect(rows).toEqual([
      { email: "mallory@example.test", read: false, bold: true },
      { email: "sam@example.test", read: false, bold: true },
      { email: "old@example.test", read: true, bold: false },
    ]);
    expect(html.match(/<span class="pill pill-unread">Unread<\/span>/g)).toHaveLength(2);
    expect(html).toContain("All (3)");
    expect(html).toContain("Unread (2)");
    // The whole message sits in a disclosure under its subject, line breaks kept by CSS.
    expect(html).toContain('<details class="contact-message"><summary>Sync question</summary><p class="contact-message-body">Does sync work\non iPad too?</p></details>');
    expect(html).toContain('href="mailto:sam@example.test?subject=Re%3A%20Sync%20question"');
    expect(html).toContain('aria-label="Reply to Sam Sender by email"');
    expect(html).toContain('aria-label="Mark the message from Sam Sender, “Sync question”, as read"');
    expect(html).toContain(">Mark unread</button>");
    // The layout's unread count agrees.
    expect(html).toContain('aria-label="2 unread"');
  });

  it("renders what a visitor typed as text, never as markup", async () => {
    const { html } = await page();
    expect(html).not.toContain("<script>alert");
    expect(html).not.toContain("<img src=x");
    expect(html).not.toContain("Mallory <b>");
    expect(html).toContain("Hello &lt;script&gt;alert(&quot;pwned&quot;)&lt;/script&gt; &amp; goodbye");
    expect(html).toContain("&lt;img src=x onerror=alert(1)&gt;");
    expect(html).toContain("Mallory &lt;b&gt;");
  });

  it("shows only unread messages in the unread view, and all for an unknown view", async () => {
    const unread = await page("?show=unread");
    expect(unread.rows.map((r) => r.email)).toEqual(["mallory@example.test", "sam@example.test"]);
    expect(unread.html).toMatch(/aria-current="page"[^>]*>Unread \(2\)/);
    expect((await page("?show=everything&page=-4")).rows).toHaveLength(3);

    await app.db.prepare("UPDATE contact_submissions SET is_read = 1").run();
    expect((await page("?show=unread")).html).toContain("No unread messages.");
  });

  it("pages 25 at a time", async () => {
    const insert = "INSERT INTO contact_submissions (name, email, subject, message, metadata, created_at) VALUES ('Bulk', ?1, 'Bulk', 'A bulk message.', '{}', ?2)";
    await app.db.batch(Array.from({ length: 25 }, (_, i) => app.db.prepare(insert).bind(`bulk${i}@example.test`, `2024-01-${String(i + 1).padStart(2, "0")}T00:00:00.000Z`)));
    const first = await page();
    expect(first.rows).toHaveLength(25);
    expect(first.html).toContain("28 messages · page 1 of 2");
    const second = await page("?page=2");
    expect(second.rows.map((r) => r.email)).toEqual(["bulk2@example.test", "bulk1@example.test", "bulk0@example.test"]);
    // The unread view counts only unread messages.
    expect((await page("?show=unread")).html).toContain("27 messages · page 1 of 2");
  });

  it("marks a message read and unread again, each with an audit entry, keeping the view", async () => {
    const id = await idOf("sam@example.test");
    // The row's form posts back to the page it is on, so the view survives.
    expect((await page("?show=unread")).html).toContain('<form method="post" action="/admin/contact-submissions?show=unread" data-discover="true">');
    const read = await app.fetch(adminPost("/admin/contact-submissions?show=unread", { intent: "mark-read", id: String(id) }, cookie));
    const afterRead = await followFlash(app, read, cookie);
    expect(afterRead.location).toBe("/admin/contact-submissions?show=unread");
    expect(afterRead.flash).toBe("Marked as read.");
    expect(await isRead(id)).toBe(1);
    expect(afterRead.html).not.toContain("sam@example.test");

    const unread = await app.fetch(adminPost("/admin/contact-submissions", { intent: "mark-unread", id: String(id) }, cookie));
    const afterUnread = await followFlash(app, unread, cookie);
    expect(afterUnread.location).toBe("/admin/contact-submissions");
    expect(afterUnread.flash).toBe("Marked as unread.");
    expect(await isRead(id)).toBe(0);

    expect(await auditEntries()).toEqual([
      { admin_email: OWNER.email, action: "marked message read", target: `message #${id}`, details: "{}" },
      { admin_email: OWNER.email, action: "marked message unread", target: `message #${id}`, details: "{}" },
    ]);
  });

  it("deletes a message only through the confirmation, with an audit entry", async () => {
    const id = await idOf("old@example.test");
    const confirm = await page(`?confirm=${id}`);
    expect(confirm.html).toContain('role="alertdialog"');
    expect(confirm.html).toContain("Delete the message from Old Reader?");
    expect(confirm.html).toContain("“Thanks for the app” from old@example.test will be removed for good.");
    expect(confirm.html).toContain(`<input type="hidden" name="id" value="${id}"/>`);
    expect(confirm.rows).toHaveLength(3);

    const formAction = /<form method="post" action="([^"]*)" class="admin-actions"/.exec(confirm.html)![1]!;
    expect(formAction).toBe(`/admin/contact-submissions?confirm=${id}`);
    const response = await app.fetch(adminPost(formAction, { intent: "delete", id: String(id) }, cookie));
    const after = await followFlash(app, response, cookie);
    expect(after.location).toBe("/admin/contact-submissions");
    expect(after.flash).toBe("Message deleted.");
    expect(after.html).not.toContain('role="alertdialog"');
    const { results } = await app.db.prepare("SELECT email FROM contact_submissions ORDER BY id").all<{ email: string }>();
    expect(results.map((r) => r.email)).toEqual(["sam@example.test", "mallory@example.test"]);
    expect(await auditEntries()).toEqual([
      { admin_email: OWNER.email, action: "deleted message", target: `message #${id}`, details: JSON.stringify({ from: "old@example.test", subject: "Thanks for the app" }) },
    ]);
  });

  it("answers an unknown or malformed id, or an unknown intent, with an error flash and changes nothing", async () => {
    const attempts: [Record<string, string>, string][] = [
      [{ intent: "mark-read", id: "999999" }, "That message no longer exists."],
      [{ intent: "mark-unread", id: "-1" }, "That message no longer exists."],
      [{ intent: "delete", id: "999999" }, "That message no longer exists."],
      [{ intent: "delete", id: "1 OR 1=1" }, "That message no longer exists."],
      [{ intent: "archive", id: "1" }, "That action is not available on this page."],
    ];
    for (const [fields, message] of attempts) {
      const response = await app.fetch(adminPost("/admin/contact-submissions?show=unread&page=1", fields, cookie));
      expect(response.status).toBe(302);
      const after = await followFlash(app, response, cookie);
      expect(after.location).toBe("/admin/contact-submissions?show=unread");
      expect(after.flash).toBe(message);
    }
    const { results } = await app.db.prepare("SELECT is_read FROM contact_submissions ORDER BY id").all<{ is_read: number }>();
    expect(results.map((r) => r.is_read)).toEqual([1, 0, 0]);
    expect(await auditEntries()).toEqual([]);
  });
});

import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { CONTACT_MESSAGES } from "~/features/contact/contact-rules";
import { RATE_LIMIT_MESSAGE, WAITLIST_FORM_MESSAGES } from "~/lib/messages";
import { createTestApp, formPost, unavailableD1, type TestApp } from "../support/app";
import { freezeClock } from "../support/clock";

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp({ CONTACT_RATE_LIMIT_MAX: "1000" });
});
afterAll(() => app.dispose());
beforeEach(async () => {
  await app.db.batch([app.db.prepare("DELETE FROM contact_submissions"), app.db.prepare("DELETE FROM rate_limits")]);
});

const valid = {
  name: "Ada Lovelace",
  email: "Ada@Example.com",
  subject: "Import from Pocket",
  message: "Could LinkVault import my Pocket export? I have about 2,000 links.",
  submissionTime: "1",
};

const send = (fields: Record<string, string>, ip = "203.0.113.20") => app.fetch(formPost("/api/contact", fields, ip));
const stored = async () => (await app.db.prepare("SELECT * FROM contact_submissions").all<Record<string, string | number>>()).results;

describe("contact form", () => {
  it("stores a valid message, unread, with the email normalised and no IP", async () => {
    const response = await send(valid);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ state: "success", name: "Ada" });
    const [row] = await stored();
    expect(row).toMatchObject({ name: "Ada Lovelace", email: "ada@example.com", subject: valid.subject, message: valid.message, is_read: 0 });
    expect(String(row!.metadata)).not.toContain("203.0.113");
  });

  it.each<[string, string, Record<string, string>]>([
    ["name", CONTACT_MESSAGES.nameRequired, { name: "" }],
    ["name", CONTACT_MESSAGES.nameTooLong, { name: "x".repeat(101) }],
    ["email", "Please enter a valid email address", { email: "nope" }],
    ["subject", CONTACT_MESSAGES.subjectRequired, { subject: "  " }],
    ["subject", CONTACT_MESSAGES.subjectTooLong, { subject: "s".repeat(151) }],
    ["message", CONTACT_MESSAGES.messageTooShort, { message: "short" }],
    ["message", CONTACT_MESSAGES.messageTooLong, { message: "m".repeat(5001) }],
  ])("refuses a bad %s: %s", async (field, message, override) => {
    const response = await send({ ...valid, ...override });
    expect(response.status).toBe(400);
    const body = (await response.json()) as { fieldErrors: Record<string, string> };
    expect(body.fieldErrors[field]).toBe(message);
    expect(await stored()).toHaveLength(0);
  });

  it("silently drops a filled honeypot", async () => {
    expect(await (await send({ ...valid, website: "http://spam.example" })).json()).toEqual({ state: "idle" });
    expect(await (await send({ ...valid, honeypot: "I am a bot" })).json()).toEqual({ state: "idle" });
    expect(await stored()).toHaveLength(0);
  });

  it("stores a form sent 100 ms after it was rendered (autofill and a click), with and without JavaScript", async () => {
    const now = freezeClock(); // the form is exactly 100 ms old however slow the request is
    expect(await (await send({ ...valid, submissionTime: String(now - 100) })).json()).toEqual({ state: "success", name: "Ada" });
    const page = await app.fetch(formPost("/contact", { ...valid, email: "grace@example.com", submissionTime: String(now - 100) }, "203.0.113.21"));
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("Your message has reached us.");
    expect((await stored()).map((row) => row.email)).toEqual(["ada@example.com", "grace@example.com"]);
  });

  it("rate-limits each client with a clear message", async () => {
    freezeClock();
    const limited = await createTestApp({ CONTACT_RATE_LIMIT_MAX: "2" });
    try {
      const post = () => limited.fetch(formPost("/api/contact", valid, "192.0.2.9"));
      expect((await post()).status).toBe(200);
      expect((await post()).status).toBe(200);
      const refused = await post();
      expect(refused.status).toBe(429);
      expect(await refused.json()).toMatchObject({ message: RATE_LIMIT_MESSAGE });
      expect((await limited.fetch(formPost("/api/contact", valid, "192.0.2.10"))).status).toBe(200);
    } finally {
      await limited.dispose();
    }
  });

  it("answers the server error message when the database is unavailable", async () => {
    const response = await app.withEnv({ DB: unavailableD1() })(formPost("/api/contact", valid));
    expect(response.status).toBe(503);
    expect(await response.json()).toMatchObject({ message: WAITLIST_FORM_MESSAGES.server });
  });

  it("renders the answer as a page without JavaScript, escaping and keeping typed values on error", async () => {
    const ok = await app.fetch(formPost("/contact", valid));
    expect(ok.status).toBe(200);
    expect(await ok.text()).toContain("Your message has reached us");

    const bad = await app.fetch(formPost("/contact", { ...valid, message: "<i>x</i>" }));
    expect(bad.status).toBe(400);
    const html = await bad.text();
    expect(html).toContain(CONTACT_MESSAGES.messageTooShort.replace(/'/g, "&#x27;"));
    expect(html).toContain("&lt;i&gt;x&lt;/i&gt;");
    expect(html).not.toContain("<i>x</i>");
    expect(html).toContain('value="Import from Pocket"');
  });
});

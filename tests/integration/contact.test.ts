import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { CONTACT_MESSAGES } from "~/features/contact/contact-schema";
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

/** What the form sends with JavaScript: its page's action, answered as Remix data (ADR 0051). */
const ENHANCED = "/contact?_data=routes%2F(%24lang).contact";

const valid = {
  name: "Ada Lovelace",
  email: "Ada@Example.com",
  subject: "Import from Pocket",
  message: "Could LinkVault import my Pocket export? I have about 2,000 links.",
  submissionTime: "1",
};

interface Answer {
  state: string;
  message?: string;
  name?: string;
  reply?: { error?: Record<string, string[]>; initialValue?: Record<string, string> };
}

const send = (fields: Record<string, string>, ip = "203.0.113.20") => app.fetch(formPost(ENHANCED, fields, ip));
const answerOf = async (response: Response) => (await response.json()) as Answer;
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

  it("stores the fields trimmed", async () => {
    expect((await send({ ...valid, name: "  Ada Lovelace ", subject: " Import ", message: "\n" + valid.message + "  \n" })).status).toBe(200);
    expect(await stored()).toMatchObject([{ name: "Ada Lovelace", subject: "Import", message: valid.message }]);
  });

  it.each<[string, string, Record<string, string>]>([
    ["name", CONTACT_MESSAGES.nameRequired, { name: "" }],
    ["name", CONTACT_MESSAGES.nameTooLong, { name: "x".repeat(101) }],
    ["name", "Please enter just your name, without links or web addresses", { name: "https://evil.example/verify" }],
    ["email", "Please enter a valid email address", { email: "nope" }],
    ["email", "Please enter a valid email address", { email: "Ann <ann@example.com>" }],
    ["subject", CONTACT_MESSAGES.subjectRequired, { subject: "  " }],
    ["subject", CONTACT_MESSAGES.subjectTooLong, { subject: "s".repeat(151) }],
    ["message", CONTACT_MESSAGES.messageTooShort, { message: "short" }],
    ["message", CONTACT_MESSAGES.messageTooLong, { message: "m".repeat(5001) }],
  ])("refuses a bad %s: %s", async (field, message, override) => {
    const response = await send({ ...valid, ...override });
    expect(response.status).toBe(400);
    const answer = await answerOf(response);
    expect(answer).toMatchObject({ state: "error", message: CONTACT_MESSAGES.checkFields });
    // Each field says what is wrong with it, once; the others say nothing.
    expect(answer.reply?.error).toEqual({ [field]: [message] });
    expect(await stored()).toHaveLength(0);
  });

  it("refuses a form missing its fields, field by field, and sends back only what the form has", async () => {
    const response = await send({ name: "Ada", honeypot: "", website: "", submissionTime: "1", extra: "<b>x</b>" });
    expect(response.status).toBe(400);
    const answer = await answerOf(response);
    expect(answer.reply?.error).toEqual({
      email: ["Please enter a valid email address"],
      subject: [CONTACT_MESSAGES.subjectRequired],
      message: [CONTACT_MESSAGES.messageTooShort],
    });
    expect(answer.reply?.initialValue).toEqual({ name: "Ada" });
  });

  it("reads conform's control fields as nothing: a hostile __intent__ neither crashes nor steers the form", async () => {
    const reset = JSON.stringify({ type: "reset", payload: {} });
    expect((await send({ ...valid, __intent__: "{not json" })).status).toBe(200);
    expect((await send({ ...valid, __intent__: reset, __state__: "[" })).status).toBe(200);
    expect((await send({ ...valid, message: "short", __intent__: reset })).status).toBe(400);
    expect(await stored()).toHaveLength(2);
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

  it("rate-limits each client with a clear message and Retry-After, with or without JavaScript", async () => {
    freezeClock();
    const limited = await createTestApp({ CONTACT_RATE_LIMIT_MAX: "2" });
    try {
      const post = (path: string, ip = "192.0.2.9") => limited.fetch(formPost(path, valid, ip));
      expect((await post(ENHANCED)).status).toBe(200);
      expect((await post(ENHANCED)).status).toBe(200);
      const refused = await post(ENHANCED);
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(0);
      const answer = await answerOf(refused);
      expect(answer).toMatchObject({ state: "error", message: RATE_LIMIT_MESSAGE, reply: { error: { "": [RATE_LIMIT_MESSAGE] } } });
      // What was typed comes back, so the form keeps it.
      expect(answer.reply?.initialValue).toMatchObject({ name: valid.name, message: valid.message });

      const page = await post("/contact");
      expect(page.status).toBe(429);
      expect(Number(page.headers.get("Retry-After"))).toBeGreaterThan(0);
      const html = await page.text();
      expect(html).toContain(RATE_LIMIT_MESSAGE);
      expect(html).toContain('value="Import from Pocket"');

      expect((await post(ENHANCED, "192.0.2.10")).status).toBe(200);
    } finally {
      await limited.dispose();
    }
  });

  it("answers the server error message when the database is unavailable", async () => {
    const response = await app.withEnv({ DB: unavailableD1() })(formPost(ENHANCED, valid));
    expect(response.status).toBe(503);
    expect(await response.json()).toMatchObject({ state: "error", message: WAITLIST_FORM_MESSAGES.server, reply: { error: { "": [WAITLIST_FORM_MESSAGES.server] } } });
  });

  it("refuses a body that is not a readable form with the generic message", async () => {
    const response = await app.fetch(
      new Request(new URL(ENHANCED, "http://127.0.0.1:8788"), {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded; charset=iso-8859-1", Origin: "http://127.0.0.1:8788" },
        body: "name=Ren%E9",
      }),
    );
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ state: "error", message: WAITLIST_FORM_MESSAGES.fallback });
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

  it("has no JSON twin: /api/contact is gone", async () => {
    expect((await app.fetch(formPost("/api/contact", valid))).status).toBe(404);
    expect(await stored()).toHaveLength(0);
  });
});

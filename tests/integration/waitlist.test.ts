import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { MAX_REQUEST_BODY_BYTES } from "~/lib/constants";
import { notifySuccessMessage, RATE_LIMIT_MESSAGE, WAITLIST_FORM_MESSAGES, WAITLIST_SIGNED_UP_TEXT } from "~/lib/messages";
import { REFERRAL_INVITE_TEXT } from "../support/spec-texts";
import { createTestApp, formPost, unavailableD1, type TestApp, SIGN_UP_ACTION, refusal } from "../support/app";
import { freezeClock } from "../support/clock";
import { shownMarkup } from "../support/waitlist-entries";

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp({ WAITLIST_RATE_LIMIT_MAX: "1000" });
});
afterAll(() => app.dispose());
beforeEach(async () => {
  await app.db.batch([app.db.prepare("DELETE FROM waitlist"), app.db.prepare("DELETE FROM rate_limits")]);
});

/** A submission as the enhanced form sends it (to the JSON endpoint). */
function signUp(fields: Record<string, string>, ip = "203.0.113.10", headers: Record<string, string> = {}) {
  return app.fetch(
    formPost(SIGN_UP_ACTION, { submissionTime: String(Date.now() - 10_000), ...fields }, ip, headers),
  );
}

async function rows() {
  const { results } = await app.db.prepare("SELECT * FROM waitlist ORDER BY id").all<Record<string, string>>();
  return results;
}

describe("waitlist sign-up", () => {
  it("stores a valid entry, normalised, with the name split and all metadata", async () => {
    const response = await signUp(
      {
        email: "  Ada.Lovelace@Example.COM ",
        name: "Ada  King Lovelace",
        source: "main_waitlist_section",
        intent: "beta_testing",
        referrer: "https://news.ycombinator.com/item?id=1",
        utm_source: "newsletter",
        utm_campaign: "launch",
      },
      "203.0.113.10",
      { "User-Agent": "Mozilla/5.0 (iPhone) TestAgent" },
    );
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ state: "success", firstName: "Ada", email: "Ada.Lovelace@Example.COM" });

    const [row] = await rows();
    expect(row).toMatchObject({
      email: "ada.lovelace@example.com",
      first_name: "Ada",
      last_name: "King Lovelace",
      source: "main_waitlist_section",
      intent: "beta_testing",
    });
    expect(row!.created_at).toMatch(/^\d{4}-\d\d-\d\dT/);
    const metadata = JSON.parse(row!.metadata!);
    expect(metadata).toMatchObject({
      user_agent: "Mozilla/5.0 (iPhone) TestAgent",
      referrer: "https://news.ycombinator.com/item?id=1",
      utm_source: "newsletter",
      utm_medium: "none",
      utm_campaign: "launch",
      platform: "ios",
      action: "join_beta",
    });
    expect(Date.parse(metadata.timestamp)).toBeGreaterThan(Date.now() - 60_000);
  });

  it("defaults referrer to 'direct' and UTM tags to 'none', and keeps the name optional", async () => {
    const response = await signUp({ email: "solo@example.com" });
    expect(response.status).toBe(200);
    const [row] = await rows();
    expect(row!.first_name).toBeNull();
    expect(row!.last_name).toBeNull();
    expect(JSON.parse(row!.metadata!)).toMatchObject({ referrer: "direct", utm_source: "none", utm_medium: "none", utm_campaign: "none" });
  });

  it.each(["not-an-email", "a b@example.com", "missing@tld", "@example.com", "", `${"x".repeat(250)}@example.com`])(
    "refuses the invalid email %j with the spec's message and stores nothing",
    async (email) => {
      const response = await signUp({ email });
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject(refusal("email", "Please enter a valid email address"));
      expect(await rows()).toHaveLength(0);
    },
  );

  it("answers a duplicate in another case with the spec's message", async () => {
    await signUp({ email: "dup@example.com" });
    const response = await signUp({ email: "DUP@Example.com" }, "203.0.113.11");
    expect(response.status).toBe(409);
    expect(await response.json()).toMatchObject(refusal("email", "This email is already in our beta testing program!"));
    expect(await rows()).toHaveLength(1);
  });

  it("stores 50 concurrent distinct sign-ups as 50 rows", async () => {
    const responses = await Promise.all(
      Array.from({ length: 50 }, (_, i) => signUp({ email: `person${i}@example.com` }, `198.51.100.${i}`)),
    );
    expect(responses.map((r) => r.status)).toEqual(Array(50).fill(200));
    expect(await rows()).toHaveLength(50);
  });

  it("stores 20 concurrent sign-ups of one email once, answering the other 19 as duplicates", async () => {
    const responses = await Promise.all(
      Array.from({ length: 20 }, (_, i) => signUp({ email: i % 2 ? "race@example.com" : "RACE@example.com" }, `198.51.100.${i}`)),
    );
    const statuses = responses.map((r) => r.status);
    expect(statuses.filter((s) => s >= 500)).toEqual([]);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(19);
    expect(await rows()).toHaveLength(1);
  });

  it.each([
    { honeypot: "I am a bot" },
    { website: "https://spam.example" },
  ] as Record<string, string>[])("silently drops a submission with a filled trap %j", async (trap) => {
    const response = await signUp({ email: "bot@example.com", ...trap });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ state: "idle" });
    expect(await rows()).toHaveLength(0);
  });

  it("stores a form sent 200 ms after it was rendered (autofill and a click), from every form, with and without JavaScript", async () => {
    const now = freezeClock(); // every form is exactly 200 ms old however slow the request is
    const submissionTime = String(now - 200);
    const notify = { name: "Ada Lovelace", source: "notification_modal", intent: "waitlist", platform: "android", submissionTime };

    const enhanced = await signUp({ email: "fast-js@example.com", submissionTime });
    expect(enhanced.status).toBe(200);
    expect(await enhanced.json()).toEqual({ state: "success", firstName: null, email: "fast-js@example.com" });
    const modal = await signUp({ email: "fast-modal@example.com", ...notify });
    expect(await modal.json()).toEqual({ state: "success", firstName: "Ada", email: "fast-modal@example.com" });

    const page = await app.fetch(formPost("/waitlist", { email: "fast-nojs@example.com", submissionTime }));
    expect(page.status).toBe(200);
    const pageHtml = await page.text();
    expect(pageHtml).toContain(WAITLIST_SIGNED_UP_TEXT.joinedHeading);
    expect(pageHtml).toContain(WAITLIST_SIGNED_UP_TEXT.joinedNextSteps.replaceAll("'", "&#x27;"));
    const notifyPage = await app.fetch(formPost("/notify?platform=android&intent=waitlist", { email: "fast-notify@example.com", ...notify }));
    expect(notifyPage.status).toBe(200);
    expect(await notifyPage.text()).toContain(notifySuccessMessage("Android", "waitlist").replaceAll("'", "&#x27;"));

    expect((await rows()).map((row) => row.email)).toEqual(["fast-js@example.com", "fast-modal@example.com", "fast-nojs@example.com", "fast-notify@example.com"]);
  });

  it("refuses an oversized body with 413 and stores nothing", async () => {
    const response = await signUp({ email: "big@example.com", name: "x".repeat(MAX_REQUEST_BODY_BYTES + 1) });
    expect(response.status).toBe(413);
    expect(await response.text()).not.toMatch(/at \w+ \(|Error:/);
    expect(await rows()).toHaveLength(0);
  });

  it("refuses an oversized body even when Content-Length understates it", async () => {
    const body = new ReadableStream({
      start(controller) {
        controller.enqueue(new TextEncoder().encode(`email=a%40b.co&name=${"x".repeat(MAX_REQUEST_BODY_BYTES)}`));
        controller.close();
      },
    });
    const request = new Request("http://127.0.0.1:8788/waitlist", {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body,
      // @ts-expect-error Node's fetch needs this for a streamed body
      duplex: "half",
    });
    expect((await app.fetch(request)).status).toBe(413);
  });

  it("answers the server error message when the database is unavailable", async () => {
    const response = await app.withEnv({ DB: unavailableD1() })(
      formPost(SIGN_UP_ACTION, { email: "down@example.com", submissionTime: "1" }),
    );
    expect(response.status).toBe(503);
    expect(await response.json()).toMatchObject({ state: "error", message: WAITLIST_FORM_MESSAGES.server });
  });

  it("renders the welcome screen for a document POST (no JavaScript)", async () => {
    const response = await app.fetch(formPost("/waitlist", { email: "nojs@example.com", submissionTime: "1" }));
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain(WAITLIST_SIGNED_UP_TEXT.joinedHeading);
    expect(html).toContain("Back to Homepage");
  });

  it("renders the error next to the field with the typed values kept (no JavaScript)", async () => {
    const response = await app.fetch(formPost("/waitlist", { email: "not an email", name: "Grace <b>Hopper</b>", submissionTime: "1" }));
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toContain("Please enter a valid email address");
    expect(html).toContain('value="not an email"');
    expect(html).toContain('value="Grace &lt;b&gt;Hopper&lt;/b&gt;"');
    expect(html).not.toContain("<b>Hopper</b>");
  });

  it("refuses tampered hidden fields with a 400, not a 5xx", async () => {
    const response = await signUp({ email: "t@example.com", source: "'; DROP TABLE waitlist; --" });
    expect(response.status).toBe(400);
    expect(await rows()).toHaveLength(0);
  });
});

describe("a referral link's page (/waitlist?ref=…)", () => {
  const page = (path: string, fetch = app.fetch) => fetch(new Request(new URL(path, "http://127.0.0.1:8788"))).then((r) => r.text());

  it("says a friend invited the visitor when the code is someone's on the list, and never who", async () => {
    await signUp({ email: "rosalind@example.com", name: "Rosalind Franklin" });
    const [referrer] = await rows();
    const html = await page(`/waitlist?ref=${referrer!.referral_code}`);
    expect(html).toContain(REFERRAL_INVITE_TEXT.title);
    expect(html).not.toMatch(/Rosalind|Franklin|rosalind@/i);
    // Without JavaScript an error answer renders the form again, still carrying the code.
    expect(html).toContain(`action="/waitlist?ref=${referrer!.referral_code}"`);
    expect(html).toContain(`name="ref" value="${referrer!.referral_code}"`);
  });

  it.each(["/waitlist", "/waitlist?ref=zzzzzzzzzz", "/waitlist?ref=' OR 1=1 --"])("says nothing of a friend on %s (no code, or nobody's)", async (path) => {
    await signUp({ email: "someone@example.com" });
    const html = await page(path);
    expect(html).toContain("Reserve your spot");
    expect(shownMarkup(html)).not.toContain(REFERRAL_INVITE_TEXT.title);
  });

  it("still shows the form, without the note, when D1 cannot answer", async () => {
    const html = await page("/waitlist?ref=abcdefghij", app.withEnv({ DB: unavailableD1() }));
    expect(html).toContain("Reserve your spot");
    expect(shownMarkup(html)).not.toContain(REFERRAL_INVITE_TEXT.title);
  });
});

describe("waitlist rate limit", () => {
  it("limits each client to the configured number of submissions, with a clear message, without storing IPs", async () => {
    freezeClock();
    const limited = await createTestApp({ WAITLIST_RATE_LIMIT_MAX: "3", WAITLIST_RATE_LIMIT_WINDOW_SECONDS: "600" });
    try {
      const send = (i: number, ip: string) =>
        limited.fetch(formPost(SIGN_UP_ACTION, { email: `rl${i}@example.com`, submissionTime: "1" }, ip));
      const statuses = [];
      for (let i = 0; i < 4; i++) statuses.push((await send(i, "192.0.2.77")).status);
      expect(statuses).toEqual([200, 200, 200, 429]);
      const refused = await send(9, "192.0.2.77");
      expect(refused.headers.get("Retry-After")).toMatch(/^\d+$/);
      expect(await refused.json()).toMatchObject({ state: "error", message: RATE_LIMIT_MESSAGE });
      // Another client is unaffected.
      expect((await send(10, "192.0.2.78")).status).toBe(200);

      const { results } = await limited.db.prepare("SELECT bucket FROM rate_limits").all<{ bucket: string }>();
      expect(results.length).toBeGreaterThan(0);
      for (const { bucket } of results) expect(bucket).not.toContain("192.0.2");
      const stored = await limited.db.prepare("SELECT metadata FROM waitlist").all<{ metadata: string }>();
      for (const { metadata } of stored.results) expect(metadata).not.toContain("192.0.2");
    } finally {
      await limited.dispose();
    }
  });

  it("counts an IPv6 client by its /64: another address of the network is refused, another network is not", async () => {
    const limited = await createTestApp({ WAITLIST_RATE_LIMIT_MAX: "5", WAITLIST_RATE_LIMIT_WINDOW_SECONDS: "600" });
    try {
      let n = 0;
      const send = (ip: string) => limited.fetch(formPost(SIGN_UP_ACTION, { email: `v6-${n++}@example.com`, submissionTime: "1" }, ip));
      for (let i = 0; i < 5; i++) expect((await send("2001:db8:1:1::1")).status).toBe(200);
      expect((await send("2001:db8:1:1::1")).status).toBe(429);
      // The same /64 in other spellings and other host parts: one client.
      for (const sameNetwork of ["2001:db8:1:1::2", "2001:0DB8:0001:0001:ffff:ffff:ffff:ffff", "[2001:db8:1:1::3]", "2001:db8:1:1::4%eth0"]) {
        expect((await send(sameNetwork)).status, sameNetwork).toBe(429);
      }
      expect((await send("2001:db8:1:2::1")).status).toBe(200);
      // IPv4 stays per address, and an IPv4-mapped IPv6 address is that IPv4 client.
      for (let i = 0; i < 5; i++) expect((await send("192.0.2.90")).status).toBe(200);
      expect((await send("::ffff:192.0.2.90")).status).toBe(429);
      expect((await send("192.0.2.91")).status).toBe(200);
    } finally {
      await limited.dispose();
    }
  });
});

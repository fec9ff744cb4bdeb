/**
 * No personal data in the logs, also when storage fails (ADR 0034). Drizzle's error for a failed
 * query quotes the statement's bound parameters, which are the very things a visitor typed: every
 * write path that can log a storage error is made to fail inside SQLite (a trigger aborts the write,
 * so the error is D1's and drizzle's own), and no log line may then carry the submitted email, name,
 * user agent, referrer or message. Each path must also have logged its failure, so the check is
 * never vacuous.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { deliverDueEmail } from "~/features/email/sender.server";
import { adminPost, createAdminUser, OWNER, signIn } from "../support/admin";
import { abortWritesTo, createTestApp, formPost, type TestApp, SIGN_UP_ACTION, NOTIFY_ACTION } from "../support/app";

const PERSON = {
  email: "quinn.private@example.com",
  name: "Quirinus Privatfeld",
  userAgent: "PrivacyProbe/7.3 (unique-agent-5521)",
  referrer: "https://referrer.example/secret-path-8842?who=quinn",
  message: "My very private message 3317, which nobody but the owner should read.",
};
/** Each piece of personal data, and a telling part of it (a log may quote it cut or escaped). */
const TELLTALES = [PERSON.email, "quinn.private", PERSON.name, "Privatfeld", PERSON.userAgent, "unique-agent-5521", PERSON.referrer, "secret-path-8842", PERSON.message, "private message 3317"];
const HEADERS = { "User-Agent": PERSON.userAgent, Referer: PERSON.referrer, Accept: "application/json" };

let lines: string[] = [];
beforeEach(() => {
  lines = [];
  for (const method of ["log", "info", "warn", "error", "debug"] as const) {
    vi.spyOn(console, method).mockImplementation((...args: unknown[]) => void lines.push(args.map((a) => (a instanceof Error ? `${a.message} ${a.stack}` : String(a))).join(" ")));
  }
});
afterEach(() => vi.restoreAllMocks());

/** Every line logged so far: none carries personal data, and at least one reports an error. */
function expectErrorLoggedWithoutPersonalData(label: string) {
  expect(lines.some((line) => /"level":"error"/.test(line)), `${label}: the failure was logged\n${lines.join("\n")}`).toBe(true);
  for (const line of lines) {
    for (const telltale of TELLTALES) expect(line.toLowerCase(), `${label}: a log line quotes "${telltale}"`).not.toContain(telltale.toLowerCase());
    expect(line, `${label}: a log line lists bound parameters`).not.toMatch(/\bparams:/);
  }
}

/** Runs `act` while SQLite refuses every write to `table`. */
async function withWritesFailing<T>(db: D1Database, table: string, act: () => Promise<T>): Promise<T> {
  const restore = await abortWritesTo(db, table);
  try {
    return await act();
  } finally {
    await restore();
  }
}

const signUpFields = (source = "main_waitlist_section") => ({
  email: PERSON.email,
  name: PERSON.name,
  referrer: PERSON.referrer,
  source,
  submissionTime: "1",
});

describe("storage errors on the public forms (email off)", () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp({ WAITLIST_RATE_LIMIT_MAX: "1000", CONTACT_RATE_LIMIT_MAX: "1000" });
  });
  afterAll(() => app.dispose());

  it.each([
    ["the waitlist (as data)", SIGN_UP_ACTION, "main_waitlist_section"],
    ["the waitlist (no JavaScript)", "/waitlist", "main_waitlist_section"],
    ["the notification form", NOTIFY_ACTION, "notification_modal"],
    ["the promotion page's form", "/waitlist", "promotion_page"],
  ])("%s", async (label, path, source) => {
    const response = await withWritesFailing(app.db, "waitlist", () => app.fetch(formPost(path, signUpFields(source), "203.0.113.40", HEADERS)));
    expect(response.status).toBe(503);
    expectErrorLoggedWithoutPersonalData(label);
  });

  it("the contact form", async () => {
    const fields = { name: PERSON.name, email: PERSON.email, subject: "About my data", message: PERSON.message, submissionTime: "1" };
    const response = await withWritesFailing(app.db, "contact_submissions", () => app.fetch(formPost("/contact", fields, "203.0.113.41", HEADERS)));
    expect(response.status).toBe(503);
    expectErrorLoggedWithoutPersonalData("contact");
  });
});

describe("storage errors in the admin", () => {
  let app: TestApp;
  let cookie: string;
  beforeAll(async () => {
    app = await createTestApp({ ADMIN_LOGIN_RATE_LIMIT_MAX: "1000" });
    await createAdminUser(app.db, { email: OWNER.email, role: "owner" });
    cookie = await signIn(app);
  });
  afterAll(() => app.dispose());

  const admin = (path: string, fields: Record<string, string>) => adminPost(path, fields, cookie);

  it("a review (the reviewer's name and words)", async () => {
    const review = { intent: "create", title: "Private title", content: PERSON.message, author_name: PERSON.name, author_platform: "reddit", rating: "4", image_url: "", sort_order: "", is_active: "on" };
    const response = await withWritesFailing(app.db, "customer_reviews", () => app.fetch(admin("/admin/reviews/new", review)));
    expect([302, 503]).toContain(response.status);
    expectErrorLoggedWithoutPersonalData("reviews");
  });

  it("a new admin (their email and name)", async () => {
    const fields = { intent: "add", email: PERSON.email, name: PERSON.name, role: "admin", password: "a long enough password for a new admin" };
    const response = await withWritesFailing(app.db, "admin_users", () => app.fetch(admin("/admin/users", fields)));
    expect([302, 503]).toContain(response.status);
    expectErrorLoggedWithoutPersonalData("admin users");
  });

  it("a sign-in whose session cannot be stored (the browser's user agent)", async () => {
    const request = formPost("/admin/login", { ...OWNER }, "203.0.113.42", { "User-Agent": PERSON.userAgent });
    const response = await withWritesFailing(app.db, "admin_sessions", () => app.fetch(request));
    expect(response.status).toBe(503);
    expectErrorLoggedWithoutPersonalData("sign-in");
  });
});

describe("storage errors around the email outbox (development mailbox on)", () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp({ APP_ENV: "development", SITE_URL: "http://127.0.0.1:8788", WAITLIST_RATE_LIMIT_MAX: "1000" });
  });
  afterAll(() => app.dispose());

  it("a sign-up whose confirmation cannot be queued", async () => {
    const response = await withWritesFailing(app.db, "email_outbox", () => app.fetch(formPost(SIGN_UP_ACTION, signUpFields(), "203.0.113.43", HEADERS)));
    await app.settle();
    expect(response.status).toBe(503);
    expectErrorLoggedWithoutPersonalData("outbox insert");
  });

  it("the sender, when the mailbox cannot be written or the outbox updated", async () => {
    // A queued confirmation for this person (its payload names them); its delivery fails into the mailbox.
    const queued = await withWritesFailing(app.db, "dev_mailbox", async () => {
      const response = await app.fetch(formPost(SIGN_UP_ACTION, signUpFields(), "203.0.113.44", HEADERS));
      await app.settle();
      return response;
    });
    expect(queued.status).toBe(200);
    // The retry, once due, while the outbox refuses the sender's claim.
    const later = Date.now() + 86_400_000;
    await withWritesFailing(app.db, "email_outbox", () => expect(deliverDueEmail(app.env, { now: later, deadlineMs: 5_000 })).rejects.toThrow());
    expectErrorLoggedWithoutPersonalData("sender");
    // The failure detail kept on the row (shown on the admin's email page) is as clean as the logs.
    const { results } = await app.db.prepare("SELECT last_error FROM email_outbox").all<{ last_error: string | null }>();
    expect(results.some((row) => row.last_error)).toBe(true);
    for (const { last_error } of results) for (const telltale of TELLTALES) expect(String(last_error)).not.toContain(telltale);
  });
});

/**
 * Importing people from a CSV file (issue 31, ADR 0053) through the real admin pages in workerd: the
 * upload, its preview (counts and a reason per row), the import (confirmed with consent evidence,
 * pending and sent the ordinary confirmation otherwise), the same file again adding no one, 10,000
 * rows in one go, and every bad file answered with a 4xx and a message that says what is wrong.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { cleanUpEmailData, PENDING_ENTRY_LIFETIME_MS } from "~/features/email/jobs.server";
import { deliverDueEmail } from "~/features/email/sender.server";
import { suppress } from "~/features/email/suppression.server";
import type { JobsEnv } from "~/lib/env.server";
import { adminPost, decodeHtml, followFlash, openAdminApp, pageGet } from "../support/admin";
import type { TestApp } from "../support/app";
import { emailVariables, SITE_URL } from "../support/email-variables";
import { startResendStandin, type ResendStandin } from "../support/standins";

let standin: ResendStandin;
let app: TestApp;
let cookie: string;
let secret: string;

beforeAll(async () => {
  standin = await startResendStandin({ ratePerSecond: 0 });
  const vars = emailVariables(standin);
  secret = vars.SUPPRESSION_HASH_SECRET!;
  ({ app, cookie } = await openAdminApp(vars));
});
afterAll(async () => {
  await app.dispose();
  await standin.close();
});
afterEach(async () => {
  await app.settle();
  await app.db.batch(["email_outbox", "waitlist", "email_suppressions", "waitlist_imports", "admin_audit_log"].map((t) => app.db.prepare(`DELETE FROM ${t}`)));
  await standin.reset();
});

const ORIGIN = "http://127.0.0.1:8788";
const jobsEnv = () => ({ ...app.env, DB: app.db }) as unknown as JobsEnv;

/** The upload form's POST: the file as multipart, as a browser sends it. */
function upload(content: string | Uint8Array<ArrayBuffer>, name = "people.csv", withCookie = cookie): Promise<Response> {
  const form = new FormData();
  form.set("file", new File([content], name, { type: "text/csv" }));
  return app.fetch(
    new Request(`${ORIGIN}/admin/import`, { method: "POST", body: form, headers: { Origin: ORIGIN, Accept: "text/html", ...(withCookie ? { Cookie: withCookie } : {}) } }),
  );
}

/** Uploads and opens the preview; answers its path and the counts it shows. */
async function preview(content: string, name?: string) {
  const response = await upload(content, name);
  expect(response.status).toBe(302);
  const path = response.headers.get("Location")!;
  expect(path).toMatch(/^\/admin\/import\/[0-9a-f]{32}\.[0-9a-z]+\.[A-Za-z0-9_-]{22}$/);
  const html = await (await app.fetch(pageGet(path, cookie))).text();
  return { path, html, counts: countsIn(html) };
}

function countsIn(html: string) {
  const read = (name: string) => Number(new RegExp(`data-testid="count-${name}">([\\d,]+)<`).exec(html)?.[1]?.replaceAll(",", "") ?? NaN);
  return { add: read("add"), duplicate: read("duplicate"), suppressed: read("suppressed"), invalid: read("invalid") };
}

/** The page's text as read: React's markers between text parts gone, entities decoded. */
const readable = (html: string) => decodeHtml(html.replaceAll("<!-- -->", ""));
const importIt = (path: string) => app.fetch(adminPost(path, { intent: "import" }, cookie));
const waitlistCount = async (where = "1") => (await app.db.prepare(`SELECT count(*) AS n FROM waitlist WHERE ${where}`).first<{ n: number }>())!.n;
const csv = (lines: string[][]) => lines.map((fields) => fields.map((f) => (/[",\n]/.test(f) ? `"${f.replaceAll('"', '""')}"` : f)).join(",")).join("\r\n") + "\r\n";
const HEADER = ["Email", "Name", "Intent", "Platform", "Signed up", "Consent evidence"];

/**
 * The issue's file: 1,000 rows, of which 50 duplicates (25 other spellings of an inbox earlier in the
 * file, 25 of an inbox already on the list), 10 suppressed and 10 invalid; the other 930 are new,
 * every other one with consent evidence.
 */
async function issueFile(): Promise<string[][]> {
  const listed = Array.from({ length: 25 }, (_, i) => `listed.person${i}@gmail.com`);
  const suppressed = Array.from({ length: 10 }, (_, i) => `gone${i}@example.test`);
  await app.db.batch([
    ...listed.map((email, i) =>
      app.db.prepare("INSERT INTO waitlist (email, status, intent, line_seq, referral_code) VALUES (?1, 'confirmed', 'beta_testing', ?2, ?3)").bind(email, i + 1, `seedcode${i}`),
    ),
    ...(await Promise.all(suppressed.map((email, i) => suppress(app.db, secret, email, i % 2 ? "bounced" : "unsubscribed")))),
  ]);
  const rows: string[][] = [];
  for (let i = 0; i < 930; i++) {
    rows.push([`new.person${i}@gmail.com`, `Person ${i}`, i % 3 === 0 ? "waitlist" : "beta_testing", "ios", `2025-03-${String((i % 28) + 1).padStart(2, "0")}`, i % 2 ? "" : `Signed the paper form at the launch event, row ${i}`]);
  }
  // Other spellings of inboxes above (Gmail ignores dots, case and +tags): duplicates within the file.
  for (let i = 0; i < 25; i++) rows.push([`NewPerson${i}+promo@googlemail.com`, `Again ${i}`, "", "", "", ""]);
  // Already on the list, spelt otherwise.
  for (let i = 0; i < 25; i++) rows.push([`ListedPerson${i}@gmail.com`, "", "", "", "", ""]);
  for (let i = 0; i < 10; i++) rows.push([`Gone${i}@Example.test`, "", "", "", "", ""]);
  const invalid = [
    ["not-an-email", "", "", "", "", ""],
    ["two@@example.test", "", "", "", "", ""],
    ["", "No Email", "", "", "", ""],
    ["ann <ann@example.test>", "", "", "", "", ""],
    ["link@example.test", "visit evil.example now", "", "", "", ""],
    ["long@example.test", "x".repeat(101), "", "", "", ""],
    ["baddate@example.test", "", "", "", "31/01/2025", ""],
    ["future@example.test", "", "", "", "2999-01-01", ""],
    ["intent@example.test", "", "sometimes", "", "", ""],
    ["platform@example.test", "", "", "windows", "", ""],
  ];
  rows.push(...invalid);
  return [HEADER, ...rows];
}

describe("an import of a 1,000-row file with 50 duplicates, 10 suppressed and 10 invalid rows", () => {
  it("previews exactly those numbers, row by row with why; imports them; and the same file again adds no one", async () => {
    const file = csv(await issueFile());
    const first = await preview(file, "launch list.csv");
    expect(first.counts).toEqual({ add: 930, duplicate: 50, suppressed: 10, invalid: 10 });
    expect(readable(first.html)).toContain("launch list.csv: 1,000 rows");
    expect(await waitlistCount()).toBe(25); // nothing added by the preview

    const invalid = readable(await (await app.fetch(pageGet(`${first.path}?show=invalid`, cookie))).text());
    expect(invalid.match(/data-testid="import-row"/g)).toHaveLength(10);
    for (const reason of ["Not a valid email address", "No email address", "Name has a link or web address in it", "Name is longer than 100 characters", "is not a date like 2025-01-31", "2999-01-01 is in the future", 'Unknown intent "sometimes"', 'Unknown platform "windows"']) {
      expect(invalid).toContain(reason);
    }
    const duplicates = readable(await (await app.fetch(pageGet(`${first.path}?show=duplicate&page=1`, cookie))).text());
    expect(duplicates).toContain("Same inbox as line 2"); // NewPerson0+promo@googlemail.com, after new.person0@gmail.com on line 2
    expect(duplicates).toContain("Already on the list");
    expect(duplicates.match(/data-testid="import-row"/g)).toHaveLength(50);
    const suppressedRows = readable(await (await app.fetch(pageGet(`${first.path}?show=suppressed`, cookie))).text());
    expect(suppressedRows).toContain("On the suppression list (bounced)");
    expect(suppressedRows).toContain("On the suppression list (unsubscribed)");
    // A page of 50 in file order, the rest behind Next.
    const all = await (await app.fetch(pageGet(first.path, cookie))).text();
    expect(all.match(/data-testid="import-row"/g)).toHaveLength(50);
    expect(readable(all)).toContain("page 1 of 20");

    const done = await followFlash(app, await importIt(first.path), cookie);
    expect(done.flash).toBe("Imported 930 people (465 confirmed, 465 asked to confirm); skipped 70.");
    expect(countsIn(done.html)).toEqual({ add: 930, duplicate: 50, suppressed: 10, invalid: 10 });
    expect(await waitlistCount()).toBe(25 + 930);
    expect(await waitlistCount("source = 'import' AND status = 'confirmed'")).toBe(465);
    expect(await waitlistCount("source = 'import' AND status = 'pending'")).toBe(465);
    // The file's addresses are gone from the import's own tables once imported.
    expect((await app.db.prepare("SELECT count(*) AS n FROM waitlist_import_rows").first<{ n: number }>())!.n).toBe(0);

    const again = await preview(file);
    expect(again.counts).toEqual({ add: 0, duplicate: 980, suppressed: 10, invalid: 10 });
    expect(again.html).not.toContain('value="import"');
    const refused = await followFlash(app, await importIt(again.path), cookie);
    expect(refused.flashKind).toBe("success");
    expect(refused.flash).toBe("Imported 0 people; skipped 1,000.");
    // Pressing Import on the first preview again (a second tab, the back button) adds nothing either.
    const twice = await followFlash(app, await importIt(first.path), cookie);
    expect(twice.flash).toBe("This file was imported already: nothing more was added.");
    expect(await waitlistCount()).toBe(25 + 930);

    const audit = await app.db.prepare("SELECT action, target, details FROM admin_audit_log ORDER BY id").all<{ action: string; target: string; details: string }>();
    expect(audit.results.map((r) => r.action)).toEqual(["previewed import", "imported people", "previewed import", "imported people"]);
    expect(JSON.parse(audit.results[1]!.details)).toMatchObject({ add: 930, confirmed: 465, pending: 465, duplicate: 50, suppressed: 10, invalid: 10 });
    expect(audit.results[1]!.target).toBe("launch list.csv");
  });
});

describe("the people an import adds", () => {
  it("stores those with consent evidence confirmed, with it as their proof of consent, and in line in the order they signed up", async () => {
    const { path } = await preview(
      csv([
        ["email", "first_name", "last_name", "intent", "signed_up_at", "consent_evidence", "consent_page", "utm_source"],
        ["late@example.test", "Late", "Comer", "beta_testing", "2025-02-01T10:00:00Z", "Ticked the box on the old site", "https://old.example/join", "podcast"],
        ["early@example.test", "Early", "", "beta_testing", "2025-01-01", "Ticked the box on the old site", "", ""],
        ["notify@example.test", "", "", "waitlist", "2025-01-15", "Asked at the booth", "", ""],
      ]),
    );
    await importIt(path);
    const rows = await app.db
      .prepare("SELECT email, first_name, last_name, status, created_at, consent_at, consent_form, consent_page, consent_wording, line_seq, imported_at, json_extract(metadata, '$.utm_source') AS utm FROM waitlist ORDER BY created_at")
      .all<Record<string, unknown>>();
    expect(rows.results).toMatchObject([
      { email: "early@example.test", first_name: "Early", last_name: null, status: "confirmed", created_at: "2025-01-01T00:00:00.000Z", consent_at: "2025-01-01T00:00:00.000Z", consent_form: "import", consent_wording: "Ticked the box on the old site", line_seq: 1 },
      { email: "notify@example.test", status: "confirmed", line_seq: null, consent_wording: "Asked at the booth" },
      { email: "late@example.test", last_name: "Comer", consent_page: "https://old.example/join", utm: "podcast", line_seq: 2 },
    ]);
    expect(rows.results.every((row) => typeof row.imported_at === "string")).toBe(true);
    // No consent request for people who gave their consent already.
    expect((await app.db.prepare("SELECT count(*) AS n FROM email_outbox").first<{ n: number }>())!.n).toBe(0);
  });

  it("stores those without pending, sends each the ordinary confirmation through the outbox, and confirming puts them on the list", async () => {
    const { path } = await preview(csv([["email", "name"], ["pat@example.test", "Pat Doe"], ["sam@example.test", "Sam"]]));
    await importIt(path);
    expect(await waitlistCount("status = 'pending' AND confirmation_sent_at IS NOT NULL")).toBe(2);
    const queued = await app.db.prepare("SELECT kind, recipient, status, payload FROM email_outbox ORDER BY recipient").all();
    expect(queued.results).toEqual([
      { kind: "confirm", recipient: "pat@example.test", status: "queued", payload: JSON.stringify({ form: "waitlist" }) },
      { kind: "confirm", recipient: "sam@example.test", status: "queued", payload: JSON.stringify({ form: "waitlist" }) },
    ]);
    // Sam bounces before the message goes out: the sender respects the suppression list.
    await (await suppress(app.db, secret, "sam@example.test", "bounced")).run();
    const report = await deliverDueEmail(jobsEnv());
    expect(report).toMatchObject({ sent: 1, cancelled: 1 });
    const [message] = await standin.deliveries();
    expect(message?.to).toEqual(["pat@example.test"]);
    expect(message?.subject).toMatch(/Confirm your email/);
    const link = [...(message?.html ?? "").matchAll(/href="([^"]+)"/g)].map((m) => m[1]!.replaceAll("&amp;", "&")).find((href) => href.startsWith(`${SITE_URL}/waitlist/confirm?token=`))!;
    const token = new URL(link).searchParams.get("token")!;
    const confirmed = await app.fetch(adminPost(`/waitlist/confirm?token=${encodeURIComponent(token)}`, { intent: "confirm", token }));
    expect(confirmed.status).toBe(302);
    const pat = await app.db.prepare("SELECT status, confirmed_at, consent_at, consent_form, line_seq FROM waitlist WHERE email = 'pat@example.test'").first<Record<string, unknown>>();
    expect(pat).toMatchObject({ status: "confirmed", consent_form: "import", line_seq: 1 });
    expect(pat?.consent_at).toBe(pat?.confirmed_at);
  });

  it("reads a language column (code or tag; empty is English), refuses one the site lacks, and asks each person to confirm in theirs", async () => {
    const { path, html, counts } = await preview(
      csv([
        ["email", "language"],
        ["hans@example.test", "de"],
        ["ana@example.test", "pt-BR"],
        ["marie@example.test", "fr_CA"],
        ["plain@example.test", ""],
        ["klaus@example.test", "Klingon"],
      ]),
    );
    expect(counts).toMatchObject({ add: 4, invalid: 1 });
    expect(readable(html)).toContain('Unknown language "Klingon" (en, de, fr, es, pt-br, ja)');
    await importIt(path);
    const stored = await app.db.prepare("SELECT email, language FROM waitlist ORDER BY email").all<{ email: string; language: string }>();
    expect(stored.results).toEqual([
      { email: "ana@example.test", language: "pt-br" },
      { email: "hans@example.test", language: "de" },
      { email: "marie@example.test", language: "fr" },
      { email: "plain@example.test", language: "en" },
    ]);
    await deliverDueEmail(jobsEnv());
    const hans = (await standin.deliveries()).find((d) => d.to.includes("hans@example.test"))!;
    expect(hans.html).toContain('<html lang="de" dir="ltr">');
    expect(hans.html).toContain(`href="${SITE_URL}/de/waitlist/confirm?token=`);
  });

  it("gives a pending person 30 days from the import to confirm, whatever signed-up date the file gave", async () => {
    const { path } = await preview(csv([["email", "signed_up"], ["old@example.test", "2020-01-01"]]));
    await importIt(path);
    expect(await cleanUpEmailData(app.db)).toMatchObject({ pendingEntriesDeleted: 0 });
    expect(await waitlistCount("email = 'old@example.test' AND status = 'pending' AND created_at = '2020-01-01T00:00:00.000Z'")).toBe(1);
    expect(await cleanUpEmailData(app.db, Date.now() + PENDING_ENTRY_LIFETIME_MS + 60_000)).toMatchObject({ pendingEntriesDeleted: 1 });
  });

  it("reads the beta testers export back: its confirmed people keep their proof, its pending ones are asked, its unsubscribed ones stay out", async () => {
    await app.db.batch([
      app.db
        .prepare(
          "INSERT INTO waitlist (email, first_name, last_name, status, intent, created_at, confirmed_at, consent_at, consent_form, consent_page, consent_wording, line_seq, referral_code) VALUES ('ada@example.test', '=cmd', 'Lovelace', 'confirmed', 'beta_testing', '2025-01-10T09:00:00.000Z', '2025-01-10T09:05:00.000Z', '2025-01-10T09:00:00.000Z', 'waitlist', '/home', 'waitlist-2026-11', 1, 'adacode01')",
        ),
      app.db.prepare("INSERT INTO waitlist (email, status, intent, created_at, consent_at, consent_form, consent_wording, referral_code) VALUES ('bob@example.test', 'pending', 'waitlist', '2025-01-11T09:00:00.000Z', '2025-01-11T09:00:00.000Z', 'notify', 'notify-2026-11', 'bobcode01')"),
      app.db.prepare("INSERT INTO waitlist (email, status, intent, created_at, referral_code) VALUES ('carol@example.test', 'unsubscribed', 'beta_testing', '2025-01-12T09:00:00.000Z', 'carolcode1')"),
    ]);
    const exported = await (await app.fetch(pageGet("/admin/beta-testers.csv", cookie))).text();
    await app.db.prepare("DELETE FROM waitlist").run();
    const { counts, html, path } = await preview(exported, "beta-testers.csv");
    expect(counts).toEqual({ add: 2, duplicate: 0, suppressed: 1, invalid: 0 });
    expect(/Columns not imported: [^<]*/.exec(readable(html))?.[0]).toBe("Columns not imported: source, referrer, user_agent, referral_count, beta_tester, notify_me.");
    await importIt(path);
    const rows = await app.db.prepare("SELECT email, first_name, status, intent, created_at, confirmed_at, consent_at, consent_page, consent_wording FROM waitlist ORDER BY email").all();
    expect(rows.results).toEqual([
      {
        email: "ada@example.test",
        first_name: "=cmd", // the export's formula defence undone
        status: "confirmed",
        intent: "beta_testing",
        created_at: "2025-01-10T09:00:00.000Z",
        confirmed_at: "2025-01-10T09:05:00.000Z",
        consent_at: "2025-01-10T09:00:00.000Z",
        consent_page: "/home",
        consent_wording: "waitlist · waitlist-2026-11",
      },
      // Pending in the export: they never confirmed, so they are asked here.
      { email: "bob@example.test", first_name: null, status: "pending", intent: "waitlist", created_at: "2025-01-11T09:00:00.000Z", confirmed_at: null, consent_at: null, consent_page: null, consent_wording: null },
    ]);
  });
});

describe("a file the import cannot read", () => {
  const refusalOf = async (response: Response) => readable(/data-testid="import-error"[^>]*>([^<]*)</.exec(await response.text())?.[1] ?? "");

  it.each([
    ["no email column", "name,phone\r\nAda,123\r\n", 422, 'none of them is an email column (email, e-mail or email address). It reads: "name,phone"'],
    ["a quote never closed", 'email,name\r\nada@example.test,"Ada\r\n', 422, "The file is not valid CSV. The quote opened on line 2 is never closed."],
    ["text after a closing quote", 'email,name\r\nada@example.test,"Ada" Lovelace\r\n', 422, "Line 2 has text after a closing quote."],
    ["only a header", "email,name\r\n", 422, "The file names its columns but has no one in it."],
    ["a column named twice", "email,E-mail\r\na@example.test,b@example.test\r\n", 422, 'The header names the same column twice: "email" and "E-mail".'],
    ["Latin-1 text", new Uint8Array([...new TextEncoder().encode("email,name\r\nzoe@example.test,Zo"), 0xeb, 0x0d, 0x0a]), 415, "The file is not UTF-8 text."],
    ["UTF-16 text", new Uint8Array([0xff, 0xfe, 0x65, 0x00]), 415, "The file is saved as UTF-16"],
    ["a spreadsheet", new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0x00, 0x00, 0x08, 0x00]), 415, 'The file is not a CSV text file. Save it as "CSV UTF-8"'],
    ["an empty file", "", 400, "Choose a CSV file to upload."],
  ])("%s: a 4xx with what is wrong, nothing stored", async (_name, content, status, message) => {
    const response = await upload(content);
    expect(response.status).toBe(status);
    expect(await refusalOf(response)).toContain(message);
    expect((await app.db.prepare("SELECT count(*) AS n FROM waitlist_imports").first<{ n: number }>())!.n).toBe(0);
  });

  it("refuses a file over 8 MB with 413 and says so, without reading it", async () => {
    const response = await upload("email\r\n" + "someone@example.test\r\n".repeat(400_000));
    expect(response.status).toBe(413);
    expect(await response.text()).toContain("The file is larger than 8 MB, the most the import takes.");
  });

  it("refuses more than 10,000 people with a message saying to split the file", async () => {
    const response = await upload("email\r\n" + Array.from({ length: 10_001 }, (_, i) => `p${i}@example.test`).join("\r\n"));
    expect(response.status).toBe(422);
    expect(await refusalOf(response)).toContain("more than 10,000 people");
  });

  it("checks the session: no import page, upload or preview without one", async () => {
    expect((await app.fetch(pageGet("/admin/import"))).status).toBe(302);
    const anonymous = await upload("email\r\na@example.test\r\n", "x.csv", "");
    expect(anonymous.status).toBe(302);
    expect(anonymous.headers.get("Location")).toMatch(/^\/admin\/login/);
    const { path } = await preview("email\r\na@example.test\r\n");
    expect((await app.fetch(pageGet(path))).headers.get("Location")).toMatch(/^\/admin\/login/);
    expect((await app.fetch(adminPost(path, { intent: "import" }))).status).toBe(302);
    expect(await waitlistCount()).toBe(0);
  });

  it("answers a tampered or unknown preview link with 404, never an import", async () => {
    const { path } = await preview("email\r\na@example.test\r\n");
    const tampered = path.replace(/.$/, (c) => (c === "A" ? "B" : "A"));
    expect((await app.fetch(pageGet(tampered, cookie))).status).toBe(404);
    const posted = await followFlash(app, await importIt(tampered), cookie);
    expect(posted.flash).toBe("This import preview has expired or was discarded. Upload the file again.");
    expect(await waitlistCount()).toBe(0);
  });

  it("discards a preview, audited, and its link stops working", async () => {
    const { path } = await preview("email\r\na@example.test\r\n", "oops.csv");
    const discarded = await followFlash(app, await app.fetch(adminPost(path, { intent: "discard" }, cookie)), cookie);
    expect(discarded.flash).toBe("Discarded the import of oops.csv.");
    expect((await app.fetch(pageGet(path, cookie))).status).toBe(404);
    const actions = await app.db.prepare("SELECT action FROM admin_audit_log ORDER BY id").all<{ action: string }>();
    expect(actions.results.map((r) => r.action)).toEqual(["previewed import", "discarded import"]);
  });
});

describe("10,000 rows in one go", () => {
  it("previews and imports them all, half confirmed and half asked to confirm, their confirmations queued in the outbox", async () => {
    const rows = Array.from({ length: 10_000 }, (_, i) => [`bulk${i}@example.test`, `Bulk Person${i}`, "beta_testing", "ios", "2025-04-01", i % 2 ? "Joined on the old list with the consent box ticked" : ""]);
    const { path, counts } = await preview(csv([HEADER, ...rows]));
    expect(counts).toEqual({ add: 10_000, duplicate: 0, suppressed: 0, invalid: 0 });
    const done = await followFlash(app, await importIt(path), cookie);
    expect(done.flash).toBe("Imported 10,000 people (5,000 confirmed, 5,000 asked to confirm); skipped 0.");
    expect(await waitlistCount("source = 'import'")).toBe(10_000);
    expect((await app.db.prepare("SELECT count(*) AS n FROM email_outbox WHERE kind = 'confirm' AND status = 'queued'").first<{ n: number }>())!.n).toBe(5_000);
    // Places 1 to 5,000, each once.
    expect(await app.db.prepare("SELECT count(DISTINCT line_seq) AS n, min(line_seq) AS lo, max(line_seq) AS hi FROM waitlist").first()).toEqual({ n: 5_000, lo: 1, hi: 5_000 });
  }, 120_000);
});

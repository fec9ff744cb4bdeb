/**
 * The admin's beta list against real D1 in Miniflare: filters (the double opt-in status among them),
 * sort, pagination and bad parameters on the page, the CSV export (bytes, escaping, formula defence,
 * proof of consent), and deletion through the confirmation form with its audit entry.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { BETA_TESTERS_EXPORT_LIMIT, betaTestersCsv, parseBetaTesterFilters } from "~/features/admin/beta-testers/beta-testers.server";
import { adminPost, followFlash, openAdminApp, OWNER, pageGet } from "../support/admin";
import type { TestApp } from "../support/app";
import { parseCsv } from "../support/csv";

let app: TestApp;
let cookie: string;

beforeAll(async () => ({ app, cookie } = await openAdminApp()));
afterAll(() => app.dispose());

const HOSTILE_NAME = "=cmd|' /C calc'!A0";
const UA = "Mozilla/5.0 (iPhone)";

interface Seed {
  email: string;
  first?: string | null;
  last?: string | null;
  source: string;
  intent: string;
  utm?: [string, string, string];
  platform?: string;
  at: string;
  metadata?: string;
  status?: "pending" | "confirmed" | "unsubscribed";
  confirmedAt?: string;
  consent?: { at: string; form: string; page: string; wording: string };
  referrals?: number;
  /** A confirmed beta sign-up's place in confirmation order. */
  lineSeq?: number;
  /** The language they signed up in (default en). */
  language?: string;
}

const PEOPLE: Seed[] = [
  {
    email: "ada@example.test",
    first: "Ada",
    last: "Lovelace",
    source: "main_waitlist_section",
    intent: "beta_testing",
    utm: ["twitter", "social", "launch"],
    at: "2025-01-10T09:00:00.000Z",
    confirmedAt: "2025-01-10T09:05:00.000Z",
    consent: { at: "2025-01-10T09:00:00.000Z", form: "main_waitlist_section", page: "/home?utm_source=twitter", wording: "waitlist-consent-v2" },
    referrals: 3,
    lineSeq: 1,
  },
  {
    email: "bob@example.test",
    first: "Bob",
    source: "notification_modal",
    intent: "waitlist",
    utm: ["newsletter", "email", "spring"],
    platform: "android",
    at: "2025-01-15T23:59:59.999Z",
    status: "pending",
    language: "pt-br",
  },
  {
    email: "carol@example.test",
    first: "Carol",
    last: "Danvers",
    source: "promotion_page",
    intent: "beta_testing",
    at: "2025-01-16T00:00:00.000Z",
    language: "de",
    status: "unsubscribed",
    confirmedAt: "2025-01-16T00:10:00.000Z",
    // A path a visitor controls, exported as text.
    consent: { at: "2025-01-16T00:00:00.000Z", form: "promotion_page", page: "=/promotion,x", wording: "waitlist-consent-v2" },
  },
  { email: "evil@example.test", first: HOSTILE_NAME, last: "+1", source: "main_waitlist_section", intent: "waitlist", utm: ["-2+3", "@SUM(A1)", "\t=1"], at: "2025-02-01T12:00:00.000Z" },
  { email: "odd@example.test", first: 'Smith, "Jr"', last: "line one\nline two", source: "main_waitlist_section", intent: "waitlist", at: "2025-02-02T12:00:00.000Z" },
  // An early row without metadata: the JSON fields are simply empty.
  { email: "dave@example.test", first: "Dave_100%", source: "main_waitlist", intent: "waitlist", at: "2025-03-01T08:00:00.000Z", metadata: "{}" },
  { email: "zed@example.test", source: "main_waitlist_section", intent: "waitlist", at: "2025-03-02T08:00:00.000Z" },
];
// Enough older rows for a second page.
const BULK: Seed[] = Array.from({ length: 30 }, (_, i) => ({
  email: `bulk-${String(i).padStart(2, "0")}@example.test`,
  first: `Bulk${String(i).padStart(2, "0")}`,
  source: "promotion_blue_page",
  intent: "waitlist",
  at: `2024-06-${String(i + 1).padStart(2, "0")}T10:00:00.000Z`,
}));
const ALL = [...PEOPLE, ...BULK];

function metadataOf(seed: Seed): string {
  if (seed.metadata) return seed.metadata;
  const [utmSource, utmMedium, utmCampaign] = seed.utm ?? ["none", "none", "none"];
  return JSON.stringify({
    user_agent: UA,
    referrer: "direct",
    timestamp: seed.at,
    utm_source: utmSource,
    utm_medium: utmMedium,
    utm_campaign: utmCampaign,
    platform: seed.platform ?? "ios",
    action: "join_beta",
  });
}

beforeEach(async () => {
  const insert = `INSERT INTO waitlist (email, first_name, last_name, source, intent, metadata, created_at, status, confirmed_at,
    consent_at, consent_form, consent_page, consent_wording, referral_count, line_seq, language) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16)`;
  await app.db.batch([
    app.db.prepare("DELETE FROM waitlist"),
    app.db.prepare("DELETE FROM admin_audit_log"),
    ...ALL.map((s) =>
      app.db
        .prepare(insert)
        .bind(
          s.email,
          s.first ?? null,
          s.last ?? null,
          s.source,
          s.intent,
          metadataOf(s),
          s.at,
          s.status ?? "confirmed",
          s.confirmedAt ?? null,
          s.consent?.at ?? null,
          s.consent?.form ?? null,
          s.consent?.page ?? null,
          s.consent?.wording ?? null,
          s.referrals ?? 0,
          s.lineSeq ?? null,
          s.language ?? "en",
        ),
    ),
  ]);
});

const newestFirst = [...ALL].sort((a, b) => b.at.localeCompare(a.at)).map((s) => s.email);

async function page(query = ""): Promise<{ status: number; html: string; emails: string[] }> {
  const response = await app.fetch(pageGet(`/admin/beta-testers${query}`, cookie));
  // React separates adjacent text with <!-- --> comments; a reader never sees them.
  const html = (await response.text()).replaceAll("<!-- -->", "");
  // Each row: the tick's cell, then the email's (a link to the person's page).
  const emails = [...html.matchAll(/data-testid="beta-tester-row"><td[^>]*>(?:(?!<\/td>).)*<\/td><td class="cell-email"[^>]*><a [^>]*>([^<]*)<\/a><\/td>/g)].map((m) => m[1]!);
  return { status: response.status, html, emails };
}

/** The href of a column's sort link, and the aria-sort of its header. */
function sortHeader(html: string, sort: string): { href: string; ariaSort: string | null } {
  const th = new RegExp(`<th scope="col"(?: aria-sort="(\\w+)")?><a [^>]*data-testid="sort-${sort}"[^>]*>`).exec(html);
  if (!th) throw new Error(`no sort header for ${sort}`);
  return { href: /href="([^"]*)"/.exec(th[0])![1]!.replaceAll("&amp;", "&"), ariaSort: th[1] ?? null };
}

async function count(sql: string, ...binds: unknown[]): Promise<number> {
  return (await app.db.prepare(sql).bind(...binds).first<{ n: number }>())!.n;
}

async function idOf(email: string): Promise<number> {
  return (await app.db.prepare("SELECT id FROM waitlist WHERE email = ?1").bind(email).first<{ id: number }>())!.id;
}

describe("the beta testers page", () => {
  it("lists everyone newest first, 25 a page, with the total; page 2 has the rest", async () => {
    const first = await page();
    expect(first.status).toBe(200);
    expect(first.emails).toEqual(newestFirst.slice(0, 25));
    expect(first.html).toContain(`${ALL.length} beta testers · page 1 of 2`);
    expect(first.html).toContain('href="/admin/beta-testers?page=2"');
    // Default sort is visible to assistive technology on the Signed up column.
    expect(sortHeader(first.html, "created_at").ariaSort).toBe("descending");
    expect(sortHeader(first.html, "email").ariaSort).toBeNull();

    const second = await page("?page=2");
    expect(second.emails).toEqual(newestFirst.slice(25));
    expect(second.html).toContain("page 2 of 2");
  });

  it("shows every column, escaped, and a dash for missing values", async () => {
    const { html } = await page("?q=evil");
    expect(html).toContain("=cmd|&#x27; /C calc&#x27;!A0 +1");
    expect(html).toContain("-2+3");
    expect(html).toContain("@SUM(A1)");
    const dave = await page("?q=dave&col=utm");
    expect(dave.html).toContain("Dave_100%");
    expect(dave.html).toMatch(/<td class="cell-clip" data-label="UTM">—<\/td>/);
  });

  it("shows each person's language by its English name (the Language column), and offers every language in the filter", async () => {
    const languageOf = async (email: string) => /<td data-label="Language">([^<]*)<\/td>/.exec((await page(`?col=language&q=${encodeURIComponent(email)}`)).html)?.[1];
    expect(await languageOf("carol@example.test")).toBe("German");
    expect(await languageOf("bob@example.test")).toBe("Brazilian Portuguese");
    expect(await languageOf("ada@example.test")).toBe("English");
    const { html } = await page();
    const filter = /<select[^>]*id="bt-language"[^>]*>([\s\S]*?)<\/select>/.exec(html)?.[1] ?? "";
    expect([...filter.matchAll(/<option value="([^"]*)"[^>]*>([^<]*)</g)].map((m) => `${m[1]}:${m[2]}`)).toEqual([
      "all:All languages",
      "en:English",
      "de:German",
      "fr:French",
      "es:Spanish",
      "pt-br:Brazilian Portuguese",
      "ja:Japanese",
    ]);
    // The export keeps the filter.
    expect((await page("?language=de")).html).toContain('href="/admin/beta-testers.csv?language=de"');
  });

  it.each([
    ["search by last name", "?q=lovelace", ["ada@example.test"]],
    ["search ignores case", "?q=ADA", ["ada@example.test"]],
    ["search by full name", "?q=carol%20danvers", ["carol@example.test"]],
    ["search by email", "?q=bob%40example", ["bob@example.test"]],
    ["search treats % literally", "?q=%25", ["dave@example.test"]],
    ["search treats _ literally", "?q=_", ["dave@example.test"]],
    ["intent", "?intent=beta_testing", ["carol@example.test", "ada@example.test"]],
    ["source", "?source=notification_modal", ["bob@example.test"]],
    ["UTM source", "?utm=newsletter", ["bob@example.test"]],
    ["UTM source with a formula character", "?utm=-2%2B3", ["evil@example.test"]],
    ["one whole day, UTC, both ends included", "?from=2025-01-15&to=2025-01-15", ["bob@example.test"]],
    ["from a day", "?from=2025-02-02", ["zed@example.test", "dave@example.test", "odd@example.test"]],
    ["up to a day", "?to=2024-06-02", ["bulk-01@example.test", "bulk-00@example.test"]],
    ["the last possible day", "?to=9999-12-31&intent=beta_testing", ["carol@example.test", "ada@example.test"]],
    ["filters together", "?intent=beta_testing&from=2025-01-12", ["carol@example.test"]],
    ["status pending", "?status=pending", ["bob@example.test"]],
    ["status unsubscribed", "?status=unsubscribed", ["carol@example.test"]],
    ["status confirmed, with other filters", "?status=confirmed&intent=beta_testing", ["ada@example.test"]],
    ["status all", "?status=all&intent=beta_testing", ["carol@example.test", "ada@example.test"]],
    ["language", "?language=de", ["carol@example.test"]],
    ["language, with other filters", "?language=pt-br&status=pending", ["bob@example.test"]],
    ["language English", "?language=en&intent=beta_testing", ["ada@example.test"]],
    ["nothing matches", "?q=nobody-here", []],
  ])("narrows by %s", async (_label, query, expected) => {
    const result = await page(query);
    expect(result.status).toBe(200);
    expect(result.emails).toEqual(expected);
    if (expected.length === 0) expect(result.html).toContain("No beta testers match these filters.");
  });

  it("shows each entry's status, when it was confirmed, and its confirmed referrals", async () => {
    const cells = async (q: string) => {
      const { html } = await page(`?q=${q}&col=intent&col=confirmed`);
      const row = /<tr data-testid="beta-tester-row">([\s\S]*?)<\/tr>/.exec(html)![1]!;
      return [...row.matchAll(/<td[^>]*>([\s\S]*?)<\/td>/g)].map((m) => m[1]!.replace(/<[^>]*>/g, ""));
    };
    // Tick, Email, Name, Status, Place, Referrals, Referred by, Invited, Signed up, then the columns switched on: Intent, Confirmed.
    const ada = await cells("ada");
    expect(ada[3]).toBe("Confirmed");
    expect(ada.slice(4, 8)).toEqual(["#1", "3", "—", "Not yet"]);
    expect(ada.slice(-2)).toEqual(["Beta program", "10 Jan 2025, 09:05 UTC"]);
    const bob = await cells("bob");
    expect(bob[3]).toBe("Pending");
    expect(bob.slice(4, 6)).toEqual(["—", "0"]);
    expect(bob.at(-1)).toBe("Not yet");
    const carol = await cells("carol");
    expect(carol[3]).toBe("Unsubscribed");
    expect(carol[4]).toBe("—");
    // Entries from before double opt-in were never confirmed by a link.
    const zed = await cells("zed");
    expect(zed[3]).toBe("Confirmed");
    expect(zed.at(-1)).toBe("Single opt-in");
    // A confirmed notify-me request is listed, but is no beta tester: no place, nothing to invite (ADR 0048).
    expect(zed.at(-2)).toBe("Notify me");
    expect(zed[4]).toBe("—");
    expect(zed[7]).toBe("Not in the beta");
  });

  it("keeps the status filter in the form, the export link and the pagination", async () => {
    const { html } = await page("?status=pending&sort=email");
    expect(html).toMatch(/<select class="field-input" id="bt-status" name="status"><option value="all">All statuses<\/option><option value="pending" selected="">Pending<\/option>/);
    expect(html).toContain('href="/admin/beta-testers.csv?status=pending&amp;sort=email"');
    expect(html).toContain('<label class="field-label" for="bt-status">Status</label>');
  });

  it("keeps the filters in the form, the sort links, the export link and the pagination", async () => {
    const { html } = await page("?intent=waitlist&source=main_waitlist_section&sort=email");
    expect(html).toMatch(/<option value="waitlist" selected="">/);
    expect(html).toMatch(/<option value="main_waitlist_section" selected="">/);
    expect(html).toContain('href="/admin/beta-testers.csv?intent=waitlist&amp;source=main_waitlist_section&amp;sort=email"');
    // The active column's link flips the direction; another column starts at its natural order.
    expect(sortHeader(html, "email")).toEqual({ href: "/admin/beta-testers?intent=waitlist&source=main_waitlist_section&sort=email&dir=desc", ariaSort: "ascending" });
    expect(sortHeader(html, "created_at")).toEqual({ href: "/admin/beta-testers?intent=waitlist&source=main_waitlist_section", ariaSort: null });
    expect(sortHeader(html, "name").href).toBe("/admin/beta-testers?intent=waitlist&source=main_waitlist_section&sort=name");
    expect(html).toMatch(/<option value="email" selected="">Email<\/option>/);
    expect(html).toContain('<label class="field-label" for="bt-q">Search</label>');
  });

  it("sorts by email and by name, both ways", async () => {
    const byEmail = [...ALL].map((s) => s.email).sort();
    const asc = await page("?sort=email");
    expect(asc.emails).toEqual(byEmail.slice(0, 25));
    expect(sortHeader(asc.html, "email").ariaSort).toBe("ascending");
    const desc = await page("?sort=email&dir=desc");
    expect(desc.emails).toEqual([...byEmail].reverse().slice(0, 25));
    expect(sortHeader(desc.html, "email")).toEqual({ href: "/admin/beta-testers?sort=email", ariaSort: "descending" });
    expect(sortHeader(desc.html, "created_at").ariaSort).toBeNull();

    const byName = await page("?sort=name&intent=waitlist&source=main_waitlist_section");
    // "=cmd…" sorts before letters; someone without a name comes last.
    expect(byName.emails).toEqual(["evil@example.test", "odd@example.test", "zed@example.test"]);
    const byNameDesc = await page("?sort=name&dir=desc&intent=waitlist&source=main_waitlist_section");
    expect(byNameDesc.emails, byNameDesc.html.match(/<tbody[\s\S]{0,800}/)?.[0]).toEqual(["odd@example.test", "evil@example.test", "zed@example.test"]);
  });

  it("answers bad parameters with the defaults, never an error", async () => {
    for (const query of [
      "?page=-1",
      "?page=abc",
      "?page=1.5",
      "?sort=drop%20table%20waitlist",
      "?dir=sideways",
      "?from=notadate",
      "?to=2025-02-30",
      "?intent=%27%20OR%201%3D1--",
      "?status=deleted",
      "?status=%27%20OR%201%3D1--",
      "?sort=created_at;DELETE",
      "?confirm=abc",
      "?confirm=999999",
      "?language=xx",
      "?language=%27%20OR%201%3D1--",
    ]) {
      const result = await page(query);
      expect(result.status, query).toBe(200);
      expect(result.emails, query).toEqual(newestFirst.slice(0, 25));
    }
    const long = await page(`?q=${"x".repeat(5000)}`);
    expect(long.status).toBe(200);
    expect(long.emails).toEqual([]);
    expect(await count("SELECT count(*) AS n FROM waitlist")).toBe(ALL.length);
    // A page past the end shows the last page.
    expect((await page("?page=99")).emails).toEqual(newestFirst.slice(25));
  });
});

describe("the CSV export", () => {
  const HEADER =
    "email,first_name,last_name,intent,source,utm_source,utm_medium,utm_campaign,platform,referrer,user_agent,created_at," +
    "status,confirmed_at,consent_at,consent_form,consent_page,consent_wording,referral_count,beta_tester,notify_me,language";

  async function exportCsv(query = "") {
    const response = await app.fetch(pageGet(`/admin/beta-testers.csv${query}`, cookie));
    const bytes = new Uint8Array(await response.arrayBuffer());
    return { response, bytes, text: new TextDecoder("utf-8", { ignoreBOM: true }).decode(bytes) };
  }

  it("downloads a UTF-8 file with a BOM, CRLF line ends, the header and today's date in its name", async () => {
    const { response, bytes, text } = await exportCsv();
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    const today = new Date().toISOString().slice(0, 10);
    expect(response.headers.get("Content-Disposition")).toBe(`attachment; filename="beta-testers-${today}.csv"`);
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(text.slice(1).startsWith(`${HEADER}\r\n`)).toBe(true);
    const records = parseCsv(text.slice(1));
    expect(records.slice(1).map((r) => r[0])).toEqual(newestFirst);
  });

  it("holds exactly the rows of a filter, in the page's order", async () => {
    const { text } = await exportCsv("?intent=beta_testing&sort=email");
    expect(text).toBe(
      "\uFEFF" +
        `${HEADER}\r\n` +
        `ada@example.test,Ada,Lovelace,beta_testing,main_waitlist_section,twitter,social,launch,ios,direct,${UA},2025-01-10T09:00:00.000Z,` +
        `confirmed,2025-01-10T09:05:00.000Z,2025-01-10T09:00:00.000Z,main_waitlist_section,/home?utm_source=twitter,waitlist-consent-v2,3,yes,,en\r\n` +
        `carol@example.test,Carol,Danvers,beta_testing,promotion_page,none,none,none,ios,direct,${UA},2025-01-16T00:00:00.000Z,` +
        `unsubscribed,2025-01-16T00:10:00.000Z,2025-01-16T00:00:00.000Z,promotion_page,"'=/promotion,x",waitlist-consent-v2,0,no,,de\r\n`,
    );
    const { text: none } = await exportCsv("?q=nobody-here");
    expect(none).toBe(`\uFEFF${HEADER}\r\n`);
  });

  it("neutralises formulas and quotes commas, quotes and line breaks", async () => {
    const { text } = await exportCsv("?q=evil");
    expect(text.split("\r\n")[1]).toBe(
      `evil@example.test,'=cmd|' /C calc'!A0,'+1,waitlist,main_waitlist_section,'-2+3,'@SUM(A1),'\t=1,ios,direct,${UA},2025-02-01T12:00:00.000Z,confirmed,,,,,,0,no,,en`,
    );
    const odd = await exportCsv("?q=odd%40");
    expect(odd.text).toContain('odd@example.test,"Smith, ""Jr""","line one\nline two",waitlist,');
    const [, record] = parseCsv(odd.text.slice(1));
    expect(record!.slice(0, 3)).toEqual(["odd@example.test", 'Smith, "Jr"', "line one\nline two"]);
    expect(record).toHaveLength(22);
  });

  it("exports every match, not one page, and ignores a bad parameter", async () => {
    const { text } = await exportCsv("?source=promotion_blue_page&page=2&sort=nonsense");
    const records = parseCsv(text.slice(1));
    expect(records).toHaveLength(1 + BULK.length);
  });

  it("streams past chunk boundaries without gaps or repeats, and stops at the cap", async () => {
    // The module directly, with small sizes: 37 rows in chunks of 5 (the route uses 2,000 and 100,000).
    const read = async (query: string, sizes: { limit: number; chunk: number }) => {
      const stream = await betaTestersCsv(app.db, parseBetaTesterFilters(new URLSearchParams(query)), sizes);
      return parseCsv((await new Response(stream).text()).slice(1)).slice(1).map((r) => r[0]);
    };
    const byEmail = ALL.map((s) => s.email).sort();
    expect(await read("sort=email", { limit: 1_000, chunk: 5 })).toEqual(byEmail);
    expect(await read("sort=email", { limit: 1_000, chunk: ALL.length })).toEqual(byEmail);
    expect(await read("sort=email", { limit: 12, chunk: 5 })).toEqual(byEmail.slice(0, 12));
    expect(await read("sort=email", { limit: 10, chunk: 5 })).toEqual(byEmail.slice(0, 10));
    expect(await read("source=promotion_blue_page", { limit: 1_000, chunk: 4 })).toEqual(newestFirst.filter((e) => e.startsWith("bulk-")));
    expect(BETA_TESTERS_EXPORT_LIMIT).toBe(100_000);
  });

  it("leaves out rows that arrive while the export runs, so later chunks neither repeat nor skip", async () => {
    const stream = await betaTestersCsv(app.db, parseBetaTesterFilters(new URLSearchParams()), { limit: 1_000, chunk: 5 });
    const reader = stream.getReader();
    const decoder = new TextDecoder();
    let text = "";
    for (let i = 0; i < 2; i++) text += decoder.decode((await reader.read()).value, { stream: true });
    // A sign-up newer than everything lands mid-export (it would push every later row down one).
    await app.db.prepare("INSERT INTO waitlist (email, metadata, created_at) VALUES ('late@example.test', '{}', '2030-01-01T00:00:00.000Z')").run();
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) text += decoder.decode(chunk.value, { stream: true });
    expect(parseCsv(text.slice(1)).slice(1).map((r) => r[0])).toEqual(newestFirst);
  });

  it("is refused without a session", async () => {
    const response = await app.fetch(new Request("http://127.0.0.1:8788/admin/beta-testers.csv", { headers: { Accept: "text/csv" } }));
    expect(response.status).toBe(401);
    expect(await response.text()).not.toContain("@example.test");
  });
});

describe("deleting a beta tester", () => {
  it("asks first, then removes exactly that row with an audit entry, and keeps the filters", async () => {
    const id = await idOf("bob@example.test");
    const confirm = await page(`?intent=waitlist&confirm=${id}`);
    expect(confirm.html).toContain('role="alertdialog"');
    expect(confirm.html).toContain("Delete bob@example.test?");
    expect(confirm.html).toContain("This removes them from the beta list for good. Use it when someone asks to be forgotten.");
    expect(confirm.html).toContain(`<input type="hidden" name="id" value="${id}"/>`);
    // Opening the confirmation changes nothing.
    expect(await count("SELECT count(*) AS n FROM waitlist")).toBe(ALL.length);

    // Post what the confirmation form would: its action keeps the page's query.
    const formAction = /<form method="post" action="([^"]*)" class="admin-actions"/.exec(confirm.html)![1]!.replaceAll("&amp;", "&");
    expect(formAction).toBe(`/admin/beta-testers?intent=waitlist&confirm=${id}`);
    const response = await app.fetch(adminPost(formAction, { intent: "delete", id: String(id) }, cookie));
    expect(response.status).toBe(302);
    const after = await followFlash(app, response, cookie);
    expect(after.location).toBe("/admin/beta-testers?intent=waitlist");
    expect(after.flash).toBe("Removed bob@example.test from the beta list.");
    expect(after.html).not.toContain('role="alertdialog"');

    expect(await count("SELECT count(*) AS n FROM waitlist")).toBe(ALL.length - 1);
    expect(await count("SELECT count(*) AS n FROM waitlist WHERE email = 'bob@example.test'")).toBe(0);
    const { results: audit } = await app.db.prepare("SELECT admin_email, action, target, details FROM admin_audit_log").all();
    expect(audit).toEqual([{ admin_email: OWNER.email, action: "deleted beta tester", target: "bob@example.test", details: JSON.stringify({ id }) }]);
  });

  it("answers an unknown or malformed id, or an unknown intent, with an error flash and changes nothing", async () => {
    const attempts: [Record<string, string>, string][] = [
      [{ intent: "delete", id: "999999" }, "That beta tester no longer exists."],
      [{ intent: "delete", id: "abc" }, "That beta tester no longer exists."],
      [{ intent: "delete" }, "That beta tester no longer exists."],
      [{ intent: "truncate", id: "1" }, "That action is not available on this page."],
    ];
    for (const [fields, message] of attempts) {
      const response = await app.fetch(adminPost("/admin/beta-testers?sort=email", fields, cookie));
      expect(response.status).toBe(302);
      const after = await followFlash(app, response, cookie);
      expect(after.location).toBe("/admin/beta-testers?sort=email");
      expect(after.flash).toBe(message);
    }
    expect(await count("SELECT count(*) AS n FROM waitlist")).toBe(ALL.length);
    expect(await count("SELECT count(*) AS n FROM admin_audit_log")).toBe(0);
  });

  it("after the last row of the last page goes, shows the new last page", async () => {
    const last = newestFirst.at(-1)!;
    // 37 rows: page 2 has 12; delete down to 25 so page 2 no longer exists.
    const extras = newestFirst.slice(25);
    for (const email of extras) {
      const id = await idOf(email);
      const response = await app.fetch(adminPost(`/admin/beta-testers?page=2&confirm=${id}`, { intent: "delete", id: String(id) }, cookie));
      expect(response.status).toBe(302);
    }
    expect(extras).toContain(last);
    const result = await page("?page=2");
    expect(result.status).toBe(200);
    expect(result.emails).toEqual(newestFirst.slice(0, 25));
  });
});

/**
 * The beta funnel on /admin/analytics (issue 31, ADR 0055) against real D1 in workerd: beta sign-ups,
 * confirmations, referrals and invitations seeded into the site's database over two periods of the
 * same length (with entries on the edges and on other lists that must not count), visitors and served
 * A/B impressions into the analytics database, the page rendered through the real pipeline and build,
 * each count, rate, trend and split read back from its HTML. Also: the session is required, bad dates
 * fall back with a 200, the statements read the range through an index, and what the funnel costs in
 * statements (counted at the bindings, published for `npm run bench`).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ANALYTICS_QUERY_NAMES } from "~/features/admin/analytics/analytics-queries.mjs";
import { FUNNEL_QUERIES } from "~/features/admin/analytics/funnel.server";
import { decodeHtml, openAdminApp, pageGet } from "../support/admin";
import { store, type Seed } from "../support/analytics-seed";
import type { TestApp } from "../support/app";
import { d1Probe, type D1Call } from "../support/d1-probe";
import { publishCount } from "../support/statement-counts";

const PATH = "/admin/analytics";
/** 7 days; the period before is 2026-03-01..07. */
const RANGE = "from=2026-03-08&to=2026-03-14";

let app: TestApp;
let cookie: string;

interface Person {
  email: string;
  at: string;
  status?: "pending" | "confirmed" | "unsubscribed";
  confirmedAt?: string | null;
  intent?: string;
  source?: string;
  utm?: string;
  referredBy?: string;
  invitedAt?: string;
  variants?: Record<string, string>;
  importedAt?: string;
}

/**
 * The range's cohort (7 beta sign-ups): 6 confirmed (one of them left since, one joined while email was
 * off and has no confirmed_at), 3 referred (one through the ledger only: its referrer deleted their
 * data), 2 of those confirmed, 2 invited. The period before: 4 sign-ups, 2 confirmed, 1 referred (not
 * confirmed), 1 invited. And entries that count nowhere: a notify-me request, an import, sign-ups
 * just outside both periods.
 */
const PEOPLE: Person[] = [
  {
    email: "ann@example.com",
    at: "2026-03-08T00:00:00.000Z",
    status: "confirmed",
    confirmedAt: "2026-03-08T01:00:00.000Z",
    utm: "newsletter",
    invitedAt: "2026-03-19T09:00:00.000Z",
    variants: { hero_headline: "control", waitlist_cta: "exclusive" },
  },
  { email: "bob@example.com", at: "2026-03-09T10:00:00.000Z", status: "confirmed", confirmedAt: "2026-03-10T10:00:00.000Z", utm: "newsletter", variants: { hero_headline: "benefit_focused" } },
  { email: "cat@example.com", at: "2026-03-10T10:00:00.000Z", status: "pending", referredBy: "ann@example.com", variants: { hero_headline: "control" } },
  {
    email: "dan@example.com",
    at: "2026-03-11T10:00:00.000Z",
    status: "confirmed",
    confirmedAt: "2026-03-11T11:00:00.000Z",
    source: "promotion_page",
    referredBy: "ann@example.com",
    variants: { hero_headline: "benefit_focused" },
  },
  { email: "eve@example.com", at: "2026-03-12T10:00:00.000Z", status: "unsubscribed", confirmedAt: "2026-03-12T11:00:00.000Z", utm: "twitter" },
  // Referred: the ledger keeps the credit after the referrer deleted their data (referred_by is NULL).
  { email: "fay@example.com", at: "2026-03-13T10:00:00.000Z", status: "confirmed", confirmedAt: "2026-03-13T11:00:00.000Z", invitedAt: "2026-03-19T09:00:00.000Z" },
  // Joined while email was off: confirmed at once, no confirmed_at.
  { email: "gus@example.com", at: "2026-03-14T23:59:59.999Z", status: "confirmed", confirmedAt: null, utm: "twitter" },
  // The period before.
  { email: "pia@example.com", at: "2026-03-01T00:00:00.000Z", status: "confirmed", confirmedAt: "2026-03-01T02:00:00.000Z", invitedAt: "2026-03-19T09:00:00.000Z" },
  { email: "quin@example.com", at: "2026-03-03T10:00:00.000Z", status: "confirmed", confirmedAt: "2026-03-04T10:00:00.000Z" },
  { email: "rex@example.com", at: "2026-03-05T10:00:00.000Z", status: "pending" },
  { email: "sue@example.com", at: "2026-03-07T23:59:59.999Z", status: "pending", referredBy: "pia@example.com" },
  // Counted nowhere: another list, an import, the edges.
  { email: "notify@example.com", at: "2026-03-10T10:00:00.000Z", status: "confirmed", confirmedAt: "2026-03-10T11:00:00.000Z", intent: "waitlist", source: "notification_modal" },
  { email: "imported@example.com", at: "2026-03-10T10:00:00.000Z", status: "confirmed", importedAt: "2026-03-10T12:00:00.000Z" },
  { email: "early@example.com", at: "2026-02-28T23:59:59.999Z", status: "confirmed", confirmedAt: "2026-03-01T00:00:00.000Z" },
  { email: "late@example.com", at: "2026-03-15T00:00:00.000Z", status: "confirmed", confirmedAt: "2026-03-15T01:00:00.000Z", invitedAt: "2026-03-19T09:00:00.000Z" },
];

async function seedPeople(db: D1Database): Promise<void> {
  const insert = (p: Person, seq: number) =>
    db
      .prepare(
        `INSERT INTO waitlist (email, source, intent, metadata, created_at, status, confirmed_at, line_seq, referral_code, invited_at, signup_variants, imported_at,
           referred_by)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, (SELECT id FROM waitlist WHERE email = ?13))`,
      )
      .bind(
        p.email,
        p.source ?? "main_waitlist_section",
        p.intent ?? "beta_testing",
        JSON.stringify({ utm_source: p.utm ?? "" }),
        p.at,
        p.status ?? "confirmed",
        p.confirmedAt === undefined ? (p.status === "pending" ? null : p.at) : p.confirmedAt,
        p.status === "confirmed" && (p.intent ?? "beta_testing") === "beta_testing" ? seq : null,
        `code-${seq}`,
        p.invitedAt ?? null,
        p.variants ? JSON.stringify(p.variants) : null,
        p.importedAt ?? null,
        p.referredBy ?? null,
      );
  await db.batch(PEOPLE.map((p, i) => insert(p, i + 1)));
  await db.prepare("INSERT INTO referral_credits (inbox_hash, waitlist_id) SELECT 'fay-referral-ledger-hash-0000000', id FROM waitlist WHERE email = 'fay@example.com'").run();
}

const day = (d: number) => `2026-03-${String(d).padStart(2, "0")}T12:00:00.000Z`;
/** `n` distinct visitors with analytics consent on a day (a page view each), and `anonymous` page views without consent. */
const visitors = (d: number, n: number, utm?: string): Seed[] => Array.from({ length: n }, (_, i) => ({ name: "page_view", at: day(d), visitor: `v${d}-${i}`, utm }));

/**
 * Visitors: 14 in the range (2 a day), 10 in the period before (and 5 on 2026-02-28, outside both).
 * The newsletter's 8 page views are in the range. Served impressions: hero_headline control 20,
 * benefit_focused 10; waitlist_cta exclusive 5.
 */
const EVENTS: Seed[] = [
  ...[8, 9, 10, 11, 12, 13, 14].flatMap((d) => visitors(d, 2)),
  ...[1, 2, 3, 4, 5].flatMap((d) => visitors(d, 2)),
  { name: "page_view", at: "2026-02-28T12:00:00.000Z", visitor: "outside", times: 5 },
  { name: "page_view", at: day(9), utm: "newsletter", times: 8 },
  { name: "ab_test_served", at: day(9), props: { test: "hero_headline", variant: "control" }, times: 20 },
  { name: "ab_test_served", at: day(9), props: { test: "hero_headline", variant: "benefit_focused" }, times: 10 },
  { name: "ab_test_served", at: day(9), props: { test: "waitlist_cta", variant: "exclusive" }, times: 5 },
];

beforeAll(async () => {
  ({ app, cookie } = await openAdminApp());
  await seedPeople(app.db);
  await store(app.analytics, EVENTS);
});
afterAll(() => app.dispose());

async function page(query = RANGE, sessionCookie: string | null = cookie): Promise<{ status: number; html: string; location: string | null }> {
  const response = await app.fetch(pageGet(`${PATH}${query ? `?${query}` : ""}`, sessionCookie ?? undefined));
  return { status: response.status, html: decodeHtml((await response.text()).replace(/<!-- -->/g, "")), location: response.headers.get("Location") };
}

/** The text of an element with this data-testid (its markup stripped). */
function textOf(html: string, id: string): string | null {
  const start = html.indexOf(`data-testid="${id}"`);
  if (start < 0) return null;
  const open = html.lastIndexOf("<", start);
  const tag = /^<(\w+)/.exec(html.slice(open))![1]!;
  let depth = 0;
  const re = new RegExp(`<(/?)${tag}\\b[^>]*>`, "g");
  re.lastIndex = open;
  for (let m = re.exec(html); m; m = re.exec(html)) {
    depth += m[1] ? -1 : 1;
    if (depth === 0) return html.slice(open, m.index).replace(/<[^>]+>/g, "").replace(/\s+/g, " ").trim();
  }
  return null;
}

/** The cells of a split table's row, by its data-split. */
function splitRow(html: string, table: string, key: string): string[] {
  const start = html.indexOf(`data-testid="${table}"`);
  const body = html.slice(start, html.indexOf("</table>", start));
  const row = new RegExp(`<tr[^>]*data-split="${key.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}"[^>]*>(.*?)</tr>`, "s").exec(body)?.[1];
  if (!row) throw new Error(`no row ${key} in ${table}`);
  return [...row.matchAll(/<t[hd][^>]*>(.*?)<\/t[hd]>/gs)].map((m) => m[1]!.replace(/<[^>]+>/g, " ").replace(/\s+/g, " ").trim());
}

describe("the beta funnel", () => {
  it("needs the admin's session: without it the page redirects to the login and shows no figure", async () => {
    const { status, location, html } = await page(RANGE, null);
    expect(status).toBe(302);
    expect(location).toMatch(/^\/admin\/login/);
    expect(html).not.toContain("beta-funnel");
  });

  it("counts each step of the range's sign-ups, with its rate and its trend against the period before", async () => {
    const { status, html } = await page();
    expect(status).toBe(200);
    expect(textOf(html, "beta-funnel-basis")).toContain("signed up for the beta from 2026-03-08 to 2026-03-14, counted by their sign-up date");
    expect(textOf(html, "beta-funnel-basis")).toContain("the 7 days from 2026-03-01 to 2026-03-07");

    expect(textOf(html, "beta-funnel-visitors")).toBe("14");
    expect(textOf(html, "beta-funnel-visitors-trend")).toBe("Before: +40% (10 → 14)");

    expect(textOf(html, "beta-funnel-signups")).toBe("7");
    expect(textOf(html, "beta-funnel-signups-rate")).toBe("50%");
    expect(textOf(html, "beta-funnel-signups-trend")).toBe("Before: +75% (4 → 7) · rate 40% → 50% (+10 pts)");

    expect(textOf(html, "beta-funnel-confirmed")).toBe("6");
    expect(textOf(html, "beta-funnel-confirmed-rate")).toBe("86%");
    expect(textOf(html, "beta-funnel-confirmed-trend")).toBe("Before: +200% (2 → 6) · rate 50% → 86% (+35.7 pts)");

    expect(textOf(html, "beta-funnel-invited")).toBe("2");
    expect(textOf(html, "beta-funnel-invited-rate")).toBe("33%");
    expect(textOf(html, "beta-funnel-invited-trend")).toBe("Before: +100% (1 → 2) · rate 50% → 33% (−16.7 pts)");

    expect(textOf(html, "beta-funnel-referred")).toBe("3");
    expect(textOf(html, "beta-funnel-referred-rate")).toBe("67%");
    expect(textOf(html, "beta-funnel-referrals")).toContain("43% of sign-ups");
    expect(textOf(html, "beta-funnel-referred-trend")).toBe("Before: +200% (1 → 3) · rate 0% → 67% (+66.7 pts)");
  });

  it("says that visitors are only those who consented, and that installs are App Store Connect's", async () => {
    const notes = textOf((await page()).html, "beta-funnel-notes");
    expect(notes).toContain("Visitors are counted only when they allowed analytics");
    expect(notes).toContain("Installs are counted by App Store Connect, not by us.");
    expect(notes).toContain("Emails carry no tracking");
  });

  it("splits the range's sign-ups by A/B variant (against served impressions), UTM source (against page views) and form", async () => {
    const { html } = await page();
    // [key, served/page views, sign-ups (rate), confirmed (rate), referred (confirmed share), invited (rate)]
    expect(splitRow(html, "beta-funnel-by-variant", "hero_headline:control")).toEqual(["control hero_headline", "20", "2 10%", "1 50%", "1 0%", "1 100%"]);
    expect(splitRow(html, "beta-funnel-by-variant", "hero_headline:benefit_focused")).toEqual(["benefit_focused hero_headline", "10", "2 20%", "2 100%", "1 100%", "0 0%"]);
    expect(splitRow(html, "beta-funnel-by-variant", "waitlist_cta:exclusive")).toEqual(["exclusive waitlist_cta", "5", "1 20%", "1 100%", "0 —", "1 100%"]);

    // Page views without a UTM source: the 14 visitors' own.
    expect(splitRow(html, "beta-funnel-by-source", "")).toEqual(["No UTM source", "14", "3 21%", "2 67%", "3 67%", "1 50%"]);
    expect(splitRow(html, "beta-funnel-by-source", "newsletter")).toEqual(["newsletter", "8", "2 25%", "2 100%", "0 —", "1 50%"]);
    expect(splitRow(html, "beta-funnel-by-source", "twitter")).toEqual(["twitter", "—", "2 —", "2 100%", "0 —", "0 0%"]);

    expect(splitRow(html, "beta-funnel-by-form", "main_waitlist_section")).toEqual(["main_waitlist_section", "6", "5 83%", "2 50%", "2 40%"]);
    expect(splitRow(html, "beta-funnel-by-form", "promotion_page")).toEqual(["promotion_page", "1", "1 100%", "1 100%", "0 0%"]);
    expect(html).not.toContain('data-split="notification_modal"');
  });

  it("falls back to the last 30 days with a 200 and the reason for bad dates; an empty range says so", async () => {
    for (const query of ["from=2026-02-30&to=2026-03-14", "from=2026-03-14&to=2026-03-08", "from=soon&to=later", "from=2020-01-01&to=2026-03-14"]) {
      const { status, html } = await page(query);
      expect(status, query).toBe(200);
      expect(textOf(html, "range-problem"), query).toMatch(/Showing the last 30 days instead\.$/);
      expect(textOf(html, "beta-funnel-signups"), query).toBe("0");
    }
    const empty = await page("from=2025-01-01&to=2025-01-31");
    expect(textOf(empty.html, "beta-funnel-signups-trend")).toBe("Before: none before either (0 → 0) · rate — → —");
    expect(textOf(empty.html, "beta-funnel-by-variant")).toBeNull();
    expect(empty.html).toContain("No sign-up of this range was shown a running test.");
  });
});

describe("the funnel's query plans", () => {
  it("read the range's sign-ups through waitlist_intent_created_at_idx, never the whole table", async () => {
    const bounds = ["2026-03-08T00:00:00.000Z", "2026-03-15T00:00:00.000Z", "2026-03-01T00:00:00.000Z"];
    for (const [name, sql] of Object.entries(FUNNEL_QUERIES)) {
      const { results } = await app.db
        .prepare(`EXPLAIN QUERY PLAN ${sql}`)
        .bind(...bounds.slice(0, sql.includes("?3") ? 3 : 2))
        .all<{ detail: string }>();
      const details = results.map((r) => r.detail);
      expect(details.filter((d) => /^(SCAN|SEARCH) w\b/.test(d)), name).toEqual(["SEARCH w USING INDEX waitlist_intent_created_at_idx (intent=? AND created_at>? AND created_at<?)"]);
      // The referral ledger by its index too; no table read whole.
      expect(details.filter((d) => /^SCAN (w|c|waitlist|referral_credits)\b/.test(d)), name).toEqual([]);
    }
  });

});

describe("D1 statements of the funnel, counted at the bindings", () => {
  it("cost 2 statements in 1 call to DB and 1 statement more in the page's one call to ANALYTICS_DB", async ({ annotate }) => {
    const db = d1Probe(app.db);
    const analytics = d1Probe(app.analytics);
    const seen: { db: D1Call[]; analytics: D1Call[] } = { db: [], analytics: [] };
    db.observe((call) => seen.db.push(call));
    analytics.observe((call) => seen.analytics.push(call));
    const response = await app.withEnv({ DB: db.db, ANALYTICS_DB: analytics.db })(pageGet(`${PATH}?${RANGE}`, cookie));
    expect(response.status).toBe(200);
    await response.text();

    const funnelCalls = seen.db.filter((call) => call.statements.some((s) => s.sql.includes("FROM waitlist AS w")));
    expect(funnelCalls.map((call) => [call.method, call.statements.length])).toEqual([["batch", 2]]);
    const analyticsBatch = seen.analytics.filter((call) => call.statements.some((s) => s.sql.includes("julianday")));
    expect(analyticsBatch.map((call) => [call.method, call.statements.length])).toEqual([["batch", ANALYTICS_QUERY_NAMES.length]]);
    await publishCount(annotate, "the analytics page's funnel: DB (plus 1 statement in the page's ANALYTICS_DB batch)", { statements: funnelCalls[0]!.statements.length, calls: funnelCalls.length });
  });
});

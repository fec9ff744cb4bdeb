/**
 * Analytics results that can be trusted (issue 30, ADR 0047), shown with the pen test's own attacks
 * against the real site (createTestApp, with the analytics queue and the limiter object bound), the
 * real companion Worker's consumer and cron, real D1, KV and Durable Object in workerd:
 * - a client cannot pick its A/B variant, neither with a cookie value nor with a user agent and DNT: 1;
 * - impressions are the pages the server served, once a minute per visitor; what browsers report is
 *   shown apart and changes no result;
 * - a sign-up counts as a conversion once its address is confirmed, for the variants seen at sign-up;
 * - a day keeps a bounded number of paths, referrers and UTM sources, the rest counted as "(other)";
 * - the cron prunes daily counts past the horizon the owner sets.
 * Every wait is on a condition, never on time.
 */
import { createExecutionContext, createMessageBatch, createScheduledController, getQueueResult } from "cloudflare:test";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { DAILY_VALUES_CAP, OTHER_VALUE } from "~/features/analytics/count-statements.mjs";
import { ANALYTICS_QUEUE_NAME } from "~/features/analytics/jobs.server";
import { countNewEvents } from "~/features/analytics/ingest.server";
import { assignAll, DEFAULT_AB_TESTS, hash53, type AbTestConfig } from "~/lib/ab-tests";
import { AB_TESTS_KV_KEY } from "~/lib/ab-tests.server";
import type { JobsEnv } from "~/lib/env.server";
import jobs from "../../workers/jobs/index";
import { abCookieFor, abCookiePair, assignmentsFor, assignmentsOfCookie } from "../support/ab-visitor";
import { adminPost, pageGet } from "../support/admin";
import { beacon, BROWSER_UA, eventBatch, openAnalyticsSite, statOf, type AnalyticsSite } from "../support/analytics-pipeline";
import { formPost, runner, SIGN_UP_ACTION } from "../support/app";
import { EMAIL_TOKEN_SECRET, emailVariables, SITE_URL } from "../support/email-variables";
import { startResendStandin, type ResendStandin } from "../support/standins";
import runnerWorker from "../support/test-worker";
import { entryLinks, tokenIn } from "../support/waitlist-entries";

/** A guard against a hang, not a wait: the queue hands a batch over within 2 s. */
const WITHIN = { timeout: 60_000, interval: 50 };
const BOT_UA = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";

let site: AnalyticsSite;
let standin: ResendStandin;
const analytics = runner.ANALYTICS_DB;

beforeAll(async () => {
  standin = await startResendStandin({ ratePerSecond: 0 });
  // Email on: sign-ups are double opt-in.
  site = await openAnalyticsSite({ ...emailVariables(standin), WAITLIST_RATE_LIMIT_MAX: "1000" });
});
afterAll(async () => {
  await site.app.dispose();
  await standin.close();
});

const today = () => new Date().toISOString().slice(0, 10);
const decode = (html: string) => html.replace(/<!-- -->/g, "").replace(/&#x27;/g, "'").replace(/&quot;/g, '"').replace(/&amp;/g, "&");

/** GET `path` as a browser would (or as `headers` say), from `ip`. */
const browse = (path: string, ip: string, headers: Record<string, string> = {}) =>
  site.app.fetch(new Request(`http://127.0.0.1:8788${path}`, { headers: { "User-Agent": BROWSER_UA, "CF-Connecting-IP": ip, ...headers } }));

/** The hero headline variant a page was served with (its #ab-assignments block). */
async function servedHeadline(response: Response): Promise<string> {
  const json = /<script type="application\/json" id="ab-assignments">([^<]*)<\/script>/.exec(await response.text())?.[1];
  if (!json) throw new Error("no A/B assignment on the page");
  return (JSON.parse(json) as ReturnType<typeof assignAll>).hero_headline.variant;
}

/** Stored events of `name` per "test:variant". */
async function eventsByVariant(name: string): Promise<Record<string, number>> {
  const { results } = await analytics
    .prepare("SELECT properties ->> '$.test' || ':' || (properties ->> '$.variant') AS key, count(*) AS n FROM analytics_events WHERE name = ?1 GROUP BY key")
    .bind(name)
    .all<{ key: string; n: number }>();
  return Object.fromEntries(results.map((row) => [row.key, row.n]));
}
const total = (counts: Record<string, number>) => Object.values(counts).reduce((sum, n) => sum + n, 0);

let sentinels = 0;
/**
 * Everything queued before now has been stored: the work left after each answer has ended (the
 * site's sends to the queue), then a marker beacon sent last has reached the database, one consumer
 * batch after the ones before it.
 */
async function drained(): Promise<void> {
  await site.app.settle();
  const path = `/sentinel-${++sentinels}`;
  expect((await site.post(eventBatch(1, "cta_click", {}, path), "198.51.100.250")).status).toBe(202);
  await vi.waitFor(async () => expect(await analytics.prepare("SELECT count(*) AS n FROM analytics_events WHERE path = ?1").bind(path).first("n")).toBe(1), WITHIN);
}

/** What the edge's assignment was before ADR 0047, which anyone could compute: the hash of the cookie's id, or of user agent and language. */
const publicRuleHeadline = (key: string) => assignAll(DEFAULT_AB_TESTS, key).hero_headline.variant;

describe("a client cannot pick its variant", () => {
  it("a cookie value chosen offline for one variant gets the weights' split", async () => {
    // Cookie ids that the public rule put on benefit_focused: a client could send any of them.
    const chosen: string[] = [];
    while (chosen.length < 120) {
      const id = crypto.randomUUID().replaceAll("-", "");
      if (publicRuleHeadline(id) === "benefit_focused") chosen.push(id);
    }
    const served = await Promise.all(chosen.map(async (id, i) => servedHeadline(await browse("/home", `203.0.113.${i % 200}`, { Cookie: abCookieFor(id) }))));
    const share = served.filter((variant) => variant === "benefit_focused").length / served.length;
    // 50/50 weights: 120 visitors land within 25–75% (five standard deviations), never all on one.
    expect(share).toBeGreaterThan(0.25);
    expect(share).toBeLessThan(0.75);
    // Each still gets the variant the site assigns it, and keeps it.
    const [first] = chosen;
    const expected = (await assignmentsFor({ Cookie: abCookieFor(first!) })).hero_headline.variant;
    expect(await servedHeadline(await browse("/home", "203.0.113.1", { Cookie: abCookieFor(first!) }))).toBe(expected);
  });

  it("a fixed user agent with DNT: 1 keeps its variant (spec section 4), but which one cannot be worked out to pick it", async () => {
    const language = "en-GB";
    const chosen: string[] = [];
    for (let build = 0; chosen.length < 120; build++) {
      const userAgent = BROWSER_UA.replace("126.0.0.0", `126.0.${build}.0`);
      if (publicRuleHeadline(`ua:${hash53(`${userAgent}|${language}`).toString(16)}`) === "benefit_focused") chosen.push(userAgent);
    }
    const headers = (userAgent: string) => ({ "User-Agent": userAgent, "Accept-Language": language, DNT: "1" });
    const served = await Promise.all(chosen.map(async (userAgent, i) => servedHeadline(await browse("/home", `198.51.100.${i % 200}`, headers(userAgent)))));
    const share = served.filter((variant) => variant === "benefit_focused").length / served.length;
    expect(share).toBeGreaterThan(0.25);
    expect(share).toBeLessThan(0.75);
    // Deterministic per user agent and language, without a cookie.
    const again = await browse("/home", "198.51.100.7", headers(chosen[7]!));
    expect(again.headers.get("Set-Cookie")).toBeNull();
    expect(await servedHeadline(again)).toBe(served[7]);
    expect(served[7]).toBe((await assignmentsFor(headers(chosen[7]!))).hero_headline.variant);
  });
});

describe("impressions", () => {
  it("are the pages the server served, once a minute per visitor; what browsers report is shown apart and changes no result", async () => {
    await drained();
    const servedBefore = await eventsByVariant("ab_test_served");

    // One visitor opens /home three times within the minute, and from the cache too: one impression per test.
    const first = await browse("/home", "192.0.2.10");
    const cookie = abCookiePair(first.headers.get("Set-Cookie"));
    for (let i = 0; i < 2; i++) expect((await browse("/home", "192.0.2.10", { Cookie: cookie })).status).toBe(200);
    // A second visitor, with DNT: 1, on the French landing page (no cookie; the same user agent and language are the same visitor).
    const dnt = { DNT: "1", "User-Agent": `${BROWSER_UA} Impressions`, "Accept-Language": "fr" };
    for (let i = 0; i < 2; i++) expect((await browse("/fr/home", "192.0.2.11", dnt)).status).toBe(200);
    // Nobody sees these: a crawler, a link prefetch, a HEAD.
    await browse("/home", "192.0.2.12", { "User-Agent": BOT_UA });
    await browse("/home", "192.0.2.13", { "Sec-Purpose": "prefetch" });
    await site.app.fetch(new Request("http://127.0.0.1:8788/home", { method: "HEAD", headers: { "User-Agent": BROWSER_UA, "CF-Connecting-IP": "192.0.2.14" } }));

    // The pen test's flood: anonymous browser impressions of one variant, thousands of them.
    for (let i = 0; i < 40; i++) {
      const flood = await site.post(eventBatch(50, "ab_test_impression", { test: "hero_headline", variant: "benefit_focused" }), `2001:db8:ab:${i}::1`);
      expect(flood.status).toBe(202);
    }
    await drained();

    const expected: Record<string, number> = {};
    for (const assignments of [await assignmentsOfCookie(cookie), await assignmentsFor(dnt)]) {
      for (const { test, variant, active } of Object.values(assignments)) if (active) expected[`${test}:${variant}`] = (expected[`${test}:${variant}`] ?? 0) + 1;
    }
    const servedAfter = await eventsByVariant("ab_test_served");
    const added = Object.fromEntries(Object.keys(servedAfter).map((key) => [key, servedAfter[key]! - (servedBefore[key] ?? 0)]).filter(([, n]) => n !== 0));
    expect(added).toEqual(expected);
    // No page ever answered carries the loader's mark.
    expect(first.headers.get("X-LV-AB-Shown")).toBeNull();

    // The owner's page: the result uses the server's impressions; the flood is only listed apart, labelled.
    const { html } = await site.adminPage();
    const card = decode(html.slice(html.indexOf('data-testid="ab-hero_headline"')));
    const impressionsOf = (variant: string) => Number(new RegExp(`data-variant="${variant}".*?<td class="num">[^<]*</td><td class="num">([\\d,]+)</td>`, "s").exec(card)?.[1]?.replace(/,/g, ""));
    expect(impressionsOf("control") + impressionsOf("benefit_focused")).toBe(
      (servedAfter["hero_headline:control"] ?? 0) + (servedAfter["hero_headline:benefit_focused"] ?? 0),
    );
    expect(impressionsOf("benefit_focused")).toBeLessThan(2000);
    expect(card).toMatch(/data-testid="ab-hero_headline-browser-impressions">Reported by browsers, not used above: benefit_focused 2,000 impressions\./);
  });
  it("count a page served from the edge cache as one served by a render", async () => {
    const first = await browse("/home", "192.0.2.20");
    const mine = await assignmentsOfCookie(first.headers.get("Set-Cookie"));
    await site.app.settle();
    // Another visitor with the same variants gets the stored page.
    let other = "";
    while (!other) {
      const candidate = abCookieFor(crypto.randomUUID().replaceAll("-", ""));
      if (JSON.stringify(await assignmentsOfCookie(candidate)) === JSON.stringify(mine)) other = candidate;
    }
    await drained();
    const before = total(await eventsByVariant("ab_test_served"));
    const cached = await browse("/home", "192.0.2.21", { Cookie: other });
    expect(cached.headers.get("X-Edge-Cache")).toBe("HIT");
    expect(cached.headers.get("X-LV-AB-Shown")).toBeNull();
    await drained();
    expect(total(await eventsByVariant("ab_test_served")) - before).toBe(Object.values(mine).filter((a) => a.active).length);
  });
});

describe("A/B conversions with double opt-in", () => {
  const { linkPath } = entryLinks({ siteUrl: SITE_URL, tokenSecret: EMAIL_TOKEN_SECRET });
  const signUp = (email: string, ip: string, cookie: string) =>
    site.app.fetch(formPost(SIGN_UP_ACTION, { email, name: "Ada", submissionTime: String(Date.now() - 5_000) }, ip, { "User-Agent": BROWSER_UA, Cookie: cookie, Referer: "http://127.0.0.1:8788/home" }));
  const entryOf = (email: string) =>
    site.app.db
      .prepare("SELECT id, status, ab_variants, signup_variants FROM waitlist WHERE email = ?1")
      .bind(email)
      .first<{ id: number; status: string; ab_variants: string | null; signup_variants: string | null }>();

  it("an unconfirmed sign-up is no conversion; its confirmation is one, for the variants seen at sign-up, once", async () => {
    const home = await browse("/home", "203.0.113.150");
    const cookie = abCookiePair(home.headers.get("Set-Cookie"));
    const seen = Object.values(await assignmentsOfCookie(cookie)).filter((a) => a.active);
    expect(seen.length).toBeGreaterThan(0);
    await drained();
    const before = await eventsByVariant("ab_test_signup");

    const answer = await signUp("convert-on-confirm@example.com", "203.0.113.150", cookie);
    expect(await answer.json()).toMatchObject({ state: "success", pendingConfirmation: true });
    await drained();
    expect(await eventsByVariant("ab_test_signup")).toEqual(before);
    // Kept with the entry meanwhile: the variants of the running tests, nothing else.
    const pending = await entryOf("convert-on-confirm@example.com");
    expect(pending?.status).toBe("pending");
    expect(JSON.parse(pending!.ab_variants!)).toEqual(Object.fromEntries(seen.map((a) => [a.test, a.variant])));

    // The owner stops a test meanwhile: the conversion still counts for the variant this person saw.
    const stopped: AbTestConfig = structuredClone(DEFAULT_AB_TESTS);
    stopped.hero_headline.enabled = false;
    await site.app.kv.put(AB_TESTS_KV_KEY, JSON.stringify(stopped));
    try {
      // Confirmed from another device: the click in the email carries no cookie.
      const path = await linkPath("confirm", pending!.id);
      const confirmed = await site.app.fetch(formPost(path, { token: tokenIn(path) }, "198.51.100.77"));
      expect(confirmed.status).toBe(302);
      await drained();
      const after = await eventsByVariant("ab_test_signup");
      const added = Object.fromEntries(Object.keys(after).map((key) => [key, after[key]! - (before[key] ?? 0)]).filter(([, n]) => n !== 0));
      expect(added).toEqual(Object.fromEntries(seen.map((a) => [`${a.test}:${a.variant}`, 1])));
      const confirmedEntry = await entryOf("convert-on-confirm@example.com");
      expect(confirmedEntry?.ab_variants).toBeNull();
      // The funnel's split keeps what the person saw, after the conversion is counted (ADR 0055).
      expect(JSON.parse(confirmedEntry!.signup_variants!)).toEqual(Object.fromEntries(seen.map((a) => [a.test, a.variant])));

      // Confirming again (a double click, a replayed link): no second conversion.
      await site.app.fetch(formPost(path, { token: tokenIn(path) }, "198.51.100.77"));
      await drained();
      expect(total(await eventsByVariant("ab_test_signup"))).toBe(total(after));
    } finally {
      await site.app.kv.delete(AB_TESTS_KV_KEY);
    }
  });

  it("a notify-me request (one platform's news, not the beta) keeps no variants: it is no conversion", async () => {
    const home = await browse("/home", "203.0.113.152");
    const cookie = abCookiePair(home.headers.get("Set-Cookie"));
    const answer = await site.app.fetch(
      formPost(
        SIGN_UP_ACTION,
        { email: "android-only@example.com", name: "Ada", source: "notification_modal", intent: "waitlist", platform: "android", submissionTime: String(Date.now() - 5_000) },
        "203.0.113.152",
        { "User-Agent": BROWSER_UA, Cookie: cookie, Referer: "http://127.0.0.1:8788/home" },
      ),
    );
    expect(await answer.json()).toMatchObject({ state: "success", pendingConfirmation: true });
    expect(await entryOf("android-only@example.com")).toMatchObject({ ab_variants: null, signup_variants: null });
  });

  it("a sign-up from a browser the site never assigned a variant keeps nothing and counts nothing", async () => {
    const answer = await signUp("never-assigned@example.com", "203.0.113.151", "");
    expect(await answer.json()).toMatchObject({ state: "success", pendingConfirmation: true });
    expect(await entryOf("never-assigned@example.com")).toMatchObject({ ab_variants: null, signup_variants: null });
  });
});

describe("daily counts", () => {
  /** The day's daily-count rows and events of page views, per facet. */
  async function pageViewFacets(day: string): Promise<Record<string, { rows: number; n: number; other: number }>> {
    const { results } = await analytics
      .prepare(
        "SELECT facet, count(*) AS rows, sum(n) AS n, coalesce(sum(n * (value = ?2)), 0) AS other FROM analytics_daily_counts WHERE name = 'page_view' AND day = ?1 GROUP BY facet",
      )
      .bind(day, OTHER_VALUE)
      .all<{ facet: string; rows: number; n: number; other: number }>();
    return Object.fromEntries(results.map(({ facet, ...figures }) => [facet, figures]));
  }

  it("110 batches of unique paths from one /64: bounded rows", async () => {
    const day = today();
    const BATCHES = 110;
    const EVENTS = 45;
    // The pen test's probe: every event a new path; every batch a new referrer and new UTM values; all from one /64.
    for (let i = 0; i < BATCHES; i++) {
      const at = Date.now();
      const batch = {
        consent: "anonymous",
        referrer: `https://probe-${i}.example/page`,
        utm: { source: `probe-source-${i}`, medium: `probe-medium-${i}`, campaign: `probe-campaign-${i}` },
        events: Array.from({ length: EVENTS }, (_, j) => ({ name: "page_view", at, path: `/probe/${i}/${j}`, properties: {} })),
      };
      expect((await site.post(batch, `2001:db8:30:1::${(i + 1).toString(16)}`)).status, `batch ${i}`).toBe(202);
    }
    const stored = () => analytics.prepare("SELECT count(*) AS n FROM analytics_events WHERE path LIKE '/probe/%'").first<number>("n");
    await vi.waitFor(async () => expect(await stored()).toBe(BATCHES * EVENTS), WITHIN);

    const facets = await pageViewFacets(day);
    // 4,950 paths: the day keeps DAILY_VALUES_CAP of them and counts the rest together; no event is lost.
    expect(facets.path!.rows).toBe(DAILY_VALUES_CAP + 1);
    expect(facets.path!.n).toBe(BATCHES * EVENTS);
    expect(facets.path!.other).toBe(BATCHES * EVENTS - DAILY_VALUES_CAP);
    // The rows of the day, every facet together, no longer grow with the batches.
    const rows = await analytics.prepare("SELECT count(*) AS n FROM analytics_daily_counts WHERE day = ?1").bind(day).first<number>("n");
    expect(rows).toBeLessThan(1_000);

    // The owner sees the day's pages with "(other)" explained.
    const { html } = await site.adminPage(`from=${day}&to=${day}`);
    expect(decode(html)).toMatch(new RegExp(`<td class="cell-clip">\\(other\\)</td><td class="num">${(BATCHES * EVENTS - DAILY_VALUES_CAP).toLocaleString("en")}</td>`));
    expect(decode(html)).toContain(`(other): pages past the first ${DAILY_VALUES_CAP} of a day, counted together.`);
  });

  it("keep referrers and UTM sources to the same cap, whoever sends them", async () => {
    const day = today();
    const before = await pageViewFacets(day);
    // 600 beacons through the real consumer, each from another site and another campaign.
    for (let chunk = 0; chunk < 6; chunk++) {
      const messages = Array.from({ length: 100 }, (_, i) => {
        const n = chunk * 100 + i;
        const body = { ...beacon(`referrer-cap-${n}`, 1, "/home"), referrerHost: `site-${n}.example`, utmSource: `campaign-${n}` };
        return { id: `cap-${n}`, timestamp: new Date(), attempts: 1, body };
      });
      const batch = createMessageBatch(ANALYTICS_QUEUE_NAME, messages);
      await jobs.queue(batch, runner as unknown as JobsEnv);
      expect((await getQueueResult(batch, createExecutionContext())).explicitAcks).toHaveLength(100);
    }
    const after = await pageViewFacets(day);
    for (const facet of ["referrer_host", "utm_source"]) {
      expect(after[facet]!.rows, facet).toBe(DAILY_VALUES_CAP + 1);
      expect(after[facet]!.n - (before[facet]?.n ?? 0), facet).toBe(600);
    }
    expect(after.path!.rows).toBe(before.path!.rows);
  });
});

describe("the cron prunes daily counts past the owner's horizon", () => {
  const DAY_MS = 86_400_000;
  const dayAgo = (days: number) => new Date(Date.now() - days * DAY_MS).toISOString().slice(0, 10);
  const countsOn = (day: string) => analytics.prepare("SELECT count(*) AS n FROM analytics_daily_counts WHERE day = ?1").bind(day).first<number>("n");

  /** One Cron Trigger tick of the companion Worker, awaited to its end. */
  const cronTick = () => runnerWorker.scheduled(createScheduledController({ cron: "* * * * *", scheduledTime: new Date() }), runner as unknown as Cloudflare.Env);

  it("keeps three years by default, then what the owner sets on the settings page", async () => {
    const days = { ancient: dayAgo(1_200), old: dayAgo(600), recent: dayAgo(10) };
    // Counts as every writer keeps them; their raw events are long gone, as the raw retention (400 days) leaves them.
    await analytics.batch([
      ...Object.values(days).map((day) =>
        analytics
          .prepare("INSERT INTO analytics_events (name, occurred_at, path, referrer_host, utm_source) VALUES ('page_view', ?1, '/home', 'news.example', 'launch')")
          .bind(`${day}T12:00:00.000Z`),
      ),
      ...countNewEvents(analytics),
      analytics.prepare("DELETE FROM analytics_events WHERE occurred_at < ?1").bind(`${days.recent}T00:00:00.000Z`),
    ]);
    for (const day of Object.values(days)) expect(await countsOn(day)).toBe(3);

    await cronTick();
    expect(await countsOn(days.ancient)).toBe(0);
    expect(await countsOn(days.old)).toBe(3);

    // The owner keeps a year and a half of counts.
    const saved = await site.app.fetch(adminPost("/admin/settings", { intent: "save-analytics-retention", retentionDays: "400", countsRetentionDays: "550" }, site.cookie));
    expect(saved.status).toBe(302);
    await cronTick();
    expect(await countsOn(days.old)).toBe(0);
    expect(await countsOn(days.recent)).toBe(3);
    const page = await site.app.fetch(pageGet(`/admin/analytics?from=${days.old}&to=${days.old}`, site.cookie));
    expect(statOf(await page.text(), "stat-page-views")).toBe(0);
  });
});

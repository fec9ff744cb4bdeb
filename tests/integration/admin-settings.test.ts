/**
 * /admin/settings against real D1 and KV in Miniflare: the two site settings (D1 plus the KV mirror,
 * and what the public pages do with them), the referral boost (D1, as the waitlist reads it), the
 * A/B tests editor (KV, and what /home renders) and the analytics retention (D1, as the cron reads it).
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { AB_TEST_NAMES, DEFAULT_AB_TESTS, type AbTestConfig } from "~/lib/ab-tests";
import { AB_TESTS_KV_KEY } from "~/lib/ab-tests.server";
import { abFieldName, SETTINGS_MESSAGES } from "~/features/admin/settings/settings-schema";
import { ANALYTICS_RETENTION_MESSAGES } from "~/features/admin/settings/analytics-retention-schema";
import { ANALYTICS_COUNTS_RETENTION, ANALYTICS_RETENTION, readAnalyticsRetention, readReferralBoost, REFERRAL_BOOST, settingKvKey, type SettingKey } from "~/lib/settings.server";
import { bumpContentVersion } from "~/server/edge-cache";
import { adminPost, decodeHtml as decode, followFlash, openAdminApp, pageGet } from "../support/admin";
import type { TestApp } from "../support/app";

const PATH = "/admin/settings";

let app: TestApp;
let cookie: string;

beforeAll(async () => ({ app, cookie } = await openAdminApp()));
afterAll(() => app.dispose());

beforeEach(async () => {
  await app.db.batch([app.db.prepare("DELETE FROM site_settings"), app.db.prepare("DELETE FROM customer_reviews")]);
  await Promise.all([app.kv.delete(AB_TESTS_KV_KEY), app.kv.delete(settingKvKey("show_customer_reviews")), app.kv.delete(settingKvKey("promotion_as_entry_page"))]);
  // Rows change behind the admin's back here and in addActiveReview: nothing stored or remembered may be reused (ADR 0025).
  await bumpContentVersion(app.kv);
});

const d1Value = async (key: SettingKey) =>
  (await app.db.prepare("SELECT value FROM site_settings WHERE key = ?1").bind(key).first<{ value: string }>())?.value ?? null;
const kvValue = (key: SettingKey) => app.kv.get(settingKvKey(key));
const auditCount = async () => (await app.db.prepare("SELECT count(*) AS n FROM admin_audit_log").first<{ n: number }>())!.n;
const lastAudit = () => app.db.prepare("SELECT * FROM admin_audit_log ORDER BY id DESC LIMIT 1").first<{ action: string; target: string; details: string }>();


async function flashAfter(response: Response): Promise<{ kind: string; message: string }> {
  const after = await followFlash(app, response, cookie);
  expect(after.location).toBe(PATH);
  return { kind: after.flashKind ?? "none", message: after.flash ?? "" };
}

const post = (fields: Record<string, string>) => app.fetch(adminPost(PATH, fields, cookie));
const saveSettings = (values: Partial<Record<SettingKey, string>>) => post({ intent: "save-settings", ...values });

async function addActiveReview() {
  await app.db
    .prepare("INSERT INTO customer_reviews (title, content, author_name, author_platform, rating) VALUES ('Great app', 'Keeps my links tidy', 'Sam', 'app_store', 5)")
    .run();
  await bumpContentVersion(app.kv);
}
const showsReviews = (html: string) => html.includes('id="reviews-heading"');
const heroHeadline = (html: string) => decode(/<h1 id="hero-heading"[^>]*>([^<]*)<\/h1>/.exec(html)?.[1] ?? "");

/** The editor's fields for a configuration, as the page would post them. */
function abFields(config: AbTestConfig): Record<string, string> {
  const fields: Record<string, string> = { intent: "save-ab-tests" };
  for (const test of AB_TEST_NAMES) {
    if (config[test].enabled) fields[abFieldName.enabled(test)] = "on";
    for (const variant of config[test].variants) {
      fields[abFieldName.label(test, variant.id)] = variant.label;
      fields[abFieldName.weight(test, variant.id)] = String(variant.weight);
    }
  }
  return fields;
}

/** KV whose writes fail (and optionally deletes), as during a KV incident; reads still work. */
function kvFailingWrites(kv: KVNamespace, { deletes = false } = {}): KVNamespace {
  return new Proxy(kv, {
    get(target, property) {
      if (property === "put" || (deletes && property === "delete")) return () => Promise.reject(new Error("KV PUT failed: 503 Service Unavailable"));
      const value = Reflect.get(target, property);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}

describe("the settings page", () => {
  it("shows both settings with their current values, and the A/B tests with their source", async () => {
    const response = await app.fetch(pageGet(PATH, cookie));
    expect(response.status).toBe(200);
    const html = decode(await response.text());
    expect(html).toContain("Customer reviews on the landing page");
    expect(html).toContain("Promotion page as the entry page");
    // Defaults: reviews on, promotion off.
    expect(html).toMatch(/name="show_customer_reviews" checked="" value="true"/);
    expect(html).toMatch(/name="promotion_as_entry_page" checked="" value="false"/);
    expect(html).toContain("Running from the spec's defaults: nothing has been saved yet.");
    for (const test of AB_TEST_NAMES) expect(html).toContain(`name="${abFieldName.enabled(test)}"`);
    expect(html).toContain(`value="${DEFAULT_AB_TESTS.hero_cta.variants[3]!.label}"`);
  });
});

describe("site settings", () => {
  it("writes each boolean to D1 and mirrors it to KV, with an audit row", async () => {
    const audits = await auditCount();
    const first = await saveSettings({ show_customer_reviews: "false", promotion_as_entry_page: "true" });
    expect(await flashAfter(first)).toEqual({ kind: "success", message: "Settings saved." });
    expect(await d1Value("show_customer_reviews")).toBe("false");
    expect(await d1Value("promotion_as_entry_page")).toBe("true");
    expect(await kvValue("show_customer_reviews")).toBe("false");
    expect(await kvValue("promotion_as_entry_page")).toBe("true");
    expect(await auditCount()).toBe(audits + 1);
    const audit = await lastAudit();
    expect(audit).toMatchObject({ action: "updated settings", target: "site settings" });
    expect(JSON.parse(audit!.details)).toEqual({ show_customer_reviews: false, promotion_as_entry_page: true });

    const second = await saveSettings({ show_customer_reviews: "true", promotion_as_entry_page: "false" });
    expect((await flashAfter(second)).kind).toBe("success");
    expect(await d1Value("show_customer_reviews")).toBe("true");
    expect(await d1Value("promotion_as_entry_page")).toBe("false");
    expect(await kvValue("show_customer_reviews")).toBe("true");
    expect(await kvValue("promotion_as_entry_page")).toBe("false");
    expect(await auditCount()).toBe(audits + 2);
  });

  it.each([
    { show_customer_reviews: "yes", promotion_as_entry_page: "false" },
    { show_customer_reviews: "true", promotion_as_entry_page: "1" },
    { show_customer_reviews: "TRUE", promotion_as_entry_page: "false" },
    { show_customer_reviews: "true" },
    {},
  ])("refuses %j with 400, writing nothing to D1 or KV", async (values) => {
    await saveSettings({ show_customer_reviews: "false", promotion_as_entry_page: "true" });
    const audits = await auditCount();
    const response = await saveSettings(values);
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toContain(SETTINGS_MESSAGES.invalidValue);
    expect(html).toMatch(/<p id="(show_customer_reviews|promotion_as_entry_page)-error" class="field-error">/);
    expect(await d1Value("show_customer_reviews")).toBe("false");
    expect(await d1Value("promotion_as_entry_page")).toBe("true");
    expect(await kvValue("show_customer_reviews")).toBe("false");
    expect(await kvValue("promotion_as_entry_page")).toBe("true");
    expect(await auditCount()).toBe(audits);
  });

  it("turning promotion_as_entry_page on sends / to /promotion; off sends it to the landing page again", async () => {
    await saveSettings({ show_customer_reviews: "true", promotion_as_entry_page: "true" });
    const on = await app.fetch("/");
    expect(on.status).toBe(302);
    expect(on.headers.get("Location")).toBe("/promotion");

    await saveSettings({ show_customer_reviews: "true", promotion_as_entry_page: "false" });
    const off = await app.fetch("/");
    expect(off.status).toBe(302);
    expect(off.headers.get("Location")).toBe("/home");
  });

  it("turning show_customer_reviews off removes the reviews section from /home; on brings it back", async () => {
    await addActiveReview();
    expect(showsReviews(await (await app.fetch("/home")).text())).toBe(true);
    await saveSettings({ show_customer_reviews: "false", promotion_as_entry_page: "false" });
    const html = await (await app.fetch("/home")).text();
    expect(showsReviews(html)).toBe(false);
    expect(html).not.toContain("Loved by All");
    await saveSettings({ show_customer_reviews: "true", promotion_as_entry_page: "false" });
    expect(showsReviews(await (await app.fetch("/home")).text())).toBe(true);
  });

  it("when the KV mirror cannot be written, D1 still holds the value, the mirror is cleared and / follows D1", async () => {
    await saveSettings({ show_customer_reviews: "true", promotion_as_entry_page: "true" });
    expect(await kvValue("promotion_as_entry_page")).toBe("true");

    const failing = app.withEnv({ CONFIG: kvFailingWrites(app.kv) });
    const response = await failing(adminPost(PATH, { intent: "save-settings", show_customer_reviews: "true", promotion_as_entry_page: "false" }, cookie));
    expect(await flashAfter(response)).toEqual({ kind: "error", message: SETTINGS_MESSAGES.edgeCleared });
    expect(await d1Value("promotion_as_entry_page")).toBe("false");
    expect(await kvValue("promotion_as_entry_page")).toBeNull();
    expect((await app.fetch("/")).headers.get("Location")).toBe("/home");
    expect(decode(await (await app.fetch(pageGet(PATH, cookie))).text())).toContain("No edge copy (KV): the site reads the database value.");
  });

  it("says so plainly when the mirror can be neither written nor cleared", async () => {
    const failing = app.withEnv({ CONFIG: kvFailingWrites(app.kv, { deletes: true }) });
    const response = await failing(adminPost(PATH, { intent: "save-settings", show_customer_reviews: "false", promotion_as_entry_page: "true" }, cookie));
    expect(await flashAfter(response)).toEqual({ kind: "error", message: SETTINGS_MESSAGES.edgeStale });
    expect(await d1Value("show_customer_reviews")).toBe("false");
    expect(await d1Value("promotion_as_entry_page")).toBe("true");
  });

  it("the entry route reads KV first, and D1 when the mirror holds no usable value", async () => {
    await app.db.prepare("INSERT INTO site_settings (key, value) VALUES ('promotion_as_entry_page', 'true')").run();
    await app.kv.put(settingKvKey("promotion_as_entry_page"), "false");
    expect((await app.fetch("/")).headers.get("Location")).toBe("/home");
    // The entry is never cached (it negotiates the language), so KV's next value decides the next answer.
    await app.kv.put(settingKvKey("promotion_as_entry_page"), "garbage");
    expect((await app.fetch("/")).headers.get("Location")).toBe("/promotion");
  });

  it("refuses an unknown intent with 400", async () => {
    const response = await post({ intent: "format-disk" });
    expect(response.status).toBe(400);
    expect(await response.text()).toContain(SETTINGS_MESSAGES.unknownIntent);
  });
});

describe("the referral boost", () => {
  const saveBoost = (value: string | undefined) => post({ intent: "save-referral-boost", ...(value === undefined ? {} : { [REFERRAL_BOOST.key]: value }) });
  const storedBoost = async () =>
    (await app.db.prepare("SELECT value FROM site_settings WHERE key = ?1").bind(REFERRAL_BOOST.key).first<{ value: string }>())?.value ?? null;
  const boostInput = (html: string) => /<input [^>]*id="referral-boost"[^>]*>/.exec(html)?.[0] ?? "";

  it("shows the default, 5, with the hint that explains it", async () => {
    const html = decode(await (await app.fetch(pageGet(PATH, cookie))).text());
    expect(boostInput(html)).toMatch(/value="5"/);
    expect(boostInput(html)).toMatch(/type="number"/);
    expect(html).toContain("Places gained per confirmed referral");
    expect(html).toContain("Each confirmed referral moves the referrer ahead by this many places, never past #1");
    expect(html).toContain("Not changed yet (default 5).");
    expect(await readReferralBoost(app.db)).toBe(5);
  });

  it("saves a whole number from 0 to 1000 to D1, audited, and the waitlist's reader reads it", async () => {
    for (const [value, places] of [["12", 12], [" 0 ", 0], ["1000", 1000], ["007", 7]] as const) {
      const audits = await auditCount();
      const response = await saveBoost(value);
      expect(await flashAfter(response)).toEqual({ kind: "success", message: SETTINGS_MESSAGES.referralBoostSaved(places) });
      expect(await storedBoost()).toBe(String(places));
      expect(await readReferralBoost(app.db)).toBe(places);
      expect(await auditCount()).toBe(audits + 1);
      expect(await lastAudit()).toMatchObject({ action: "updated referral boost", target: REFERRAL_BOOST.key, details: JSON.stringify({ places }) });
    }
    const html = decode(await (await app.fetch(pageGet(PATH, cookie))).text());
    expect(boostInput(html)).toMatch(/value="7"/);
    expect(html).toMatch(/Last changed \d+ \w+ \d{4}, \d\d:\d\d UTC\./);
    // The site settings beside it are untouched.
    expect(await d1Value("show_customer_reviews")).toBeNull();
  });

  it.each(["-1", "1001", "2.5", "abc", "1e2", "", "   ", "99999999999", undefined])("refuses %j with 400 and a clear message, keeping what is stored", async (value) => {
    await saveBoost("9");
    const audits = await auditCount();
    const response = await saveBoost(value);
    expect(response.status).toBe(400);
    const html = decode(await response.text());
    expect(html).toContain(SETTINGS_MESSAGES.referralBoost(REFERRAL_BOOST));
    expect(html).toContain("Use a whole number of places from 0 to 1,000.");
    expect(html).toMatch(/<p id="referral-boost-error" class="field-error"/);
    expect(boostInput(html)).toContain('aria-invalid="true"');
    expect(await storedBoost()).toBe("9");
    expect(await auditCount()).toBe(audits);
  });

  it("says when the stored value is not valid, and the default applies until it is saved", async () => {
    await app.db.prepare("INSERT INTO site_settings (key, value) VALUES (?1, 'lots')").bind(REFERRAL_BOOST.key).run();
    const html = decode(await (await app.fetch(pageGet(PATH, cookie))).text());
    expect(boostInput(html)).toMatch(/value="5"/);
    expect(html).toContain("The stored value is not valid, so the default (5) applies until you save.");
  });
});

describe("the A/B tests editor", () => {
  it("refuses weights that do not add up to 100 with the test's total, and leaves KV alone", async () => {
    const fields = abFields(DEFAULT_AB_TESTS);
    fields[abFieldName.weight("hero_headline", "benefit_focused")] = "49";
    const audits = await auditCount();
    const response = await post(fields);
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toContain("Weights of hero_headline must add up to 100 (now 99).");
    // The typed value comes back.
    expect(html).toMatch(/name="hero_headline\.benefit_focused\.weight"[^>]*value="49"/);
    expect(await app.kv.get(AB_TESTS_KV_KEY)).toBeNull();
    expect(await auditCount()).toBe(audits);
  });

  it("refuses empty or over-long labels and non-numeric weights, per field", async () => {
    const fields = abFields(DEFAULT_AB_TESTS);
    fields[abFieldName.label("hero_cta", "control")] = "   ";
    fields[abFieldName.label("waitlist_cta", "exclusive")] = "x".repeat(81);
    fields[abFieldName.weight("hero_cta", "urgency_driven")] = "25.5";
    const response = await post(fields);
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toMatch(/id="hero_cta-control-label"[^>]*aria-invalid="true"/);
    expect(html).toMatch(/id="waitlist_cta-exclusive-label"[^>]*aria-invalid="true"/);
    expect(html).toMatch(/id="hero_cta-urgency_driven-weight"[^>]*aria-invalid="true"/);
    expect(html).toContain(SETTINGS_MESSAGES.label);
    expect(html).toContain(SETTINGS_MESSAGES.weight);
    expect(await app.kv.get(AB_TESTS_KV_KEY)).toBeNull();
  });

  it("saves a valid edit to KV (variant ids fixed), audits it, and /home shows the edited headline", async () => {
    const fields = abFields(DEFAULT_AB_TESTS);
    fields[abFieldName.label("hero_headline", "control")] = "  Every link, right where you left it  ";
    fields[abFieldName.weight("hero_headline", "control")] = "100";
    fields[abFieldName.weight("hero_headline", "benefit_focused")] = "0";
    delete fields[abFieldName.enabled("waitlist_cta")];
    // A made-up variant is not a field of the editor: it is ignored.
    fields["hero_headline.sneaky.label"] = "Injected";
    fields["hero_headline.sneaky.weight"] = "50";
    const response = await post(fields);
    expect(await flashAfter(response)).toEqual({ kind: "success", message: "A/B tests saved." });

    const stored = JSON.parse((await app.kv.get(AB_TESTS_KV_KEY))!) as AbTestConfig;
    expect(stored.hero_headline.variants).toEqual([
      { id: "control", label: "Every link, right where you left it", weight: 100 },
      { id: "benefit_focused", label: "Never Lose Important Links Again", weight: 0 },
    ]);
    expect(stored.waitlist_cta.enabled).toBe(false);
    expect(stored.hero_cta).toEqual(DEFAULT_AB_TESTS.hero_cta);
    const audit = await lastAudit();
    expect(audit).toMatchObject({ action: "updated A/B tests", target: AB_TESTS_KV_KEY });

    expect(heroHeadline(await (await app.fetch("/home")).text())).toBe("Every link, right where you left it");
    expect(decode(await (await app.fetch(pageGet(PATH, cookie))).text())).toContain("Running from the saved configuration (KV).");
  });

  it("asks first, then resets to the spec's defaults", async () => {
    const edited = structuredClone(DEFAULT_AB_TESTS);
    edited.hero_cta.enabled = false;
    await app.kv.put(AB_TESTS_KV_KEY, JSON.stringify(edited));

    const page = decode(await (await app.fetch(pageGet(PATH, cookie))).text());
    expect(page).toContain('href="/admin/settings?confirm=ab-defaults"');
    const confirm = decode(await (await app.fetch(pageGet(`${PATH}?confirm=ab-defaults`, cookie))).text());
    expect(confirm).toContain("Reset the A/B tests to the spec's defaults?");
    expect(confirm).toMatch(/<input type="hidden" name="intent" value="reset-ab-tests"\/>/);

    const response = await post({ intent: "reset-ab-tests", id: "ab_tests" });
    expect(await flashAfter(response)).toEqual({ kind: "success", message: "A/B tests reset to the spec's defaults." });
    expect(JSON.parse((await app.kv.get(AB_TESTS_KV_KEY))!)).toEqual(DEFAULT_AB_TESTS);
    expect(await lastAudit()).toMatchObject({ action: "reset A/B tests", target: AB_TESTS_KV_KEY });
  });

  it("changes nothing and audits nothing when KV refuses the write", async () => {
    const audits = await auditCount();
    const failing = app.withEnv({ CONFIG: kvFailingWrites(app.kv) });
    const response = await failing(adminPost(PATH, abFields(DEFAULT_AB_TESTS), cookie));
    expect(await flashAfter(response)).toEqual({ kind: "error", message: SETTINGS_MESSAGES.abStoreFailed });
    expect(await app.kv.get(AB_TESTS_KV_KEY)).toBeNull();
    expect(await auditCount()).toBe(audits);
  });
});

describe("the analytics retention", () => {
  const saveRetention = (fields: Record<string, string>) => post({ intent: "save-analytics-retention", ...fields });
  const stored = async (key: string) => (await app.db.prepare("SELECT value FROM site_settings WHERE key = ?1").bind(key).first<{ value: string }>())?.value ?? null;
  const input = (html: string, id: string) => new RegExp(`<input [^>]*id="${id}"[^>]*>`).exec(html)?.[0] ?? "";

  it("shows the defaults in force: raw events 400 days, daily counts 1,095", async () => {
    const html = decode(await (await app.fetch(pageGet(PATH, cookie))).text());
    expect(html).toContain('<h2 id="analytics-retention-title">Analytics data</h2>');
    expect(input(html, "retention-days")).toMatch(/value="400"/);
    expect(input(html, "counts-retention-days")).toMatch(/value="1095"/);
    expect(html).toContain("Not changed yet (defaults 400 and 1,095 days).");
    expect(await readAnalyticsRetention(app.db)).toEqual({ eventsDays: 400, countsDays: 1095 });
  });

  it("saves both to D1 in one audited change, and the cron's reader reads them", async () => {
    const audits = await auditCount();
    const response = await saveRetention({ retentionDays: "90", countsRetentionDays: "730" });
    expect(await flashAfter(response)).toEqual({ kind: "success", message: ANALYTICS_RETENTION_MESSAGES.saved(90, 730) });
    expect([await stored(ANALYTICS_RETENTION.key), await stored(ANALYTICS_COUNTS_RETENTION.key)]).toEqual(["90", "730"]);
    expect(await readAnalyticsRetention(app.db)).toEqual({ eventsDays: 90, countsDays: 730 });
    expect(await auditCount()).toBe(audits + 1);
    expect(await lastAudit()).toMatchObject({ action: "updated analytics retention", details: JSON.stringify({ eventsDays: 90, countsDays: 730 }) });
    const html = decode(await (await app.fetch(pageGet(PATH, cookie))).text());
    expect(input(html, "counts-retention-days")).toMatch(/value="730"/);
  });

  it.each([
    [{ retentionDays: "400", countsRetentionDays: "399" }, "counts-retention-days", "Keep the daily counts at least as long as the raw events (400 days)"],
    [{ retentionDays: "400", countsRetentionDays: "365" }, "counts-retention-days", "Use a whole number of days from 366 to 3,650."],
    [{ retentionDays: "400", countsRetentionDays: "3651" }, "counts-retention-days", "Use a whole number of days from 366 to 3,650."],
    [{ retentionDays: "29", countsRetentionDays: "1095" }, "retention-days", "Use a whole number of days from 30 to 3,650."],
    [{ retentionDays: "forever", countsRetentionDays: "1095" }, "retention-days", "Use a whole number of days from 30 to 3,650."],
    [{ retentionDays: "400" }, "counts-retention-days", "Use a whole number of days from 366 to 3,650."],
  ])("refuses %j with 400 and the field's message, writing nothing", async (fields, field, message) => {
    const audits = await auditCount();
    const response = await saveRetention(fields);
    expect(response.status).toBe(400);
    const html = decode(await response.text());
    expect(html).toContain(message);
    expect(html).toMatch(new RegExp(`<p id="${field}-error" class="field-error"`));
    expect(input(html, field)).toContain('aria-invalid="true"');
    expect([await stored(ANALYTICS_RETENTION.key), await stored(ANALYTICS_COUNTS_RETENTION.key)]).toEqual([null, null]);
    expect(await auditCount()).toBe(audits);
  });

  it("the cron never keeps counts for less time than raw events, whatever is stored", async () => {
    await app.db.prepare("INSERT INTO site_settings (key, value) VALUES (?1, '3000'), (?2, '400')").bind(ANALYTICS_RETENTION.key, ANALYTICS_COUNTS_RETENTION.key).run();
    expect(await readAnalyticsRetention(app.db)).toEqual({ eventsDays: 3000, countsDays: 3000 });
  });
});

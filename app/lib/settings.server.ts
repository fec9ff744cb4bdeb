/**
 * Site settings (spec section 3): D1 site_settings is the source of truth; the entry-page flag is
 * mirrored to KV CONFIG for fast reads at the edge (architecture decision 3).
 */
import { eq } from "drizzle-orm";
import { siteSettings } from "~/db/schema";
import { createDb } from "~/lib/db.server";
import { PUBLIC_READ_DEADLINE_MS, withDeadline } from "~/lib/deadline";
import { parseSenderName, parseTestflightUrl, SENDER_NAME, TESTFLIGHT_LINK } from "~/lib/outreach-settings";

export const SETTING_DEFAULTS = {
  show_customer_reviews: true,
  promotion_as_entry_page: false,
} as const;

export type SettingKey = keyof typeof SETTING_DEFAULTS;

/** KV key that mirrors a setting. */
export const settingKvKey = (key: SettingKey) => `setting:${key}`;

/** true/false or their string forms; anything else is invalid (null). */
export function parseBoolean(value: unknown): boolean | null {
  if (value === true || value === "true") return true;
  if (value === false || value === "false") return false;
  return null;
}

/** The stored text of a setting, or null when it has no row. Throws when D1 fails. */
export async function readSettingValue(d1: D1Database, key: SettingKey): Promise<string | null> {
  const [row] = await createDb(d1).select({ value: siteSettings.value }).from(siteSettings).where(eq(siteSettings.key, key)).limit(1);
  return row?.value ?? null;
}

/** readSettingValue for a public page: a read slower than the deadline fails (ADR 0021). */
function readSettingForPage(d1: D1Database, key: SettingKey, deadlineMs: number): Promise<string | null> {
  return withDeadline(readSettingValue(d1, key), deadlineMs, `setting ${key}`);
}

/**
 * Whether the reviews section shows (spec sections 4 and 8): a missing row means the default
 * (true); an explicit false or an invalid value hides it; a read failure (or a read slower than
 * the deadline) shows it, and tells `onFallback`.
 */
export async function shouldShowReviews(d1: D1Database, onFallback?: () => void, deadlineMs = PUBLIC_READ_DEADLINE_MS): Promise<boolean> {
  try {
    const value = await readSettingForPage(d1, "show_customer_reviews", deadlineMs);
    if (value === null) return SETTING_DEFAULTS.show_customer_reviews;
    return parseBoolean(value) === true;
  } catch {
    onFallback?.();
    return true;
  }
}

export type EntryDecision = { promotion: boolean; source: "kv" | "d1" | "failure" };

/**
 * Whether / sends visitors to /promotion: KV first, D1 (the source of truth) when KV holds no
 * usable value (none, as after the admin cleared a mirror it could not update, or not true/false);
 * an invalid D1 value means the default (false); any read failure (a D1 read slower than the
 * deadline included) shows the landing page.
 */
export async function promotionIsEntryPage(kv: KVNamespace, d1: D1Database, deadlineMs = PUBLIC_READ_DEADLINE_MS): Promise<EntryDecision> {
  try {
    const mirrored = parseBoolean(await kv.get(settingKvKey("promotion_as_entry_page")));
    if (mirrored !== null) return { promotion: mirrored, source: "kv" };
    const stored = await readSettingForPage(d1, "promotion_as_entry_page", deadlineMs);
    return { promotion: parseBoolean(stored) ?? SETTING_DEFAULTS.promotion_as_entry_page, source: "d1" };
  } catch {
    return { promotion: false, source: "failure" };
  }
}

/**
 * The referral boost (issue 16): how many places each confirmed referral moves a tester ahead. A whole
 * number the admin sets (site_settings key referral_boost_places); default 5, at most 1,000.
 */
export const REFERRAL_BOOST = { key: "referral_boost_places", default: 5, min: 0, max: 1000 } as const;

/** A stored whole-number setting: digits only, within `min`..`max`; null for anything else. */
function wholeNumberSetting(value: unknown, { min, max }: { min: number; max: number }): number | null {
  const text = typeof value === "number" ? String(value) : typeof value === "string" ? value.trim() : "";
  if (!/^\d{1,9}$/.test(text)) return null;
  const n = Number(text);
  return n >= min && n <= max ? n : null;
}

/** A stored boost: a whole number in range, or null when the text is anything else. */
export function parseReferralBoost(value: unknown): number | null {
  return wholeNumberSetting(value, REFERRAL_BOOST);
}

/** The referral boost in force: the stored value, or the default when none (or an invalid one) is stored. */
export async function readReferralBoost(d1: D1Database): Promise<number> {
  return readWholeNumberSetting(d1, REFERRAL_BOOST);
}

/** A whole-number setting in force: the stored value when valid, else its default. */
async function readWholeNumberSetting(d1: D1Database, setting: { key: string; default: number; min: number; max: number }): Promise<number> {
  const row = await d1.prepare("SELECT value FROM site_settings WHERE key = ?").bind(setting.key).first<{ value: string }>();
  return wholeNumberSetting(row?.value, setting) ?? setting.default;
}

/**
 * How long raw analytics events are kept (issue 19), in days: the owner sets it on the settings page
 * (site_settings key analytics_retention_days); default 400, so the analytics page's longest range
 * (366 days) still has every raw event. Past it only the daily counts remain (ADR 0037).
 */
export const ANALYTICS_RETENTION = { key: "analytics_retention_days", default: 400, min: 30, max: 3650 } as const;

/**
 * How long the daily counts are kept (issue 30, ADR 0047), in days: longer than the raw events, never
 * shorter than the page's longest range; default three years (site_settings key
 * analytics_counts_retention_days).
 */
export const ANALYTICS_COUNTS_RETENTION = { key: "analytics_counts_retention_days", default: 1095, min: 366, max: 3650 } as const;

/** A stored retention: a whole number of days in range, or null when the text is anything else. */
export function parseAnalyticsRetention(value: unknown): number | null {
  return wholeNumberSetting(value, ANALYTICS_RETENTION);
}

/** A stored retention of the daily counts: a whole number of days in range, or null. */
export function parseAnalyticsCountsRetention(value: unknown): number | null {
  return wholeNumberSetting(value, ANALYTICS_COUNTS_RETENTION);
}

export interface AnalyticsRetention {
  /** Days raw events are kept. */
  eventsDays: number;
  /** Days daily counts are kept: never fewer than the raw events' (the counts outlive them). */
  countsDays: number;
}

/** Both retentions in force: each stored value, or its default when none (or an invalid one) is stored. */
export async function readAnalyticsRetention(d1: D1Database): Promise<AnalyticsRetention> {
  const { results } = await d1
    .prepare("SELECT key, value FROM site_settings WHERE key IN (?1, ?2)")
    .bind(ANALYTICS_RETENTION.key, ANALYTICS_COUNTS_RETENTION.key)
    .all<{ key: string; value: string }>();
  const stored = new Map(results.map((row) => [row.key, row.value]));
  const eventsDays = parseAnalyticsRetention(stored.get(ANALYTICS_RETENTION.key)) ?? ANALYTICS_RETENTION.default;
  const countsDays = parseAnalyticsCountsRetention(stored.get(ANALYTICS_COUNTS_RETENTION.key)) ?? ANALYTICS_COUNTS_RETENTION.default;
  return { eventsDays, countsDays: Math.max(eventsDays, countsDays) };
}

export interface OutreachSettings {
  testflightUrl: string | null;
  senderName: string | null;
}

/** The TestFlight link and the sender's name in force (a stored value that no longer parses counts as unset). */
export async function readOutreachSettings(d1: D1Database): Promise<OutreachSettings> {
  const { results } = await d1
    .prepare("SELECT key, value FROM site_settings WHERE key IN (?1, ?2)")
    .bind(TESTFLIGHT_LINK.key, SENDER_NAME.key)
    .all<{ key: string; value: string }>();
  const stored = new Map(results.map((row) => [row.key, row.value]));
  return { testflightUrl: parseTestflightUrl(stored.get(TESTFLIGHT_LINK.key)), senderName: parseSenderName(stored.get(SENDER_NAME.key)) };
}

/**
 * The settings page (/admin/settings): the two site settings, the referral boost and the A/B test
 * definitions.
 *
 * Settings: D1 site_settings is the source of truth (written in one batch with the audit row), then
 * mirrored to KV for the edge. When the mirror cannot be written it is cleared instead, so the
 * entry route (which reads KV first, then D1) follows the saved D1 value.
 * Referral boost: D1 site_settings only (the waitlist reads it when it ranks, never at the edge).
 * Email settings (the TestFlight link, the sender's name): D1 site_settings only (issue 17).
 * A/B tests: KV "ab_tests" is their only store; the edge falls back to the spec's table without it.
 * Analytics retention: D1 site_settings only (the companion Worker's cron reads it; analytics-retention.server.ts).
 */
import type { SubmissionResult } from "@conform-to/react";
import { json, type AppLoadContext, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { inArray } from "drizzle-orm";
import { siteSettings } from "~/db/schema";
import { auditStatement } from "~/features/admin/audit.server";
import { redirectWithFlash, type Flash } from "~/features/admin/flash.server";
import { formRefusal } from "~/features/admin/form-schema";
import { adminAction, answerSaveFailure, parseAdminForm, saveFailedRedirect } from "~/features/admin/guard.server";
import { requireAdmin, type SignedInAdmin } from "~/features/admin/session.server";
import { ADMIN_PATHS } from "~/features/admin/ui/admin-nav";
import { DEFAULT_AB_TESTS, type AbTestConfig } from "~/lib/ab-tests";
import { AB_TESTS_KV_KEY, readAbTestConfigWithSource } from "~/lib/ab-tests.server";
import { createDb } from "~/lib/db.server";
import { logError } from "~/lib/log.server";
import { SENDER_NAME, TESTFLIGHT_LINK } from "~/lib/outreach-settings";
import { parseBoolean, parseReferralBoost, readOutreachSettings, REFERRAL_BOOST, SETTING_DEFAULTS, settingKvKey, type SettingKey } from "~/lib/settings.server";
import { abTestsSchema, outreachSettingsSchema, referralBoostSchema, RESET_CONFIRM, SETTINGS_MESSAGES, siteSettingsSchema } from "./settings-schema";
import { loadAnalyticsRetention, saveAnalyticsRetention } from "./analytics-retention.server";
import { ANALYTICS_RETENTION_INTENT } from "./analytics-retention-schema";

export const SETTING_KEYS = Object.keys(SETTING_DEFAULTS) as SettingKey[];

export type EdgeStatus = "in-sync" | "missing" | "differs" | "unreadable";

/** The referral boost's field and range, as the page's form and the action read them. */
const REFERRAL_BOOST_LIMITS = { key: REFERRAL_BOOST.key, min: REFERRAL_BOOST.min, max: REFERRAL_BOOST.max };

/** What the page shows: each setting's value in D1 and its KV mirror's state, the referral boost, and the A/B tests. */
export async function loadSettingsPage(d1: D1Database, kv: KVNamespace) {
  const rows = await createDb(d1)
    .select()
    .from(siteSettings)
    .where(inArray(siteSettings.key, [...SETTING_KEYS, REFERRAL_BOOST.key, TESTFLIGHT_LINK.key, SENDER_NAME.key]));
  const stored = new Map(rows.map((row) => [row.key, row]));
  const settings = await Promise.all(
    SETTING_KEYS.map(async (key) => {
      const row = stored.get(key);
      // The reader's rule for both keys: no row means the default; an invalid value means off.
      const value = parseBoolean(row?.value ?? SETTING_DEFAULTS[key]) === true;
      const mirror = await kv.get(settingKvKey(key)).catch(() => undefined);
      const edge: EdgeStatus =
        mirror === undefined ? "unreadable" : mirror === null ? "missing" : parseBoolean(mirror) === value ? "in-sync" : "differs";
      return { key, value, updatedAt: row?.updatedAt ?? null, edge };
    }),
  );
  const ab = await readAbTestConfigWithSource(kv);
  const boostRow = stored.get(REFERRAL_BOOST.key);
  const storedBoost = parseReferralBoost(boostRow?.value);
  const referralBoost = {
    ...REFERRAL_BOOST_LIMITS,
    // The reader's rule (readReferralBoost): no row, or a value it cannot read, means the default.
    places: storedBoost ?? REFERRAL_BOOST.default,
    defaultPlaces: REFERRAL_BOOST.default,
    updatedAt: boostRow?.updatedAt ?? null,
    storedInvalid: boostRow !== undefined && storedBoost === null,
  };
  const outreach = await readOutreachSettings(d1);
  const email = {
    ...outreach,
    updatedAt: [stored.get(TESTFLIGHT_LINK.key)?.updatedAt, stored.get(SENDER_NAME.key)?.updatedAt].filter(Boolean).sort().at(-1) ?? null,
  };
  const analyticsRetention = await loadAnalyticsRetention(d1);
  return { settings, referralBoost, email, abTests: ab.config, abSource: ab.source, analyticsRetention };
}

export type SettingsOutcome =
  | { kind: "flash"; flash: Flash }
  /** The page again with conform's answer: a form's messages and typed values, or a refusal of the whole post. */
  | { kind: "invalid"; result: SubmissionResult<string[]> };

const success = (message: string): SettingsOutcome => ({ kind: "flash", flash: { kind: "success", message } });
const failure = (message: string): SettingsOutcome => ({ kind: "flash", flash: { kind: "error", message } });
const invalid = (result: SubmissionResult<string[]>): SettingsOutcome => ({ kind: "invalid", result });

export async function handleSettingsAction(context: AppLoadContext, actor: SignedInAdmin, fields: Record<string, string>): Promise<SettingsOutcome> {
  switch (fields.intent) {
    case "save-settings":
      return saveSettings(context, actor, fields);
    case "save-referral-boost":
      return saveReferralBoost(context, actor, fields);
    case "save-email-settings":
      return saveOutreachSettings(context, actor, fields);
    case "save-ab-tests":
      return saveAbTests(context, actor, fields);
    case ANALYTICS_RETENTION_INTENT: {
      const outcome = await saveAnalyticsRetention(context.cloudflare.env.DB, actor, fields);
      return outcome.saved ? success(outcome.message) : invalid(outcome.result);
    }
    case "reset-ab-tests":
      return writeAbTests(context, actor, DEFAULT_AB_TESTS, "reset A/B tests", SETTINGS_MESSAGES.abReset);
    default:
      return invalid(formRefusal(SETTINGS_MESSAGES.unknownIntent));
  }
}

async function saveSettings(context: AppLoadContext, actor: SignedInAdmin, fields: Record<string, string>): Promise<SettingsOutcome> {
  const submission = parseAdminForm(fields, siteSettingsSchema);
  // Nothing is written unless both values are valid.
  if (submission.status !== "success") return invalid(submission.reply());
  const values = submission.value;

  const { DB, CONFIG } = context.cloudflare.env;
  const db = createDb(DB);
  const updatedAt = new Date().toISOString();
  const upserts = SETTING_KEYS.map((key) =>
    db
      .insert(siteSettings)
      .values({ key, value: String(values[key]), updatedAt })
      .onConflictDoUpdate({ target: siteSettings.key, set: { value: String(values[key]), updatedAt } }),
  );
  await db.batch([auditStatement(DB, actor, "updated settings", "site settings", values), ...upserts]);

  const mirrored = await mirrorToKv(CONFIG, values);
  if (mirrored === "cleared") return failure(SETTINGS_MESSAGES.edgeCleared);
  if (mirrored === "stale") return failure(SETTINGS_MESSAGES.edgeStale);
  return success(SETTINGS_MESSAGES.saved);
}

/** Writes the KV mirror of each setting; a mirror that cannot be written is removed instead. */
async function mirrorToKv(kv: KVNamespace, values: Record<SettingKey, boolean>): Promise<"written" | "cleared" | "stale"> {
  const outcomes = await Promise.all(
    SETTING_KEYS.map(async (key) => {
      try {
        await kv.put(settingKvKey(key), String(values[key]));
        return "written" as const;
      } catch (error) {
        logError("setting_mirror_write_failed", error, { key });
      }
      try {
        await kv.delete(settingKvKey(key));
        return "cleared" as const;
      } catch (error) {
        logError("setting_mirror_clear_failed", error, { key });
        return "stale" as const;
      }
    }),
  );
  if (outcomes.includes("stale")) return "stale";
  return outcomes.includes("cleared") ? "cleared" : "written";
}

async function saveReferralBoost(context: AppLoadContext, actor: SignedInAdmin, fields: Record<string, string>): Promise<SettingsOutcome> {
  const submission = parseAdminForm(fields, referralBoostSchema(REFERRAL_BOOST_LIMITS));
  if (submission.status !== "success") return invalid(submission.reply());
  const places = submission.value;
  const { DB } = context.cloudflare.env;
  const db = createDb(DB);
  const value = String(places);
  const updatedAt = new Date().toISOString();
  await db.batch([
    auditStatement(DB, actor, "updated referral boost", REFERRAL_BOOST.key, { places }),
    db.insert(siteSettings).values({ key: REFERRAL_BOOST.key, value, updatedAt }).onConflictDoUpdate({ target: siteSettings.key, set: { value, updatedAt } }),
  ]);
  return success(SETTINGS_MESSAGES.referralBoostSaved(places));
}

/** The TestFlight link and the sender's name: a blank field removes its row (unset). One batch with the audit row. */
async function saveOutreachSettings(context: AppLoadContext, actor: SignedInAdmin, fields: Record<string, string>): Promise<SettingsOutcome> {
  const submission = parseAdminForm(fields, outreachSettingsSchema);
  if (submission.status !== "success") return invalid(submission.reply());
  const values = { [TESTFLIGHT_LINK.key]: submission.value[TESTFLIGHT_LINK.key] ?? null, [SENDER_NAME.key]: submission.value[SENDER_NAME.key] ?? null };
  const { DB } = context.cloudflare.env;
  const db = createDb(DB);
  const updatedAt = new Date().toISOString();
  const writes = Object.entries(values).map(([key, value]) =>
    value === null
      ? db.delete(siteSettings).where(inArray(siteSettings.key, [key]))
      : db.insert(siteSettings).values({ key, value, updatedAt }).onConflictDoUpdate({ target: siteSettings.key, set: { value, updatedAt } }),
  );
  await db.batch([auditStatement(DB, actor, "updated email settings", "email settings", values), ...writes]);
  return success(SETTINGS_MESSAGES.outreachSaved);
}

async function saveAbTests(context: AppLoadContext, actor: SignedInAdmin, fields: Record<string, string>): Promise<SettingsOutcome> {
  const { config: current } = await readAbTestConfigWithSource(context.cloudflare.env.CONFIG);
  const submission = parseAdminForm(fields, abTestsSchema(current));
  if (submission.status !== "success") return invalid(submission.reply());
  return writeAbTests(context, actor, submission.value, "updated A/B tests", SETTINGS_MESSAGES.abSaved);
}

/** KV first (the edge reads only KV), then the audit row; a KV failure changes nothing. */
async function writeAbTests(context: AppLoadContext, actor: SignedInAdmin, config: AbTestConfig, action: string, message: string): Promise<SettingsOutcome> {
  const { DB, CONFIG } = context.cloudflare.env;
  try {
    await CONFIG.put(AB_TESTS_KV_KEY, JSON.stringify(config));
  } catch (error) {
    logError("ab_tests_write_failed", error);
    return failure(SETTINGS_MESSAGES.abStoreFailed);
  }
  try {
    await auditStatement(DB, actor, action, AB_TESTS_KV_KEY, config);
  } catch (error) {
    logError("ab_tests_audit_failed", error);
    return failure(SETTINGS_MESSAGES.abAuditFailed);
  }
  return success(message);
}

const SETTINGS_PATH = ADMIN_PATHS.settings;

export async function loadSettings({ request, context }: LoaderFunctionArgs) {
  await requireAdmin(request, context);
  const { DB, CONFIG } = context.cloudflare.env;
  const data = await loadSettingsPage(DB, CONFIG);
  const confirmReset = new URL(request.url).searchParams.get("confirm") === RESET_CONFIRM;
  return json({ ...data, confirmReset });
}

export const settingsAction = adminAction(async ({ request, context, session, fields }) => {
  const save = async () => {
    const outcome = await handleSettingsAction(context, session.admin, fields);
    if (outcome.kind === "invalid") return json(outcome.result, { status: 400 });
    return redirectWithFlash(request, context, SETTINGS_PATH, outcome.flash);
  };
  return answerSaveFailure({ event: "admin_settings_action_failed", intent: fields.intent }, save, () => saveFailedRedirect(request, context, SETTINGS_PATH));
});

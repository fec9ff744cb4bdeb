/**
 * The settings page (/admin/settings): the two site settings and the A/B test definitions.
 *
 * Settings: D1 site_settings is the source of truth (written in one batch with the audit row), then
 * mirrored to KV for the edge. When the mirror cannot be written it is cleared instead, so the
 * entry route (which reads KV first, then D1) follows the saved D1 value.
 * A/B tests: KV "ab_tests" is their only store; the edge falls back to the spec's table without it.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { inArray } from "drizzle-orm";
import { siteSettings } from "~/db/schema";
import { AB_TEST_NAMES, abTestConfigSchema, DEFAULT_AB_TESTS, type AbTestConfig, type AbTestName } from "~/lib/ab-tests";
import { AB_TESTS_KV_KEY, readAbTestConfigWithSource } from "~/lib/ab-tests.server";
import { createDb } from "~/lib/db.server";
import { logError } from "~/lib/log.server";
import { parseBoolean, SETTING_DEFAULTS, settingKvKey, type SettingKey } from "~/lib/settings.server";
import { abFieldName } from "./settings-schema";
import { auditStatement } from "~/features/admin/audit.server";
import type { Flash } from "~/features/admin/flash.server";
import type { SignedInAdmin } from "~/features/admin/session.server";

export const SETTING_KEYS = Object.keys(SETTING_DEFAULTS) as SettingKey[];

const LABEL_MAX = 80;

export const SETTINGS_MESSAGES = {
  saved: "Settings saved.",
  invalidValue: "Invalid value: choose On or Off.",
  edgeCleared:
    "Settings saved, but the edge copy (KV) could not be updated. It was cleared instead, so the landing page reads the saved value from the database.",
  edgeStale:
    "Settings saved in the database, but the edge copy (KV) could not be updated or cleared: the entry page may follow the old value until you save again.",
  unknownIntent: "That action is not available here.",
  abSaved: "A/B tests saved.",
  abReset: "A/B tests reset to the spec's defaults.",
  abStoreFailed: "The A/B tests could not be saved: the configuration store (KV) is unavailable. Nothing changed.",
  abAuditFailed: "A/B tests saved, but the audit log could not be written.",
  weightSum: (test: string, sum: number) => `Weights of ${test} must add up to 100 (now ${sum}).`,
  weight: "Use a whole number from 0 to 100.",
  label: `Use 1 to ${LABEL_MAX} characters.`,
  abInvalid: (test: string) => `The definition of ${test} is not valid.`,
} as const;

export type EdgeStatus = "in-sync" | "missing" | "differs" | "unreadable";

/** What the page shows: each setting's value in D1 and its KV mirror's state, and the A/B tests. */
export async function loadSettingsPage(d1: D1Database, kv: KVNamespace) {
  const rows = await createDb(d1).select().from(siteSettings).where(inArray(siteSettings.key, SETTING_KEYS));
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
  return { settings, abTests: ab.config, abSource: ab.source };
}

export type SettingsForm = "settings" | "ab-tests" | "page";

export type SettingsOutcome =
  | { kind: "flash"; flash: Flash }
  | { kind: "invalid"; form: SettingsForm; errors: Record<string, string>; values: Record<string, string> };

const success = (message: string): SettingsOutcome => ({ kind: "flash", flash: { kind: "success", message } });
const failure = (message: string): SettingsOutcome => ({ kind: "flash", flash: { kind: "error", message } });

export async function handleSettingsAction(context: AppLoadContext, actor: SignedInAdmin, fields: Record<string, string>): Promise<SettingsOutcome> {
  switch (fields.intent) {
    case "save-settings":
      return saveSettings(context, actor, fields);
    case "save-ab-tests":
      return saveAbTests(context, actor, fields);
    case "reset-ab-tests":
      return writeAbTests(context, actor, DEFAULT_AB_TESTS, "reset A/B tests", SETTINGS_MESSAGES.abReset);
    default:
      return { kind: "invalid", form: "page", errors: { form: SETTINGS_MESSAGES.unknownIntent }, values: {} };
  }
}

async function saveSettings(context: AppLoadContext, actor: SignedInAdmin, fields: Record<string, string>): Promise<SettingsOutcome> {
  const values = {} as Record<SettingKey, boolean>;
  const errors: Record<string, string> = {};
  for (const key of SETTING_KEYS) {
    // Exactly "true" or "false": a missing or any other value is refused, and nothing is written.
    const value = parseBoolean(fields[key]);
    if (value === null) errors[key] = SETTINGS_MESSAGES.invalidValue;
    else values[key] = value;
  }
  if (Object.keys(errors).length > 0) {
    const typed = Object.fromEntries(SETTING_KEYS.map((key) => [key, (fields[key] ?? "").slice(0, 10)]));
    return { kind: "invalid", form: "settings", errors, values: typed };
  }

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

/**
 * The edited definitions, checked by abTestConfigSchema (the same schema the edge trusts), with
 * messages per field and per test; or the errors and the typed values to show again. Variant ids
 * are fixed: they come from the definitions in force, never from the form.
 */
export function parseAbTestForm(
  fields: Record<string, string>,
  current: AbTestConfig,
): { ok: true; config: AbTestConfig } | { ok: false; errors: Record<string, string>; values: Record<string, string> } {
  const errors: Record<string, string> = {};
  const values: Record<string, string> = {};
  const candidate = Object.fromEntries(
    AB_TEST_NAMES.map((test) => {
      const enabled = fields[abFieldName.enabled(test)] === "on";
      values[abFieldName.enabled(test)] = enabled ? "on" : "";
      const variants = current[test].variants.map((variant) => {
        const label = fields[abFieldName.label(test, variant.id)] ?? "";
        const weightText = (fields[abFieldName.weight(test, variant.id)] ?? "").trim();
        values[abFieldName.label(test, variant.id)] = label.slice(0, LABEL_MAX * 2);
        values[abFieldName.weight(test, variant.id)] = weightText.slice(0, 10);
        const weight = /^\d{1,3}$/.test(weightText) ? Number(weightText) : Number.NaN;
        return { id: variant.id, label, weight };
      });
      return [test, { enabled, variants }];
    }),
  ) as Record<AbTestName, { enabled: boolean; variants: { id: string; label: string; weight: number }[] }>;

  const result = abTestConfigSchema.safeParse(candidate);
  if (result.success) return { ok: true, config: result.data };

  for (const issue of result.error.issues) {
    const [test, part, index, field] = issue.path as [AbTestName, string?, number?, string?];
    const variant = typeof index === "number" ? candidate[test]?.variants[index] : undefined;
    if (part === "variants" && variant && (field === "label" || field === "weight")) {
      const name = field === "label" ? abFieldName.label(test, variant.id) : abFieldName.weight(test, variant.id);
      errors[name] ??= field === "label" ? SETTINGS_MESSAGES.label : SETTINGS_MESSAGES.weight;
    } else if (test) {
      errors[test] ??= SETTINGS_MESSAGES.abInvalid(test);
    }
  }
  // The sum is checked here rather than read off the schema's issue, so it names the total.
  for (const test of AB_TEST_NAMES) {
    const weights = candidate[test].variants.map((v) => v.weight);
    const sum = weights.reduce((total, w) => total + w, 0);
    if (weights.every(Number.isInteger) && sum !== 100) errors[test] = SETTINGS_MESSAGES.weightSum(test, sum);
  }
  return { ok: false, errors, values };
}

async function saveAbTests(context: AppLoadContext, actor: SignedInAdmin, fields: Record<string, string>): Promise<SettingsOutcome> {
  const { config: current } = await readAbTestConfigWithSource(context.cloudflare.env.CONFIG);
  const parsed = parseAbTestForm(fields, current);
  if (!parsed.ok) return { kind: "invalid", form: "ab-tests", errors: parsed.errors, values: parsed.values };
  return writeAbTests(context, actor, parsed.config, "updated A/B tests", SETTINGS_MESSAGES.abSaved);
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

/**
 * The settings page's forms (/admin/settings), one zod schema each, read by conform in the browser
 * and by the action: the two site settings, the referral boost, and the A/B tests editor. What the
 * page says.
 */
import * as z from "zod";
import { checkbox, optionalField, wholeNumber } from "~/features/admin/form-schema";
import { AB_TEST_NAMES, abTestConfigSchema, type AbTestConfig, type AbTestDefinition, type AbTestName } from "~/lib/ab-tests";
import { parseSenderName, parseTestflightUrl, SENDER_NAME, TESTFLIGHT_LINK } from "~/lib/outreach-settings";
import type { SettingKey } from "~/lib/settings.server";

const LABEL_MAX = 80;

/** The ?confirm= value that opens the confirmation of a reset to the spec's defaults. */
export const RESET_CONFIRM = "ab-defaults";

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
  testflightUrl: `Use a TestFlight public link, such as ${TESTFLIGHT_LINK.example}.`,
  senderName: `Use 1 to ${SENDER_NAME.max} characters, without < > " @ or \\.`,
  outreachSaved: "Email settings saved.",
  referralBoost: (limits: ReferralBoostLimits) => `Use a whole number of places from ${limits.min} to ${limits.max.toLocaleString("en")}.`,
  referralBoostSaved: (places: number) =>
    places === 0
      ? "Referral boost saved: referrals no longer move anyone ahead."
      : `Referral boost saved: each confirmed referral moves the referrer ahead by ${places} ${places === 1 ? "place" : "places"}.`,
} as const;

/** The referral boost's field name (its site_settings key) and range: lib/settings.server.ts REFERRAL_BOOST, passed in by the page's loader. */
export interface ReferralBoostLimits {
  key: string;
  min: number;
  max: number;
}

/** The referral boost: a whole number of places (digits only) in its range. */
export function referralBoostSchema(limits: ReferralBoostLimits) {
  return z
    .object({
      intent: z.literal("save-referral-boost"),
      [limits.key]: wholeNumber(SETTINGS_MESSAGES.referralBoost(limits), limits),
    })
    .transform((form) => (form as unknown as Record<string, number>)[limits.key]!);
}

/**
 * The email settings (issue 17): the TestFlight public link invitations carry and the sender's display
 * name. Each may be left blank (unset: invitations cannot be sent; the name in EMAIL_FROM is used).
 */
export const outreachSettingsSchema = z.object({
  intent: z.literal("save-email-settings"),
  [TESTFLIGHT_LINK.key]: optionalField(
    z
      .string()
      .max(200, SETTINGS_MESSAGES.testflightUrl)
      .transform((value, ctx) => parseTestflightUrl(value) ?? (ctx.addIssue({ code: "custom", message: SETTINGS_MESSAGES.testflightUrl }), z.NEVER)),
  ),
  [SENDER_NAME.key]: optionalField(
    z
      .string()
      .max(200, SETTINGS_MESSAGES.senderName)
      .transform((value, ctx) => parseSenderName(value) ?? (ctx.addIssue({ code: "custom", message: SETTINGS_MESSAGES.senderName }), z.NEVER)),
  ),
});

/** A site setting's radio pair: exactly "true" or "false"; a missing or any other value is refused. */
const onOff = z.enum(["true", "false"], { error: SETTINGS_MESSAGES.invalidValue }).transform((value) => value === "true");

export const siteSettingsSchema = z
  .object({
    intent: z.literal("save-settings"),
    show_customer_reviews: onOff,
    promotion_as_entry_page: onOff,
  })
  .transform(({ intent: _intent, ...values }): Record<SettingKey, boolean> => values);

/**
 * Form field names of the A/B tests editor. Variant ids are not editable: they name fields, they
 * are never read from the form.
 */
export const abFieldName = {
  enabled: (test: AbTestName) => `${test}.enabled`,
  label: (test: AbTestName, variant: string) => `${test}.${variant}.label`,
  weight: (test: AbTestName, variant: string) => `${test}.${variant}.weight`,
};

/** What one test's fields parse to: whether it runs, and each variant's label and weight under its id. */
type AbTestFields = Record<string, { label: string; weight: number }> & { enabled?: boolean };

/** One test's fields: running or not, and each configured variant's label and weight (which add up to 100). */
function abTestFields(test: AbTestName, definition: AbTestDefinition) {
  const variants = Object.fromEntries(
    definition.variants.map((variant) => [
      variant.id,
      z.object({
        label: z.string({ error: SETTINGS_MESSAGES.label }).trim().min(1, SETTINGS_MESSAGES.label).max(LABEL_MAX, SETTINGS_MESSAGES.label),
        weight: wholeNumber(SETTINGS_MESSAGES.weight, { min: 0, max: 100 }),
      }),
    ]),
  );
  return z.object({ enabled: checkbox(), ...variants }).superRefine((fields, ctx) => {
    // Said here rather than left to the edge's schema, so the message names the total; only once every weight is a number.
    const weights = definition.variants.map((variant) => (fields as Partial<AbTestFields>)[variant.id]?.weight as unknown);
    if (!weights.every(Number.isInteger)) return;
    const sum = (weights as number[]).reduce((total, weight) => total + weight, 0);
    if (sum !== 100) ctx.addIssue({ code: "custom", message: SETTINGS_MESSAGES.weightSum(test, sum) });
  });
}

/**
 * The A/B tests editor for the definitions in force (`current`): its fields, then the edited
 * definitions checked by abTestConfigSchema, the schema the edge trusts. Variant ids come from
 * `current`, never from the form; a variant the form makes up is ignored.
 */
export function abTestsSchema(current: AbTestConfig) {
  return z
    .object({
      intent: z.literal("save-ab-tests"),
      ...Object.fromEntries(AB_TEST_NAMES.map((test) => [test, abTestFields(test, current[test])])),
    })
    .transform((form, ctx) => {
      const tests = form as unknown as Record<AbTestName, AbTestFields>;
      const edited = Object.fromEntries(
        AB_TEST_NAMES.map((test) => {
          const variants = current[test].variants.map((variant) => ({ id: variant.id, ...tests[test][variant.id]! }));
          return [test, { enabled: tests[test].enabled === true, variants }];
        }),
      );
      const checked = abTestConfigSchema.safeParse(edited);
      if (checked.success) return checked.data;
      for (const test of new Set(checked.error.issues.map((issue) => issue.path[0] as AbTestName))) {
        ctx.addIssue({ code: "custom", path: [test], message: SETTINGS_MESSAGES.abInvalid(test) });
      }
      return z.NEVER;
    });
}

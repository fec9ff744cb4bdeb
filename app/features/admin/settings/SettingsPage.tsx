import { getFormProps, type FieldMetadata, type SubmissionResult } from "@conform-to/react";
import { Form, Link, useActionData, useLoaderData, useLocation } from "@remix-run/react";
import { useMemo } from "react";
import { answerFor, refusalMessage } from "~/features/admin/form-schema";
import { AlertMessage } from "~/features/admin/ui/AlertMessage";
import { ConfirmPanel } from "~/features/admin/ui/ConfirmPanel";
import { CheckboxRow, FieldError, RadioRow, TextField } from "~/features/admin/ui/fields";
import { PageHeader } from "~/features/admin/ui/PageHeader";
import { IntentFields } from "~/features/admin/ui/PostButton";
import { ADMIN_PATHS } from "~/features/admin/ui/admin-nav";
import { useAdminForm } from "~/features/admin/ui/useAdminForm";
import { AB_TEST_NAMES, type AbTestConfig, type AbTestName } from "~/lib/ab-tests";
import { formatUtcDateTime } from "~/lib/dates";
import type { SettingKey } from "~/lib/settings.server";
import { SENDER_NAME, TESTFLIGHT_LINK } from "~/lib/outreach-settings";
import { abFieldName, abTestsSchema, outreachSettingsSchema, referralBoostSchema, RESET_CONFIRM, siteSettingsSchema } from "./settings-schema";
import { AnalyticsRetentionPanel } from "./AnalyticsRetentionPanel";
import { ANALYTICS_RETENTION_INTENT } from "./analytics-retention-schema";
import type { EdgeStatus, loadSettings } from "./settings.server";

const SETTINGS_PATH = ADMIN_PATHS.settings;

const SETTING_TEXT: Record<SettingKey, { legend: string; hint: string }> = {
  show_customer_reviews: {
    legend: "Customer reviews on the landing page",
    hint: "The ‘Loved by All’ section on /home, shown when there are active reviews.",
  },
  promotion_as_entry_page: {
    legend: "Promotion page as the entry page",
    hint: "When on, visitors who open / are sent to /promotion instead of the landing page.",
  },
};

const EDGE_TEXT: Record<EdgeStatus, string> = {
  "in-sync": "Edge copy (KV) matches.",
  missing: "No edge copy (KV): the site reads the database value.",
  differs: "The edge copy (KV) differs from the database: save again to update it.",
  unreadable: "The edge copy (KV) could not be read.",
};

const AB_SOURCE_TEXT = {
  kv: "Running from the saved configuration (KV).",
  defaults: "Running from the spec's defaults: nothing has been saved yet.",
  "defaults-invalid": "Running from the spec's defaults: the saved configuration (KV) is not valid.",
  "defaults-unreadable": "Running from the spec's defaults: the configuration store (KV) could not be read.",
} as const;

const AB_TEST_TEXT: Record<AbTestName, string> = {
  hero_cta: "The hero's download button.",
  waitlist_cta: "The waitlist form's submit button.",
  hero_headline: "The landing page's main headline.",
};

export function SettingsPage() {
  const data = useLoaderData<typeof loadSettings>();
  // The action answers data only when it refuses: one form (its messages and typed values), or the whole post.
  const result = useActionData<SubmissionResult<string[]>>();
  // Each page the admin lands on (the redirect after a save too) starts the forms from what is saved, as without JavaScript.
  const { key: visit } = useLocation();
  return (
    <>
      <PageHeader
        title="Settings"
        description="What the public site shows, how referrals move people up the waitlist, the A/B tests visitors take part in, and how long analytics data is kept. Changes apply to the next page a visitor opens."
      />
      <AlertMessage message={refusalMessage(result)} className="mb-5" />
      {data.confirmReset ? (
        <ConfirmPanel
          title="Reset the A/B tests to the spec's defaults?"
          intent="reset-ab-tests"
          id="ab_tests"
          confirmLabel="Reset the A/B tests"
          cancelTo={SETTINGS_PATH}
        >
          <p>Every label, weight and on/off switch below goes back to the spec's table. Visitors may see other variants afterwards.</p>
        </ConfirmPanel>
      ) : null}
      <SiteSettingsPanel key={`settings-${visit}`} settings={data.settings} lastResult={answerFor(result, "save-settings")} />
      <ReferralBoostPanel key={`boost-${visit}`} boost={data.referralBoost} lastResult={answerFor(result, "save-referral-boost")} />
      <EmailSettingsPanel key={`email-${visit}`} email={data.email} lastResult={answerFor(result, "save-email-settings")} />
      <AbTestsPanel key={`ab-${visit}`} config={data.abTests} source={data.abSource} lastResult={answerFor(result, "save-ab-tests")} />
      <AnalyticsRetentionPanel key={`retention-${visit}`} retention={data.analyticsRetention} lastResult={answerFor(result, ANALYTICS_RETENTION_INTENT)} />
    </>
  );
}

type Setting = { key: SettingKey; value: boolean; updatedAt: string | null; edge: EdgeStatus };

function SiteSettingsPanel({ settings, lastResult }: { settings: Setting[]; lastResult: SubmissionResult<string[]> | undefined }) {
  const defaultValue = Object.fromEntries(settings.map((setting) => [setting.key, String(setting.value)]));
  const [form, fields] = useAdminForm(siteSettingsSchema, { id: "site-settings-form", lastResult, defaultValue });
  return (
    <section className="admin-panel" aria-labelledby="site-settings-title">
      <h2 id="site-settings-title">Landing page</h2>
      <Form method="post" className="form-grid" {...getFormProps(form, { ariaAttributes: false })}>
        <IntentFields intent="save-settings" />
        {settings.map((setting) => (
          <SettingChoice key={setting.key} setting={setting} meta={fields[setting.key]} />
        ))}
        <div>
          <button type="submit" className="btn btn-sm btn-primary">
            Save settings
          </button>
        </div>
      </Form>
    </section>
  );
}

/** One setting: On or Off, what it does, when it last changed, and the state of its edge copy. */
function SettingChoice({ setting, meta }: { setting: Setting; meta: FieldMetadata<unknown> }) {
  const error = meta.errors?.[0];
  const hintId = `${setting.key}-hint`;
  const errorId = `${setting.key}-error`;
  return (
    <fieldset className="setting-group" aria-describedby={error ? `${hintId} ${errorId}` : hintId}>
      <legend className="field-label">{SETTING_TEXT[setting.key].legend}</legend>
      <div className="flex flex-wrap gap-4">
        <RadioRow meta={meta} value="true">
          On
        </RadioRow>
        <RadioRow meta={meta} value="false">
          Off
        </RadioRow>
      </div>
      <p id={hintId} className="field-hint">
        {SETTING_TEXT[setting.key].hint} {setting.updatedAt ? `Last changed ${formatUtcDateTime(setting.updatedAt)}.` : "Not changed yet (default)."}{" "}
        {EDGE_TEXT[setting.edge]}
      </p>
      <FieldError id={errorId} message={error} />
    </fieldset>
  );
}

type ReferralBoost = { key: string; min: number; max: number; places: number; defaultPlaces: number; updatedAt: string | null; storedInvalid: boolean };

/** The places one confirmed referral is worth in the waitlist's line. */
function ReferralBoostPanel({ boost, lastResult }: { boost: ReferralBoost; lastResult: SubmissionResult<string[]> | undefined }) {
  const { key, min, max } = boost;
  const schema = useMemo(() => referralBoostSchema({ key, min, max }), [key, min, max]);
  const [form, fields] = useAdminForm(schema, { id: "referral-boost-form", lastResult, defaultValue: { [key]: String(boost.places) } });
  const changed = boost.updatedAt ? `Last changed ${formatUtcDateTime(boost.updatedAt)}.` : `Not changed yet (default ${boost.defaultPlaces}).`;
  return (
    <section className="admin-panel" aria-labelledby="referral-boost-title">
      <h2 id="referral-boost-title">Waitlist referrals</h2>
      <Form method="post" className="form-grid" {...getFormProps(form, { ariaAttributes: false })}>
        <IntentFields intent="save-referral-boost" />
        <TextField
          meta={(fields as Record<string, FieldMetadata<unknown>>)[key]!}
          id="referral-boost"
          label="Places gained per confirmed referral"
          hint={
            <>
              Each confirmed referral moves the referrer ahead by this many places, never past #1; people with the same place keep the order in which they
              confirmed. A whole number from {min} to {max.toLocaleString("en")}; 0 turns the boost off. {changed}
              {boost.storedInvalid ? ` The stored value is not valid, so the default (${boost.defaultPlaces}) applies until you save.` : ""}
            </>
          }
          type="number"
          inputMode="numeric"
          step={1}
          min={min}
          max={max}
          // A few digits: a narrow box, while the hint below keeps the panel's width.
          style={{ maxWidth: "10rem" }}
        />
        <div>
          <button type="submit" className="btn btn-sm btn-primary">
            Save referral boost
          </button>
        </div>
      </Form>
    </section>
  );
}

type EmailSettings = { testflightUrl: string | null; senderName: string | null; updatedAt: string | null };

/** The TestFlight link beta invitations carry, and the name mail clients show as the sender. */
function EmailSettingsPanel({ email, lastResult }: { email: EmailSettings; lastResult: SubmissionResult<string[]> | undefined }) {
  const [form, fields] = useAdminForm(outreachSettingsSchema, {
    id: "email-settings-form",
    lastResult,
    defaultValue: { [TESTFLIGHT_LINK.key]: email.testflightUrl ?? "", [SENDER_NAME.key]: email.senderName ?? "" },
  });
  return (
    <section className="admin-panel" aria-labelledby="email-settings-title">
      <h2 id="email-settings-title">Beta invitations and email</h2>
      <Form method="post" className="form-grid" {...getFormProps(form, { ariaAttributes: false })}>
        <IntentFields intent="save-email-settings" />
        <TextField
          meta={fields[TESTFLIGHT_LINK.key]}
          id="testflight-url"
          label="TestFlight public link"
          type="url"
          inputMode="url"
          placeholder={TESTFLIGHT_LINK.example}
          hint={
            <>
              Every beta invitation carries this link, and invited testers see it on their status page. Only a link of the form{" "}
              <code>https://testflight.apple.com/join/…</code> is accepted. Leave it blank to stop invitations.
            </>
          }
        />
        <TextField
          meta={fields[SENDER_NAME.key]}
          id="sender-name"
          label="Sender's name"
          autoComplete="off"
          hint={
            <>
              The name mail clients show next to the sending address (EMAIL_FROM). Up to {SENDER_NAME.max} characters. Leave it blank to use the name in
              EMAIL_FROM. {email.updatedAt ? `Last changed ${formatUtcDateTime(email.updatedAt)}.` : "Not set yet."}
            </>
          }
        />
        <div>
          <button type="submit" className="btn btn-sm btn-primary">
            Save email settings
          </button>
        </div>
      </Form>
    </section>
  );
}

function AbTestsPanel({
  config,
  source,
  lastResult,
}: {
  config: AbTestConfig;
  source: keyof typeof AB_SOURCE_TEXT;
  lastResult: SubmissionResult<string[]> | undefined;
}) {
  const schema = useMemo(() => abTestsSchema(config), [config]);
  const defaultValue = Object.fromEntries(
    AB_TEST_NAMES.map((test) => [
      test,
      { enabled: config[test].enabled, ...Object.fromEntries(config[test].variants.map((v) => [v.id, { label: v.label, weight: v.weight }])) },
    ]),
  );
  const [form, fields] = useAdminForm(schema, { id: "ab-tests-form", lastResult, defaultValue });
  /** A field by its full name (abFieldName), as the form posts it. */
  const field = (name: string) => (fields as Record<string, FieldMetadata<unknown>>)[name]!;
  return (
    <section className="admin-panel" aria-labelledby="ab-tests-title">
      <h2 id="ab-tests-title">A/B tests</h2>
      <p className="text-sm text-ink-muted" data-testid="ab-source">
        {AB_SOURCE_TEXT[source]} Each visitor keeps their variant; the weights are percentages and must add up to 100 per test.
      </p>
      <Form method="post" className="form-grid mt-4" {...getFormProps(form, { ariaAttributes: false })}>
        <IntentFields intent="save-ab-tests" />
        {AB_TEST_NAMES.map((test) => {
          const testError = field(test).errors?.[0];
          return (
            <fieldset key={test} className="ab-test" aria-describedby={testError ? `${test}-error` : undefined}>
              <legend>
                <code>{test}</code>
              </legend>
              <p className="field-hint">{AB_TEST_TEXT[test]}</p>
              <CheckboxRow meta={field(abFieldName.enabled(test))} className="mt-2">
                Running (when off, everyone sees the first variant)
              </CheckboxRow>
              {testError ? (
                <p id={`${test}-error`} className="field-error" role="alert">
                  {testError}
                </p>
              ) : null}
              {config[test].variants.map((variant) => {
                const idBase = `${test}-${variant.id}`;
                return (
                  <div key={variant.id} className="ab-variant">
                    <p className="ab-variant-id">
                      <span className="visually-hidden">Variant </span>
                      <code>{variant.id}</code>
                    </p>
                    <TextField meta={field(abFieldName.label(test, variant.id))} id={`${idBase}-label`} label={<>Text shown for {variant.id}</>} />
                    <TextField
                      meta={field(abFieldName.weight(test, variant.id))}
                      id={`${idBase}-weight`}
                      label={<>Weight % of {variant.id}</>}
                      type="number"
                      inputMode="numeric"
                      step={1}
                    />
                  </div>
                );
              })}
            </fieldset>
          );
        })}
        <div className="admin-actions">
          <button type="submit" className="btn btn-sm btn-primary">
            Save A/B tests
          </button>
          <Link to={`?confirm=${RESET_CONFIRM}`} className="btn btn-sm btn-secondary">
            Reset to the spec&apos;s defaults
          </Link>
        </div>
      </Form>
    </section>
  );
}

import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { json } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { ConfirmPanel } from "~/features/admin/ui/ConfirmPanel";
import { formatDateTime } from "~/features/admin/ui/humanize";
import { LabeledInput } from "~/features/admin/ui/Field";
import { PageHeader } from "~/features/admin/ui/PageHeader";
import { adminMeta } from "~/features/admin/ui/admin-meta";
import { AB_TEST_NAMES, type AbTestConfig, type AbTestName } from "~/lib/ab-tests";
import { abFieldName } from "~/features/admin/settings/settings-schema";
import { answerSaveFailure, readAdminForm, saveFailedRedirect } from "~/features/admin/guard.server";
import { redirectWithFlash } from "~/features/admin/flash.server";
import { requireAdmin } from "~/features/admin/session.server";
import { handleSettingsAction, loadSettingsPage, type EdgeStatus, type SettingsForm } from "~/features/admin/settings/settings.server";
import type { SettingKey } from "~/lib/settings.server";

const SETTINGS_PATH = "/admin/settings";
const RESET_CONFIRM = "ab-defaults";

export const meta: MetaFunction = () => adminMeta("Settings");

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAdmin(request, context);
  const { DB, CONFIG } = context.cloudflare.env;
  const data = await loadSettingsPage(DB, CONFIG);
  const confirmReset = new URL(request.url).searchParams.get("confirm") === RESET_CONFIRM;
  return json({ ...data, confirmReset });
}

type ActionData = { form: SettingsForm; errors: Record<string, string>; values: Record<string, string> };

export async function action({ request, context }: ActionFunctionArgs) {
  const { session, fields } = await readAdminForm(request, context);
  const save = async () => {
    const outcome = await handleSettingsAction(context, session.admin, fields);
    if (outcome.kind === "invalid") return json<ActionData>({ form: outcome.form, errors: outcome.errors, values: outcome.values }, { status: 400 });
    return redirectWithFlash(request, context, SETTINGS_PATH, outcome.flash);
  };
  return answerSaveFailure({ event: "admin_settings_action_failed", intent: fields.intent }, save, () => saveFailedRedirect(request, context, SETTINGS_PATH));
}

function useFormResult(form: SettingsForm) {
  const data = useActionData<typeof action>() as ActionData | undefined;
  return data?.form === form ? data : null;
}

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

export default function AdminSettings() {
  const data = useLoaderData<typeof loader>();
  const page = useFormResult("page");
  return (
    <>
      <PageHeader title="Settings" description="What the public site shows, and the A/B tests visitors take part in. Changes apply to the next page a visitor opens." />
      {page?.errors.form ? (
        <p role="alert" className="alert-error mb-5">
          {page.errors.form}
        </p>
      ) : null}
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
      <SiteSettingsPanel settings={data.settings} />
      <AbTestsPanel config={data.abTests} source={data.abSource} />
    </>
  );
}

function SiteSettingsPanel({ settings }: { settings: { key: SettingKey; value: boolean; updatedAt: string | null; edge: EdgeStatus }[] }) {
  const result = useFormResult("settings");
  return (
    <section className="admin-panel" aria-labelledby="site-settings-title">
      <h2 id="site-settings-title">Landing page</h2>
      <Form method="post" className="form-grid">
        <input type="hidden" name="intent" value="save-settings" />
        {settings.map((setting) => {
          const error = result?.errors[setting.key];
          const chosen = result ? result.values[setting.key] : String(setting.value);
          const hintId = `${setting.key}-hint`;
          const errorId = `${setting.key}-error`;
          return (
            <fieldset key={setting.key} className="setting-group" aria-describedby={error ? `${hintId} ${errorId}` : hintId}>
              <legend className="field-label">{SETTING_TEXT[setting.key].legend}</legend>
              <div className="flex flex-wrap gap-4">
                <label className="check-row">
                  <input type="radio" name={setting.key} value="true" defaultChecked={chosen === "true"} aria-invalid={error ? true : undefined} /> On
                </label>
                <label className="check-row">
                  <input type="radio" name={setting.key} value="false" defaultChecked={chosen === "false"} aria-invalid={error ? true : undefined} /> Off
                </label>
              </div>
              <p id={hintId} className="field-hint">
                {SETTING_TEXT[setting.key].hint} {setting.updatedAt ? `Last changed ${formatDateTime(setting.updatedAt)}.` : "Not changed yet (default)."}{" "}
                {EDGE_TEXT[setting.edge]}
              </p>
              {error ? (
                <p id={errorId} className="field-error">
                  {error}
                </p>
              ) : null}
            </fieldset>
          );
        })}
        <div>
          <button type="submit" className="btn btn-sm btn-primary">
            Save settings
          </button>
        </div>
      </Form>
    </section>
  );
}

function AbTestsPanel({ config, source }: { config: AbTestConfig; source: keyof typeof AB_SOURCE_TEXT }) {
  const result = useFormResult("ab-tests");
  const errors = result?.errors ?? {};
  // Typed values after a refused save; the saved definitions otherwise.
  const valueOf = (name: string, saved: string) => (result ? (result.values[name] ?? "") : saved);
  return (
    <section className="admin-panel" aria-labelledby="ab-tests-title">
      <h2 id="ab-tests-title">A/B tests</h2>
      <p className="text-sm text-ink-muted" data-testid="ab-source">
        {AB_SOURCE_TEXT[source]} Each visitor keeps their variant; the weights are percentages and must add up to 100 per test.
      </p>
      {/* Remounted when the saved definitions change, so the inputs show what was saved. */}
      <Form key={JSON.stringify(config)} method="post" className="form-grid mt-4">
        <input type="hidden" name="intent" value="save-ab-tests" />
        {AB_TEST_NAMES.map((test) => {
          const testError = errors[test];
          const enabledName = abFieldName.enabled(test);
          return (
            <fieldset key={test} className="ab-test" aria-describedby={testError ? `${test}-error` : undefined}>
              <legend>
                <code>{test}</code>
              </legend>
              <p className="field-hint">{AB_TEST_TEXT[test]}</p>
              <label className="check-row mt-2">
                <input type="checkbox" name={enabledName} value="on" defaultChecked={valueOf(enabledName, config[test].enabled ? "on" : "") === "on"} />
                Running (when off, everyone sees the first variant)
              </label>
              {testError ? (
                <p id={`${test}-error`} className="field-error" role="alert">
                  {testError}
                </p>
              ) : null}
              {config[test].variants.map((variant) => {
                const labelName = abFieldName.label(test, variant.id);
                const weightName = abFieldName.weight(test, variant.id);
                const idBase = `${test}-${variant.id}`;
                return (
                  <div key={variant.id} className="ab-variant">
                    <p className="ab-variant-id">
                      <span className="visually-hidden">Variant </span>
                      <code>{variant.id}</code>
                    </p>
                    <LabeledInput
                      id={`${idBase}-label`}
                      label={<>Text shown for {variant.id}</>}
                      name={labelName}
                      required
                      maxLength={80}
                      defaultValue={valueOf(labelName, variant.label)}
                      error={errors[labelName]}
                    />
                    <LabeledInput
                      id={`${idBase}-weight`}
                      label={<>Weight % of {variant.id}</>}
                      name={weightName}
                      type="number"
                      inputMode="numeric"
                      min={0}
                      max={100}
                      step={1}
                      required
                      defaultValue={valueOf(weightName, String(variant.weight))}
                      error={errors[weightName]}
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

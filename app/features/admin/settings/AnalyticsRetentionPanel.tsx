import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { useMemo } from "react";
import { TextField } from "~/features/admin/ui/fields";
import { IntentFields } from "~/features/admin/ui/PostButton";
import { useAdminForm } from "~/features/admin/ui/useAdminForm";
import { formatUtcDateTime } from "~/lib/dates";
import { ANALYTICS_RETENTION_INTENT, analyticsRetentionSchema, type RetentionLimits } from "./analytics-retention-schema";

export interface AnalyticsRetentionData {
  eventsDays: number;
  countsDays: number;
  limits: RetentionLimits;
  defaults: { eventsDays: number; countsDays: number };
  updatedAt: string | null;
}

const days = (n: number) => n.toLocaleString("en");

/** How long the analytics database keeps raw events, and how long their daily counts (ADR 0047). */
export function AnalyticsRetentionPanel({ retention, lastResult }: { retention: AnalyticsRetentionData; lastResult: SubmissionResult<string[]> | undefined }) {
  const { limits, defaults } = retention;
  const schema = useMemo(() => analyticsRetentionSchema(limits), [limits]);
  const [form, fields] = useAdminForm(schema, {
    id: "analytics-retention-form",
    lastResult,
    defaultValue: { retentionDays: String(retention.eventsDays), countsRetentionDays: String(retention.countsDays) },
  });
  const changed = retention.updatedAt
    ? `Last changed ${formatUtcDateTime(retention.updatedAt)}.`
    : `Not changed yet (defaults ${days(defaults.eventsDays)} and ${days(defaults.countsDays)} days).`;
  return (
    <section className="admin-panel" aria-labelledby="analytics-retention-title">
      <h2 id="analytics-retention-title">Analytics data</h2>
      <Form method="post" className="form-grid" {...getFormProps(form, { ariaAttributes: false })}>
        <IntentFields intent={ANALYTICS_RETENTION_INTENT} />
        <TextField
          meta={fields.retentionDays}
          id="retention-days"
          label="Keep raw events for (days)"
          hint={
            <>
              Each event as it arrived. Web vitals need them; every other figure on the analytics page comes from the daily counts. A whole number from{" "}
              {limits.events.min} to {days(limits.events.max)}.
            </>
          }
          type="number"
          inputMode="numeric"
          step={1}
          min={limits.events.min}
          max={limits.events.max}
          style={{ maxWidth: "10rem" }}
        />
        <TextField
          meta={fields.countsRetentionDays}
          id="counts-retention-days"
          label="Keep daily counts for (days)"
          hint={
            <>
              The counts per day behind page views, visitors, sources, the funnel and A/B results: at least as long as the raw events. A whole number from{" "}
              {days(limits.counts.min)} to {days(limits.counts.max)}. Older days are deleted within minutes. {changed}
            </>
          }
          type="number"
          inputMode="numeric"
          step={1}
          min={limits.counts.min}
          max={limits.counts.max}
          style={{ maxWidth: "10rem" }}
        />
        <div>
          <button type="submit" className="btn btn-sm btn-primary">
            Save analytics retention
          </button>
        </div>
      </Form>
    </section>
  );
}

/**
 * The settings page's analytics retention form (/admin/settings): how long raw events are kept, and
 * how long their daily counts are (ADR 0047). One zod schema, read by conform in the browser and by
 * the action. The ranges are lib/settings.server.ts ANALYTICS_RETENTION and
 * ANALYTICS_COUNTS_RETENTION, passed in by the page's loader.
 */
import * as z from "zod";
import { wholeNumber } from "~/features/admin/form-schema";

export interface RetentionLimits {
  events: { min: number; max: number };
  counts: { min: number; max: number };
}

export const ANALYTICS_RETENTION_INTENT = "save-analytics-retention";

const days = (limits: { min: number; max: number }) => `Use a whole number of days from ${limits.min} to ${limits.max.toLocaleString("en")}.`;

export const ANALYTICS_RETENTION_MESSAGES = {
  eventsDays: (limits: RetentionLimits) => days(limits.events),
  countsDays: (limits: RetentionLimits) => days(limits.counts),
  countsShorter: (eventsDays: number) =>
    `Keep the daily counts at least as long as the raw events (${eventsDays.toLocaleString("en")} days): every figure on the analytics page comes from them.`,
  saved: (eventsDays: number, countsDays: number) =>
    `Analytics retention saved: raw events are kept for ${eventsDays.toLocaleString("en")} days and daily counts for ${countsDays.toLocaleString("en")}; older ones are deleted within minutes.`,
} as const;

/** Both retentions, whole numbers of days in their ranges, the counts' never shorter than the events'. */
export function analyticsRetentionSchema(limits: RetentionLimits) {
  return z
    .object({
      intent: z.literal(ANALYTICS_RETENTION_INTENT),
      retentionDays: wholeNumber(ANALYTICS_RETENTION_MESSAGES.eventsDays(limits), limits.events),
      countsRetentionDays: wholeNumber(ANALYTICS_RETENTION_MESSAGES.countsDays(limits), limits.counts),
    })
    .superRefine((form, ctx) => {
      if (form.countsRetentionDays < form.retentionDays) {
        ctx.addIssue({ code: "custom", path: ["countsRetentionDays"], message: ANALYTICS_RETENTION_MESSAGES.countsShorter(form.retentionDays) });
      }
    })
    .transform(({ retentionDays, countsRetentionDays }) => ({ eventsDays: retentionDays, countsDays: countsRetentionDays }));
}

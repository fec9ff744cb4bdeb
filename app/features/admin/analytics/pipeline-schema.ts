/**
 * The analytics page's forms (/admin/analytics): the raw events' retention, and what the page says
 * about the pipeline (dead letters, the move of old events). Shared by the page and its action.
 */
import { z } from "zod";
import { wholeNumber } from "~/features/admin/form-schema";

export interface RetentionLimits {
  min: number;
  max: number;
}

export const PIPELINE_MESSAGES = {
  retention: (limits: RetentionLimits) => `Use a whole number of days from ${limits.min} to ${limits.max.toLocaleString("en")}.`,
  retentionSaved: (days: number) => `Raw events are now kept for ${days.toLocaleString("en")} days; older ones are deleted within minutes, their daily counts stay.`,
  replayed: (stored: number, invalid: number) =>
    `${stored.toLocaleString("en")} dead-lettered ${stored === 1 ? "message was" : "messages were"} stored again.` +
    (invalid > 0 ? ` ${invalid.toLocaleString("en")} ${invalid === 1 ? "is" : "are"} not a valid beacon and stayed.` : ""),
  nothingToReplay: "There is no dead-lettered message to replay.",
  unknownIntent: "That action is not available here.",
} as const;

/** The retention form: a whole number of days in range. */
export function retentionSchema(limits: RetentionLimits) {
  return z
    .object({ intent: z.literal("save-retention"), retentionDays: wholeNumber(PIPELINE_MESSAGES.retention(limits), limits) })
    .transform((form) => form.retentionDays);
}

/**
 * The announcement form (issue 17): subject, Markdown body, segment, and the request key the
 * announcement will be unique by. One zod schema, read by conform in the browser and by the action.
 */
import * as z from "zod";
import { SEGMENTS } from "~/features/email/segments";
import { languageChoice } from "~/features/admin/form-schema";
import { DEFAULT_LANG } from "~/lib/i18n/languages";

export const SUBJECT_MAX = 200;
export const BODY_MAX = 20_000;

export const ANNOUNCEMENT_MESSAGES = {
  subject: `Write a subject of 1 to ${SUBJECT_MAX} characters.`,
  body: `Write the message, up to ${BODY_MAX.toLocaleString("en")} characters.`,
  segment: "Choose who gets it.",
  language: "Choose a language from the list.",
  badRequest: "This form is out of date. Preview the announcement again.",
  nobody: "No one is in that segment right now, so there is no one to send it to.",
  unknownIntent: "That action is not available on this page.",
} as const;

export const announcementSchema = z.object({
  intent: z.enum(["preview", "test", "send"], { error: ANNOUNCEMENT_MESSAGES.unknownIntent }),
  subject: z
    .string({ error: ANNOUNCEMENT_MESSAGES.subject })
    .trim()
    .min(1, ANNOUNCEMENT_MESSAGES.subject)
    .max(SUBJECT_MAX, ANNOUNCEMENT_MESSAGES.subject)
    // A subject is one line: line breaks would be header injection if anything passed them on.
    .transform((value) => value.replace(/[\r\n\t]+/g, " ")),
  body: z.string({ error: ANNOUNCEMENT_MESSAGES.body }).min(1, ANNOUNCEMENT_MESSAGES.body).max(BODY_MAX, ANNOUNCEMENT_MESSAGES.body).refine((value) => value.trim().length > 0, ANNOUNCEMENT_MESSAGES.body),
  segment: z.enum(SEGMENTS, { error: ANNOUNCEMENT_MESSAGES.segment }),
  /** Only the segment's people who signed up in this language, or everyone ("all"). */
  language: languageChoice(ANNOUNCEMENT_MESSAGES.language, ["all"]).default("all"),
  /** The language the preview and the test copy are in (the wrapper's; the owner's text stays as written). */
  previewLanguage: languageChoice(ANNOUNCEMENT_MESSAGES.language).default(DEFAULT_LANG),
  request: z.string({ error: ANNOUNCEMENT_MESSAGES.badRequest }).regex(/^[A-Za-z0-9-]{8,64}$/, ANNOUNCEMENT_MESSAGES.badRequest),
});

/**
 * The person page's forms (issue 31): a priority, and a note. One zod schema each, read by conform in
 * the browser and by the action.
 */
import * as z from "zod";
import { wholeNumber } from "~/features/admin/form-schema";

export const MAX_PRIORITY = 1_000_000;
export const NOTE_MAX_LENGTH = 2_000;

export const TESTER_FORM_MESSAGES = {
  priority: `Use a whole number from 0 to ${MAX_PRIORITY.toLocaleString("en")}.`,
  note: `Write a note of 1 to ${NOTE_MAX_LENGTH.toLocaleString("en")} characters.`,
} as const;

export const prioritySchema = z.object({
  intent: z.literal("priority"),
  priority: wholeNumber(TESTER_FORM_MESSAGES.priority, { min: 0, max: MAX_PRIORITY }),
});

export const noteSchema = z.object({
  intent: z.literal("note"),
  body: z.string({ error: TESTER_FORM_MESSAGES.note }).trim().min(1, TESTER_FORM_MESSAGES.note).max(NOTE_MAX_LENGTH, TESTER_FORM_MESSAGES.note),
});

/**
 * The pieces the admin forms' zod schemas are made of, and the shape of a refusal. Each form has one
 * schema, read by conform on the server (the authority) and in the browser (instant feedback, and the
 * HTML constraint attributes through getZodConstraint). Conform turns an empty field into "missing"
 * before the schema sees it; the pieces below add what these forms need on top.
 */
import type { SubmissionResult } from "@conform-to/react";
import * as z from "zod";
import type { ZodType } from "zod";
import { LANGUAGES, type Lang } from "~/lib/i18n/languages";

const LANGUAGE_CODES = LANGUAGES.map((l) => l.code) as [Lang, ...Lang[]];

/** One of the site's languages (a person's, ADR 0058); `extra` adds choices such as "all". */
export function languageChoice<const Extra extends string = never>(message: string, extra: readonly Extra[] = []) {
  return z.enum([...extra, ...LANGUAGE_CODES] as [Lang | Extra, ...(Lang | Extra)[]], { error: message });
}

/** An optional field: blank (empty or only spaces) counts as not given. */
export function optionalField<Schema extends ZodType>(schema: Schema) {
  return z.preprocess((value) => (typeof value === "string" && value.trim() === "" ? undefined : value), schema.optional());
}

/** A checkbox: checked when sent as "on" (or "true" or "1"), unchecked when absent. Never required. */
export function checkbox() {
  return z
    .string()
    .optional()
    .transform((value) => value === "on" || value === "true" || value === "1");
}

/**
 * A whole number typed as digits only, from `min` to `max`: "2.5", "1e0", "0x10" and "abc" are
 * refused with `message` rather than read as numbers.
 */
export function wholeNumber(message: string, { min, max }: { min: number; max: number }) {
  return z
    .string({ error: message })
    .trim()
    .regex(/^\d{1,9}$/, message)
    .transform(Number)
    .pipe(z.number().min(min, message).max(max, message));
}

/** A row's id as a hidden field or URL parameter sends it: a positive integer of at most 12 digits. */
export function recordId(message: string) {
  return z
    .string({ error: message })
    .regex(/^\d{1,12}$/, message)
    .transform(Number)
    .pipe(z.number().positive(message));
}

/** A refusal of the whole submission rather than of a field (an unknown intent, no right to it). Nothing typed is sent back. */
export function formRefusal(message: string): SubmissionResult<string[]> {
  return { status: "error", error: { "": [message] } };
}

/** The message of a refusal of the whole submission, if the answer is one. */
export function refusalMessage(result: SubmissionResult<string[]> | null | undefined): string | null {
  return result?.error?.[""]?.[0] ?? null;
}

/**
 * The answer when it belongs to the form posting `intent` (the hidden field every admin form sends,
 * echoed back by conform): a page with several forms hands each only its own.
 */
export function answerFor(result: SubmissionResult<string[]> | null | undefined, intent: string): SubmissionResult<string[]> | undefined {
  return result?.initialValue?.intent === intent ? result : undefined;
}

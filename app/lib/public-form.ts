/**
 * What the public forms share in the browser and on the server (ADR 0051): the pieces their zod
 * schemas are made of, and the one parse both sides run. Each form has one schema, in its feature
 * folder; the action reads it (lib/public-form.server.ts) and so does the form
 * (components/forms/usePublicForm.ts), so both say the same thing. Their answer is in
 * lib/public-form-answer.ts.
 *
 * The schemas are zod/mini, parsed with conform's own `parse` rather than @conform-to/zod's
 * parseWithZod: that one imports zod's classic API for its coercion whatever the schema is, about
 * 16 KB gzip more in the browser. Nothing here needs coercion: every field is text.
 */
import { parse, type Submission } from "@conform-to/react";
import { optional, safeParse, string, superRefine, trim, type output, type input, type ZodMiniObject } from "zod/mini";

/** A rule of a text field: the problem with its (trimmed) value in the words the form shows, or null. */
export type FieldRule = (value: string) => string | null;

/** A public form's schema: an object of text fields. */
export type PublicFormSchema = ZodMiniObject;

/**
 * A text field the form needs: trimmed, `missing` when it is absent or blank, then its rules in
 * turn. A field shows one message, its first problem.
 */
export function requiredText(missing: string, ...rules: FieldRule[]) {
  return string({ error: missing }).check(trim(), firstProblem([(value) => (value ? null : missing), ...rules]));
}

/** A text field the person may leave blank (conform reads blank as absent); when filled, its rules in turn. */
export function optionalText(...rules: FieldRule[]) {
  return optional(string().check(trim(), firstProblem(rules)));
}

/** A field shows one message: its first problem. */
function firstProblem(rules: FieldRule[]) {
  return superRefine<string>((value, context) => {
    for (const rule of rules) {
      const message = rule(value);
      if (message) return void context.addIssue({ code: "custom", message, input: value });
    }
  });
}

/** At most `max` characters, counted as the browser's maxlength counts them (UTF-16 code units). */
export const longestText =
  (max: number, message: string): FieldRule =>
  (value) =>
    value.length > max ? message : null;

/** At least `min` characters, counted as the browser's minlength counts them. */
export const shortestText =
  (min: number, message: string): FieldRule =>
  (value) =>
    value.length < min ? message : null;

/**
 * The submission as conform reads it, checked by the form's schema: the same function in the
 * browser (onValidate) and in the action. Field messages are keyed by field name; the form's own by "".
 */
export function parsePublicForm<Schema extends PublicFormSchema>(
  payload: FormData | URLSearchParams,
  schema: Schema,
  /** How each message reads: the form shows them in the page's language (lib/messages.ts); English by default. */
  shown: (message: string) => string = (message) => message,
): Submission<input<Schema>, string[], output<Schema>> {
  return parse<output<Schema>, string[]>(payload, {
    resolve(value) {
      const result = safeParse(schema, value);
      if (result.success) return { value: result.data };
      const error: Record<string, string[]> = {};
      for (const issue of result.error.issues) (error[issue.path.join(".")] ??= []).push(shown(issue.message));
      return { error };
    },
  }) as Submission<input<Schema>, string[], output<Schema>>;
}

/**
 * Conform's useForm as every admin form uses it: the form's zod schema validates in the browser
 * (on blur, then as the admin types) with the messages the server answers, its constraints become
 * the inputs' HTML attributes, and the server's last answer (typed values, messages) is shown.
 * Before hydration the browser's own constraint validation stays on, so a form without
 * JavaScript is checked the same way.
 */
import { useForm, type DefaultValue, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { useMemo } from "react";
import * as z from "zod";
import type { ZodType } from "zod";

export function useAdminForm<Schema extends ZodType<unknown, Record<string, unknown>>>(
  schema: Schema,
  options: {
    id: string;
    lastResult?: SubmissionResult<string[]> | null;
    /** The starting values; conform writes booleans as a checked checkbox ("on") and numbers as text. */
    defaultValue?: Record<string, unknown>;
  },
) {
  // A schema that ends by reshaping the fields (a root .transform) has its constraints on the fields' side.
  const constraint = useMemo(() => getZodConstraint(schema instanceof z.ZodPipe ? schema.in : schema), [schema]);
  return useForm<z.input<Schema>, z.output<Schema>>({
    ...options,
    defaultValue: options.defaultValue as DefaultValue<z.input<Schema>>,
    constraint,
    defaultNoValidate: false,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  });
}

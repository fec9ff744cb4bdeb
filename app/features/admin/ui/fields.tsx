import { getInputProps, getSelectProps, getTextareaProps, type FieldMetadata } from "@conform-to/react";
import type { InputHTMLAttributes, ReactNode, SelectHTMLAttributes, TextareaHTMLAttributes } from "react";

/** A conform field of any admin form. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any form's field, whatever its schema
type Meta = FieldMetadata<any, any, string[]>;

interface FrameProps {
  meta: Meta;
  /** The control's id; its error and hint take `${id}-error` and `${id}-hint`. */
  id: string;
  label: ReactNode;
  hint?: ReactNode;
  className?: string;
}

/** The message under a field (or a group of radios), from the server's answer or the browser's check. */
export function FieldError({ id, message, testId }: { id: string; message: string | undefined; testId?: string }) {
  if (!message) return null;
  return (
    <p id={id} className="field-error" data-testid={testId}>
      {message}
    </p>
  );
}

/** The control's own id and its screen-reader wiring: invalid while it has a message, described by the message and the hint. */
function controlA11y({ meta, id, hint }: FrameProps) {
  const error = meta.errors?.[0];
  return {
    id,
    "aria-invalid": error ? true : undefined,
    "aria-describedby": [error ? `${id}-error` : null, hint ? `${id}-hint` : null].filter(Boolean).join(" ") || undefined,
  };
}

/** Conform's attributes for a control (name, constraints, initial value) without its own ids and aria, which controlA11y sets. */
function conformAttributes<Props extends { id?: unknown; key?: unknown; form?: unknown; "aria-invalid"?: unknown; "aria-describedby"?: unknown }>(
  props: Props,
) {
  const { id: _id, key: _key, form: _form, "aria-invalid": _invalid, "aria-describedby": _describedBy, ...rest } = props;
  return rest;
}

/** An input's name, type, constraints and initial value from its conform field, for a form that shows its messages its own way. */
export function inputAttributes(meta: Meta, type: InputType) {
  return conformAttributes(getInputProps(meta, { type }));
}

/** Label, control, message, hint: one labelled field, wired for screen readers. */
function FieldFrame({ meta, id, label, hint, className, children }: FrameProps & { children: ReactNode }) {
  return (
    <div className={className}>
      <label className="field-label" htmlFor={id}>
        {label}
      </label>
      {children}
      <FieldError id={`${id}-error`} message={meta.errors?.[0]} testId={`error-${meta.name}`} />
      {hint ? (
        <p id={`${id}-hint`} className="field-hint">
          {hint}
        </p>
      ) : null}
    </div>
  );
}

type InputType = "text" | "email" | "password" | "number" | "url" | "search";

export function TextField({ type = "text", ...props }: FrameProps & { type?: InputType } & Omit<InputHTMLAttributes<HTMLInputElement>, "id" | "type">) {
  const { meta, id, label, hint, className, ...input } = props;
  return (
    <FieldFrame meta={meta} id={id} label={label} hint={hint} className={className}>
      <input {...controlA11y(props)} className="field-input" {...conformAttributes(getInputProps(meta, { type }))} {...input} />
    </FieldFrame>
  );
}

export function TextAreaField(props: FrameProps & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, "id">) {
  const { meta, id, label, hint, className, ...textarea } = props;
  return (
    <FieldFrame meta={meta} id={id} label={label} hint={hint} className={className}>
      <textarea {...controlA11y(props)} className="field-input" {...conformAttributes(getTextareaProps(meta))} {...textarea} />
    </FieldFrame>
  );
}

export function SelectField(props: FrameProps & Omit<SelectHTMLAttributes<HTMLSelectElement>, "id">) {
  const { meta, id, label, hint, className, children, ...select } = props;
  return (
    <FieldFrame meta={meta} id={id} label={label} hint={hint} className={className}>
      {/* Nothing chosen yet is the empty option ("No rating"), marked as chosen like any other. */}
      <select
        {...controlA11y(props)}
        className="field-input"
        {...conformAttributes(getSelectProps(meta))}
        defaultValue={typeof meta.initialValue === "string" ? meta.initialValue : ""}
        {...select}
      >
        {children}
      </select>
    </FieldFrame>
  );
}

/** A checkbox in its label row; checked from the form's initial value ("on"). */
export function CheckboxRow({ meta, className = "", children }: { meta: Meta; className?: string; children: ReactNode }) {
  // The type first, as a checkbox is usually written.
  const { type, ...checkbox } = conformAttributes(getInputProps(meta, { type: "checkbox" }));
  return (
    <label className={`check-row ${className}`.trim()}>
      <input type={type} {...checkbox} />
      {children}
    </label>
  );
}

/** One choice of a radio group, in its label row; required and checked as the form's schema and value say. */
export function RadioRow({ meta, value, children }: { meta: Meta; value: string; children: ReactNode }) {
  const error = meta.errors?.[0];
  return (
    <label className="check-row">
      <input
        type="radio"
        required={meta.required}
        name={meta.name}
        value={value}
        defaultChecked={meta.initialValue === value}
        aria-invalid={error ? true : undefined}
      />{" "}
      {children}
    </label>
  );
}

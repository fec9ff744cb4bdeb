import type { InputHTMLAttributes, ReactNode } from "react";

/**
 * A labelled input with its hint and its error, wired for screen readers (aria-invalid,
 * aria-describedby). The error comes from the server's 400 answer, so it works without JavaScript.
 */
export function LabeledInput({
  id,
  label,
  error,
  hint,
  className,
  ...input
}: { id: string; label: ReactNode; error?: string | null; hint?: ReactNode } & InputHTMLAttributes<HTMLInputElement>) {
  const hintId = hint ? `${id}-hint` : null;
  const errorId = error ? `${id}-error` : null;
  const describedBy = [hintId, errorId].filter(Boolean).join(" ") || undefined;
  return (
    <div className={className}>
      <label className="field-label" htmlFor={id}>
        {label}
      </label>
      <input id={id} className="field-input" aria-invalid={error ? true : undefined} aria-describedby={describedBy} {...input} />
      {hint ? (
        <p id={hintId!} className="field-hint">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId!} className="field-error">
          {error}
        </p>
      ) : null}
    </div>
  );
}

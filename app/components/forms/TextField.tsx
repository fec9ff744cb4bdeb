import type { InputHTMLAttributes, ReactNode, Ref, TextareaHTMLAttributes } from "react";

interface TextFieldProps extends InputHTMLAttributes<HTMLInputElement> {
  id: string;
  label: ReactNode;
  /** The field's problem, shown under it and linked to it; none when empty. */
  error?: ReactNode;
  errorId?: string;
  /** "alert" announces the problem as soon as it appears. */
  errorRole?: "alert";
  inputRef?: Ref<HTMLInputElement>;
  /** A <textarea> of this many rows instead of an <input>. */
  rows?: number;
}

/** A labelled text field of the public forms, with its problem under it. */
export function TextField({ id, label, error, errorId = `${id}-error`, errorRole, inputRef, rows, ...control }: TextFieldProps) {
  const shared = {
    className: "field-input",
    "aria-invalid": error ? true : undefined,
    "aria-describedby": error ? errorId : undefined,
  } as const;
  return (
    <div>
      <label htmlFor={id} className="field-label">
        {label}
      </label>
      {rows ? (
        <textarea id={id} {...(control as TextareaHTMLAttributes<HTMLTextAreaElement>)} {...shared} rows={rows} />
      ) : (
        <input ref={inputRef} id={id} {...control} {...shared} />
      )}
      {error ? (
        <p id={errorId} className="field-error" role={errorRole}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

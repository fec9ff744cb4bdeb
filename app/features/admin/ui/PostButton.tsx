import { Form } from "@remix-run/react";

/** The hidden fields every admin post carries: what to do, and to which row. */
export function IntentFields({ intent, id }: { intent: string; id?: number | string }) {
  return (
    <>
      <input type="hidden" name="intent" value={intent} />
      {id === undefined ? null : <input type="hidden" name="id" value={id} />}
    </>
  );
}

/**
 * A row action (show, hide, mark read, make owner…): one small post form with its hidden fields and
 * a button that says, to screen readers too, what it does to which row.
 */
export function PostButton({
  intent,
  id,
  extra = {},
  label,
  ariaLabel,
  disabled = false,
  className = "btn btn-xs btn-secondary",
  preventScrollReset,
}: {
  intent: string;
  id: number;
  /** More hidden fields, by name. */
  extra?: Record<string, string>;
  label: string;
  ariaLabel: string;
  disabled?: boolean;
  className?: string;
  preventScrollReset?: boolean;
}) {
  return (
    <Form method="post" preventScrollReset={preventScrollReset}>
      <IntentFields intent={intent} id={id} />
      {Object.entries(extra).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <button type="submit" className={className} aria-label={ariaLabel} disabled={disabled}>
        {label}
      </button>
    </Form>
  );
}

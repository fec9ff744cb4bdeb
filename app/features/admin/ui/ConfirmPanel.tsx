import { Form, Link } from "@remix-run/react";
import { useEffect, useRef, type ReactNode } from "react";
import { IntentFields } from "./PostButton";

/** The link that asks before deleting `id`: the page's own URL (filters kept) plus `?confirm=<id>`. */
export function confirmHref(path: string, query: string, id: number | string): string {
  const params = new URLSearchParams(query);
  params.set("confirm", String(id));
  return `${path}?${params}`;
}

/**
 * "Are you sure?" for destructive actions, rendered by the server: the Delete button is a link to
 * `?confirm=...`, and only this panel's form posts the deletion. Works the same without JavaScript.
 * `id` names the one record, when there is one; `fields` are posted too (the ticked rows of a bulk action).
 */
export function ConfirmPanel({
  title,
  children,
  intent,
  id,
  fields,
  confirmLabel,
  cancelTo,
}: {
  title: string;
  children: ReactNode;
  intent: string;
  id?: number | string;
  fields?: Record<string, string>;
  confirmLabel: string;
  cancelTo: string;
}) {
  const ref = useRef<HTMLElement>(null);
  useEffect(() => ref.current?.focus(), []);
  return (
    <section ref={ref} tabIndex={-1} className="confirm-panel" role="alertdialog" aria-labelledby="confirm-title" aria-describedby="confirm-body">
      <h2 id="confirm-title">{title}</h2>
      <div id="confirm-body">{children}</div>
      <Form method="post" className="admin-actions">
        <IntentFields intent={intent} id={id} />
        {Object.entries(fields ?? {}).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <button type="submit" className="btn btn-sm btn-danger">
          {confirmLabel}
        </button>
        <Link to={cancelTo} className="btn btn-sm btn-secondary" replace>
          Cancel
        </Link>
      </Form>
    </section>
  );
}

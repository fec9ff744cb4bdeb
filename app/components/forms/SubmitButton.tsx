import type { ReactNode } from "react";
import { SpinnerIcon } from "~/components/ui/icons";

/** A public form's submit button: disabled, with a spinner and `pendingLabel`, while the form is sent. */
export function SubmitButton({
  submitting,
  pendingLabel,
  className,
  children,
}: {
  submitting: boolean;
  pendingLabel: string;
  className: string;
  children: ReactNode;
}) {
  return (
    <button type="submit" className={className} disabled={submitting}>
      {submitting ? (
        <>
          <SpinnerIcon />
          {pendingLabel}
        </>
      ) : (
        children
      )}
    </button>
  );
}

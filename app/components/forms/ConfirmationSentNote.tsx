import { confirmationSentMessage } from "~/lib/messages";

/**
 * The line a sign-up's success screen adds while it waits for its confirmation (double opt-in,
 * ADR 0031): a link went to the address and must be clicked. `email` is the address when the form
 * knows it (sent with JavaScript); without it the text says "your email address".
 */
export function ConfirmationSentNote({ email, className = "" }: { email?: string; className?: string }) {
  return (
    <p className={`rounded-xl border border-brand-500/30 bg-brand-500/10 px-4 py-3 text-left text-sm break-words text-ink ${className}`} data-testid="confirmation-sent">
      {confirmationSentMessage(email)}
    </p>
  );
}

import { T, useT } from "~/lib/i18n/react";

/**
 * The note a sign-up's success screen adds while it waits for its confirmation (double opt-in,
 * ADR 0031): a link went to the address and must be clicked. `email` is the address when the form
 * knows it (sent with JavaScript); without it the text says "your email address".
 * `titled={false}` leaves out the title where a heading already says it.
 */
export function ConfirmationSentNote({ email, titled = true, className = "" }: { email?: string; titled?: boolean; className?: string }) {
  const t = useT();
  const address = email?.trim();
  return (
    <p className={`rounded-xl border border-brand-500/30 bg-brand-500/10 px-4 py-3 text-left text-sm break-words text-ink ${className}`} data-testid="confirmation-sent">
      {titled ? <><strong className="block">{t("common.forms.confirmationSentTitle")}</strong> </> : null}
      {address ? (
        <T id="common.forms.confirmationSentTo" values={{ email: address }} components={{ address: <strong /> }} />
      ) : (
        t("common.forms.confirmationSentToYou")
      )}
    </p>
  );
}

import { useT } from "~/lib/i18n/react";

/**
 * The bot trap of every public form (spec section 5; the rule is in lib/bot-trap.ts): two trap
 * fields, off-screen, out of the tab order and hidden from assistive technology, so only bots fill
 * them in; and the spec's submissionTime, the time the form was rendered, which decides nothing
 * (ADR 0049).
 */
export function BotTrapFields({ renderedAt }: { renderedAt: number }) {
  const t = useT();
  return (
    <>
      <div className="trap" aria-hidden="true">
        <label>
          {t("common.forms.botTrapHoneypot")}
          <input type="text" name="honeypot" tabIndex={-1} autoComplete="off" />
        </label>
        <label>
          {t("common.forms.botTrapWebsite")}
          <input type="text" name="website" tabIndex={-1} autoComplete="off" />
        </label>
      </div>
      <input type="hidden" name="submissionTime" value={renderedAt} />
    </>
  );
}

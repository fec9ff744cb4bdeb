import { useMemo } from "react";
import { useT } from "~/lib/i18n/react";
import { shownMessage } from "~/lib/messages";

/** A form's message as the visitor reads it, in the page's language (lib/messages.ts, `shownMessage`). */
export function useShownMessage(): (text: string) => string {
  const t = useT();
  return useMemo(() => (text: string) => shownMessage(t, text), [t]);
}

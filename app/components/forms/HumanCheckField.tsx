import { useT } from "~/lib/i18n/react";
import type { HumanCheck } from "./useHumanCheck";
import { useShownMessage } from "./useShownMessage";

/** Turnstile's widget heights: flexible/normal 65 px, compact 140 px. */
const WIDGET_HEIGHT = { flexible: 65, compact: 140 } as const;

/**
 * Where a sign-up form's human check appears (ADR 0033), just above its submit button: nothing when
 * Turnstile is off; an empty place until the visitor starts the form, then the widget, with its room
 * reserved at once so nothing jumps when it arrives. Without JavaScript it says the form needs it.
 */
export function HumanCheckField({ check, className }: { check: HumanCheck; className?: string }) {
  const t = useT();
  const shown = useShownMessage();
  if (!check.enabled) return null;
  const started = check.status !== "waiting";
  return (
    <div className={className}>
      <div
        ref={check.containerRef}
        data-human-check={check.status}
        {...(started ? { role: "group", "aria-label": t("common.forms.humanCheckLabel"), style: { minHeight: WIDGET_HEIGHT[check.size] } } : {})}
      />
      {check.message ? (
        <p className="field-error" role="alert">
          {shown(check.message)}
        </p>
      ) : null}
      <noscript>
        <p className="rounded-xl border border-line bg-surface-sunken px-4 py-3 text-sm">{t("common.forms.humanCheckNoScript")}</p>
      </noscript>
    </div>
  );
}

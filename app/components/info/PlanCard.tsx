import { periodLabel, TRIAL_DAYS, yearlySavingPercent, type Plan } from "~/content/plans";
import { formatUsd } from "~/lib/i18n/intl-locale";
import { useLang, useT } from "~/lib/i18n/react";
import { AppStoreLink } from "./AppStoreLink";
import { planTextOf } from "./plan-text";

/** One plan of /pricing: name, US price and period, what it includes, and the way to get it. */
export function PlanCard({ plan }: { plan: Plan }) {
  const t = useT();
  const lang = useLang();
  const planText = planTextOf(t);
  const titleId = `plan-${plan.id}-title`;
  const name = planText(plan.name);
  return (
    <article id={`plan-${plan.id}`} aria-labelledby={titleId} className={plan.featured ? "plan-card plan-card-featured card" : "plan-card card"}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id={titleId} className="text-lg font-bold">
          {name}
        </h3>
        {plan.featured ? <span className="badge plan-badge">{t("pricing.card.bestValue")}</span> : null}
      </div>
      <p className="mt-4 flex flex-wrap items-baseline gap-x-2">
        <span className="plan-price" data-plan-price>
          {formatUsd(plan.priceUsd, lang)}
        </span>
        <span className="text-ink-muted">{planText(periodLabel(plan.period))}</span>
      </p>
      <p className="mt-1 min-h-5 text-sm font-medium text-(--accent-text)">
        {plan.id === "pro-yearly"
          ? t("pricing.card.save", { percent: yearlySavingPercent() })
          : plan.trial
            ? t("pricing.card.trial", { days: TRIAL_DAYS })
            : t("pricing.card.noSubscription")}
      </p>
      <p className="mt-4 text-ink-muted">{planText(plan.summary)}</p>
      <ul className="mt-6 flex-1 space-y-3">
        {[...plan.includes, ...(plan.limit ? [plan.limit] : [])].map((item) => (
          <li key={item} className="flex gap-3 text-sm">
            <span className="check-bubble" />
            <span>{planText(item)}</span>
          </li>
        ))}
      </ul>
      <AppStoreLink className={plan.featured ? "btn btn-primary mt-8 w-full" : "btn btn-secondary mt-8 w-full"}>
        {t(plan.trial ? "pricing.card.startTrial" : "pricing.card.downloadFree")}
        <span className="sr-only"> {t("pricing.card.forPlan", { plan: name })}</span>
      </AppStoreLink>
    </article>
  );
}

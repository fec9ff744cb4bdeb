import { CheckIcon } from "~/components/ui/icons";
import { formatUsd, periodLabel, TRIAL_DAYS, yearlySavingPercent, type Plan } from "~/content/plans";
import { AppStoreLink } from "./AppStoreLink";

/** One plan of /pricing: name, US price and period, what it includes, and the way to get it. */
export function PlanCard({ plan }: { plan: Plan }) {
  const titleId = `plan-${plan.id}-title`;
  return (
    <article id={`plan-${plan.id}`} aria-labelledby={titleId} className={plan.featured ? "plan-card plan-card-featured card" : "plan-card card"}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id={titleId} className="text-lg font-bold">
          {plan.name}
        </h3>
        {plan.featured ? <span className="badge plan-badge">Best value</span> : null}
      </div>
      <p className="mt-4 flex items-baseline gap-2">
        <span className="plan-price" data-plan-price>
          {formatUsd(plan.priceUsd)}
        </span>
        <span className="text-ink-muted">{periodLabel(plan.period)}</span>
      </p>
      <p className="mt-1 min-h-5 text-sm font-medium text-(--accent-text)">
        {plan.id === "pro-yearly"
          ? `Save ${yearlySavingPercent()}% compared with paying monthly`
          : plan.trial
            ? `${TRIAL_DAYS}-day free trial`
            : "No subscription needed"}
      </p>
      <p className="mt-4 text-ink-muted">{plan.summary}</p>
      <ul className="mt-6 flex-1 space-y-3">
        {plan.includes.map((item) => (
          <li key={item} className="flex gap-3 text-sm">
            <span className="check-bubble">
              <CheckIcon width={14} height={14} />
            </span>
            <span>{item}</span>
          </li>
        ))}
        {plan.limit ? (
          <li className="flex gap-3 text-sm">
            <span className="check-bubble">
              <CheckIcon width={14} height={14} />
            </span>
            <span>{plan.limit}</span>
          </li>
        ) : null}
      </ul>
      <AppStoreLink className={plan.featured ? "btn btn-primary mt-8 w-full" : "btn btn-secondary mt-8 w-full"}>
        {plan.trial ? "Start free trial" : "Download free"}
        <span className="sr-only"> for {plan.name}</span>
      </AppStoreLink>
    </article>
  );
}

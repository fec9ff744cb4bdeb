import { CheckIcon } from "~/components/ui/icons";
import { COMPARISON, COMPARISON_TIERS, type PlanMessage } from "~/content/plans";
import { useT } from "~/lib/i18n/react";
import { planTextOf } from "./plan-text";

function Cell({ value }: { value: boolean | PlanMessage }) {
  const t = useT();
  if (typeof value === "string") return <span className="font-medium">{planTextOf(t)(value)}</span>;
  return value ? (
    <span className="compare-yes">
      <CheckIcon width={18} height={18} />
      <span className="sr-only">{t("pricing.compare.included")}</span>
    </span>
  ) : (
    <span className="compare-no">
      <span aria-hidden="true">–</span>
      <span className="sr-only">{t("pricing.compare.notIncluded")}</span>
    </span>
  );
}

/**
 * The plans side by side: a real table, column headers for the tiers and a row header for each
 * feature, so a screen reader announces "Cloud sync…, Pro, Included". The table fits a 375 px
 * screen; the scroll container is focusable and named for when larger text makes it scroll sideways.
 */
export function ComparisonTable() {
  const t = useT();
  const planText = planTextOf(t);
  return (
    <div className="compare-scroll" role="region" aria-label={t("pricing.compare.region")} tabIndex={0}>
      <table className="compare-table">
        <caption className="sr-only">{t("pricing.compare.caption")}</caption>
        <thead>
          <tr>
            <th scope="col">{t("pricing.compare.feature")}</th>
            {COMPARISON_TIERS.map((column) => (
              <th key={column.tier} scope="col">
                {planText(column.label)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {COMPARISON.map((row) => (
            <tr key={row.feature}>
              <th scope="row">{planText(row.feature)}</th>
              {COMPARISON_TIERS.map((column) => (
                <td key={column.tier}>
                  <Cell value={row.values[column.tier]} />
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

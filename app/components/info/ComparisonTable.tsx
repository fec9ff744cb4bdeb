import { CheckIcon } from "~/components/ui/icons";
import { COMPARISON, COMPARISON_TIERS } from "~/content/plans";

function Cell({ value }: { value: boolean | string }) {
  if (typeof value === "string") return <span className="font-medium">{value}</span>;
  return value ? (
    <span className="compare-yes">
      <CheckIcon width={18} height={18} />
      <span className="sr-only">Included</span>
    </span>
  ) : (
    <span className="compare-no">
      <span aria-hidden="true">–</span>
      <span className="sr-only">Not included</span>
    </span>
  );
}

/**
 * The plans side by side: a real table, column headers for the tiers and a row header for each
 * feature, so a screen reader announces "Cloud sync…, Pro, Included". The table fits a 375 px
 * screen; the scroll container is focusable and named for when larger text makes it scroll sideways.
 */
export function ComparisonTable() {
  return (
    <div className="compare-scroll" role="region" aria-label="Plan comparison table" tabIndex={0}>
      <table className="compare-table">
        <caption className="sr-only">Features included in each plan</caption>
        <thead>
          <tr>
            <th scope="col">Feature</th>
            {COMPARISON_TIERS.map((column) => (
              <th key={column.tier} scope="col">
                {column.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {COMPARISON.map((row) => (
            <tr key={row.feature}>
              <th scope="row">{row.feature}</th>
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

import { useT } from "~/lib/i18n/react";
import { TRACKING_PARAMETERS } from "~/lib/link-sanitizer";
import { explanation } from "./explanation";

interface Group {
  reason: string;
  where: string | null;
  names: string[];
}

/** The rules, grouped by what the parameters are and where they count, in the rules' order. */
function groups(): Group[] {
  const byKey = new Map<string, Group>();
  for (const parameter of TRACKING_PARAMETERS) {
    const key = `${parameter.reason}|${parameter.where ?? ""}`;
    const group = byKey.get(key) ?? { reason: parameter.reason, where: parameter.where, names: [] };
    group.names.push(parameter.name);
    byKey.set(key, group);
  }
  return [...byKey.values()];
}

/** Every tracking parameter the cleaner removes, read from the same rules it runs. */
export function TrackingParameterTable() {
  const rows = groups();
  const t = useT();
  return (
    <details className="sanitizer-details mt-6">
      <summary className="sanitizer-summary">{t("sanitizer.table.summary", { count: TRACKING_PARAMETERS.length })}</summary>
      <div className="overflow-x-auto">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">{t("sanitizer.table.caption")}</caption>
          <thead>
            <tr className="border-b border-line text-ink-muted">
              <th scope="col" className="px-4 py-2 font-semibold">
                {t("sanitizer.table.parameter")}
              </th>
              <th scope="col" className="px-4 py-2 font-semibold">
                {t("sanitizer.table.whatItIs")}
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-line">
            {rows.map((row) => (
              <tr key={`${row.reason}-${row.where ?? ""}`} className="align-top">
                <td className="px-4 py-2 font-mono break-words">{row.names.join(", ")}</td>
                <td className="px-4 py-2">
                  {explanation(t, "reasons", row.reason)}
                  {row.where && <span className="text-ink-muted"> ({explanation(t, "where", row.where)})</span>}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </details>
  );
}

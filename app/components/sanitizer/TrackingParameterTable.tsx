import { TRACKING_PARAMETERS } from "~/lib/link-sanitizer";

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
  return (
    <details className="sanitizer-details mt-6">
      <summary className="sanitizer-summary">See all {TRACKING_PARAMETERS.length} parameters we remove</summary>
      <div className="overflow-x-auto">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">Tracking parameters removed by the cleaner</caption>
          <thead>
            <tr className="border-b border-line text-ink-muted">
              <th scope="col" className="px-4 py-2 font-semibold">
                Parameter
              </th>
              <th scope="col" className="px-4 py-2 font-semibold">
                What it is
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-line">
            {rows.map((row) => (
              <tr key={`${row.reason}-${row.where ?? ""}`} className="align-top">
                <td className="px-4 py-2 font-mono break-words">{row.names.join(", ")}</td>
                <td className="px-4 py-2">
                  {row.reason}
                  {row.where && <span className="text-ink-muted"> ({row.where})</span>}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </details>
  );
}

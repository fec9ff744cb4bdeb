/**
 * A server-rendered bar chart of daily counts (no chart library, no client JavaScript), with the same
 * numbers in a visually hidden table for screen readers. One or more series side by side per day (the
 * dashboard: beta sign-ups beside notify-me requests), each named in a legend when there are several.
 *
 * HTML boxes, not a scaled SVG: the bars stretch with the panel while the day labels keep the page's
 * own text size at every width (an SVG's text shrank with its viewBox to about 5 px on a phone).
 */
export interface ChartSeries {
  /** What is counted: the legend, and the hidden table's column. */
  label: string;
  /** One count per day, in the order of `dates`. */
  values: readonly number[];
}

/**
 * Which days are labelled: the first and the last (set against the chart's edges), and every 7th day
 * back from the last (every few weeks on long ranges, about five labels), leaving out any too near the
 * first to fit beside it.
 */
function labelledDays(days: number): number[] {
  if (days <= 1) return days === 1 ? [0] : [];
  const every = Math.max(7, Math.ceil(days / 35) * 7);
  const shown = [days - 1];
  for (let i = days - 1 - every; i >= every / 2; i -= every) shown.unshift(i);
  return [0, ...shown];
}

export function BarChart({ dates, series, label }: { dates: readonly string[]; series: readonly ChartSeries[]; label: string }) {
  const max = Math.max(1, ...series.flatMap((s) => s.values));
  const days = dates.length;
  const labels = labelledDays(days);
  const heightOf = (value: number) => (value === 0 ? 0 : Math.max(1, (value / max) * 100));
  const summary = series.map((s) => `${s.label}: highest ${Math.max(0, ...s.values).toLocaleString("en")} per day`).join("; ");
  return (
    <figure className="bar-chart">
      <div className="bar-chart-head">
        {series.length > 1 ? (
          <ul className="bar-chart-legend" aria-hidden="true">
            {series.map((s, k) => (
              <li key={s.label}>
                <span className={`bar-chart-swatch bar-chart-series-${k}`} />
                {s.label}
              </li>
            ))}
          </ul>
        ) : (
          <span />
        )}
        <span data-testid="chart-max">Highest day: {max.toLocaleString("en")}</span>
      </div>
      <div className="bar-chart-plot" role="img" aria-label={`${label}. ${summary}`}>
        {dates.map((date, i) => (
          <div key={date} className="bar-chart-day">
            {series.map((s, k) => (
              <span
                key={s.label}
                className={`bar-chart-bar bar-chart-series-${k}`}
                style={{ height: `${heightOf(s.values[i] ?? 0)}%` }}
                title={`${date}: ${(s.values[i] ?? 0).toLocaleString("en")}${series.length > 1 ? ` ${s.label.toLowerCase()}` : ""}`}
              />
            ))}
          </div>
        ))}
      </div>
      {/* The first label starts at the chart's left edge and the last ends at its right: none is cut off. */}
      <div className="bar-chart-axis" aria-hidden="true">
        {labels.map((i) => {
          const edge = i === 0 ? "start" : i === days - 1 ? "end" : "middle";
          const position = edge === "start" ? { left: 0 } : edge === "end" ? { right: 0 } : { left: `${((i + 0.5) / days) * 100}%` };
          return (
            <span key={i} className="bar-chart-label" data-edge={edge} style={position} data-testid="chart-label">
              {dates[i]!.slice(5)}
            </span>
          );
        })}
      </div>
      {/* A table ignores a 1px height, so its wrapper is the visually hidden box. */}
      <div className="visually-hidden">
        <table>
          <caption>{label}</caption>
          <thead>
            <tr>
              <th scope="col">Day</th>
              {series.map((s) => (
                <th key={s.label} scope="col">
                  {s.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {dates.map((date, i) => (
              <tr key={date}>
                <td>{date}</td>
                {series.map((s) => (
                  <td key={s.label}>{s.values[i] ?? 0}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}

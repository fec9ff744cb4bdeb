/**
 * A server-rendered SVG bar chart of daily counts (no chart library, no client JavaScript), with the
 * same numbers in a visually hidden table for screen readers. `valueLabel` names what is counted
 * (the hidden table's column). Day labels every week, or every few weeks on long ranges.
 */
export function BarChart({ data, label, valueLabel = "Sign-ups" }: { data: { date: string; count: number }[]; label: string; valueLabel?: string }) {
  const width = 600;
  const height = 180;
  const padBottom = 22;
  const padTop = 14;
  const max = Math.max(1, ...data.map((d) => d.count));
  const slot = width / Math.max(1, data.length);
  const barWidth = Math.max(2, slot * 0.7);
  const plotHeight = height - padBottom - padTop;
  // A label every 7 days up to 35 days, then a multiple of 7 giving about five labels.
  const labelEvery = Math.max(7, Math.ceil(data.length / 35) * 7);
  // The highest value is written above its first bar only.
  const maxIndex = data.findIndex((d) => d.count === max);
  return (
    <figure>
      <svg className="bar-chart" viewBox={`0 0 ${width} ${height}`} role="img" aria-label={`${label}: highest ${max.toLocaleString("en")} per day`}>
        <line x1="0" x2={width} y1={height - padBottom} y2={height - padBottom} />
        {data.map((d, i) => {
          const barHeight = (d.count / max) * plotHeight;
          const x = i * slot + (slot - barWidth) / 2;
          return (
            <g key={d.date}>
              <rect className="bar" x={x} y={height - padBottom - barHeight} width={barWidth} height={barHeight} rx="2">
                <title>{`${d.date}: ${d.count.toLocaleString("en")}`}</title>
              </rect>
              {d.count > 0 && i === maxIndex ? (
                <text x={x + barWidth / 2} y={height - padBottom - barHeight - 3} textAnchor="middle">
                  {d.count.toLocaleString("en")}
                </text>
              ) : null}
              {i % labelEvery === 0 || (i === data.length - 1 && i % labelEvery >= Math.ceil(labelEvery / 2)) ? (
                <text x={x + barWidth / 2} y={height - 6} textAnchor="middle">
                  {d.date.slice(5)}
                </text>
              ) : null}
            </g>
          );
        })}
      </svg>
      {/* A table ignores a 1px height, so its wrapper is the visually hidden box. */}
      <div className="visually-hidden">
        <table>
          <caption>{label}</caption>
          <thead>
            <tr>
              <th scope="col">Day</th>
              <th scope="col">{valueLabel}</th>
            </tr>
          </thead>
          <tbody>
            {data.map((d) => (
              <tr key={d.date}>
                <td>{d.date}</td>
                <td>{d.count}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}

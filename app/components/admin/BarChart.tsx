/**
 * A server-rendered SVG bar chart (no chart library, no client JavaScript), with the same numbers
 * in a visually hidden table for screen readers.
 */
export function BarChart({ data, label }: { data: { date: string; count: number }[]; label: string }) {
  const width = 600;
  const height = 180;
  const padBottom = 22;
  const padTop = 14;
  const max = Math.max(1, ...data.map((d) => d.count));
  const slot = width / Math.max(1, data.length);
  const barWidth = Math.max(2, slot * 0.7);
  const plotHeight = height - padBottom - padTop;
  return (
    <figure>
      <svg className="bar-chart" viewBox={`0 0 ${width} ${height}`} role="img" aria-label={`${label}: highest ${max} per day`}>
        <line x1="0" x2={width} y1={height - padBottom} y2={height - padBottom} />
        {data.map((d, i) => {
          const barHeight = (d.count / max) * plotHeight;
          const x = i * slot + (slot - barWidth) / 2;
          return (
            <g key={d.date}>
              <rect className="bar" x={x} y={height - padBottom - barHeight} width={barWidth} height={barHeight} rx="2">
                <title>{`${d.date}: ${d.count}`}</title>
              </rect>
              {d.count > 0 && d.count === max ? (
                <text x={x + barWidth / 2} y={height - padBottom - barHeight - 3} textAnchor="middle">
                  {d.count}
                </text>
              ) : null}
              {i % 7 === 0 || (i === data.length - 1 && i % 7 >= 4) ? (
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
              <th scope="col">Sign-ups</th>
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

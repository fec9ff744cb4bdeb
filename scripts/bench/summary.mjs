// The one table at the end of `npm run bench`: every figure of issue 7 with its goal and whether
// it is met. Each section contributes rows when it ran; the detailed tables above explain them.
import { CATEGORIES, pageMedians } from "./lighthouse.mjs";
import { kb, table } from "./report.mjs";
import { median, percentile } from "./stats.mjs";
import { medianRps } from "./throughput.mjs";

/** Goals of issue 7 (the stricter successors of issue 3's budgets). */
export const GOALS = {
  lighthouseScore: 100,
  lcpMs: 1200,
  tbtMs: 50,
  cls: 0,
  jsGzipKb: 100,
  renderCpuMedianMs: 3,
  renderCpuP99Ms: 8,
  throughputRatio: 0.5,
};

const status = (met) => (met === null ? "n/a" : met ? "met" : "MISSED");
const row = (figure, value, goal, met) => ({ figure, value, goal, status: status(met) });

function lighthouseRows(lighthouse) {
  const rows = [];
  for (const page of lighthouse.pages) {
    if (!page.runs.length) {
      rows.push(row(`Lighthouse ${page.path}`, "no successful run", "", false));
      continue;
    }
    const { scores, metrics } = pageMedians(page);
    const values = CATEGORIES.map((id) => scores[id]);
    rows.push(
      row(`Lighthouse ${page.path}: Perf/A11y/BP/SEO`, values.join("/"), `${GOALS.lighthouseScore} each`, values.every((v) => v >= GOALS.lighthouseScore)),
      row(`  LCP`, `${(metrics.lcp / 1000).toFixed(2)} s`, `≤ ${GOALS.lcpMs / 1000} s`, metrics.lcp <= GOALS.lcpMs),
      row(`  TBT`, `${metrics.tbt.toFixed(0)} ms`, `≤ ${GOALS.tbtMs} ms`, metrics.tbt <= GOALS.tbtMs),
      row(`  CLS`, metrics.cls.toFixed(3), `${GOALS.cls}`, metrics.cls <= GOALS.cls),
    );
  }
  return rows;
}

/**
 * Rows for the summary; `extraRows` are rows other modules computed (load, analytics), already in
 * the { figure, value, goal, status } shape.
 */
export function summaryRows(report, { jsPath, extraRows = [] }) {
  const rows = [];
  if (report.sizes) {
    const home = report.sizes.find((s) => s.path === jsPath);
    if (home) {
      rows.push(row(`First-visit JS ${jsPath} (gzip)`, `${kb(home.gzipBytes)} KB`, `≤ ${GOALS.jsGzipKb} KB`, home.gzipBytes / 1024 <= GOALS.jsGzipKb));
    }
  }
  if (report.render && report.cpuMeter) {
    const baseline = median(report.baseline.cpuMs);
    const cpuMedian = median(report.render.cpuMs) - baseline;
    const cpuP99 = percentile(report.render.cpuMs, 99) - baseline;
    rows.push(
      row(`Render ${report.render.path.split("?")[0]} CPU median (cache miss)`, `${cpuMedian.toFixed(2)} ms`, `≤ ${GOALS.renderCpuMedianMs} ms`, cpuMedian <= GOALS.renderCpuMedianMs),
      row(`Render CPU p99 (cache miss)`, `${cpuP99.toFixed(2)} ms`, `≤ ${GOALS.renderCpuP99Ms} ms`, cpuP99 <= GOALS.renderCpuP99Ms),
    );
  }
  if (report.throughput) {
    const [staticTarget, cached, uncached] = report.throughput.targets;
    const ratio = median(report.throughput.ratios[cached.label]);
    const missRatio = median(report.throughput.ratios[uncached.label]);
    rows.push(
      row(`Throughput ${cached.path} ÷ static (edge cache)`, `${ratio.toFixed(2)} (${medianRps(cached).toFixed(0)} ÷ ${medianRps(staticTarget).toFixed(0)} req/s)`, `≥ ${GOALS.throughputRatio}`, ratio >= GOALS.throughputRatio),
      row(`  without the cache (every request renders)`, `${missRatio.toFixed(2)} (${medianRps(uncached).toFixed(0)} req/s)`, "for scale", null),
    );
  }
  if (report.lighthouse) rows.push(...lighthouseRows(report.lighthouse));
  rows.push(...extraRows);
  return rows;
}

export function summaryTable(rows) {
  return table(
    ["Figure", "Measured (medians)", "Goal", "Status"],
    rows.map((r) => [r.figure, r.value, r.goal, r.status === "missed" ? "MISSED" : r.status]),
    ["l", "r", "l", "l"],
  );
}

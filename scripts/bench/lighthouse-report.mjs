// The Lighthouse section of the benchmark's stdout: medians table, budgets, failed audits, notes.
import { lighthouseBudgetLines } from "./budgets.mjs";
import { failedAudits, LOCAL_ARTEFACTS, pageMedians } from "./lighthouse.mjs";
import { table } from "./report.mjs";
import { median } from "./stats.mjs";

const fixed = (value, digits) => (Number.isFinite(value) ? value.toFixed(digits) : "n/a");
const score = (value) => (Number.isFinite(value) ? String(value) : "n/a");

/**
 * Lines for `result` from runLighthouse(); `runs` is the number of runs asked for per page,
 * `note` the footnote marker, `busy` the machine's CPU busy fraction just before the section.
 */
export function lighthouseReport(result, { runs, note, busy, cpuCount }) {
  const rows = result.pages.map((page) => ({ path: page.path, medians: page.runs.length ? pageMedians(page) : null, failed: page.errors.length }));
  const range = (page, pick, format) => {
    const values = page.runs.map(pick).filter(Number.isFinite);
    return values.length ? `${format(Math.min(...values))}–${format(Math.max(...values))}` : "n/a";
  };
  const out = [
    `Lighthouse ${result.version} mobile (simulated throttling, median and range of ${runs} runs, in rounds) ${note}`,
    table(
      ["Page", "Perf", "Perf range", "TBT ms", "TBT range", "LCP s", "CLS", "FCP s", "A11y", "BP", "SEO", "Failed runs"],
      result.pages.map((page, index) => {
        const m = rows[index].medians;
        if (!m) return [page.path, "n/a", "n/a", "n/a", "n/a", "n/a", "n/a", "n/a", "n/a", "n/a", "n/a", String(page.errors.length)];
        return [
          page.path,
          score(m.scores.performance),
          range(page, (run) => Math.round((run.scores.performance ?? NaN) * 100), String),
          fixed(m.metrics.tbt, 0),
          range(page, (run) => run.metrics.tbt, (value) => value.toFixed(0)),
          fixed(m.metrics.lcp / 1000, 2),
          fixed(m.metrics.cls, 3),
          fixed(m.metrics.fcp / 1000, 2),
          score(m.scores.accessibility),
          score(m.scores["best-practices"]),
          score(m.scores.seo),
          String(page.errors.length),
        ];
      }),
      ["l", "r", "r", "r", "r", "r", "r", "r", "r", "r", "r", "r"],
    ),
    ...lighthouseBudgetLines(rows),
    "",
    "Failed Lighthouse audits: score < 1 (or an audit error) in at least one run; distinct values;",
    "[failing runs/successful runs]",
  ];

  for (const page of result.pages) {
    out.push(`${page.path}${page.runs.length < runs ? ` (only ${page.runs.length} of ${runs} runs succeeded)` : ""}`);
    const redirects = [...new Set(page.runs.map((run) => run.finalUrl).filter((url) => url && new URL(url).pathname !== page.path))];
    if (redirects.length) out.push(`  NOTE: the page ended on ${redirects.join(", ")}, not ${page.path}`);
    for (const error of page.errors) out.push(`  failed run (${page.runs.length < runs ? "retries used up" : "retried"}), ${error}`);
    const failed = failedAudits(page);
    if (page.runs.length && failed.length === 0) out.push("  none");
    const line = (f) => {
      const values = f.values.length ? ` — ${f.values.join(" · ")}` : "";
      const artefact = LOCAL_ARTEFACTS[f.id] ? `  (local testing? ${LOCAL_ARTEFACTS[f.id]})` : "";
      return `    ${f.category.padEnd(14)} ${f.id}: ${f.title}${values} [${f.failedRuns}/${page.runs.length}]${artefact}`;
    };
    const weighted = failed.filter((f) => f.weight > 0);
    const diagnostics = failed.filter((f) => !(f.weight > 0));
    if (weighted.length) out.push("  costing points (weighted in the category score):", ...weighted.map(line));
    if (diagnostics.length) out.push("  weight 0 (diagnostics and insights, no effect on the score):", ...diagnostics.map(line));
  }

  const allRuns = result.pages.flatMap((page) => page.runs);
  const offOrigin = [...new Set(allRuns.flatMap((run) => run.offOrigin))];
  const warnings = [...new Set(allRuns.flatMap((run) => run.warnings))];
  const requests = allRuns.map((run) => run.requests);
  out.push("");
  if (allRuns.length) {
    out.push(
      `Requests the pages made outside the local origin: ${offOrigin.length ? offOrigin.join(", ") : "none"} ` +
        `(${Math.min(...requests)}–${Math.max(...requests)} requests per run)`,
    );
  }
  out.push(
    `Lighthouse benchmarkIndex (median over runs): ${fixed(median(allRuns.map((run) => run.benchmarkIndex)), 0)}; ` +
      `CPUs busy ${fixed(busy * 100, 0)}% (${cpuCount} CPUs, other processes) in the second before the first run`,
  );
  if (busy > 0.25) {
    out.push("NOTE: other work kept the CPUs busy: TBT (and so Perf) comes out higher than on an idle machine; re-run.");
  }
  for (const warning of warnings) out.push(`Lighthouse warning: ${warning}`);
  return out;
}

/** The footnote explaining the Lighthouse table. */
export function lighthouseFootnote(note, runs) {
  return [
    `${note} Lighthouse's default config: mobile form factor (Moto G Power screen and user agent), simulated`,
    "    throttling (Lantern models a slow 4G link, 150 ms RTT and 1.6 Mbps, and a 4× slower CPU from one",
    `    unthrottled load). ${runs} runs per page in rounds (one of each page per round), each in a fresh`,
    "    headless Chromium (system package, no network: host names do not resolve); a failed run is counted",
    "    under Failed runs and retried. Each page is fetched once before the first round so workerd is warm.",
    "    A NO_NAVSTART failure is Chromium's: the pages' Cross-Origin-Opener-Policy moves the load from",
    "    about:blank into a new renderer process, whose trace sometimes begins after the commit (ADR 0062).",
    '    A "(static)" page is the same server-rendered HTML with every script removed (scripts/bench/',
    "    static-twin.mjs), served with the page's security headers from a second loopback origin that",
    "    passes its assets through.",
    "    Each column is the median of its own values, so a row may mix runs. TBT and LCP depend on",
    "    the CPU time the load took here: other work on the machine raises them. Local serving differs from",
    "    production (http, HTTP/1.1, no Cloudflare edge), so network-bound figures are indicative only.",
  ];
}

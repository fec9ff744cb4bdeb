// Performance budgets, checked under each table. Informational: a FAIL does not change the exit code.
import { CATEGORIES } from "./lighthouse.mjs";
import { kb } from "./report.mjs";

export const BUDGETS = {
  /** The page whose first-visit JavaScript is budgeted. */
  jsPath: "/home",
  /** First-visit JavaScript, gzip, KB (1024 bytes): the limit, and the stricter goal. */
  jsGzipKb: 110,
  jsGzipGoalKb: 100,
  /**
   * /home's first-visit JavaScript before the site had languages (docs/benchmarks.md, 2026-11-28), and
   * what languages may add to it in any language (issue 32, ADR 0057).
   */
  jsBeforeLanguagesGzipKb: 104.0,
  jsLanguagesGrowthKb: 3,
  /** Minimum Lighthouse score (0-100, median of the runs) in every category, on every page. */
  lighthouseMin: 95,
  /** Maximum Cumulative Layout Shift (median of the runs), on every page. */
  clsMax: 0,
  /** Issue 33: on these pages, median Performance and TBT, with no failed Lighthouse run. */
  mainThreadPages: ["/home", "/blog"],
  mainThreadPerfMin: 98,
  mainThreadTbtMaxMs: 50,
};

const SHORT = { performance: "Perf", accessibility: "A11y", "best-practices": "BP", seo: "SEO" };
const verdict = (pass) => (pass ? "PASS" : "FAIL");

/** Budget lines for the first-visit JavaScript table. */
export function jsBudgetLines(sizes) {
  const home = sizes.find((s) => s.path === BUDGETS.jsPath);
  if (!home) return [`  n/a   ${BUDGETS.jsPath} first-visit JS: route not measured`];
  const gzipKb = home.gzipBytes / 1024;
  const line = (limit, label) =>
    `  ${verdict(gzipKb <= limit)}  ${BUDGETS.jsPath} first-visit JS ≤ ${limit} KB gzip${label} (is ${kb(home.gzipBytes)} KB)`;
  const homes = sizes.filter((s) => s.path.endsWith(BUDGETS.jsPath));
  const limit = BUDGETS.jsBeforeLanguagesGzipKb + BUDGETS.jsLanguagesGrowthKb;
  const heaviest = homes.reduce((a, b) => (b.gzipBytes > a.gzipBytes ? b : a), home);
  const languages =
    `  ${verdict(homes.every((s) => s.gzipBytes / 1024 <= limit))}  ${BUDGETS.jsPath} in every language ≤ ${limit.toFixed(1)} KB gzip ` +
    `(${BUDGETS.jsBeforeLanguagesGzipKb.toFixed(1)} KB before languages + ${BUDGETS.jsLanguagesGrowthKb} KB; heaviest ${heaviest.path}, ${kb(heaviest.gzipBytes)} KB)`;
  return ["Budgets (informational)", line(BUDGETS.jsGzipKb, ""), line(BUDGETS.jsGzipGoalKb, ", the goal"), languages];
}

/** Budget lines for the Lighthouse table; `rows` are [{ path, medians, failed }] (medians null: no run succeeded). */
export function lighthouseBudgetLines(rows) {
  const scoreMisses = [];
  const clsMisses = [];
  for (const { path, medians } of rows) {
    if (!medians) {
      scoreMisses.push(`${path}: no result`);
      clsMisses.push(`${path}: no result`);
      continue;
    }
    const low = CATEGORIES.filter((id) => !(medians.scores[id] >= BUDGETS.lighthouseMin));
    if (low.length) scoreMisses.push(`${path}: ${low.map((id) => `${SHORT[id]} ${medians.scores[id]}`).join(", ")}`);
    if (!(medians.metrics.cls <= BUDGETS.clsMax)) clsMisses.push(`${path}: ${medians.metrics.cls.toFixed(3)}`);
  }
  const line = (misses, label) => `  ${verdict(misses.length === 0)}  ${label}${misses.length ? ` (${misses.join("; ")})` : ""}`;
  const mainThreadMisses = BUDGETS.mainThreadPages.flatMap((path) => {
    const row = rows.find((r) => r.path === path);
    if (!row?.medians) return [`${path}: no result`];
    const { scores, metrics } = row.medians;
    return [
      ...(scores.performance >= BUDGETS.mainThreadPerfMin ? [] : [`${path} Perf ${scores.performance}`]),
      ...(metrics.tbt <= BUDGETS.mainThreadTbtMaxMs ? [] : [`${path} TBT ${metrics.tbt.toFixed(0)} ms`]),
      ...(row.failed ? [`${path} ${row.failed} failed run${row.failed === 1 ? "" : "s"}`] : []),
    ];
  });
  return [
    "Budgets (informational)",
    line(scoreMisses, `Lighthouse ≥ ${BUDGETS.lighthouseMin} in every category on every page`),
    line(clsMisses, `CLS = ${BUDGETS.clsMax} on every page`),
    line(
      mainThreadMisses,
      `${BUDGETS.mainThreadPages.join(" and ")}: median Perf ≥ ${BUDGETS.mainThreadPerfMin}, TBT ≤ ${BUDGETS.mainThreadTbtMaxMs} ms, no failed run (issue 33)`,
    ),
  ];
}

/**
 * Where the browser is in hydrating the first page: the signals static islands and late sections
 * read, and the one root's effect sends (ADR 0015, 0026).
 */

let hydratingFirstPage = typeof document !== "undefined";
let pendingLateSections = 0;
const waitingForLateSections = new Set<() => void>();

/** Whether React is hydrating the first page's server HTML (in the browser, until root's effect). */
export function isHydratingFirstPage(): boolean {
  return hydratingFirstPage;
}

/**
 * Called once by root's effect when the first page has hydrated: later renders are client
 * navigations. Resolves once every late section of that page has hydrated too (root then sets
 * `data-hydrated`, which tests and diagnostics wait for).
 */
export function markFirstPageHydrated(): Promise<void> {
  hydratingFirstPage = false;
  if (pendingLateSections === 0) return Promise.resolve();
  return new Promise((resolve) => waitingForLateSections.add(resolve));
}

/** A late section found in the first page's server HTML: it will hydrate later. */
export function lateSectionPending(): void {
  pendingLateSections += 1;
}

/** That late section has hydrated. */
export function lateSectionHydrated(): void {
  pendingLateSections -= 1;
  if (pendingLateSections > 0) return;
  for (const resolve of waitingForLateSections) resolve();
  waitingForLateSections.clear();
}

/**
 * The only analytics code in the first-visit bundle besides track.ts: it loads the rest (the
 * first-party sink, the events, web vitals, consented third parties) once the page is idle after
 * hydration, so none of it competes with the first paint or the first interaction.
 */
/** The id of the root's JSON data block with the third-party configuration (config.ts). */
export const ANALYTICS_CONFIG_ELEMENT_ID = "analytics-config";

export function loadAnalyticsWhenIdle(): void {
  const start = () =>
    import("./start.client")
      .then((client) => client.startAnalytics(document.getElementById(ANALYTICS_CONFIG_ELEMENT_ID)?.textContent ?? null))
      .catch((error) => console.warn("analytics could not be loaded", error));
  // startAnalytics runs once per document, so a second schedule (React StrictMode) is harmless.
  if (typeof requestIdleCallback === "function") requestIdleCallback(start, { timeout: 3000 });
  else setTimeout(start, 1);
}

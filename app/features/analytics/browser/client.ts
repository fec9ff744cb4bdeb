/**
 * The analytics layer in the browser, loaded lazily when the page is idle after hydration
 * (load.ts). It subscribes once to track() and fans every event out to the first-party sink
 * (sink.ts, which sends to the server's collector) and, with consent, to the configured third
 * parties; it adds the events that need no component (scroll depth, outbound links, page load, A/B
 * exposure and conversion, performance), and applies
 * the failure rules: errors only warn, and more than five of them switch analytics off behind the
 * analytics boundary's message. See docs/decisions/0019-analytics-in-the-browser.md.
 */
import { loadConsent, subscribeConsent, type StoredConsent } from "~/lib/consent";
import { pageAssignments, recordConversions, recordExposures } from "./ab-events";
import { createFirstPartySink, SESSION_ID_STORAGE_KEY } from "./sink";
import { parseAnalyticsConfig } from "../config";
import { DEFAULT_CONVERSION_LABEL } from "../constants";
import { AnalyticsErrors, showAnalyticsBoundary } from "./errors";
import { ANALYTICS_MESSAGES } from "./messages";
import { installFormStart, installOutboundLinks, installPageLoadComplete } from "./page-events";
import { installPerformance } from "./performance";
import { installScrollDepth } from "./scroll-depth";
import { sessionStore } from "./storage";
import { createThirdParties } from "./third-party";
import { subscribe, track, type TrackedEvent } from "./track";
import { browserTransport } from "./transport";

let started = false;

/** The admin area is the owner's own work, not visitor traffic: nothing of it is sent. */
const isAdminPath = (path: string) => path === "/admin" || path.startsWith("/admin/");

/** Starts once per document; `configText` is the root's analytics-config data block (or null). */
export function startAnalytics(configText: string | null): void {
  if (started) return;
  started = true;

  const storage = sessionStore();
  let consent: StoredConsent | null = loadConsent();
  const stops: (() => void)[] = [];
  const errors = new AnalyticsErrors(() => {
    for (const stop of stops.splice(0)) stop();
    document.documentElement.dataset.analytics = "off";
    showAnalyticsBoundary();
  });
  const report = (message: string, detail?: unknown) => errors.report(message, detail);

  const sink = createFirstPartySink({
    consent: () => consent,
    storage,
    transport: browserTransport(),
    onError: report,
  });
  const thirdParties = createThirdParties(parseAnalyticsConfig(configText), report);
  const scroll = installScrollDepth((percent) => track("scroll_depth", { percent }));
  stops.push(sink.stop, thirdParties.stop, scroll.stop);

  const onEvent = (event: TrackedEvent) => {
    if (errors.disabled || isAdminPath(event.path)) return;
    try {
      // The catalogue's default label, left out by trackFormSubmit to keep the first-visit code small.
      if (event.name === "conversion" && event.properties.label === undefined) {
        event.properties = { label: DEFAULT_CONVERSION_LABEL, ...event.properties };
      }
      sink.add(event);
      thirdParties.forward(event);
      if (event.name === "page_view") {
        scroll.reset();
        recordExposures(pageAssignments(), storage, event.at, track);
      } else if (event.name === "conversion" && event.properties.label === DEFAULT_CONVERSION_LABEL) {
        recordConversions(pageAssignments(), storage, DEFAULT_CONVERSION_LABEL, track);
      }
    } catch (error) {
      report(ANALYTICS_MESSAGES.unexpected, error);
    }
  };

  // Consent is re-read on every change: it decides each event's level as it is queued, and which
  // third parties run. What waits is sent first, under the choice it was recorded with; withdrawing
  // analytics consent then forgets the session id.
  const applyConsent = () => thirdParties.apply(consent);
  stops.push(
    subscribeConsent((choices) => {
      sink.flush("consent");
      consent = loadConsent() ?? { choices, date: new Date().toISOString() };
      if (!choices.analytics) {
        try {
          storage?.removeItem(SESSION_ID_STORAGE_KEY);
        } catch {
          // Storage refused: nothing was kept either.
        }
      }
      if (!errors.disabled) applyConsent();
    }),
  );
  applyConsent();

  // Whatever waits is sent as the page is hidden or left (a beacon survives the unload).
  const onHidden = () => {
    if (document.visibilityState === "hidden") sink.flush("hidden");
  };
  const onPageHide = () => sink.flush("hidden");
  document.addEventListener("visibilitychange", onHidden);
  window.addEventListener("pagehide", onPageHide);
  stops.push(() => {
    document.removeEventListener("visibilitychange", onHidden);
    window.removeEventListener("pagehide", onPageHide);
  });

  stops.push(installOutboundLinks(track), installFormStart(track));
  stops.push(installPerformance({ track, storage, onError: report }));
  installPageLoadComplete(track);
  // Last: the events queued before now (the first page_view among them) arrive at once.
  stops.push(subscribe(onEvent));
  // A reader may have scrolled before the client loaded: what they reached counts, after the queued page view.
  scroll.check();
  // A marker for tests and diagnostics, like data-hydrated.
  document.documentElement.dataset.analytics = "on";
}

/**
 * Google Analytics 4 (gtag.js), loaded only after analytics consent (third-party.ts decides).
 * Consent Mode v2 is already in place before this runs: the head script set every signal to denied
 * and replayed a stored choice, and every later choice is sent by recordConsent (~/lib/consent).
 * No ad personalization, no Google signals, cookies marked for secure cross-site use (spec section 7).
 */
import type { GoogleAnalyticsConfig } from "../config";
import type { TrackedEvent } from "./track";
import { pageUrlForAnalytics, withoutQuery } from "../url-privacy";

/** Diagnostics with no marketing value and much volume: kept to the first-party collector. */
const NOT_FORWARDED = new Set(["resource_timing", "memory_check"]);

export const GA_CONFIG_PARAMETERS = {
  send_page_view: false,
  allow_google_signals: false,
  allow_ad_personalization_signals: false,
  cookie_flags: "SameSite=None;Secure",
} as const;

export interface GoogleAnalytics {
  forward(event: TrackedEvent): void;
}

function gtag(...args: unknown[]): void {
  // The head script defines window.gtag; this keeps working if it did not run.
  if (typeof window.gtag === "function") window.gtag(...args);
  else (window.dataLayer ??= []).push(args);
}

export function startGoogleAnalytics(config: GoogleAnalyticsConfig, onError: (message: string) => void): GoogleAnalytics {
  gtag("js", new Date());
  // gtag reads document.location and document.referrer for every hit unless told otherwise.
  gtag("config", config.measurementId, {
    ...GA_CONFIG_PARAMETERS,
    page_location: pageUrlForAnalytics(window.location.href),
    page_referrer: document.referrer ? withoutQuery(document.referrer) : "",
  });
  const script = document.createElement("script");
  script.async = true;
  const src = new URL(config.scriptUrl);
  src.searchParams.set("id", config.measurementId);
  script.src = src.toString();
  script.addEventListener("error", () => onError("Google Analytics script failed to load"));
  document.head.appendChild(script);

  return {
    forward(event) {
      if (NOT_FORWARDED.has(event.name)) return;
      if (event.name === "page_view") {
        // Never the raw URLs: an email link's page carries its token in the query (url-privacy.ts).
        gtag("event", "page_view", {
          page_location: pageUrlForAnalytics(window.location.href),
          page_referrer: document.referrer ? withoutQuery(document.referrer) : "",
          page_title: document.title,
        });
      } else {
        gtag("event", event.name, event.properties);
      }
    },
  };
}

/**
 * The third-party analytics configuration the server hands the browser (root loader → a JSON data
 * block, ANALYTICS_CONFIG_ELEMENT_ID in load.ts). Only what the browser needs: ids, keys meant to be
 * public, and endpoints. Absent parts mean "not configured": nothing of that vendor loads.
 */
export interface GoogleAnalyticsConfig {
  measurementId: string;
  /** Where gtag.js comes from (configurable so tests point it at 127.0.0.1). */
  scriptUrl: string;
}

export interface AmplitudeConfig {
  apiKey: string;
  /** The event ingestion endpoint (HTTP API v2). */
  serverUrl: string;
  /** Session replay on top of events; null when switched off. */
  sessionReplay: { configServerUrl: string; trackServerUrl: string } | null;
}

export interface AnalyticsClientConfig {
  ga?: GoogleAnalyticsConfig;
  amplitude?: AmplitudeConfig;
}

/** Parses the data block's text; anything missing or unreadable means no third parties. */
export function parseAnalyticsConfig(text: string | null | undefined): AnalyticsClientConfig {
  if (!text) return {};
  try {
    const value = JSON.parse(text) as AnalyticsClientConfig;
    return typeof value === "object" && value !== null ? value : {};
  } catch (error) {
    console.warn("analytics: unreadable analytics configuration, third parties stay off", error);
    return {};
  }
}

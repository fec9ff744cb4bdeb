/**
 * Third-party analytics configuration from the environment: what the browser gets (root loader) and
 * which origins the CSP must allow for it. Nothing configured: no config, and the default policy.
 */
import type { AppEnv } from "~/lib/env.server";
import type { AnalyticsClientConfig } from "./config";

/** Where GA4's tag sends hits and loads its parts from (Google's documented CSP for GA4). */
const GOOGLE_ANALYTICS_CONNECT = ["https://*.google-analytics.com", "https://*.analytics.google.com", "https://*.googletagmanager.com"];
const GOOGLE_TAG_SCRIPT = ["https://*.googletagmanager.com"];

export function analyticsClientConfig(env: AppEnv): AnalyticsClientConfig | null {
  const config: AnalyticsClientConfig = {};
  if (env.GA_MEASUREMENT_ID) {
    config.ga = { measurementId: env.GA_MEASUREMENT_ID, scriptUrl: env.GA_SCRIPT_URL };
  }
  if (env.AMPLITUDE_API_KEY) {
    config.amplitude = {
      apiKey: env.AMPLITUDE_API_KEY,
      serverUrl: env.AMPLITUDE_SERVER_URL,
      sessionReplay: env.AMPLITUDE_SESSION_REPLAY
        ? { configServerUrl: env.AMPLITUDE_REPLAY_CONFIG_URL, trackServerUrl: env.AMPLITUDE_REPLAY_TRACK_URL }
        : null,
    };
  }
  return config.ga || config.amplitude ? config : null;
}

export interface CspAdditions {
  scriptSrc: string[];
  connectSrc: string[];
}

const origin = (url: string) => new URL(url).origin;
const unique = (values: string[]) => [...new Set(values)];

/** The script and connect sources the configured third parties need (empty when none is configured). */
export function analyticsCspAdditions(env: AppEnv): CspAdditions {
  const config = analyticsClientConfig(env);
  const scriptSrc: string[] = [];
  const connectSrc: string[] = [];
  if (config?.ga) {
    scriptSrc.push(origin(config.ga.scriptUrl), ...GOOGLE_TAG_SCRIPT);
    connectSrc.push(origin(config.ga.scriptUrl), ...GOOGLE_ANALYTICS_CONNECT);
  }
  if (config?.amplitude) {
    connectSrc.push(origin(config.amplitude.serverUrl));
    const replay = config.amplitude.sessionReplay;
    if (replay) connectSrc.push(origin(replay.configServerUrl), origin(replay.trackServerUrl));
  }
  return { scriptSrc: unique(scriptSrc), connectSrc: unique(connectSrc) };
}

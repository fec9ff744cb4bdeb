/**
 * Third-party analytics, each only when configured (root loader → readAnalyticsConfig) AND the
 * visitor gave analytics consent, loaded on demand and told live when consent changes. Only events
 * from after the consent are forwarded. Withdrawing consent opts Amplitude out (stopping session
 * replay); gtag.js cannot be unloaded, but Consent Mode is already "denied" by then and nothing more
 * is forwarded to it.
 */
import type { StoredConsent } from "~/lib/consent";
import { startAmplitude, type Amplitude } from "./amplitude";
import type { AnalyticsClientConfig } from "../config";
import { startGoogleAnalytics, type GoogleAnalytics } from "./ga4";
import { ANALYTICS_MESSAGES } from "./messages";
import type { TrackedEvent } from "./track";

/** Events kept while the Amplitude SDK loads. */
const MAX_PENDING = 100;

export interface ThirdParties {
  apply(consent: StoredConsent | null): void;
  forward(event: TrackedEvent): void;
  stop(): void;
}

export function createThirdParties(config: AnalyticsClientConfig, onError: (message: string, detail?: unknown) => void): ThirdParties {
  /** Since when events may be forwarded (the consent's time); null while not allowed. */
  let allowedSince: number | null = null;
  let ga: GoogleAnalytics | null = null;
  let amplitude: Amplitude | null = null;
  let amplitudeLoading = false;
  let pending: TrackedEvent[] = [];

  const api: ThirdParties = {
    apply(consent) {
      if (!consent?.choices.analytics) {
        allowedSince = null;
        pending = [];
        amplitude?.setOptOut(true);
        return;
      }
      const since = consent.date ? Date.parse(consent.date) : Number.NaN;
      allowedSince = Number.isNaN(since) ? Date.now() : since;
      if (config.ga && !ga) {
        try {
          ga = startGoogleAnalytics(config.ga, onError);
        } catch (error) {
          onError(ANALYTICS_MESSAGES.scriptFailed, error);
        }
      }
      if (config.amplitude) {
        if (amplitude) {
          amplitude.setOptOut(false);
        } else if (!amplitudeLoading) {
          amplitudeLoading = true;
          startAmplitude(config.amplitude, onError)
            .then((client) => {
              amplitude = client;
              if (allowedSince === null) client.setOptOut(true);
              for (const event of pending.splice(0)) client.forward(event);
            })
            .catch((error) => onError(ANALYTICS_MESSAGES.scriptFailed, error));
        }
      }
    },
    forward(event) {
      if (allowedSince === null || event.at < allowedSince) return;
      ga?.forward(event);
      if (amplitude) amplitude.forward(event);
      else if (amplitudeLoading && pending.length < MAX_PENDING) pending.push(event);
    },
    stop() {
      api.apply(null);
    },
  };
  return api;
}

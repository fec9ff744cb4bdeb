/**
 * Amplitude product analytics (and, when configured, session replay), loaded only after analytics
 * consent (third-party.ts decides). It receives the same event catalogue as the first-party
 * collector. Nothing is captured automatically (autocapture off), remote configuration and the SDK's
 * own diagnostics are off (they would call Amplitude hosts the site does not configure), the IP
 * address is not tracked, and identity lives in local storage rather than a cookie.
 */
import type { AmplitudeConfig } from "../config";
import { ANALYTICS_MESSAGES } from "./messages";
import type { TrackedEvent } from "./track";

export interface Amplitude {
  forward(event: TrackedEvent): void;
  /** Opt-out stops events and session replay (the plugin shuts recording down). */
  setOptOut(optOut: boolean): void;
}

export async function startAmplitude(
  config: AmplitudeConfig,
  onError: (message: string, detail?: unknown) => void,
): Promise<Amplitude> {
  const sdk = await import("@amplitude/analytics-browser");
  const client = sdk.createInstance();
  // The SDK's own failures (network errors, rejected batches) go through the analytics error rules.
  const logger = {
    disable() {},
    enable() {},
    log() {},
    debug() {},
    warn: (...args: unknown[]) => console.warn("analytics: Amplitude", ...args),
    error: (...args: unknown[]) => onError(`Amplitude: ${args.map(String).join(" ")}`),
  };
  if (config.sessionReplay) {
    const { sessionReplayPlugin } = await import("@amplitude/plugin-session-replay-browser");
    // Added before init, as the plugin expects; it starts recording when init completes.
    void client.add(
      sessionReplayPlugin({
        sampleRate: 1,
        configServerUrl: config.sessionReplay.configServerUrl,
        trackServerUrl: config.sessionReplay.trackServerUrl,
        // No blob: worker (the CSP allows only same-origin workers); compression runs on the page.
        useWebWorker: false,
        privacyConfig: { defaultMaskLevel: "medium" },
      }),
    );
  }
  await client.init(config.apiKey, undefined, {
    serverUrl: config.serverUrl,
    autocapture: false,
    defaultTracking: false,
    fetchRemoteConfig: false,
    remoteConfig: { fetchRemoteConfig: false },
    enableDiagnostics: false,
    identityStorage: "localStorage",
    trackingOptions: { ipAddress: false },
    loggerProvider: logger,
    logLevel: sdk.Types.LogLevel.Warn,
  }).promise;

  return {
    forward(event) {
      // Spec section 5: events are sent only when an api key and a device id exist.
      if (!config.apiKey || !client.getDeviceId()) {
        onError(ANALYTICS_MESSAGES.missingIds);
        return;
      }
      client.track(event.name, event.properties, { time: event.at });
    },
    setOptOut(optOut) {
      client.setOptOut(optOut);
    },
  };
}

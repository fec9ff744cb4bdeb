/**
 * The third-party stand-ins of an integration test, seen from workerd: each one is a real HTTP
 * server on 127.0.0.1 (scripts/lib/resend-standin.mjs, turnstile-standin.mjs) that the global setup's
 * broker starts for this test file alone (standin-broker.ts). The site's code calls it over HTTP as it
 * calls Resend or Cloudflare; the test reads and steers it over the stand-in's own control paths.
 */
import { inject } from "vitest";
import type { StandinDelivery, StandinFaults, StandinRequest } from "../../scripts/lib/resend-standin.mjs";
import type { TurnstileStandinModes, TurnstileStandinRequest, TurnstileVerification } from "./turnstile-standin.mjs";

export type { StandinDelivery, StandinFaults, StandinRequest, TurnstileStandinModes, TurnstileVerification };

async function call<T>(url: string, init?: RequestInit): Promise<T> {
  const response = await fetch(url, init);
  if (!response.ok) throw new Error(`${init?.method ?? "GET"} ${url}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}
const post = (body: unknown = {}): RequestInit => ({ method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });

async function startFromBroker<T>(kind: "resend" | "turnstile", options: object): Promise<T & { port: number }> {
  return call<T & { port: number }>(`${inject("standinBroker")}/${kind}`, post(options));
}
const stopAtBroker = (port: number) => call(`${inject("standinBroker")}/close?port=${port}`, post());

export interface ResendStandin {
  url: string;
  port: number;
  apiKey: string;
  /** Every message it accepted, in order. */
  deliveries(): Promise<StandinDelivery[]>;
  /** Every API request it answered, in order. */
  requests(): Promise<StandinRequest[]>;
  setFaults(faults: StandinFaults): Promise<void>;
  setRate(ratePerSecond: number): Promise<void>;
  /** Forgets deliveries, requests, idempotency keys and faults. */
  reset(): Promise<void>;
  /** Resolves once no API request is being answered. */
  whenIdle(): Promise<void>;
  close(): Promise<void>;
}

/** A Resend stand-in of this test file's own (`ratePerSecond` 0: no rate limit). */
export async function startResendStandin(options: { ratePerSecond?: number; apiKey?: string } = {}): Promise<ResendStandin> {
  const { port, url, apiKey } = await startFromBroker<{ url: string; apiKey: string }>("resend", options);
  const control = (path: string) => `${url}/_standin/${path}`;
  return {
    url,
    port,
    apiKey,
    deliveries: () => call(control("deliveries")),
    requests: () => call(control("requests")),
    setFaults: async (faults) => void (await call(control("faults"), post(faults))),
    setRate: async (ratePerSecond) => void (await call(control("rate"), post({ ratePerSecond }))),
    reset: async () => void (await call(control("reset"), post())),
    whenIdle: async () => void (await call(control("idle"))),
    close: async () => void (await stopAtBroker(port)),
  };
}

export interface TurnstileStandin {
  origin: string;
  port: number;
  siteKey: string;
  secretKey: string;
  scriptUrl: string;
  verifyUrl: string;
  requests(): Promise<TurnstileStandinRequest[]>;
  verifications(): Promise<TurnstileVerification[]>;
  /** A token as the widget would hand it out (single-use, 300 s). */
  issueToken(options?: { action?: string; hostname?: string }): Promise<string>;
  setModes(modes: TurnstileStandinModes): Promise<void>;
  reset(): Promise<void>;
  close(): Promise<void>;
}

/** A Turnstile stand-in of this test file's own. */
export async function startTurnstileStandin(): Promise<TurnstileStandin> {
  const standin = await startFromBroker<Omit<TurnstileStandin, "requests" | "verifications" | "issueToken" | "setModes" | "reset" | "close">>("turnstile", {});
  const control = (path: string) => `${standin.origin}/__standin/${path}`;
  return {
    ...standin,
    requests: () => call(control("requests")),
    verifications: () => call(control("verifications")),
    issueToken: async (options = {}) => (await call<{ token: string }>(control("token"), post(options))).token,
    setModes: async (modes) => void (await call(control("modes"), post(modes))),
    reset: async () => void (await call(control("reset"), post())),
    close: async () => void (await stopAtBroker(standin.port)),
  };
}

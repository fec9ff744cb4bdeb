/**
 * The third-party stand-ins of an integration test, seen from workerd: each one is a real HTTP
 * server on 127.0.0.1 (scripts/lib/resend-standin.mjs, turnstile-standin.mjs) that the global setup's
 * broker starts for this test file alone (standin-broker.ts). The site's code calls it over HTTP as it
 * calls Resend or Cloudflare; the test reads and steers it through the broker, which holds it.
 */
import { inject } from "vitest";
import type { StandinDelivery, StandinFaults, StandinRequest } from "../../scripts/lib/resend-standin.mjs";
import type { TurnstileStandinModes, TurnstileStandinRequest, TurnstileVerification } from "./turnstile-standin.mjs";

export type { StandinDelivery, StandinFaults, StandinRequest, TurnstileStandinModes, TurnstileVerification };

async function callBroker<T>(path: string, body: unknown): Promise<T> {
  const url = `${inject("standinBroker")}${path}`;
  const response = await fetch(url, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
  if (!response.ok) throw new Error(`POST ${url}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

const startFromBroker = <T>(kind: "resend" | "turnstile" | "access", options: object) => callBroker<T & { port: number }>(`/${kind}`, options);
const stopAtBroker = async (port: number) => void (await callBroker(`/close?port=${port}`, {}));

/** Calls the stand-in's method `name` (or reads its property) in the broker's process. */
const standinMember = (port: number) => async <T = void>(name: string, ...args: unknown[]): Promise<T> =>
  (await callBroker<{ value: T }>(`/call?port=${port}&name=${name}`, args)).value;

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
  const member = standinMember(port);
  return {
    url,
    port,
    apiKey,
    deliveries: () => member("deliveries"),
    requests: () => member("requests"),
    setFaults: (faults) => member("setFaults", faults),
    setRate: (ratePerSecond) => member("setRate", ratePerSecond),
    reset: () => member("reset"),
    whenIdle: () => member("whenIdle"),
    close: () => stopAtBroker(port),
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
  const member = standinMember(standin.port);
  return {
    ...standin,
    requests: () => member("requests"),
    verifications: () => member("verifications"),
    issueToken: (options = {}) => member("issueToken", options),
    setModes: (modes) => member("setModes", modes),
    reset: () => member("reset"),
    close: () => stopAtBroker(standin.port),
  };
}

export interface AccessKeysStandin {
  /** What CF_ACCESS_TEAM_DOMAIN names: the issuer of the team's tokens, serving its keys. */
  teamDomain: string;
  close(): Promise<void>;
}

/** A Cloudflare Access team whose signing keys (public JWKs) are `keys`. */
export async function startAccessKeysStandin(keys: object[]): Promise<AccessKeysStandin> {
  const { port, teamDomain } = await startFromBroker<{ teamDomain: string }>("access", { keys });
  return { teamDomain, close: () => stopAtBroker(port) };
}

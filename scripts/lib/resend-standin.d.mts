// Types for resend-standin.mjs.
export const STANDIN_API_KEY: string;

export interface StandinDelivery {
  id: string;
  at: number;
  idempotencyKey: string | null;
  to: string[];
  from: string;
  reply_to: string | string[] | null;
  subject: string;
  html: string | null;
  text: string | null;
  headers: Record<string, string>;
}

export interface StandinRequest {
  at: number;
  path: string;
  status: number;
  idempotencyKey: string | null;
  messages: number;
  replayed: boolean;
}

export interface StandinFaults {
  down?: false | "refuse" | "503";
  always429?: boolean;
  limitNext?: number;
  retryAfterSeconds?: number;
  delayMs?: number;
  /** Accepted messages get their answer only once this is set back to false (or on reset). */
  hold?: boolean;
  failNext?: number;
  failStatus?: number;
  refuse?: string[];
}

export interface ResendStandin {
  url: string;
  port: number;
  apiKey: string;
  deliveries: StandinDelivery[];
  requests: StandinRequest[];
  setFaults(faults: StandinFaults): Promise<void>;
  setRate(ratePerSecond: number): void;
  reset(): void;
  whenIdle(): Promise<void>;
  close(): Promise<void>;
}

export function startResendStandin(options?: { port?: number; host?: string; apiKey?: string; ratePerSecond?: number; now?: () => number }): Promise<ResendStandin>;

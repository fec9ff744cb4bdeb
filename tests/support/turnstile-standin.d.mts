// Types for turnstile-standin.mjs.
export const STANDIN_SITE_KEY: string;
export const STANDIN_SECRET_KEY: string;

export interface TurnstileStandinRequest {
  method: string;
  path: string;
  at: number;
}

export interface TurnstileVerification {
  at: number;
  /** The siteverify fields as received: secret, response, remoteip, idempotency_key. */
  fields: Record<string, string>;
  /** The JSON answer, or null when none was given (503, hang, garbage). */
  answer: Record<string, unknown> | null;
}

export interface TurnstileStandinModes {
  widget?: "auto" | "interactive" | "fail";
  verify?: "ok" | "503" | "internal-error" | "hang" | "garbage";
}

export interface TurnstileStandin {
  origin: string;
  port: number;
  siteKey: string;
  secretKey: string;
  scriptUrl: string;
  verifyUrl: string;
  requests: TurnstileStandinRequest[];
  verifications: TurnstileVerification[];
  /** A token as the widget would hand it out (single-use, 300 s). */
  issueToken(options?: { action?: string; hostname?: string }): string;
  setModes(modes: TurnstileStandinModes): void;
  reset(): void;
  close(): Promise<void>;
}

export function startTurnstileStandin(options?: { port?: number; host?: string; siteKey?: string; secretKey?: string; now?: () => number }): Promise<TurnstileStandin>;

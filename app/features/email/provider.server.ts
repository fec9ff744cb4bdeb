/**
 * One interface for every way mail leaves the site (ADR 0031): Resend's HTTP API in production, the
 * development mailbox locally. A provider never throws for a refused or failed send: it answers a
 * classified failure, which tells the sender whether to try again and whether the request may
 * already have been acted on.
 */
import type { EmailProviderName, EmailSettings } from "~/lib/env.server";
import { LocalMailboxProvider } from "./local-mailbox.server";
import { ResendProvider } from "./resend.server";

/** Resend's limit per batch request. */
export const MAX_BATCH_SIZE = 100;

export interface EmailMessage {
  to: string;
  subject: string;
  html: string;
  text: string;
  /** Extra headers (List-Unsubscribe, List-Unsubscribe-Post). */
  headers: Record<string, string>;
  /** Another From than the provider's (EMAIL_FROM's address under the sender's display name setting). */
  from?: string;
}

/** EMAIL_FROM's address under `displayName` ("Name <address>"); EMAIL_FROM as it is without a name. */
export function fromWithName(from: string, displayName: string | null): string {
  if (!displayName) return from;
  const address = /<([^<>]+)>$/.exec(from)?.[1] ?? from;
  return `${displayName} <${address}>`;
}

export interface ProviderFailure {
  /** A later attempt may succeed (429, 5xx, network, timeout, a request still in flight, a key refused). */
  retryable: boolean;
  /**
   * The request may have reached the provider and been acted on (timeout, lost connection, 5xx): it is
   * sent again only as the very same request under the same Idempotency-Key.
   */
  uncertain: boolean;
  /** Short and stable, for last_error and logs: "rate_limited", "timeout", "http_422_validation_error", ... */
  code: string;
  status?: number;
  /** From a 429's retry-after (or ratelimit-reset). */
  retryAfterMs?: number;
  /** A short explanation with every address redacted. */
  detail: string;
}

export type SendResult = { ok: true; id: string } | { ok: false; error: ProviderFailure };

export interface SendOptions {
  /** Sent as the Idempotency-Key: the same key and body are delivered at most once (24 h at Resend). */
  idempotencyKey: string;
}

export interface EmailProvider {
  readonly name: EmailProviderName;
  send(message: EmailMessage, options: SendOptions): Promise<SendResult>;
  /**
   * Up to MAX_BATCH_SIZE messages in one request; one result per message, in order. Resend validates a
   * batch strictly (one bad message refuses them all), so a failure is the same for every message.
   */
  sendBatch(messages: EmailMessage[], options: SendOptions): Promise<SendResult[]>;
}

/** The provider the settings name. `requestTimeoutMs` bounds every provider request. */
export function createEmailProvider(
  settings: Extract<EmailSettings, { enabled: true }>,
  db: D1Database,
  { requestTimeoutMs }: { requestTimeoutMs?: number } = {},
): EmailProvider {
  if (settings.provider === "resend") {
    return new ResendProvider({
      apiUrl: settings.apiUrl,
      apiKey: settings.apiKey ?? "",
      from: settings.from,
      replyTo: settings.replyTo,
      timeoutMs: requestTimeoutMs,
    });
  }
  return new LocalMailboxProvider(db, { from: settings.from });
}

/** The same failure for every message of a batch. */
export function failAll(count: number, error: ProviderFailure): SendResult[] {
  return Array.from({ length: count }, () => ({ ok: false as const, error }));
}

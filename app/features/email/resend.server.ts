/**
 * Resend's HTTP API (RESEARCH-cf.md §5): POST {apiUrl}/emails and /emails/batch with a bearer key, an
 * Idempotency-Key, and custom headers in the JSON `headers` field. Every request is bounded by a
 * timeout, so a slow provider never holds a sender past its deadline.
 */
import { shortDetail } from "./redact";
import { failAll, type EmailMessage, type EmailProvider, type ProviderFailure, type SendOptions, type SendResult } from "./provider.server";

export interface ResendConfig {
  apiUrl: string;
  apiKey: string;
  from: string;
  replyTo: string;
  /** Default 10 s. */
  timeoutMs?: number;
  fetch?: typeof fetch;
}

export const DEFAULT_REQUEST_TIMEOUT_MS = 10_000;

interface ResendError {
  statusCode?: number;
  name?: string;
  message?: string;
}

export class ResendProvider implements EmailProvider {
  readonly name = "resend" as const;
  readonly #config: Required<Omit<ResendConfig, "fetch">> & { fetch: typeof fetch };

  constructor(config: ResendConfig) {
    this.#config = {
      ...config,
      apiUrl: config.apiUrl.replace(/\/+$/, ""),
      timeoutMs: config.timeoutMs ?? DEFAULT_REQUEST_TIMEOUT_MS,
      fetch: config.fetch ?? ((input, init) => fetch(input, init)),
    };
  }

  async send(message: EmailMessage, options: SendOptions): Promise<SendResult> {
    const answer = await this.#post("/emails", this.#body(message), options);
    if (!answer.ok) return { ok: false, error: answer.error };
    const id = (answer.json as { id?: unknown } | null)?.id;
    return { ok: true, id: typeof id === "string" ? id : "unknown" };
  }

  async sendBatch(messages: EmailMessage[], options: SendOptions): Promise<SendResult[]> {
    const answer = await this.#post("/emails/batch", messages.map((m) => this.#body(m)), options);
    if (!answer.ok) return failAll(messages.length, answer.error);
    const data = (answer.json as { data?: { id?: unknown }[] } | null)?.data;
    // Accepted: every message went out, even should the answer be short of ids.
    return messages.map((_, i) => {
      const id = Array.isArray(data) ? data[i]?.id : undefined;
      return { ok: true, id: typeof id === "string" ? id : "unknown" };
    });
  }

  #body(message: EmailMessage) {
    return {
      from: message.from ?? this.#config.from,
      to: [message.to],
      reply_to: this.#config.replyTo,
      subject: message.subject,
      html: message.html,
      text: message.text,
      headers: message.headers,
    };
  }

  async #post(path: string, body: unknown, { idempotencyKey }: SendOptions): Promise<{ ok: true; json: unknown } | { ok: false; error: ProviderFailure }> {
    let response: Response;
    let text: string;
    try {
      response = await this.#config.fetch(`${this.#config.apiUrl}${path}`, {
        method: "POST",
        headers: {
          Authorization: `Bearer ${this.#config.apiKey}`,
          "Content-Type": "application/json",
          "Idempotency-Key": idempotencyKey,
          "User-Agent": "linkvault-site",
        },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(this.#config.timeoutMs),
      });
      text = await response.text();
    } catch (error) {
      return { ok: false, error: transportFailure(error, this.#config.timeoutMs) };
    }
    if (response.ok) return { ok: true, json: parseJson(text) };
    return { ok: false, error: httpFailure(response, parseJson(text) as ResendError | null) };
  }
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/** No answer: timed out, refused, reset. The request may or may not have been acted on. */
function transportFailure(error: unknown, timeoutMs: number): ProviderFailure {
  const name = error instanceof Error ? error.name : "";
  if (name === "TimeoutError" || name === "AbortError") {
    return { retryable: true, uncertain: true, code: "timeout", detail: `no answer within ${timeoutMs} ms` };
  }
  const cause = error instanceof Error && error.cause instanceof Error ? `: ${error.cause.message}` : "";
  return { retryable: true, uncertain: true, code: "network", detail: shortDetail(`${error instanceof Error ? error.message : String(error)}${cause}`) };
}

/** Seconds (or an HTTP date) in retry-after; else ratelimit-reset; else one second. */
export function retryAfterMs(headers: Headers, now = Date.now()): number {
  const retryAfter = headers.get("retry-after")?.trim();
  if (retryAfter) {
    if (/^\d+(\.\d+)?$/.test(retryAfter)) return Math.ceil(Number(retryAfter) * 1000);
    const at = Date.parse(retryAfter);
    if (!Number.isNaN(at)) return Math.max(0, at - now);
  }
  const reset = headers.get("ratelimit-reset")?.trim();
  if (reset && /^\d+(\.\d+)?$/.test(reset)) return Math.ceil(Number(reset) * 1000);
  return 1000;
}

/**
 * Resend's error answers, classified:
 * - 429: retry after retry-after; the request was refused, nothing was sent.
 * - 409 concurrent_idempotent_requests: the first request under this key is still running; retry.
 * - 409 invalid_idempotent_request: this key went out before with another body (see the sender).
 * - 401/403, or any answer about the API key (Resend has answered an invalid key with a 400
 *   validation_error): the key or the sending domain is wrong; retried (with backoff), so mail waits
 *   for the fix instead of failing.
 * - 5xx: retried; it may have been acted on.
 * - any other 4xx (400, 404, 422, 451, ...): the message itself is refused; permanent.
 */
function httpFailure(response: Response, body: ResendError | null): ProviderFailure {
  const status = response.status;
  const name = typeof body?.name === "string" && /^[a-z0-9_]{1,64}$/.test(body.name) ? body.name : undefined;
  const detail = shortDetail(`${status}${name ? ` ${name}` : ""}${typeof body?.message === "string" ? `: ${body.message}` : ""}`);
  const code = `http_${status}${name ? `_${name}` : ""}`;
  if (status === 429) return { retryable: true, uncertain: false, code: "rate_limited", status, retryAfterMs: retryAfterMs(response.headers), detail };
  if (status === 409 && name === "concurrent_idempotent_requests") {
    return { retryable: true, uncertain: true, code: "idempotency_in_flight", status, retryAfterMs: 1000, detail };
  }
  if (status === 409 && name === "invalid_idempotent_request") return { retryable: false, uncertain: true, code: "idempotency_conflict", status, detail };
  const aboutTheKey = /api[_ ]key/i.test(`${name ?? ""} ${typeof body?.message === "string" ? body.message : ""}`);
  if (status === 401 || status === 403 || (status < 500 && aboutTheKey)) return { retryable: true, uncertain: false, code, status, detail };
  if (status >= 500) return { retryable: true, uncertain: true, code, status, detail };
  return { retryable: false, uncertain: false, code, status, detail };
}

/**
 * Cloudflare Turnstile on the sign-up forms (ADR 0033): on only when both keys are set. This module
 * decides whether it is on, what the browser and the CSP get, and checks a token with siteverify.
 *
 * A token that is missing or refused stops the sign-up (400 and a clear message). A verifier that
 * cannot answer (down, slow, our own secret refused) lets it through and logs it: the per-address and
 * per-client limits still stand, and a Cloudflare outage must not close the waitlist.
 */
import type { AppEnv } from "~/lib/env.server";
import { logError, logWarn } from "~/lib/log.server";
import { HUMAN_CHECK_MESSAGES } from "~/lib/messages";
import { TURNSTILE_RESPONSE_FIELD, type TurnstileClientConfig } from "~/lib/turnstile";

type TurnstileVariables = Pick<AppEnv, "TURNSTILE_SITE_KEY" | "TURNSTILE_SECRET_KEY" | "TURNSTILE_VERIFY_URL" | "TURNSTILE_SCRIPT_URL">;

export interface TurnstileSettings {
  siteKey: string;
  secretKey: string;
  verifyUrl: string;
  scriptUrl: string;
}

/** Turnstile's settings, or null when it is off (one key alone is refused in production by env.server). */
export function turnstileSettings(env: TurnstileVariables): TurnstileSettings | null {
  if (!env.TURNSTILE_SITE_KEY || !env.TURNSTILE_SECRET_KEY) return null;
  return {
    siteKey: env.TURNSTILE_SITE_KEY,
    secretKey: env.TURNSTILE_SECRET_KEY,
    verifyUrl: env.TURNSTILE_VERIFY_URL,
    scriptUrl: env.TURNSTILE_SCRIPT_URL,
  };
}

/** What the root loader hands the browser: the site key and the script's address, or null. */
export function turnstileClientConfig(env: TurnstileVariables): TurnstileClientConfig | null {
  const settings = turnstileSettings(env);
  return settings ? { siteKey: settings.siteKey, scriptUrl: settings.scriptUrl } : null;
}

/**
 * The CSP sources Turnstile needs when on: its script's origin (the nonce admits the script itself;
 * the host is the fallback for browsers without 'strict-dynamic') and the widget's iframe.
 */
export function turnstileCspAdditions(env: TurnstileVariables): { scriptSrc: string[]; frameSrc: string[] } {
  const settings = turnstileSettings(env);
  if (!settings) return { scriptSrc: [], frameSrc: [] };
  const origin = new URL(settings.scriptUrl).origin;
  return { scriptSrc: [origin], frameSrc: [origin] };
}

/** Cloudflare's limit on a token's length; anything longer is not a token. */
const MAX_TOKEN_LENGTH = 2048;
/** Per siteverify request. Cloudflare answers in well under a second; two attempts stay near 5 s. */
const VERIFY_TIMEOUT_MS = 2500;
const VERIFY_ATTEMPTS = 2;

/** Error codes that say our side is wrong (secret, request), not the visitor's token. */
const CONFIGURATION_CODES = new Set(["missing-input-secret", "invalid-input-secret", "bad-request"]);
/** Cloudflare's own failure: worth one more try with the same idempotency key. */
const RETRYABLE_CODES = new Set(["internal-error"]);

export type TurnstileVerdict =
  | { outcome: "passed" }
  /** The sign-up stops: no token, or one Cloudflare refused (invalid, expired, used before). */
  | { outcome: "refused"; reason: "missing" | "invalid"; errorCodes: string[] }
  /** Nobody could say: the verifier is unreachable, slow, failing, or refuses our own secret. */
  | { outcome: "unverified"; reason: string; configuration: boolean };

export interface VerifyOptions {
  fetch?: typeof fetch;
  timeoutMs?: number;
}

interface SiteverifyAnswer {
  success?: unknown;
  "error-codes"?: unknown;
}

/** One siteverify request; a network error, a timeout, a 5xx or an unreadable body become "retry". */
async function siteverify(
  settings: TurnstileSettings,
  body: URLSearchParams,
  options: VerifyOptions,
): Promise<{ success: boolean; errorCodes: string[] } | { retry: string }> {
  let response: Response;
  try {
    response = await (options.fetch ?? fetch)(settings.verifyUrl, {
      method: "POST",
      body,
      signal: AbortSignal.timeout(options.timeoutMs ?? VERIFY_TIMEOUT_MS),
    });
  } catch (error) {
    return { retry: error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError") ? "timeout" : "network" };
  }
  if (response.status >= 500) {
    await response.body?.cancel();
    return { retry: `status ${response.status}` };
  }
  let answer: SiteverifyAnswer;
  try {
    answer = (await response.json()) as SiteverifyAnswer;
  } catch {
    return { retry: `unreadable answer (status ${response.status})` };
  }
  if (typeof answer !== "object" || answer === null || typeof answer.success !== "boolean") {
    return { retry: `unexpected answer (status ${response.status})` };
  }
  const codes = Array.isArray(answer["error-codes"]) ? answer["error-codes"].filter((c): c is string => typeof c === "string") : [];
  return { success: answer.success, errorCodes: codes.slice(0, 10).map((code) => code.slice(0, 60)) };
}

/**
 * Checks a token with siteverify (form-encoded: secret, response, remoteip, idempotency_key). A retry
 * carries the same idempotency key, so Cloudflare answers it as the first even though tokens are
 * single-use.
 */
export async function verifyTurnstileToken(
  settings: TurnstileSettings,
  input: { token: string; remoteIp?: string | null },
  options: VerifyOptions = {},
): Promise<TurnstileVerdict> {
  const token = input.token.trim();
  if (!token) return { outcome: "refused", reason: "missing", errorCodes: ["missing-input-response"] };
  if (token.length > MAX_TOKEN_LENGTH) return { outcome: "refused", reason: "invalid", errorCodes: ["invalid-input-response"] };

  const body = new URLSearchParams({ secret: settings.secretKey, response: token, idempotency_key: crypto.randomUUID() });
  if (input.remoteIp) body.set("remoteip", input.remoteIp);

  let lastProblem = "no attempt";
  for (let attempt = 1; attempt <= VERIFY_ATTEMPTS; attempt++) {
    const result = await siteverify(settings, body, options);
    if ("retry" in result) {
      lastProblem = result.retry;
      continue;
    }
    if (result.success) return { outcome: "passed" };
    const codes = result.errorCodes;
    if (codes.some((code) => CONFIGURATION_CODES.has(code))) {
      return { outcome: "unverified", reason: codes.join(","), configuration: true };
    }
    if (codes.length > 0 && codes.every((code) => RETRYABLE_CODES.has(code))) {
      lastProblem = codes.join(",");
      continue;
    }
    const missing = codes.length > 0 && codes.every((code) => code === "missing-input-response");
    return { outcome: "refused", reason: missing ? "missing" : "invalid", errorCodes: codes };
  }
  return { outcome: "unverified", reason: lastProblem, configuration: false };
}

/**
 * The human check of a sign-up: null when it passes (or Turnstile is off, or nobody could say), else
 * the message the form shows. Logs carry outcomes and Cloudflare's codes only: no token, address or IP.
 */
export async function turnstileProblem(
  request: Request,
  fields: Record<string, string>,
  env: TurnstileVariables,
  options: VerifyOptions = {},
): Promise<string | null> {
  const settings = turnstileSettings(env);
  if (!settings) return null;
  const verdict = await verifyTurnstileToken(
    settings,
    { token: fields[TURNSTILE_RESPONSE_FIELD] ?? "", remoteIp: request.headers.get("CF-Connecting-IP") },
    options,
  );
  switch (verdict.outcome) {
    case "passed":
      return null;
    case "unverified":
      if (verdict.configuration) logError("turnstile_misconfigured", new Error(`siteverify refused our request: ${verdict.reason}`));
      else logWarn("turnstile_unverified", { reason: verdict.reason });
      return null;
    case "refused":
      logWarn("turnstile_refused", { reason: verdict.reason, errorCodes: verdict.errorCodes });
      return verdict.reason === "missing" ? HUMAN_CHECK_MESSAGES.missing : HUMAN_CHECK_MESSAGES.failed;
  }
}

/**
 * Cloudflare Turnstile, the part both sides share (ADR 0033): the form field that carries the token
 * and what the browser is told (root loader). The server's side is turnstile.server.ts.
 */

/** The field Turnstile's token travels in (Cloudflare's own name for it). */
export const TURNSTILE_RESPONSE_FIELD = "cf-turnstile-response";

/** What the browser needs to render the widget; null (from the root loader) when Turnstile is off. */
export interface TurnstileClientConfig {
  /** Public by design: it only lets a page render the widget. */
  siteKey: string;
  /** Where api.js is loaded from (configurable so tests point it at a stand-in). */
  scriptUrl: string;
}

/** Turnstile's widget "action" per form: shown in Cloudflare's analytics, one per form. */
export type TurnstileAction = "waitlist" | "notify";

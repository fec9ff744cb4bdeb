/**
 * Loads Cloudflare Turnstile's api.js once per page, on demand (ADR 0033): only when a visitor starts
 * a sign-up form, never on a page view. Explicit rendering; the script gets the page's CSP nonce.
 */

/** The part of Turnstile's explicit-rendering API the forms use. */
export interface TurnstileRenderOptions {
  sitekey: string;
  action?: string;
  theme?: "auto" | "light" | "dark";
  size?: "normal" | "flexible" | "compact";
  /** false: the token comes to `callback` only; the form adds it to what it sends. */
  "response-field"?: boolean;
  callback?: (token: string) => void;
  "expired-callback"?: () => void;
  /** Returning true tells Turnstile the error is handled (it retries by itself). */
  "error-callback"?: (code: string) => boolean | void;
}

export interface TurnstileApi {
  render(container: HTMLElement, options: TurnstileRenderOptions): string | undefined;
  reset(widgetId: string): void;
  remove(widgetId: string): void;
}

declare global {
  interface Window {
    turnstile?: TurnstileApi;
  }
}

let loading: Promise<TurnstileApi> | null = null;

/** The nonce of the page's own scripts (browsers expose it only as the property, not the attribute). */
function pageNonce(): string | undefined {
  return document.querySelector<HTMLScriptElement>("script[nonce]")?.nonce || undefined;
}

/** Resolves with window.turnstile once api.js has run; a failed load may be tried again later. */
export function loadTurnstile(scriptUrl: string): Promise<TurnstileApi> {
  if (window.turnstile) return Promise.resolve(window.turnstile);
  if (loading) return loading;
  const script = document.createElement("script");
  const src = new URL(scriptUrl, window.location.href);
  src.searchParams.set("render", "explicit");
  script.src = src.href;
  script.async = true;
  const nonce = pageNonce();
  if (nonce) script.nonce = nonce;
  loading = new Promise<TurnstileApi>((resolve, reject) => {
    script.addEventListener("load", () => {
      if (window.turnstile) resolve(window.turnstile);
      else reject(new Error("Turnstile's script loaded but defined no window.turnstile"));
    });
    script.addEventListener("error", () => reject(new Error("Turnstile's script failed to load")));
    document.head.appendChild(script);
  }).catch((error: unknown) => {
    // Forget the failure, so the next attempt inserts the script again.
    loading = null;
    script.remove();
    throw error;
  });
  return loading;
}

/**
 * Cookie consent (spec sections 3 and 4): the visitor's choice per category, kept in local storage,
 * and its mapping to Google Consent Mode v2 signals. Storage is passed in so the rules can be tested
 * without a browser; the browser wrappers at the bottom use window.localStorage.
 */

export const CONSENT_STORAGE_KEY = "cookie-consent";
export const CONSENT_DATE_STORAGE_KEY = "cookie-consent-date";
/** Window event that asks the cookie banner to open again (the footer's "Cookie settings"). */
export const COOKIE_SETTINGS_OPEN_EVENT = "cookie-settings:open";
/** How long tags wait for a consent update before using the defaults (Consent Mode wait_for_update). */
export const CONSENT_WAIT_FOR_UPDATE_MS = 500;

/** Spec section 9 order: necessary (always granted), analytics, functional, marketing. */
export const CONSENT_CATEGORIES = ["necessary", "analytics", "functional", "marketing"] as const;
export type ConsentCategory = (typeof CONSENT_CATEGORIES)[number];
export type OptionalConsentCategory = Exclude<ConsentCategory, "necessary">;
export const OPTIONAL_CONSENT_CATEGORIES = ["analytics", "functional", "marketing"] as const satisfies readonly OptionalConsentCategory[];

export interface ConsentChoices {
  necessary: true;
  analytics: boolean;
  marketing: boolean;
  functional: boolean;
}

export interface StoredConsent {
  choices: ConsentChoices;
  /** ISO timestamp of the choice; null when it is missing or unreadable (the choice still counts). */
  date: string | null;
}

export const ACCEPT_ALL: Readonly<ConsentChoices> = Object.freeze({ necessary: true, analytics: true, marketing: true, functional: true });
export const REJECT_ALL: Readonly<ConsentChoices> = Object.freeze({ necessary: true, analytics: false, marketing: false, functional: false });

export type ConsentSignal =
  | "ad_storage"
  | "ad_user_data"
  | "ad_personalization"
  | "analytics_storage"
  | "functionality_storage"
  | "personalization_storage"
  | "security_storage";
export type ConsentSignalValue = "granted" | "denied";
export type ConsentModeSignals = Record<ConsentSignal, ConsentSignalValue>;

/** Which category grants each Consent Mode signal; null means always granted. */
export const CONSENT_SIGNAL_SOURCES: Readonly<Record<ConsentSignal, OptionalConsentCategory | null>> = Object.freeze({
  ad_storage: "marketing",
  ad_user_data: "marketing",
  ad_personalization: "marketing",
  analytics_storage: "analytics",
  functionality_storage: "functional",
  personalization_storage: "functional",
  security_storage: null,
});

export function consentModeSignals(choices: ConsentChoices): ConsentModeSignals {
  const signals = {} as ConsentModeSignals;
  for (const [signal, category] of Object.entries(CONSENT_SIGNAL_SOURCES) as [ConsentSignal, OptionalConsentCategory | null][]) {
    signals[signal] = category === null || choices[category] === true ? "granted" : "denied";
  }
  return signals;
}

/** Before any choice: everything denied except security storage. */
export const DEFAULT_CONSENT_SIGNALS: Readonly<ConsentModeSignals> = Object.freeze(consentModeSignals(REJECT_ALL));

/** Always stores necessary as true and the four keys in a fixed order. */
export function normalizeConsent(choices: Pick<ConsentChoices, OptionalConsentCategory>): ConsentChoices {
  return { necessary: true, analytics: choices.analytics === true, marketing: choices.marketing === true, functional: choices.functional === true };
}

export function serializeConsent(choices: ConsentChoices): string {
  return JSON.stringify(normalizeConsent(choices));
}

/**
 * The stored value, or null when there is none. Anything unreadable (bad JSON, wrong shape) is
 * logged with console.warn and treated as no consent, so the banner asks again.
 */
export function parseConsent(raw: string | null): ConsentChoices | null {
  if (raw === null) return null;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch (error) {
    console.warn(`Ignoring unreadable cookie consent in "${CONSENT_STORAGE_KEY}"`, error);
    return null;
  }
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    console.warn(`Ignoring cookie consent in "${CONSENT_STORAGE_KEY}": not an object`);
    return null;
  }
  const record = value as Record<string, unknown>;
  const wrong = OPTIONAL_CONSENT_CATEGORIES.filter((category) => typeof record[category] !== "boolean");
  if (wrong.length > 0) {
    console.warn(`Ignoring cookie consent in "${CONSENT_STORAGE_KEY}": ${wrong.join(", ")} not true/false`);
    return null;
  }
  return normalizeConsent(record as Pick<ConsentChoices, OptionalConsentCategory>);
}

function isIsoTimestamp(value: string | null): value is string {
  if (value === null) return false;
  const time = Date.parse(value);
  return !Number.isNaN(time) && new Date(time).toISOString() === value;
}

export function loadConsent(storage: Pick<Storage, "getItem"> | null = browserStorage()): StoredConsent | null {
  if (!storage) return null;
  let raw: string | null;
  let date: string | null;
  try {
    raw = storage.getItem(CONSENT_STORAGE_KEY);
    date = storage.getItem(CONSENT_DATE_STORAGE_KEY);
  } catch (error) {
    console.warn("Cookie consent could not be read from local storage", error);
    return null;
  }
  const choices = parseConsent(raw);
  if (!choices) return null;
  return { choices, date: isIsoTimestamp(date) ? date : null };
}

/**
 * Stores the choice and its date. If storage refuses (private mode, quota), the failure is logged
 * and the choice still applies to this page view.
 */
export function saveConsent(
  choices: ConsentChoices,
  storage: Pick<Storage, "setItem"> | null = browserStorage(),
  now: Date = new Date(),
): StoredConsent {
  const date = now.toISOString();
  const stored: StoredConsent = { choices: normalizeConsent(choices), date };
  try {
    storage?.setItem(CONSENT_STORAGE_KEY, serializeConsent(stored.choices));
    storage?.setItem(CONSENT_DATE_STORAGE_KEY, date);
  } catch (error) {
    console.warn("Cookie consent could not be saved to local storage", error);
  }
  return stored;
}

// ---- Browser side -------------------------------------------------------------------------------

type Gtag = (...args: unknown[]) => void;

declare global {
  interface Window {
    dataLayer?: unknown[];
    gtag?: Gtag;
  }
}

function browserStorage(): Storage | null {
  try {
    return typeof window === "undefined" ? null : window.localStorage;
  } catch {
    // Access itself throws when storage is blocked.
    return null;
  }
}

type ConsentListener = (choices: ConsentChoices) => void;
const listeners = new Set<ConsentListener>();

/** Called with the new choices whenever the visitor saves. Returns the unsubscribe function. */
export function subscribeConsent(listener: ConsentListener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

function notifyConsent(choices: ConsentChoices): void {
  for (const listener of [...listeners]) {
    try {
      listener(choices);
    } catch (error) {
      console.warn("cookie consent listener failed", error);
    }
  }
}

/** The stored choice in this browser, or null before the visitor decided. */
export function getConsent(): ConsentChoices | null {
  return loadConsent()?.choices ?? null;
}

/** Sends the choice to Consent Mode when the head script installed gtag. */
export function updateConsentMode(choices: ConsentChoices): void {
  if (typeof window !== "undefined" && typeof window.gtag === "function") {
    window.gtag("consent", "update", consentModeSignals(choices));
  }
}

/** A visitor's decision: store it with its date, update Consent Mode, tell subscribers. */
export function recordConsent(choices: ConsentChoices): StoredConsent {
  const stored = saveConsent(choices);
  updateConsentMode(stored.choices);
  notifyConsent(stored.choices);
  return stored;
}

/** Opens the cookie banner again with the current choices (the "Cookie settings" button). */
export function openCookieSettings(): void {
  window.dispatchEvent(new CustomEvent(COOKIE_SETTINGS_OPEN_EVENT));
}

export function onCookieSettingsRequest(handler: () => void): () => void {
  window.addEventListener(COOKIE_SETTINGS_OPEN_EVENT, handler);
  return () => window.removeEventListener(COOKIE_SETTINGS_OPEN_EVENT, handler);
}

/**
 * The first-party sink: every tracked event goes, batched, to POST /api/events (the collector).
 * What a batch carries depends on the consent in force when each event happened (spec section 3):
 * with analytics consent a random per-tab session id; without it nothing that identifies anyone
 * (the collector then keeps only aggregate counts).
 */
import type { StoredConsent } from "~/lib/consent";
import { MAX_EVENTS_BODY_BYTES } from "../constants";
import { Batcher, type FlushReason } from "./batcher";
import { ANALYTICS_MESSAGES } from "./messages";
import { readJson, writeJson, type KeyValueStorage } from "./storage";
import type { TrackedEvent } from "./track";
import { deliverBatch, type TransportDeps } from "./transport";

export type ConsentLevel = "anonymous" | "analytics";

/** A batch is sent when this many events wait… */
export const BATCH_MAX_EVENTS = 20;
/** …or this long after the first of them, or when the page is hidden or left. */
export const BATCH_INTERVAL_MS = 5000;
export const SESSION_ID_STORAGE_KEY = "analytics-session-id";
const SESSION_ID_PATTERN = /^[A-Za-z0-9_-]{8,64}$/;

type PropertyValue = string | number | boolean | null;
export interface CollectorEvent {
  name: string;
  at: number;
  path: string;
  properties: Record<string, PropertyValue>;
}
export interface QueuedEvent extends CollectorEvent {
  consent: ConsentLevel;
}
export interface BatchContext {
  sessionId?: string;
  referrer?: string;
  utm?: { source?: string; medium?: string; campaign?: string };
}

/**
 * The level an event is sent with: analytics only when the visitor's stored choice allows it and
 * the event happened after that choice was made (events from before a "yes" stay anonymous).
 */
export function consentLevelAt(consent: StoredConsent | null, at: number): ConsentLevel {
  if (!consent?.choices.analytics) return "anonymous";
  const since = consent.date ? Date.parse(consent.date) : Number.NaN;
  return Number.isNaN(since) || at >= since ? "analytics" : "anonymous";
}

const PROPERTY_KEY = /^[a-zA-Z0-9_]{1,40}$/;
/** The shortest text limit of the catalogue (titles, error messages): every string fits every schema. */
const MAX_TEXT = 200;

/** Flat, short values only: what the catalogue accepts; anything else is left out. */
export function sanitizeProperties(properties: Record<string, unknown>): Record<string, PropertyValue> {
  const clean: Record<string, PropertyValue> = {};
  for (const [key, value] of Object.entries(properties)) {
    if (!PROPERTY_KEY.test(key)) continue;
    if (typeof value === "string") clean[key] = value.slice(0, MAX_TEXT);
    else if (typeof value === "number" && Number.isFinite(value)) clean[key] = value;
    else if (typeof value === "boolean" || value === null) clean[key] = value;
  }
  return clean;
}

export function toCollectorEvent(event: TrackedEvent): CollectorEvent {
  const path = event.path.startsWith("/") ? event.path.slice(0, 500) : "/";
  return { name: event.name, at: Math.round(event.at), path, properties: sanitizeProperties(event.properties) };
}

/**
 * Request bodies for a list of queued events: one batch per run of events with the same consent
 * level, at most maxEvents each, halved until each body fits maxBytes (a single event too big for a
 * batch is dropped with a warning).
 */
export function buildBatchBodies(
  events: readonly QueuedEvent[],
  contextFor: (level: ConsentLevel) => BatchContext,
  maxEvents = BATCH_MAX_EVENTS,
  maxBytes = MAX_EVENTS_BODY_BYTES,
): string[] {
  const bodies: string[] = [];
  const encoder = new TextEncoder();
  const emit = (level: ConsentLevel, group: readonly QueuedEvent[]) => {
    const body = JSON.stringify({
      consent: level,
      ...contextFor(level),
      events: group.map(({ consent: _consent, ...event }) => event),
    });
    if (encoder.encode(body).byteLength <= maxBytes) {
      bodies.push(body);
    } else if (group.length > 1) {
      const half = Math.ceil(group.length / 2);
      emit(level, group.slice(0, half));
      emit(level, group.slice(half));
    } else {
      console.warn(`analytics: event "${group[0]?.name}" is too large to send and was dropped`);
    }
  };
  let start = 0;
  for (let i = 1; i <= events.length; i++) {
    if (i === events.length || events[i]!.consent !== events[start]!.consent || i - start === maxEvents) {
      emit(events[start]!.consent, events.slice(start, i));
      start = i;
    }
  }
  return bodies;
}

/** A random id for this tab's session (22 URL-safe characters), kept in session storage. */
export function sessionId(storage: KeyValueStorage | null, random: (bytes: Uint8Array) => Uint8Array = (b) => crypto.getRandomValues(b)): string {
  try {
    const stored = storage?.getItem(SESSION_ID_STORAGE_KEY);
    if (stored && SESSION_ID_PATTERN.test(stored)) return stored;
  } catch {
    // Unreadable storage: a fresh id for this page view.
  }
  const bytes = random(new Uint8Array(16));
  const id = btoa(String.fromCharCode(...bytes)).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
  try {
    storage?.setItem(SESSION_ID_STORAGE_KEY, id);
  } catch {
    // See above.
  }
  return id;
}

export const LANDING_STORAGE_KEY = "analytics-landing";

/**
 * The batch context of this tab's landing (the first page it loaded, kept in session storage): the
 * external referrer's origin only (a path can carry personal data) and the landing URL's UTM tags.
 */
export function landingContext(pageUrl: string, referrer: string, storage: KeyValueStorage | null): Omit<BatchContext, "sessionId"> {
  const stored = readJson<Omit<BatchContext, "sessionId"> | null>(storage, LANDING_STORAGE_KEY, null);
  if (stored) return stored;
  const page = new URL(pageUrl);
  const context: Omit<BatchContext, "sessionId"> = {};
  if (referrer) {
    try {
      const origin = new URL(referrer).origin;
      if (origin !== page.origin) context.referrer = origin;
    } catch {
      // Not a URL: no referrer.
    }
  }
  const utm: NonNullable<BatchContext["utm"]> = {};
  for (const key of ["source", "medium", "campaign"] as const) {
    const value = page.searchParams.get(`utm_${key}`)?.trim().slice(0, 100);
    if (value) utm[key] = value;
  }
  if (Object.keys(utm).length > 0) context.utm = utm;
  writeJson(storage, LANDING_STORAGE_KEY, context);
  return context;
}

export interface FirstPartySink {
  add(event: TrackedEvent): void;
  flush(reason?: FlushReason): void;
  /** Drops what is waiting and sends nothing more. */
  stop(): void;
}

export function createFirstPartySink(options: {
  consent: () => StoredConsent | null;
  storage: KeyValueStorage | null;
  transport: TransportDeps;
  onError: (message: string) => void;
}): FirstPartySink {
  let stopped = false;
  const context = landingContext(window.location.href, document.referrer, options.storage);
  const send = (events: QueuedEvent[]) => {
    const bodies = buildBatchBodies(events, (level) =>
      level === "analytics" ? { ...context, sessionId: sessionId(options.storage) } : context,
    );
    for (const body of bodies) {
      void deliverBatch(body, options.transport).then((failure) => {
        if (failure && !stopped) options.onError(failure);
      }, () => options.onError(ANALYTICS_MESSAGES.unexpected));
    }
  };
  const batcher = new Batcher<QueuedEvent>({ maxItems: BATCH_MAX_EVENTS, intervalMs: BATCH_INTERVAL_MS, send });
  return {
    add(event) {
      if (stopped) return;
      batcher.add({ ...toCollectorEvent(event), consent: consentLevelAt(options.consent(), event.at) });
    },
    flush(reason) {
      if (!stopped) batcher.flush(reason);
    },
    stop() {
      stopped = true;
      batcher.clear();
    },
  };
}

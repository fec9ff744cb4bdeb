/**
 * The collector's rules (ADR 0018), free of I/O so each is unit-tested: which events of a batch
 * are kept, and what of each is stored for the visitor's consent level.
 */
import { EVENT_PROPERTY_SCHEMAS, isKnownEvent, type AnalyticsEventName, type CollectorBatch } from "~/features/analytics/catalogue";
import { BEACON_VERSION, type Beacon } from "./beacon.server";
import { utmQueryOnly, withoutQuery } from "./url-privacy";

export type Consent = CollectorBatch["consent"];
type Primitive = string | number | boolean | null;

/** A client time is believed from 24 h ago (events queued offline) to 5 min ahead (clock skew). */
export const MAX_EVENT_AGE_MS = 24 * 60 * 60 * 1000;
export const MAX_EVENT_LEAD_MS = 5 * 60 * 1000;
const UTM_MAX_LENGTH = 100;

/** occurred_at: the client's time when it is plausible, else the server's (a wrong clock says nothing). */
export function eventTime(clientAt: number, now: number): string {
  const plausible = Number.isFinite(clientAt) && clientAt >= now - MAX_EVENT_AGE_MS && clientAt <= now + MAX_EVENT_LEAD_MS;
  return new Date(plausible ? clientAt : now).toISOString();
}

function httpUrl(value: string): URL | null {
  try {
    const url = new URL(value);
    return url.protocol === "http:" || url.protocol === "https:" ? url : null;
  } catch {
    return null;
  }
}

/** The referrer's host name, or null when there is none, it is not a web address, or it is this site. */
export function referrerHost(referrer: string | undefined, ownHostname: string): string | null {
  const url = referrer ? httpUrl(referrer.trim()) : null;
  if (!url || !url.hostname) return null;
  return url.hostname === ownHostname.toLowerCase() ? null : url.hostname;
}

/** A UTM tag as stored: trimmed, at most 100 characters, no control characters; null when empty. */
export function utmValue(value: string | undefined): string | null {
  // eslint-disable-next-line no-control-regex
  const clean = (value ?? "").replace(/[\u0000-\u001f\u007f]/g, "").trim().slice(0, UTM_MAX_LENGTH).trim();
  return clean || null;
}

// Property keys that name a person, a device or a session. Compared lower-case without separators,
// so userAgent, user_agent and user-agent all match.
const IDENTIFYING_KEY_PARTS = ["email", "mail", "password", "passwd", "token", "secret", "phone", "useragent", "ipaddress", "cookie", "address", "firstname", "lastname", "fullname", "username"];
const IDENTIFYING_KEYS = new Set(["ip", "ua", "name", "uid", "userid", "deviceid", "visitorid", "visitorhash", "clientid", "sessionid", "anonymousid", "fingerprint"]);

export function isIdentifyingKey(key: string): boolean {
  const normalized = key.toLowerCase().replace(/[^a-z0-9]/g, "");
  return IDENTIFYING_KEYS.has(normalized) || IDENTIFYING_KEY_PARTS.some((part) => normalized.includes(part));
}

const EMAIL = /[^\s@<>()[\]"',;:/]+@[^\s@<>()[\]"',;:/]+\.[a-z]{2,}/gi;

/** A string value as stored: email addresses masked, URLs and paths without query or fragment. */
function cleanText(value: string): string {
  const url = httpUrl(value);
  // origin + path: the query, the fragment and any user:password@ are left behind.
  const text = url ? `${url.origin}${url.pathname}` : value.startsWith("/") ? withoutQuery(value) : value;
  return text.replace(EMAIL, "[email]");
}

/**
 * The properties as stored. At both consent levels: identifying keys dropped, emails masked, query
 * strings removed (a page's `search` keeps only its utm_* parameters), nested values dropped. The
 * `referrer` property keeps only its host without analytics consent, its origin and path with it.
 */
export function sanitiseProperties(properties: Record<string, unknown>, consent: Consent): Record<string, Primitive> {
  const stored: Record<string, Primitive> = {};
  for (const [key, value] of Object.entries(properties)) {
    if (isIdentifyingKey(key)) continue;
    if (value === null || typeof value === "boolean" || (typeof value === "number" && Number.isFinite(value))) {
      stored[key] = value;
      continue;
    }
    if (typeof value !== "string") continue;
    if (key === "search") {
      stored[key] = utmQueryOnly(value);
    } else if (key === "referrer") {
      const url = httpUrl(value.trim());
      if (url) stored[key] = consent === "anonymous" ? url.hostname : `${url.origin}${url.pathname}`;
      else if (value === "" || value === "direct") stored[key] = "direct";
    } else {
      stored[key] = cleanText(value);
    }
  }
  return stored;
}

export interface ValidEvent {
  name: AnalyticsEventName;
  at: number;
  path: string;
  /** As the catalogue parsed them (defaults applied), not yet sanitised. */
  properties: Record<string, unknown>;
}

/** The events whose name is in the catalogue and whose properties match its schema; the rest are counted. */
export function validEvents(events: CollectorBatch["events"]): { events: ValidEvent[]; dropped: number; droppedNames: string[] } {
  const kept: ValidEvent[] = [];
  const droppedNames = new Set<string>();
  let dropped = 0;
  for (const event of events) {
    const parsed = isKnownEvent(event.name) ? EVENT_PROPERTY_SCHEMAS[event.name].safeParse(event.properties) : null;
    if (!parsed?.success) {
      dropped++;
      droppedNames.add(event.name);
      continue;
    }
    kept.push({ name: event.name as AnalyticsEventName, at: event.at, path: event.path, properties: parsed.data as Record<string, unknown> });
  }
  return { events: kept, dropped, droppedNames: [...droppedNames] };
}

/** What one batch shares: consent, identifiers (analytics consent only), referrer host, UTM tags. */
export interface BatchFacts {
  consent: Consent;
  visitorHash: string | null;
  sessionId: string | null;
  referrerHost: string | null;
  utm: { source: string | null; medium: string | null; campaign: string | null };
  now: number;
}

export function batchFacts(batch: CollectorBatch, ownHostname: string, visitorHash: string | null, now: number): BatchFacts {
  const analytics = batch.consent === "analytics";
  return {
    consent: batch.consent,
    visitorHash: analytics ? visitorHash : null,
    sessionId: analytics ? (batch.sessionId ?? null) : null,
    referrerHost: referrerHost(batch.referrer, ownHostname),
    utm: { source: utmValue(batch.utm?.source), medium: utmValue(batch.utm?.medium), campaign: utmValue(batch.utm?.campaign) },
    now,
  };
}

/** The queue message of one accepted batch (ADR 0037): the batch's facts once, then each event as stored. */
export function beaconFrom(events: readonly ValidEvent[], facts: BatchFacts, id: string): Beacon {
  return {
    v: BEACON_VERSION,
    id,
    receivedAt: new Date(facts.now).toISOString(),
    consent: facts.consent,
    visitorHash: facts.visitorHash,
    sessionId: facts.sessionId,
    referrerHost: facts.referrerHost,
    utmSource: facts.utm.source,
    utmMedium: facts.utm.medium,
    utmCampaign: facts.utm.campaign,
    events: events.map((event) => ({
      name: event.name,
      occurredAt: eventTime(event.at, facts.now),
      path: withoutQuery(event.path),
      properties: sanitiseProperties(event.properties, facts.consent),
    })),
  };
}

const encoder = new TextEncoder();

async function hmacSha256(key: BufferSource, value: string): Promise<ArrayBuffer> {
  const cryptoKey = await crypto.subtle.importKey("raw", key, { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
  return crypto.subtle.sign("HMAC", cryptoKey, encoder.encode(value));
}

/** The UTC calendar day of a date, YYYY-MM-DD. */
export function utcDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/**
 * The cookieless daily visitor hash (analytics consent only): HMAC-SHA256 keyed with the day's salt
 * over IP, user agent and Accept-Language, as 32 hex characters. The salt is HMAC(secret,
 * "visitor-salt:" + UTC day): derived on each request, never stored, different every day, so one
 * visitor's hashes cannot be linked across days.
 */
export async function visitorHash(secret: string, ip: string, userAgent: string, acceptLanguage: string, date: Date): Promise<string> {
  const daySalt = await hmacSha256(encoder.encode(secret), `visitor-salt:${utcDay(date)}`);
  const digest = await hmacSha256(daySalt, `${ip}\n${userAgent}\n${acceptLanguage}`);
  return [...new Uint8Array(digest).slice(0, 16)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

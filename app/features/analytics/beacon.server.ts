/**
 * A beacon as the analytics queue carries it (ADR 0037): one message per accepted batch, with what the
 * collector decided to keep (collector-rules.server.ts), ready to insert. The site gives each one an id,
 * so the consumer can tell a message it already stored from a new one (delivery is at least once).
 */
import { z } from "zod";

/** The message format's version: a consumer refuses (dead-letters) any other. */
export const BEACON_VERSION = 1;

const text = (max: number) => z.string().max(max);
const nullableText = (max: number) => text(max).nullable();

export const storedEventSchema = z.object({
  name: text(60).min(1),
  occurredAt: z.iso.datetime(),
  path: nullableText(500),
  properties: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])),
});

export const beaconSchema = z.object({
  v: z.literal(BEACON_VERSION),
  /** Random, given by the site: the unit of deduplication. */
  id: z.string().regex(/^[A-Za-z0-9_:-]{8,80}$/),
  receivedAt: z.iso.datetime(),
  consent: z.enum(["anonymous", "analytics"]),
  visitorHash: nullableText(64),
  sessionId: nullableText(64),
  referrerHost: nullableText(253),
  utmSource: nullableText(100),
  utmMedium: nullableText(100),
  utmCampaign: nullableText(100),
  events: z.array(storedEventSchema).min(1).max(100),
});

export type Beacon = z.infer<typeof beaconSchema>;
export type StoredEvent = z.infer<typeof storedEventSchema>;

/** A new beacon id: 128 random bits. */
export function newBeaconId(): string {
  return crypto.randomUUID();
}

/** A beacon the server records itself (no visitor, no attribution): one event per A/B test, naming its variant. */
export function serverAbBeacon(name: string, variants: Record<string, string>, path: string | null, now: number): Beacon {
  const occurredAt = new Date(now).toISOString();
  return {
    v: BEACON_VERSION,
    id: newBeaconId(),
    receivedAt: occurredAt,
    consent: "anonymous",
    visitorHash: null,
    sessionId: null,
    referrerHost: null,
    utmSource: null,
    utmMedium: null,
    utmCampaign: null,
    events: Object.entries(variants).map(([test, variant]) => ({ name, occurredAt, path, properties: { test, variant } })),
  };
}

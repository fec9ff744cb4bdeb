/**
 * The email provider's delivery reports (issue 17, ADR 0036): POST /api/email/webhook. Resend signs
 * each call with the Svix scheme: headers svix-id, svix-timestamp (seconds) and svix-signature (space
 * separated "v1,<base64 HMAC-SHA256>" entries; several during a secret rotation); the key is the
 * base64 after "whsec_" in EMAIL_WEBHOOK_SECRET, the signed content `${id}.${timestamp}.${raw body}`.
 *
 * A call changes something only when it is signed with the secret (WebCrypto's HMAC verify, which
 * compares in constant time), its timestamp is within 5 minutes of now, and its svix-id was never seen:
 * the id is stored in the same D1 batch as the call's effects, under a primary key, so a replay (or the
 * same call twice at once) finds it and changes nothing. Answers:
 * - 503 and nothing read without a secret configured (fail closed);
 * - 400 for missing or malformed headers, a stale or future timestamp, or a signed body that is not a
 *   provider event; 401 for a signature that does not match; 409 for a call already handled;
 * - 200 otherwise, including event types that need nothing from us (sent, opened…: recorded, ignored).
 *
 * Effects: email.delivered marks the message; email.bounced (Resend sends it for permanent bounces)
 * and email.complained mark the message and take the address off the list as unsubscribing does: its
 * entry is unsubscribed (a pending one deleted), its queued mail cancelled, and its address suppressed
 * with the reason, so nothing is sent to it again until the person signs up and confirms anew.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { json } from "@remix-run/cloudflare";
import { z } from "zod";
import { logEmailInfo, logEmailWarn } from "~/features/email/log.server";
import { normaliseAddress } from "~/features/email/suppression.server";
import { suppress } from "~/features/email/suppression.server";
import { unsubscribeStatements } from "~/features/waitlist/unsubscribe.server";
import { errorText } from "~/lib/db.server";

/** How far a call's timestamp may be from now, either way (Svix's own libraries use 5 minutes). */
export const WEBHOOK_TOLERANCE_SECONDS = 5 * 60;

export type SvixVerification = { ok: true } | { ok: false; status: 400 | 401; reason: string };

const base64ToBytes = (text: string): Uint8Array<ArrayBuffer> | null => {
  try {
    return Uint8Array.from(atob(text), (c) => c.charCodeAt(0));
  } catch {
    return null;
  }
};

/** The HMAC key of a "whsec_<base64>" secret, or null when it is not one. */
async function signingKey(secret: string): Promise<CryptoKey | null> {
  const bytes = secret.startsWith("whsec_") ? base64ToBytes(secret.slice(6)) : null;
  if (!bytes || bytes.length < 16) return null;
  return crypto.subtle.importKey("raw", bytes, { name: "HMAC", hash: "SHA-256" }, false, ["verify"]);
}

/**
 * Checks one call's Svix headers against the raw body. `now` in ms. Constant time in the signature
 * (crypto.subtle.verify); the other checks are on public values.
 */
export async function verifySvixSignature(
  secret: string,
  headers: { id: string | null; timestamp: string | null; signature: string | null },
  body: string,
  now = Date.now(),
): Promise<SvixVerification> {
  const { id, timestamp, signature } = headers;
  if (!id || !timestamp || !signature) return { ok: false, status: 400, reason: "missing_headers" };
  if (!/^[A-Za-z0-9_.:-]{1,100}$/.test(id) || !/^\d{1,12}$/.test(timestamp) || signature.length > 2_000) return { ok: false, status: 400, reason: "malformed_headers" };
  if (Math.abs(now / 1000 - Number(timestamp)) > WEBHOOK_TOLERANCE_SECONDS) return { ok: false, status: 400, reason: "stale_timestamp" };
  const key = await signingKey(secret);
  if (!key) return { ok: false, status: 401, reason: "no_key" };
  const signed = new TextEncoder().encode(`${id}.${timestamp}.${body}`);
  for (const entry of signature.split(" ")) {
    const [version, value] = entry.split(",", 2);
    if (version !== "v1" || !value) continue;
    const bytes = base64ToBytes(value);
    if (bytes?.length === 32 && (await crypto.subtle.verify("HMAC", key, bytes, signed))) return { ok: true };
  }
  return { ok: false, status: 401, reason: "bad_signature" };
}

/** The Svix signature header for `body` (for the tests, the bench and the local stand-in). */
export async function svixSignature(secret: string, id: string, timestamp: number, body: string): Promise<string> {
  const bytes = base64ToBytes(secret.slice(6))!;
  const key = await crypto.subtle.importKey("raw", bytes, { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
  const mac = new Uint8Array(await crypto.subtle.sign("HMAC", key, new TextEncoder().encode(`${id}.${timestamp}.${body}`)));
  return `v1,${btoa(String.fromCharCode(...mac))}`;
}

const address = z.string().trim().max(254).regex(/^[^\s@<>"]+@[^\s@<>"]+\.[^\s@<>"]+$/);

/** What we read of a provider event: its type and, for email events, the message id and its recipients. */
const eventSchema = z.object({
  type: z.string().regex(/^[a-z_]{1,40}\.[a-z_]{1,40}$/),
  created_at: z.string().max(64).optional(),
  data: z
    .object({
      email_id: z.string().min(1).max(100).optional(),
      to: z.union([address, z.array(address).max(50)]).optional(),
    })
    .passthrough(),
});

/** What each event type does to the message it names. */
const MESSAGE_EVENTS = { "email.delivered": "delivered", "email.bounced": "bounced", "email.complained": "complained" } as const;
/** A report only ever replaces a weaker one: a complaint beats a bounce, which beats a delivery. */
const RANK = "CASE delivery_event WHEN 'complained' THEN 3 WHEN 'bounced' THEN 2 WHEN 'delivered' THEN 1 ELSE 0 END";
const NEW_RANK = { delivered: 1, bounced: 2, complained: 3 } as const;

const answer = (status: number, body: Record<string, unknown>) => json(body, { status, headers: { "Cache-Control": "no-store" } });

export async function handleProviderWebhook(request: Request, context: AppLoadContext, now = Date.now()): Promise<Response> {
  if (request.method !== "POST") return answer(405, { error: "Use POST." });
  const secret = context.env.EMAIL_WEBHOOK_SECRET;
  if (!secret) return answer(503, { error: "Delivery reports are not configured (EMAIL_WEBHOOK_SECRET)." });
  const body = await request.text();
  const headers = { id: request.headers.get("svix-id"), timestamp: request.headers.get("svix-timestamp"), signature: request.headers.get("svix-signature") };
  const verified = await verifySvixSignature(secret, headers, body, now);
  if (!verified.ok) {
    logEmailWarn("email_webhook_refused", { reason: verified.reason });
    return answer(verified.status, { error: verified.status === 401 ? "The signature does not match." : "The call is malformed or too old." });
  }
  let event: z.infer<typeof eventSchema>;
  try {
    const parsed = eventSchema.safeParse(JSON.parse(body));
    if (!parsed.success) throw new Error("not an event");
    event = parsed.data;
  } catch {
    logEmailWarn("email_webhook_refused", { reason: "malformed_body" });
    return answer(400, { error: "The body is not a provider event." });
  }

  const db = context.cloudflare.env.DB;
  const svixId = headers.id!;
  const seen = await db.prepare("SELECT 1 AS hit FROM email_webhook_calls WHERE svix_id = ?1").bind(svixId).first();
  if (seen) return answer(409, { error: "This call was already handled." });

  const effect = Object.hasOwn(MESSAGE_EVENTS, event.type) ? MESSAGE_EVENTS[event.type as keyof typeof MESSAGE_EVENTS] : null;
  const at = new Date(now).toISOString();
  const statements: D1PreparedStatement[] = [
    // No ON CONFLICT: a call handled meanwhile makes the whole batch fail, so its effects never apply twice.
    db.prepare("INSERT INTO email_webhook_calls (svix_id, event_type) VALUES (?1, ?2)").bind(svixId, event.type),
  ];
  if (effect && event.data.email_id) {
    statements.push(
      db
        .prepare(`UPDATE email_outbox SET delivery_event = ?2, delivery_event_at = ?3 WHERE provider_id = ?1 AND ${RANK} < ?4`)
        .bind(event.data.email_id, effect, at, NEW_RANK[effect]),
    );
  }
  let recipients = 0;
  if ((effect === "bounced" || effect === "complained") && event.data.to) {
    const addresses = [...new Set((Array.isArray(event.data.to) ? event.data.to : [event.data.to]).map(normaliseAddress))];
    recipients = addresses.length;
    const { results: entries } = await db
      .prepare("SELECT id, email FROM waitlist WHERE email IN (SELECT value FROM json_each(?1))")
      .bind(JSON.stringify(addresses))
      .all<{ id: number; email: string }>();
    const suppressionSecret = context.env.SUPPRESSION_HASH_SECRET;
    for (const entry of entries) statements.push(...(await unsubscribeStatements(db, suppressionSecret, entry, effect, now)));
    // Addresses with no entry (a test copy, an entry deleted since) are suppressed all the same.
    const known = new Set(entries.map((e) => normaliseAddress(e.email)));
    if (suppressionSecret) for (const other of addresses.filter((a) => !known.has(a))) statements.push(await suppress(db, suppressionSecret, other, effect));
  }
  try {
    await db.batch(statements);
  } catch (error) {
    if (/UNIQUE constraint failed: email_webhook_calls/i.test(errorText(error))) return answer(409, { error: "This call was already handled." });
    throw error;
  }
  logEmailInfo("email_webhook", { type: event.type, effect: effect ?? "ignored", recipients });
  return answer(200, { received: true, effect: effect ?? "ignored" });
}

/**
 * The links in emails: absolute on SITE_URL (never the request's Host), each carrying a signed,
 * purpose-bound, expiring token whose subject is the waitlist entry's id (ids are never reused:
 * AUTOINCREMENT). The pages behind them verify with verifyLinkToken.
 *
 * A message's tokens are minted from the outbox row's creation time, not from the clock: the same row
 * always renders to the same bytes, so a resend under the same Idempotency-Key is recognised by the
 * provider as the same request (ADR 0031).
 */
import type { EmailEnv } from "~/lib/env.server";
import { signToken, verifyToken, type TokenVerification } from "~/lib/signed-token.server";

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** How long each kind of link works after it was issued. */
export const LINK_LIFETIME_MS = {
  confirm: 48 * HOUR,
  status: 365 * DAY,
  unsubscribe: 365 * DAY,
} as const;

export type LinkPurpose = keyof typeof LINK_LIFETIME_MS;

export const LINK_PATHS: Record<LinkPurpose, string> = {
  confirm: "/waitlist/confirm",
  status: "/waitlist/status",
  unsubscribe: "/waitlist/unsubscribe",
};

/** Where a referral link points; the code identifies the referrer (public by design). */
export const REFERRAL_PATH = "/waitlist";

/** What minting and checking links needs (the enabled EmailSettings has both). */
export interface LinkKeys {
  siteUrl: string;
  tokenSecret: string;
}

/** The link keys, or null when links cannot be signed (production without EMAIL_TOKEN_SECRET). */
export function linkKeys(env: EmailEnv): LinkKeys | null {
  return env.EMAIL_TOKEN_SECRET ? { siteUrl: env.SITE_URL, tokenSecret: env.EMAIL_TOKEN_SECRET } : null;
}

/** An absolute URL on SITE_URL for `path` (which starts with "/"). */
export function siteLink(keys: Pick<LinkKeys, "siteUrl">, path: string, query: Record<string, string> = {}): string {
  const url = new URL(path, `${keys.siteUrl}/`);
  for (const [name, value] of Object.entries(query)) url.searchParams.set(name, value);
  return url.toString();
}

async function tokenUrl(keys: LinkKeys, purpose: LinkPurpose, waitlistId: number, issuedAt: number): Promise<string> {
  if (!Number.isSafeInteger(waitlistId) || waitlistId <= 0) throw new Error("links: a waitlist id is a positive integer");
  const token = await signToken(keys.tokenSecret, { purpose, subject: String(waitlistId), expiresAt: issuedAt + LINK_LIFETIME_MS[purpose] });
  return siteLink(keys, LINK_PATHS[purpose], { token });
}

/** /waitlist/confirm?token=… (48 h). */
export const confirmUrl = (keys: LinkKeys, waitlistId: number, issuedAt: number) => tokenUrl(keys, "confirm", waitlistId, issuedAt);
/** /waitlist/status?token=… (365 days). */
export const statusUrl = (keys: LinkKeys, waitlistId: number, issuedAt: number) => tokenUrl(keys, "status", waitlistId, issuedAt);
/** /waitlist/unsubscribe?token=… (365 days); also the RFC 8058 one-click POST target. */
export const unsubscribeUrl = (keys: LinkKeys, waitlistId: number, issuedAt: number) => tokenUrl(keys, "unsubscribe", waitlistId, issuedAt);

/** The referral link a confirmed entry shares. */
export function referralUrl(keys: Pick<LinkKeys, "siteUrl">, referralCode: string): string {
  return siteLink(keys, REFERRAL_PATH, { ref: referralCode });
}

export type LinkVerification =
  | { status: "valid"; waitlistId: number; expiresAt: number }
  | { status: "expired"; waitlistId: number; expiresAt: number }
  | { status: "invalid" };

/**
 * Checks a link's token for `purpose`. Expired (good signature, time past) names the entry, so an
 * expired confirmation link can offer a new one; anything else is invalid. With no keys (email off in
 * production) every token is invalid.
 */
export async function verifyLinkToken(keys: LinkKeys | null, purpose: LinkPurpose, token: string | null | undefined, now = Date.now()): Promise<LinkVerification> {
  if (!keys) return { status: "invalid" };
  const result: TokenVerification = await verifyToken(keys.tokenSecret, purpose, token, now);
  if (result.status === "invalid") return result;
  const waitlistId = /^[1-9]\d{0,15}$/.test(result.subject) ? Number(result.subject) : NaN;
  if (!Number.isSafeInteger(waitlistId)) return { status: "invalid" };
  return { status: result.status, waitlistId, expiresAt: result.expiresAt };
}

/**
 * The links in emails: absolute on SITE_URL (never the request's Host), each carrying a signed,
 * purpose-bound, expiring token whose subject is the waitlist entry's id (ids are never reused:
 * AUTOINCREMENT). The pages behind them verify with verifyLinkToken.
 *
 * Links that lead to the status page (status, and confirm, whose page links there) also carry the
 * entry's link version, `<id>_<version>` (plain `<id>` for version 0, as every link had before
 * versions existed): "Sign out old links" raises the version and so revokes every earlier link (ADR
 * 0045). Unsubscribe links carry none: leaving must always work.
 *
 * A message's tokens are minted from the outbox row's creation time, not from the clock: the same row
 * always renders to the same bytes, so a resend under the same Idempotency-Key is recognised by the
 * provider as the same request (ADR 0031).
 *
 * Each link opens its page in a language (default English, today's paths): an email's links lead to
 * its language's pages (/de/waitlist/confirm?token=…, ADR 0058).
 */
import { DEFAULT_LANG, localizedPath, type Lang } from "~/lib/i18n/languages";
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

/** The entry a status or confirm link opens, and the version of its links when the link was made. */
export interface LinkHolder {
  id: number;
  linkVersion: number;
}

/** Whether a purpose's links carry the entry's link version (see above). */
const VERSIONED: Record<LinkPurpose, boolean> = { confirm: true, status: true, unsubscribe: false };
export const carriesLinkVersion = (purpose: LinkPurpose): boolean => VERSIONED[purpose];

async function tokenUrl(keys: LinkKeys, purpose: LinkPurpose, { id, linkVersion }: LinkHolder, issuedAt: number, lang: Lang): Promise<string> {
  if (!Number.isSafeInteger(id) || id <= 0) throw new Error("links: a waitlist id is a positive integer");
  if (!Number.isSafeInteger(linkVersion) || linkVersion < 0 || (linkVersion > 0 && !VERSIONED[purpose])) throw new Error("links: a bad link version");
  const subject = linkVersion > 0 ? `${id}_${linkVersion}` : String(id);
  const token = await signToken(keys.tokenSecret, { purpose, subject, expiresAt: issuedAt + LINK_LIFETIME_MS[purpose] });
  return siteLink(keys, localizedPath(lang, LINK_PATHS[purpose]), { token });
}

/** /waitlist/confirm?token=… (48 h). */
export const confirmUrl = (keys: LinkKeys, entry: LinkHolder, issuedAt: number, lang: Lang = DEFAULT_LANG) => tokenUrl(keys, "confirm", entry, issuedAt, lang);
/** /waitlist/status?token=… (365 days). */
export const statusUrl = (keys: LinkKeys, entry: LinkHolder, issuedAt: number, lang: Lang = DEFAULT_LANG) => tokenUrl(keys, "status", entry, issuedAt, lang);
/** /waitlist/unsubscribe?token=… (365 days); also the RFC 8058 one-click POST target. */
export const unsubscribeUrl = (keys: LinkKeys, waitlistId: number, issuedAt: number, lang: Lang = DEFAULT_LANG) =>
  tokenUrl(keys, "unsubscribe", { id: waitlistId, linkVersion: 0 }, issuedAt, lang);

/** The referral link a confirmed entry shares (the friend lands on the waitlist page in `lang`). */
export function referralUrl(keys: Pick<LinkKeys, "siteUrl">, referralCode: string, lang: Lang = DEFAULT_LANG): string {
  return siteLink(keys, localizedPath(lang, REFERRAL_PATH), { ref: referralCode });
}

/** The site's home in `lang`: SITE_URL itself for English (the entry that negotiates), /de/ for German. */
export function homeUrl(keys: Pick<LinkKeys, "siteUrl">, lang: Lang): string {
  return lang === DEFAULT_LANG ? keys.siteUrl : siteLink(keys, localizedPath(lang, "/"));
}

export type LinkVerification =
  | { status: "valid" | "expired"; waitlistId: number; linkVersion: number; expiresAt: number }
  | { status: "invalid" };

/** `<id>` or, for the purposes that carry one, `<id>_<version>` with a version of 1 or more. */
const SUBJECT = /^([1-9]\d{0,15})(?:_([1-9]\d{0,8}))?$/;

/**
 * Checks a link's token for `purpose`. Expired (good signature, time past) names the entry, so an
 * expired confirmation link can offer a new one; anything else is invalid. With no keys (email off in
 * production) every token is invalid. Whether the link version is still the entry's is for the
 * caller, who reads the entry (entry-access.server.ts).
 */
export async function verifyLinkToken(keys: LinkKeys | null, purpose: LinkPurpose, token: string | null | undefined, now = Date.now()): Promise<LinkVerification> {
  if (!keys) return { status: "invalid" };
  const result: TokenVerification = await verifyToken(keys.tokenSecret, purpose, token, now);
  if (result.status === "invalid") return result;
  const [, id, version] = SUBJECT.exec(result.subject) ?? [];
  const waitlistId = Number(id);
  if (!Number.isSafeInteger(waitlistId) || (version !== undefined && !VERSIONED[purpose])) return { status: "invalid" };
  return { status: result.status, waitlistId, linkVersion: version === undefined ? 0 : Number(version), expiresAt: result.expiresAt };
}

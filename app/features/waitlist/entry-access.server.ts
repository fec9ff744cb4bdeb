/**
 * The private pages a person on the waitlist reaches from an email (/waitlist/confirm, /status,
 * /unsubscribe; ADR 0031): which entry a link's token names, and what every answer of those pages
 * carries. A page shows nothing about any entry unless the token's signature is good, for the page's
 * own purpose, and names an entry that still exists, with the entry's current link version (ADR 0045).
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { json } from "@remix-run/cloudflare";
import { carriesLinkVersion, linkKeys, statusUrl, unsubscribeUrl, verifyLinkToken, type LinkHolder, type LinkKeys, type LinkPurpose } from "~/features/email/links.server";
import { preferencesOf, type PreferenceColumns } from "~/features/email/templates/types.server";
import type { WaitlistStatus } from "~/db/schema";
import { browserMessages } from "~/lib/i18n/catalogues.server";
import type { Lang } from "~/lib/i18n/languages";
import type { Namespace } from "~/lib/i18n/message-id";
import type { EntryPreferences } from "./entry-views";

/**
 * On every answer of these pages, redirects and errors included: never stored by a browser, proxy or
 * edge cache (the edge cache only ever keeps / and /home, ADR 0025), never indexed.
 */
export const PRIVATE_PAGE_HEADERS = { "Cache-Control": "no-store", "X-Robots-Tag": "noindex, nofollow" } as const;

/**
 * A page's view as these pages answer. A loader's answer (given the page's language) also carries the
 * messages the page reads (`status`, and what else it shows); an action's answer is drawn with the loader's.
 */
export function entryPageAnswer<View>(view: View, status: number, lang?: Lang, namespaces: readonly Namespace[] = ["status"]) {
  return json({ view, ...(lang ? { messages: browserMessages(lang, namespaces) } : {}) }, { status, headers: PRIVATE_PAGE_HEADERS });
}

export interface WaitlistEntryRecord {
  id: number;
  email: string;
  firstName: string | null;
  status: WaitlistStatus;
  confirmedAt: string | null;
  lineSeq: number | null;
  referralCode: string | null;
  referralCount: number;
  unsubscribedAt: string | null;
  /** When their beta invitation went out (issue 17). */
  invitedAt: string | null;
  /** The version its status and confirm links must carry; "Sign out old links" raises it (ADR 0045). */
  linkVersion: number;
  preferences: EntryPreferences;
  /** "beta_testing" (the beta program) or "waitlist" (a notify-me request, ADR 0048). */
  intent: string;
  /** A confirmed notify-me entry asked to join the beta and has not confirmed that yet. */
  betaJoinRequested: boolean;
}

/**
 * What a link's token opens. "expired": the signature is good and names an existing entry, but the
 * link is past its time; each page decides what, if anything, it still allows (a new confirmation
 * link, leaving the list).
 */
export type EntryAccess =
  | { access: "invalid" }
  /** A genuine link to an entry that no longer exists (deleted): as invalid, except for leaving the list. */
  | { access: "gone" }
  | { access: "expired" | "valid"; entry: WaitlistEntryRecord; keys: LinkKeys };

interface EntryRow extends PreferenceColumns {
  id: number;
  email: string;
  first_name: string | null;
  status: WaitlistStatus;
  confirmed_at: string | null;
  line_seq: number | null;
  referral_code: string | null;
  referral_count: number;
  unsubscribed_at: string | null;
  invited_at: string | null;
  link_version: number;
  intent: string;
  beta_join_requested: number;
}

export async function readEntry(db: D1Database, id: number): Promise<WaitlistEntryRecord | null> {
  const row = await db
    .prepare(
      `SELECT id, email, first_name, status, confirmed_at, line_seq, referral_code, referral_count, unsubscribed_at, invited_at, link_version,
              wants_updates, wants_invitations, wants_android, wants_macos, wants_chrome_extension,
              intent, beta_join_requested_at IS NOT NULL AS beta_join_requested
         FROM waitlist WHERE id = ?1`,
    )
    .bind(id)
    .first<EntryRow>();
  if (!row) return null;
  return {
    id: row.id,
    email: row.email,
    firstName: row.first_name,
    status: row.status,
    confirmedAt: row.confirmed_at,
    lineSeq: row.line_seq,
    referralCode: row.referral_code,
    referralCount: row.referral_count,
    unsubscribedAt: row.unsubscribed_at,
    invitedAt: row.invited_at,
    linkVersion: row.link_version,
    preferences: preferencesOf(row),
    intent: row.intent,
    betaJoinRequested: row.beta_join_requested === 1,
  };
}

/** The token of a page's link: from the form when one was posted (the pages' own forms send it), else from the URL. */
export function tokenOf(request: Request, fields?: Record<string, string> | null): string | null {
  return fields?.token || new URL(request.url).searchParams.get("token");
}

/** Checks `token` for `purpose` and reads the entry it names. Without signing keys (email off in production) nothing opens. */
export async function openEntry(context: AppLoadContext, purpose: LinkPurpose, token: string | null, now = Date.now()): Promise<EntryAccess> {
  const keys = linkKeys(context.env);
  const verified = await verifyLinkToken(keys, purpose, token, now);
  if (verified.status === "invalid" || !keys) return { access: "invalid" };
  const entry = await readEntry(context.cloudflare.env.DB, verified.waitlistId);
  // A deleted entry's links open nothing (ids are never reused).
  if (!entry) return { access: "gone" };
  // A link from before "Sign out old links" opens nothing either, not even as expired.
  if (carriesLinkVersion(purpose) && verified.linkVersion !== entry.linkVersion) return { access: "invalid" };
  return { access: verified.status, entry, keys };
}

/**
 * A fresh link to another of the entry's pages, as a path on this site: minted as the email's links
 * are (statusUrl, unsubscribeUrl), then made relative, so a redirect or a link on the page stays on
 * the origin the person is using.
 */
export async function entryPagePath(keys: LinkKeys, page: "status" | "unsubscribe", entry: LinkHolder, extra: Record<string, string> = {}, now = Date.now()): Promise<string> {
  const url = new URL(await (page === "status" ? statusUrl(keys, entry, now) : unsubscribeUrl(keys, entry.id, now)));
  for (const [name, value] of Object.entries(extra)) url.searchParams.set(name, value);
  return `${url.pathname}${url.search}`;
}

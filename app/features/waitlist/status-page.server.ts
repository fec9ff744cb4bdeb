/**
 * /waitlist/status?token=…: a person's private page (ADR 0031). Confirmed: their place in line, their
 * referrals and referral link, their email preferences, "Sign out old links" and "Delete my data". Pending: confirm first.
 * Unsubscribed: says so, offers to rejoin and to delete. /waitlist/status?deleted=1 is the goodbye
 * page after a deletion, ?signed-out=1 the page after "Sign out old links" (neither names anyone).
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { json, redirect } from "@remix-run/cloudflare";
import { LINK_PATHS, referralUrl } from "~/features/email/links.server";
import { localizedPath, type Lang } from "~/lib/i18n/languages";
import { readFormFields } from "~/lib/public-form.server";
import { readOutreachSettings, readReferralBoost } from "~/lib/settings.server";
import { confirmEntry, type ConsentRecord } from "./confirmation.server";
import { entryPageAnswer, entryPagePath, openEntry, PRIVATE_PAGE_HEADERS, tokenOf, type EntryAccess } from "./entry-access.server";
import { requestOf } from "./entry-request";
import { deleteEntry, preferencesFrom, savePreferences } from "./entry-status.server";
import { REJOIN_WORDING, type StatusActionResult, type StatusView } from "./entry-views";
import { readPlaceInLine } from "./place-in-line.server";
import { signOutOldLinks } from "./status-links.server";

/** Where "Delete my data" lands: a page that names no one. */
export const GOODBYE_PATH = `${LINK_PATHS.status}?deleted=1`;
/** Where "Sign out old links" lands: a page that names no one and carries no link. */
export const SIGNED_OUT_PATH = `${LINK_PATHS.status}?signed-out=1`;

/** The proof of consent recorded when someone rejoins from their status page. */
export const REJOIN_CONSENT: ConsentRecord = { form: "status_page", page: LINK_PATHS.status, wording: REJOIN_WORDING.version };

/** The page offers "Email me my link" (statusLink) when its link does not work. */
const view = (state: StatusView, lang: Lang, status = 200) => entryPageAnswer(state, status, lang, ["status", "statusLink"]);
const result = (outcome: StatusActionResult, status = 200) => json(outcome, { status, headers: PRIVATE_PAGE_HEADERS });

async function viewOf(context: AppLoadContext, lang: Lang, opened: EntryAccess, token: string | null, justConfirmed = false) {
  if (opened.access === "invalid" || opened.access === "gone" || token === null) return view({ state: "invalid" }, lang, 400);
  if (opened.access === "expired") return view({ state: "expired" }, lang, 410);
  const { entry, keys } = opened;
  if (entry.status === "pending") return view({ state: "pending" }, lang);
  const request = requestOf(entry);
  if (entry.status === "unsubscribed") return view({ state: "unsubscribed", token, email: entry.email, unsubscribedAt: entry.unsubscribedAt, request }, lang);
  const db = context.cloudflare.env.DB;
  const boost = await readReferralBoost(db);
  return view({
    state: "confirmed",
    token,
    email: entry.email,
    firstName: entry.firstName,
    place: await readPlaceInLine(db, entry.id, boost),
    referralCount: entry.referralCount,
    // Referrals move a tester up the beta line: a notify-me entry has no line to move up (ADR 0048).
    referralUrl: entry.referralCode && request.beta ? referralUrl(keys, entry.referralCode, lang) : null,
    boost,
    preferences: entry.preferences,
    unsubscribePath: await entryPagePath(keys, "unsubscribe", entry),
    justConfirmed,
    invitation: entry.invitedAt ? { invitedAt: entry.invitedAt, testflightUrl: await invitationLink(db, entry.id) } : null,
    request,
    betaJoinPending: entry.betaJoinRequested,
  }, lang);
}

/**
 * The TestFlight link an invited person sees: the one in force (the owner may have replaced the public
 * link since), else the one their invitation carried.
 */
async function invitationLink(db: D1Database, entryId: number): Promise<string | null> {
  const { testflightUrl } = await readOutreachSettings(db);
  if (testflightUrl) return testflightUrl;
  const row = await db
    .prepare(
      `SELECT c.testflight_url AS url FROM email_outbox o JOIN email_campaigns c ON c.id = o.campaign_id
        WHERE o.waitlist_id = ?1 AND o.kind = 'invitation' AND o.status = 'sent' LIMIT 1`,
    )
    .bind(entryId)
    .first<{ url: string | null }>();
  return row?.url ?? null;
}

export async function loadStatusPage(request: Request, context: AppLoadContext, lang: Lang) {
  const url = new URL(request.url);
  const token = tokenOf(request);
  if (token === null && url.searchParams.get("deleted") === "1") return view({ state: "deleted" }, lang);
  if (token === null && url.searchParams.get("signed-out") === "1") return view({ state: "signed_out" }, lang);
  return viewOf(context, lang, await openEntry(context, "status", token), token, url.searchParams.get("confirmed") === "1");
}

/** intent "preferences", "delete" (with the confirming checkbox "confirm=yes"), "sign-out" or "resubscribe". */
/** `lang`: the page's language, kept by the redirects to the goodbye and signed-out pages. */
export async function handleStatusAction(request: Request, context: AppLoadContext, lang: Lang) {
  const fields = (await readFormFields(request)) ?? {};
  const opened = await openEntry(context, "status", tokenOf(request, fields));
  // Nothing changes without a valid link; the page itself (the loader) says why.
  if (opened.access !== "valid") return result({ intent: "refused" }, opened.access === "expired" ? 410 : 400);
  const { entry } = opened;

  switch (fields.intent) {
    case "preferences":
      if (!(await savePreferences(context.cloudflare.env.DB, entry.id, preferencesFrom(fields)))) return result({ intent: "refused" }, 409);
      return result({ intent: "preferences", saved: true });
    case "delete":
      if (entry.status === "pending") return result({ intent: "refused" }, 409);
      if (fields.confirm !== "yes") return result({ intent: "delete", error: "confirm_required" }, 400);
      await deleteEntry(context, entry);
      return redirect(localizedPath(lang, GOODBYE_PATH), { headers: PRIVATE_PAGE_HEADERS });
    case "sign-out": {
      const outcome = await signOutOldLinks(context, entry);
      if (outcome === "not_confirmed") return result({ intent: "refused" }, 409);
      if (outcome === "email_off") return result({ intent: "sign-out", error: "email_off" }, 409);
      return redirect(localizedPath(lang, SIGNED_OUT_PATH), { headers: PRIVATE_PAGE_HEADERS });
    }
    case "resubscribe":
      if (entry.status !== "unsubscribed") return result({ intent: "refused" }, 409);
      await confirmEntry(context, entry, { consent: REJOIN_CONSENT });
      return result({ intent: "resubscribe", done: true });
    default:
      return result({ intent: "refused" }, 400);
  }
}

/**
 * /waitlist/confirm?token=…: the page behind the confirmation link. GET only shows the Confirm button
 * (mail scanners open links and must not confirm on the reader's behalf); the button's POST confirms
 * and redirects to the status page (post/redirect/get). An expired link offers a new one.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { redirect } from "@remix-run/cloudflare";
import { localizedPath, type Lang } from "~/lib/i18n/languages";
import { readFormFields } from "~/lib/public-form.server";
import { entryPageAnswer, entryPagePath, openEntry, PRIVATE_PAGE_HEADERS, tokenOf, type EntryAccess } from "./entry-access.server";
import type { ConfirmView } from "./entry-views";
import { confirmEntry, resendConfirmation } from "./confirmation.server";
import { requestOf } from "./entry-request";

const answer = (view: ConfirmView, status = 200, lang?: Lang) => entryPageAnswer(view, status, lang);

/** `lang`: the loader's page language (its answer carries the page's messages). */
async function viewOf(opened: EntryAccess, token: string | null, lang?: Lang): Promise<ReturnType<typeof answer>> {
  if (opened.access === "invalid" || opened.access === "gone" || token === null) return answer({ state: "invalid" }, 400, lang);
  const { entry, keys } = opened;
  if (opened.access === "expired") {
    // An expired link names its entry, but opens nothing else: no status link from it.
    return answer({ state: "expired", canResend: entry.status === "pending", alreadyConfirmed: entry.status === "confirmed", token }, 410, lang);
  }
  // A confirmed entry's link confirms its request to join the beta, if one is waiting (ADR 0048).
  const request = { ...requestOf(entry), beta: entry.intent === "beta_testing" || entry.betaJoinRequested };
  if (entry.status === "confirmed" && !entry.betaJoinRequested) {
    return answer({ state: "already_confirmed", statusPath: await entryPagePath(keys, "status", entry), request }, 200, lang);
  }
  return answer({ state: "ready", token, firstName: entry.firstName, rejoining: entry.status === "unsubscribed", request }, 200, lang);
}

export async function loadConfirmPage(request: Request, context: AppLoadContext, lang: Lang) {
  const token = tokenOf(request);
  return viewOf(await openEntry(context, "confirm", token), token, lang);
}

/** intent "confirm" (the button) or "resend" (a new link, from the expired page). */
/** `lang`: the page's language, kept by the redirect to the status page. */
export async function handleConfirmAction(request: Request, context: AppLoadContext, lang: Lang) {
  const fields = await readFormFields(request);
  const token = tokenOf(request, fields);
  const opened = await openEntry(context, "confirm", token);
  if (opened.access === "invalid" || opened.access === "gone") return viewOf(opened, token);

  if (fields?.intent === "resend") {
    const outcome = await resendConfirmation(context, opened.entry);
    // Only a pending entry has a confirmation to resend; anything else answers as the page does.
    return outcome === "not_pending" ? viewOf(opened, token) : answer({ state: "resent", outcome }, outcome === "sent" ? 200 : 429);
  }
  if (opened.access === "expired") return viewOf(opened, token);

  const outcome = await confirmEntry(context, opened.entry);
  if (outcome === "already_confirmed") {
    // Confirmed meanwhile (a double click): as the entry is now, a join request included.
    const { entry } = opened;
    const intent = entry.betaJoinRequested ? "beta_testing" : entry.intent;
    return viewOf({ ...opened, entry: { ...entry, status: "confirmed", intent, betaJoinRequested: false } }, token);
  }
  return redirect(localizedPath(lang, await entryPagePath(opened.keys, "status", opened.entry, { confirmed: "1" })), { headers: PRIVATE_PAGE_HEADERS });
}

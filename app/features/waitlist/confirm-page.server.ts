/**
 * /waitlist/confirm?token=…: the page behind the confirmation link. GET only shows the Confirm button
 * (mail scanners open links and must not confirm on the reader's behalf); the button's POST confirms
 * and redirects to the status page (post/redirect/get). An expired link offers a new one.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { json, redirect } from "@remix-run/cloudflare";
import { readFormFields } from "~/lib/public-form.server";
import { entryPagePath, openEntry, PRIVATE_PAGE_HEADERS, tokenOf, type EntryAccess } from "./entry-access.server";
import type { ConfirmView } from "./entry-views";
import { confirmEntry, resendConfirmation } from "./confirmation.server";
import { requestOf } from "./entry-request";

const answer = (view: ConfirmView, status = 200) => json({ view }, { status, headers: PRIVATE_PAGE_HEADERS });

async function viewOf(opened: EntryAccess, token: string | null): Promise<ReturnType<typeof answer>> {
  if (opened.access === "invalid" || opened.access === "gone" || token === null) return answer({ state: "invalid" }, 400);
  const { entry, keys } = opened;
  if (opened.access === "expired") {
    // An expired link names its entry, but opens nothing else: no status link from it.
    return answer({ state: "expired", canResend: entry.status === "pending", alreadyConfirmed: entry.status === "confirmed", token }, 410);
  }
  // A confirmed entry's link confirms its request to join the beta, if one is waiting (ADR 0048).
  const request = { ...requestOf(entry), beta: entry.intent === "beta_testing" || entry.betaJoinRequested };
  if (entry.status === "confirmed" && !entry.betaJoinRequested) {
    return answer({ state: "already_confirmed", statusPath: await entryPagePath(keys, "status", entry), request });
  }
  return answer({ state: "ready", token, firstName: entry.firstName, rejoining: entry.status === "unsubscribed", request });
}

export async function loadConfirmPage(request: Request, context: AppLoadContext) {
  const token = tokenOf(request);
  return viewOf(await openEntry(context, "confirm", token), token);
}

/** intent "confirm" (the button) or "resend" (a new link, from the expired page). */
export async function handleConfirmAction(request: Request, context: AppLoadContext) {
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
  return redirect(await entryPagePath(opened.keys, "status", opened.entry, { confirmed: "1" }), { headers: PRIVATE_PAGE_HEADERS });
}

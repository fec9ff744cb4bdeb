/**
 * Getting a working status link, and revoking the old ones (ADR 0045). Both send the status_link
 * message through the outbox; neither ever shows a link on a page, so holding an old link (or knowing
 * an address) never yields a new one:
 *
 * - "Email me my link" (/waitlist/link): the same answer for every address; a confirmed entry with
 *   exactly that address is emailed a fresh link. Limited per client and per inbox (lib/inbox.ts), and
 *   a suppressed address gets nothing (the sender checks the list before every message).
 * - "Sign out old links" (the status page): the entry's link version goes up, so every earlier status
 *   and confirm link stops working, the one just used included; the new link goes to the inbox.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { nudgeEmailDelivery } from "~/features/email/nudge.server";
import { newIdempotencyKey, outboxInsert } from "~/features/email/outbox.server";
import { checkKeyedLimits } from "~/lib/client-limiter.server";
import { emailSettings } from "~/lib/env.server";
import { normaliseEmail } from "~/lib/field-rules";
import { serverT } from "~/lib/i18n/catalogues.server";
import type { Lang } from "~/lib/i18n/languages";
import { inboxKey } from "~/lib/inbox";
import { logError } from "~/lib/log.server";
import { RATE_LIMIT_MESSAGE, WAITLIST_FORM_MESSAGES } from "~/lib/messages";
import { formFailure, type PublicFormAnswer } from "~/lib/public-form-answer";
import { clientOverLimit, fieldsRefused, formAnswer, readFormFields, readPublicForm, submissionRefused } from "~/lib/public-form.server";
import type { WaitlistEntryRecord } from "./entry-access.server";
import { statusLinkRequestSchema, type StatusLinkAsked } from "./status-link-request";

/**
 * Requests one client may send (whatever the addresses), and links one inbox may be sent: at most 1 in
 * any 10 minutes and 5 in any day (sliding, as the sign-up's confirmations per inbox).
 */
export const STATUS_LINK_LIMITS = {
  perClient: { scope: "status-link", max: 10, windowSeconds: 3_600 },
  perInbox: [
    { scope: "inbox-status-link-10m", max: 1, windowSeconds: 600, sliding: true },
    { scope: "inbox-status-link-day", max: 5, windowSeconds: 86_400, sliding: true },
  ],
} as const;

/** POST /waitlist/link: "Email me my link", refusing in the language of the page it was sent from. */
export async function handleStatusLinkRequest(request: Request, context: AppLoadContext, lang: Lang) {
  const fields = await readFormFields(request);
  if (!fields) return formAnswer(formFailure(WAITLIST_FORM_MESSAGES.fallback), 400);
  const submission = readPublicForm(fields, statusLinkRequestSchema);
  if (submission.status !== "success") return fieldsRefused(submission);
  const email = normaliseEmail(submission.value.email);

  // 409, as the owner's forms answer while email is off: the site's state, not a fault.
  const t = serverT(lang);
  if (!emailSettings(context.env).enabled) return submissionRefused(submission, t("statusLink.emailOff"), 409);
  const client = await clientOverLimit(request, context, STATUS_LINK_LIMITS.perClient);
  if (client.limited) return submissionRefused(submission, RATE_LIMIT_MESSAGE, 429, { "Retry-After": String(client.retryAfterSeconds) });
  // Counted for every address asked about, on the list or not, so the limit says nothing about membership.
  const inbox = await checkKeyedLimits(context, `inbox:${inboxKey(email)}`, STATUS_LINK_LIMITS.perInbox);
  if (inbox.limited) {
    const message = t("statusLink.tooManyForInbox", { minutes: Math.ceil(inbox.retryAfterSeconds / 60) });
    return submissionRefused(submission, message, 429, { "Retry-After": String(inbox.retryAfterSeconds) });
  }

  try {
    // One statement whoever asks: the message is queued only for a confirmed entry with this address.
    const result = await statusLinkInsert(context.cloudflare.env.DB, { email }).run();
    if (result.meta.changes > 0) nudgeEmailDelivery(context);
  } catch (error) {
    logError("status_link_request_failed", error);
    return submissionRefused(submission, WAITLIST_FORM_MESSAGES.fallback, 503);
  }
  return formAnswer<PublicFormAnswer<StatusLinkAsked>>({ state: "success", email });
}

/**
 * A fresh status link for the entry with exactly this address (whoever asks, "Email me my link"), or
 * with this id (the owner's "Resend the status link"): queued only if that entry is confirmed when the
 * statement runs.
 */
export function statusLinkInsert(db: D1Database, to: { email: string } | { id: number; email: string }): D1PreparedStatement {
  const byId = "id" in to;
  return outboxInsert(db, {
    idempotencyKey: newIdempotencyKey("status_link"),
    kind: "status_link",
    recipient: to.email,
    waitlist: byId ? { id: to.id } : { email: to.email },
    onlyIf: { sql: `EXISTS (SELECT 1 FROM waitlist WHERE ${byId ? "id" : "email"} = ?7 AND status = 'confirmed')`, params: [byId ? to.id : to.email] },
  });
}

export type SignOutOutcome = "signed_out" | "email_off" | "not_confirmed";

/**
 * "Sign out old links": raises the entry's link version and queues the new link to its address, in one
 * batch, both under the version the caller's link carried; a second click (or a race) finds it raised
 * and changes nothing more. Only a confirmed entry, and only while email can be sent: otherwise the
 * person would be left with no working link at all.
 */
export async function signOutOldLinks(context: AppLoadContext, entry: WaitlistEntryRecord): Promise<SignOutOutcome> {
  if (entry.status !== "confirmed") return "not_confirmed";
  if (!emailSettings(context.env).enabled) return "email_off";
  const db = context.cloudflare.env.DB;
  const next = entry.linkVersion + 1;
  const [raised] = await db.batch([
    db.prepare("UPDATE waitlist SET link_version = ?3 WHERE id = ?1 AND status = 'confirmed' AND link_version = ?2").bind(entry.id, entry.linkVersion, next),
    outboxInsert(db, {
      idempotencyKey: `status_link:${entry.id}:v${next}`,
      kind: "status_link",
      recipient: entry.email,
      waitlist: { id: entry.id },
      payload: { signedOut: true },
      onlyIf: { sql: "EXISTS (SELECT 1 FROM waitlist WHERE id = ?7 AND link_version = ?8)", params: [entry.id, next] },
    }),
  ]);
  if ((raised?.meta.changes ?? 0) > 0) nudgeEmailDelivery(context);
  return "signed_out";
}

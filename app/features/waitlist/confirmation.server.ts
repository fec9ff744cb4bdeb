/**
 * Double opt-in, the person's side (ADR 0031): confirming an address (the POST behind the Confirm
 * button; mail scanners only GET), and asking for a fresh confirmation link when one expired.
 *
 * A confirmation is ONE D1 batch, so it lands whole or not at all:
 *   1. the entry becomes confirmed: confirmed_at, unsubscribed_at cleared, preferences untouched, and a
 *      beta sign-up the next line_seq in confirmation order (an entry that had one keeps it; a notify-me
 *      request never gets one, ADR 0048). A confirmed notify-me entry's request to join the beta
 *      (beta_join_requested_at) is confirmed the same way: it joins the beta program, with its place, beta
 *      invitations and the proof of consent it left waiting;
 *   2. its referrer is credited, once per person ever: referred_by set, not itself, and the person's
 *      inbox new to the referral ledger (referral-credit.server.ts, ADR 0045);
 *   3. its address leaves the suppression list (a confirmation is new consent);
 *   4. the welcome message is queued, with the place in line computed in the same transaction.
 * Steps 2 and 4 apply only if step 1 changed the entry in this batch: they are keyed on the
 * confirmed_at this batch wrote, so a second confirmation (a double click, a replay) does nothing.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { recordConfirmedConversions, takeSignupVariants } from "~/features/analytics/ab-conversions.server";
import { nudgeEmailDelivery } from "~/features/email/nudge.server";
import { outboxInsert } from "~/features/email/outbox.server";
import { liftSuppression } from "~/features/email/suppression.server";
import { emailSettings } from "~/lib/env.server";
import { readReferralBoost } from "~/lib/settings.server";
import type { WaitlistEntryRecord } from "./entry-access.server";
import { placePayloadSql } from "./place-in-line.server";
import { referralCreditStatements } from "./referral-credit.server";
import { CONFIRMATION_RESEND_MS } from "./waitlist.server";

/** Proof of a consent given somewhere other than the sign-up form (rejoining from the status page). */
export interface ConsentRecord {
  form: string;
  page: string;
  wording: string;
}

export type ConfirmOutcome = "confirmed" | "already_confirmed";

/** Whether the confirmation puts the entry in the beta line: a beta sign-up, or a request to join the beta. */
const JOINS_BETA = "(intent = 'beta_testing' OR beta_join_requested_at IS NOT NULL)";

const iso = (ms: number) => new Date(ms).toISOString();

/**
 * Confirms `entry` (pending, or unsubscribed and coming back). `consent`, when given, replaces the
 * entry's proof of consent with this one (the sign-up's proof stays for a first confirmation).
 */
export async function confirmEntry(
  context: AppLoadContext,
  entry: WaitlistEntryRecord,
  { now = Date.now(), consent }: { now?: number; consent?: ConsentRecord } = {},
): Promise<ConfirmOutcome> {
  if (entry.status === "confirmed" && !entry.betaJoinRequested) return "already_confirmed";
  const db = context.cloudflare.env.DB;
  const at = iso(now);
  const boost = await readReferralBoost(db);
  const statements: D1PreparedStatement[] = [
    // The proof of consent becomes the one given now: `consent`, else the one a sign-up (or a request
    // to join the beta) left waiting (pending_consent_*), else the sign-up's own stays; an imported person
    // asked to confirm gave none before, so this confirmation is it (ADR 0053). Every right-hand
    // side reads the row as it was: the intent and the join request before this change.
    db
      .prepare(
        `UPDATE waitlist
            SET status = 'confirmed', confirmed_at = ?2, unsubscribed_at = NULL,
                line_seq = CASE WHEN ${JOINS_BETA} THEN coalesce(line_seq, (SELECT coalesce(max(line_seq), 0) + 1 FROM waitlist)) END,
                intent = CASE WHEN ${JOINS_BETA} THEN 'beta_testing' ELSE intent END,
                wants_invitations = CASE WHEN beta_join_requested_at IS NOT NULL THEN 1 ELSE wants_invitations END,
                beta_join_requested_at = NULL,
                consent_at = coalesce(?3, pending_consent_at, consent_at, ?2), consent_form = coalesce(?4, pending_consent_form, consent_form),
                consent_page = coalesce(?5, pending_consent_page, consent_page), consent_wording = coalesce(?6, pending_consent_wording, consent_wording),
                pending_consent_at = NULL, pending_consent_form = NULL, pending_consent_page = NULL, pending_consent_wording = NULL
          WHERE id = ?1 AND (status <> 'confirmed' OR beta_join_requested_at IS NOT NULL)`,
      )
      .bind(entry.id, at, consent ? at : null, consent?.form ?? null, consent?.page ?? null, consent?.wording ?? null),
  ];
  // Without the hashing secret there is no ledger, and so no credit (never one that could repeat).
  const secret = context.env.SUPPRESSION_HASH_SECRET;
  if (secret) statements.push(...(await referralCreditStatements(db, secret, entry, at)), await liftSuppression(db, secret, entry.email));
  const sending = emailSettings(context.env).enabled;
  if (sending) {
    // Unique per confirmation: a later confirmation (after leaving the list) is welcomed again.
    const idempotencyKey = `welcome:${entry.id}:${at}`;
    statements.push(
      outboxInsert(db, {
        idempotencyKey,
        kind: "welcome",
        recipient: entry.email,
        waitlist: { id: entry.id },
        onlyIf: { sql: "EXISTS (SELECT 1 FROM waitlist WHERE id = ?7 AND status = 'confirmed' AND confirmed_at = ?8)", params: [entry.id, at] },
      }),
      // The place in line as it is now, in the same transaction, for the message to show.
      db
        .prepare(`UPDATE email_outbox SET payload = (SELECT ${placePayloadSql("me", "?3")} FROM waitlist AS me WHERE me.id = ?2) WHERE idempotency_key = ?1`)
        .bind(idempotencyKey, entry.id, boost),
    );
  }
  // The A/B variants kept at sign-up: this confirmation is their conversion (ADR 0047).
  const abVariants = takeSignupVariants(db, entry.id, at);
  statements.push(abVariants.read, abVariants.clear);
  const results = await db.batch(statements);
  const [update] = results;
  const confirmed = (update?.meta.changes ?? 0) > 0;
  if (confirmed && sending) nudgeEmailDelivery(context);
  if (confirmed) recordConfirmedConversions(context, results[statements.indexOf(abVariants.read)], now);
  return confirmed ? "confirmed" : "already_confirmed";
}

export type ResendOutcome = "sent" | "too_soon" | "not_pending";

/**
 * A fresh confirmation message for a pending entry whose link expired, at most once per
 * CONFIRMATION_RESEND_MS (the sign-up's own resend window): in one batch, the message is queued and
 * confirmation_sent_at moved, both under the same condition tested before either changes it, so
 * racing requests queue one message. It asks for consent just now, so it reaches even a suppressed
 * address (consentRequest), as the sign-up's confirmation does.
 */
export async function resendConfirmation(
  context: AppLoadContext,
  entry: WaitlistEntryRecord,
  now = Date.now(),
  /** Statements to run right after the move, in the same batch (the owner's audit row, keyed on its changes()). */
  after: D1PreparedStatement[] = [],
): Promise<ResendOutcome> {
  if (entry.status !== "pending") return "not_pending";
  if (!emailSettings(context.env).enabled) return "not_pending";
  const db = context.cloudflare.env.DB;
  const at = iso(now);
  const cutoff = iso(now - CONFIRMATION_RESEND_MS);
  /** Pending, and its last confirmation older than the window (`cutoff` is a parameter). */
  const due = (cutoffParam: string) => `status = 'pending' AND (confirmation_sent_at IS NULL OR confirmation_sent_at <= ${cutoffParam})`;
  const [, moved] = await db.batch([
    outboxInsert(db, {
      idempotencyKey: `confirm:${entry.id}:${at}`,
      kind: "confirm",
      recipient: entry.email,
      waitlist: { id: entry.id },
      payload: { consentRequest: true },
      onlyIf: { sql: `EXISTS (SELECT 1 FROM waitlist WHERE id = ?7 AND ${due("?8")})`, params: [entry.id, cutoff] },
    }),
    db.prepare(`UPDATE waitlist SET confirmation_sent_at = ?1 WHERE id = ?2 AND ${due("?3")}`).bind(at, entry.id, cutoff),
    ...after,
  ]);
  if ((moved?.meta.changes ?? 0) === 0) return "too_soon";
  nudgeEmailDelivery(context);
  return "sent";
}

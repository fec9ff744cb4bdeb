/**
 * A sign-up for an address already on the list, asking for what its entry lacks (issue 30, ADR 0048).
 * The beta program and notify-me are two lists, and one person may be on both:
 *
 * - A pending or unsubscribed entry: nothing of it is in force until it is confirmed, so the request
 *   joins it (the beta program, platforms, news and updates) and the confirmation that signUpAgain sends
 *   again covers both. It takes a place in line when it is confirmed, if it asked for the beta. Its
 *   language is the request's: the latest choice wins, and the confirmation goes out in it (ADR 0058).
 * - A confirmed entry asking for a platform: the platform is added at once (one more email, to an address
 *   that confirmed it wants our mail); nothing else changes, no place in line. News and updates stay as
 *   the person set them on their status page: an anonymous form never turns them back on, nor changes
 *   the language a confirmed person's emails are in.
 * - A confirmed notify-me entry asking to join the beta: a confirmation asks the address's owner first;
 *   the request waits (beta_join_requested_at, its proof of consent in pending_consent_*) and confirming
 *   it gives the place in line (confirmation.server.ts). While email is off (single opt-in) it is in
 *   force at once, as a sign-up is.
 * - Anything else (a beta tester asking for the beta again): null, and signUpAgain answers.
 */
import { newIdempotencyKey, outboxInsert } from "~/features/email/outbox.server";
import { INBOX_BUSY_MESSAGE, WaitlistError, type ExistingEntry, type NewWaitlistEntry, type SignUpOptions, type SignUpOutcome } from "./waitlist.server";

const iso = (ms: number) => new Date(ms).toISOString();

/** The next place in confirmation order (line_seq), as the sign-up and the confirmation number it. */
const NEXT_LINE_SEQ = "(SELECT coalesce(max(line_seq), 0) + 1 FROM waitlist)";

type RequestOptions = SignUpOptions & { now: number; resendCutoff: string };

export async function addRequestToEntry(d1: D1Database, entry: NewWaitlistEntry, existing: ExistingEntry, options: RequestOptions): Promise<SignUpOutcome | null> {
  const p = entry.preferences;
  const asksForBeta = entry.intent === "beta_testing";

  if (existing.status !== "confirmed") {
    await d1
      .prepare(
        `UPDATE waitlist
            SET intent = CASE WHEN ?2 = 1 THEN 'beta_testing' ELSE intent END,
                wants_invitations = max(wants_invitations, ?3), wants_android = max(wants_android, ?4),
                wants_macos = max(wants_macos, ?5), wants_chrome_extension = max(wants_chrome_extension, ?6),
                wants_updates = max(wants_updates, ?7), language = ?8
          WHERE id = ?1 AND status <> 'confirmed'`,
      )
      .bind(existing.id, Number(asksForBeta), Number(p.invitations), Number(p.android), Number(p.macos), Number(p.chromeExtension), Number(p.updates), entry.language)
      .run();
    return null;
  }

  if (!asksForBeta) {
    if (!p.android && !p.macos && !p.chromeExtension) return null;
    await d1
      .prepare(
        `UPDATE waitlist SET wants_android = max(wants_android, ?2), wants_macos = max(wants_macos, ?3),
                wants_chrome_extension = max(wants_chrome_extension, ?4)
          WHERE id = ?1 AND status = 'confirmed'`,
      )
      .bind(existing.id, Number(p.android), Number(p.macos), Number(p.chromeExtension))
      .run();
    return { kind: "updated", confirmationQueued: false };
  }

  if (existing.intent === "beta_testing") return null;
  // This inbox had its share of confirmations (ADR 0044): nothing is asked for now.
  if (options.doubleOptIn && options.confirmationAllowed === false) throw new WaitlistError("inbox_busy", INBOX_BUSY_MESSAGE);
  return await requestToJoinBeta(d1, existing.id, entry, options);
}

/** A confirmed notify-me entry asks to join the beta: confirmed by email first (or at once while email is off). */
async function requestToJoinBeta(d1: D1Database, id: number, entry: NewWaitlistEntry, { doubleOptIn, now, resendCutoff }: RequestOptions): Promise<SignUpOutcome> {
  const notInBeta = "status = 'confirmed' AND intent <> 'beta_testing'";
  if (!doubleOptIn) {
    await d1
      .prepare(`UPDATE waitlist SET intent = 'beta_testing', wants_invitations = 1, line_seq = coalesce(line_seq, ${NEXT_LINE_SEQ}) WHERE id = ?1 AND ${notInBeta}`)
      .bind(id)
      .run();
    return { kind: "added", pendingConfirmation: false, confirmationQueued: false };
  }
  // The first request always sends its confirmation; a repeat, at most once per resend window. Both
  // statements test the same condition before either changes it (as signUpAgain's resend does).
  const due = (cutoff: string) => `(beta_join_requested_at IS NULL OR confirmation_sent_at IS NULL OR confirmation_sent_at <= ${cutoff})`;
  const { consent } = entry;
  const [queued] = await d1.batch([
    outboxInsert(d1, {
      idempotencyKey: newIdempotencyKey("confirm"),
      kind: "confirm",
      recipient: entry.email,
      waitlist: { id },
      payload: { form: consent.form, joinBeta: true },
      onlyIf: { sql: `EXISTS (SELECT 1 FROM waitlist WHERE id = ?7 AND ${notInBeta} AND ${due("?8")})`, params: [id, resendCutoff] },
    }),
    // The request's proof of consent waits, as a come-back's does, until the confirmation arrives.
    d1
      .prepare(
        `UPDATE waitlist SET beta_join_requested_at = ?2, confirmation_sent_at = ?2,
                pending_consent_at = ?2, pending_consent_form = ?3, pending_consent_page = ?4, pending_consent_wording = ?5
          WHERE id = ?1 AND ${notInBeta} AND ${due("?6")}`,
      )
      .bind(id, iso(now), consent.form, consent.page, consent.wording, resendCutoff),
  ]);
  return { kind: "added", pendingConfirmation: true, confirmationQueued: (queued?.meta.changes ?? 0) > 0 };
}

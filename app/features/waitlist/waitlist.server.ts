/**
 * The waitlist data layer: joining the list, in one D1 batch per outcome.
 *
 * - Email on (double opt-in, ADR 0031): the entry is stored 'pending' and its confirmation message is
 *   queued in the outbox in the same batch, so neither lands without the other.
 * - Email off (production without a provider): the entry is stored 'confirmed' (single opt-in) and a
 *   beta sign-up takes the next place in line, as before issue 16 (a notify-me request never has one).
 *
 * Duplicates rely on the unique index on email, so two concurrent sign-ups of one address can never
 * both land. Signing up again answers "already" (pending or confirmed); a pending entry gets its
 * confirmation again, at most once per CONFIRMATION_RESEND_MS. An unsubscribed person who signs up
 * again is sent a confirmation: confirming is their new consent. Errors carry the spec's data-layer
 * messages (section 8) and the UI maps them with waitlistFormMessage().
 */
import type { WaitlistMetadata } from "~/db/schema";
import type { Lang } from "~/lib/i18n/languages";
import { newIdempotencyKey, outboxInsert } from "~/features/email/outbox.server";
import { errorText, isUniqueViolation } from "~/lib/db.server";
import { normaliseEmail } from "~/lib/field-rules";
import { logError } from "~/lib/log.server";
import { consentRequestGate } from "~/features/email/suppression.server";
import { DATA_LAYER_MESSAGES } from "~/lib/messages";
import type { ConsentWordingVersion } from "./consent-wording";
import { addRequestToEntry } from "./list-requests.server";
import { newReferralCode } from "./referral-code";

/** A pending entry is sent its confirmation again at most this often. */
export const CONFIRMATION_RESEND_MS = 10 * 60_000;

export interface EmailPreferences {
  updates: boolean;
  invitations: boolean;
  android: boolean;
  macos: boolean;
  chromeExtension: boolean;
}

export interface NewWaitlistEntry {
  email: string;
  firstName: string | null;
  lastName: string | null;
  source: string;
  intent: string;
  metadata: WaitlistMetadata;
  /** Proof of consent: the form ("waitlist" or "notify"), the page it was on, the wording it showed. */
  consent: { form: "waitlist" | "notify"; page: string; wording: ConsentWordingVersion };
  preferences: EmailPreferences;
  /** The referral code of the link this person came through, if any (credited only once they confirm). */
  referredByCode: string | null;
  /**
   * The A/B variants the person was shown: kept for the funnel's split (signup_variants, ADR 0055), and
   * with double opt-in also as the conversion its confirmation counts (ab_variants, ADR 0047).
   */
  abVariants?: Record<string, string> | null;
  /** The language of the page the sign-up was made on: every email to the person is in it (ADR 0058). */
  language: Lang;
}

export type SignUpOutcome =
  /** A new entry; pendingConfirmation with double opt-in, confirmationQueued when its message was queued (not to a suppressed inbox). */
  | { kind: "added"; pendingConfirmation: boolean; confirmationQueued: boolean }
  /** An unsubscribed person asked to come back: confirmationQueued when a confirmation went out for it. */
  | { kind: "rejoining"; confirmationQueued: boolean }
  /** Already on the list (pending or confirmed); resent when a pending entry's confirmation went out again. */
  | { kind: "already"; resent: boolean }
  /** A confirmed entry now also hears about the platform asked for (list-requests.server.ts): nothing to confirm. */
  | { kind: "updated"; confirmationQueued: false };

export type WaitlistErrorKind = "duplicate" | "server" | "inbox_busy";

export class WaitlistError extends Error {
  constructor(
    readonly kind: WaitlistErrorKind,
    message: string,
  ) {
    super(message);
    this.name = "WaitlistError";
  }
}

const iso = (ms: number) => new Date(ms).toISOString();

/** Whether an entry's last confirmation is old enough to send another (a SQL condition on waitlist). */
const RESEND_DUE = "(confirmation_sent_at IS NULL OR confirmation_sent_at <= ?8)";

export interface SignUpOptions {
  doubleOptIn: boolean;
  now?: number;
  /** The suppression list's secret: a consent request never reaches a bounced or complained inbox. */
  suppressionSecret?: string;
  /** False when this inbox had its share of confirmations: nothing new is stored, nothing sent. */
  confirmationAllowed?: boolean;
}

export type ExistingEntry = { id: number; status: "pending" | "confirmed" | "unsubscribed"; intent: string };

export async function addToWaitlist(d1: D1Database, entry: NewWaitlistEntry, options: SignUpOptions): Promise<SignUpOutcome> {
  const email = normaliseEmail(entry.email);
  const signUp = { ...entry, email };
  const confirmationAllowed = !options.doubleOptIn || options.confirmationAllowed !== false;
  try {
    if (!confirmationAllowed) {
      const existing = await existingEntry(d1, email);
      if (!existing) throw new WaitlistError("inbox_busy", INBOX_BUSY_MESSAGE);
      return await answerExisting(d1, signUp, existing, { ...options, confirmationAllowed });
    }
    // A referral-code collision (about 1 in 10^15 per pair) is retried once with a fresh code.
    for (let attempt = 0; ; attempt++) {
      try {
        const [, queued] = await d1.batch(await signUpStatements(d1, signUp, options));
        return { kind: "added", pendingConfirmation: options.doubleOptIn, confirmationQueued: options.doubleOptIn && (queued?.meta.changes ?? 0) > 0 };
      } catch (error) {
        if (!isUniqueViolation(error)) throw error;
        if (/referral_code/.test(errorText(error)) && attempt === 0) continue;
        // Deleted between the failed insert and this read: the spec's duplicate answer all the same.
        const existing = await existingEntry(d1, email);
        if (!existing) throw new WaitlistError("duplicate", DATA_LAYER_MESSAGES.duplicateEmail);
        return await answerExisting(d1, signUp, existing, { ...options, confirmationAllowed });
      }
    }
  } catch (error) {
    if (error instanceof WaitlistError) throw error;
    logError("waitlist_insert_failed", error, { source: entry.source });
    // The visitor sees the catalogue's server message; the cause stays in the log.
    throw new WaitlistError("server", "server error: the waitlist could not be saved");
  }
}

/** Shown when an inbox had a confirmation moments ago, or its day's share: nothing was stored. */
export const INBOX_BUSY_MESSAGE = "We just sent a confirmation link to this inbox. Please check it, and your spam folder, before trying again.";

function existingEntry(d1: D1Database, email: string): Promise<ExistingEntry | null> {
  return d1.prepare("SELECT id, status, intent FROM waitlist WHERE email = ?1").bind(email).first<ExistingEntry>();
}

/** On the list already: first what this request adds to the entry (the other list, ADR 0048), else signUpAgain's answer. */
async function answerExisting(d1: D1Database, entry: NewWaitlistEntry, existing: ExistingEntry, options: SignUpOptions): Promise<SignUpOutcome> {
  const { now = Date.now() } = options;
  const added = await addRequestToEntry(d1, entry, existing, { ...options, now, resendCutoff: iso(now - CONFIRMATION_RESEND_MS) });
  return added ?? (await signUpAgain(d1, entry, existing, options));
}

async function signUpStatements(d1: D1Database, entry: NewWaitlistEntry, { doubleOptIn, now = Date.now(), suppressionSecret }: SignUpOptions): Promise<D1PreparedStatement[]> {
  const { preferences: p, consent } = entry;
  const insertEntry = d1
    .prepare(
      `INSERT INTO waitlist (email, first_name, last_name, source, intent, metadata, created_at, status,
         line_seq, consent_at, consent_form, consent_page, consent_wording, referral_code, referred_by,
         wants_invitations, wants_android, wants_macos, wants_chrome_extension, confirmation_sent_at, ab_variants, wants_updates, signup_variants, language)
       VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8,
         CASE WHEN ?8 = 'confirmed' AND ?5 = 'beta_testing' THEN (SELECT coalesce(max(line_seq), 0) + 1 FROM waitlist) END,
         ?7, ?9, ?10, ?11, ?12, (SELECT id FROM waitlist WHERE referral_code = ?13),
         ?14, ?15, ?16, ?17, CASE WHEN ?8 = 'pending' THEN ?7 END, CASE WHEN ?8 = 'pending' THEN ?18 END, ?19, ?18, ?20)`,
    )
    .bind(
      entry.email,
      entry.firstName,
      entry.lastName,
      entry.source,
      entry.intent,
      JSON.stringify(entry.metadata),
      iso(now),
      doubleOptIn ? "pending" : "confirmed",
      consent.form,
      consent.page,
      consent.wording,
      newReferralCode(),
      entry.referredByCode,
      Number(p.invitations),
      Number(p.android),
      Number(p.macos),
      Number(p.chromeExtension),
      entry.abVariants ? JSON.stringify(entry.abVariants) : null,
      Number(p.updates),
      entry.language,
    );
  if (!doubleOptIn) return [insertEntry];
  const idempotencyKey = newIdempotencyKey("confirm");
  const gate = await consentRequestGate(d1, suppressionSecret, entry.email, { idempotencyKey, now });
  return [
    insertEntry,
    outboxInsert(d1, {
      idempotencyKey,
      kind: "confirm",
      recipient: entry.email,
      waitlist: { email: entry.email },
      payload: { consentRequest: true, form: consent.form },
      onlyIf: { sql: gate.condition("?7"), params: gate.params },
    }),
    ...gate.recordComeback,
  ];
}

/**
 * The address is on the list already: "already", or a new confirmation when that is what it needs
 * (a pending entry's, at most once per CONFIRMATION_RESEND_MS; an unsubscribed person's request to come
 * back, whose consent waits in pending_consent_* until it is confirmed).
 */
async function signUpAgain(
  d1: D1Database,
  entry: NewWaitlistEntry,
  existing: ExistingEntry,
  { doubleOptIn, now = Date.now(), suppressionSecret, confirmationAllowed }: SignUpOptions,
): Promise<SignUpOutcome> {
  // A confirmed entry, or any entry while email is off: the spec's duplicate answer.
  if (!doubleOptIn || existing.status === "confirmed") throw new WaitlistError("duplicate", DATA_LAYER_MESSAGES.duplicateEmail);
  const rejoining = existing.status === "unsubscribed";
  if (!confirmationAllowed) return rejoining ? { kind: "rejoining", confirmationQueued: false } : { kind: "already", resent: false };

  const cutoff = iso(now - CONFIRMATION_RESEND_MS);
  const idempotencyKey = newIdempotencyKey("confirm");
  const gate = await consentRequestGate(d1, suppressionSecret, entry.email, { idempotencyKey, now });
  // Both statements test the same condition before either changes it: the message is queued exactly
  // when the entry's confirmation_sent_at moves, once per window however many sign-ups race.
  const due = `EXISTS (SELECT 1 FROM waitlist WHERE id = ?7 AND ${RESEND_DUE}) AND ${gate.condition("?9")}`;
  const [, moved] = await d1.batch([
    outboxInsert(d1, {
      idempotencyKey,
      kind: "confirm",
      recipient: entry.email,
      waitlist: { id: existing.id },
      payload: { consentRequest: true, form: entry.consent.form },
      onlyIf: { sql: due, params: [existing.id, cutoff, ...gate.params] },
    }),
    d1
      .prepare(
        `UPDATE waitlist SET confirmation_sent_at = ?1${rejoining ? ", pending_consent_at = ?1, pending_consent_form = ?2, pending_consent_page = ?3, pending_consent_wording = ?4" : ""}
          WHERE id = ?7 AND EXISTS (SELECT 1 FROM email_outbox WHERE idempotency_key = ?5)`,
      )
      .bind(iso(now), entry.consent.form, entry.consent.page, entry.consent.wording, idempotencyKey, null, existing.id),
    ...gate.recordComeback,
  ]);
  const resent = (moved?.meta.changes ?? 0) > 0;
  return rejoining ? { kind: "rejoining", confirmationQueued: resent } : { kind: "already", resent };
}

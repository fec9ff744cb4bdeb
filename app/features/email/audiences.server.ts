/**
 * Who wants which of the owner's messages (issue 17, ADR 0036): the announcement segments and the beta
 * invitation's audience, each once, as the SQL condition that picks its people from `waitlist` (counts,
 * queueing) and as the test the sender makes again when the message is due (the person may have
 * changed their preferences, left or been suppressed since it was queued). Only confirmed entries are
 * ever in an audience: pending ones never confirmed, unsubscribed ones left.
 */
import type { MessageId } from "~/lib/i18n/message-id";
import { SEGMENTS, type Segment } from "./segments";
import type { EmailEntry } from "./templates/types.server";

export { SEGMENTS, type Segment };

interface Audience {
  /** A condition on `waitlist` (no parameters): who is in it. */
  sql: string;
  /** The same rule on an entry, checked again when the message is due. */
  wants(entry: EmailEntry): boolean;
  /** The footer's "why you get this" (a message of the email's language). */
  reason: MessageId;
}

const CONFIRMED = "status = 'confirmed'";

/**
 * Who is a beta tester (issue 30, ADR 0048): confirmed, in the beta program, with a place in line. A
 * notify-me entry is not, whatever its preferences say. The one rule for the place in line and its
 * total, the beta invitations, the beta testers segment and the admin's counts; `table` is the alias
 * the enclosing query gives `waitlist`.
 */
export function betaTesterSql(table = "waitlist"): string {
  return `${table}.status = 'confirmed' AND ${table}.intent = 'beta_testing' AND ${table}.line_seq IS NOT NULL`;
}

/**
 * A notify-me request (any status): an entry that asked to hear when a coming platform is ready, or a
 * notify-only entry (intent waitlist). A beta tester who also asked about Android is one, besides.
 */
export const NOTIFY_ME_SQL = "(waitlist.intent <> 'beta_testing' OR waitlist.wants_android = 1 OR waitlist.wants_macos = 1 OR waitlist.wants_chrome_extension = 1)";

/** The same rule on an entry as the sender sees it (a confirmed beta sign-up always has its place). */
export const isBetaTester = (e: EmailEntry) => e.status === "confirmed" && e.intent === "beta_testing";

export const SEGMENT_AUDIENCES: Record<Segment, Audience> = {
  beta_testers: {
    sql: `${betaTesterSql()} AND wants_invitations = 1`,
    wants: (e) => isBetaTester(e) && e.preferences.invitations,
    reason: "email.announcement.reason.beta_testers",
  },
  android: {
    sql: `${CONFIRMED} AND wants_android = 1`,
    wants: (e) => e.status === "confirmed" && e.preferences.android,
    reason: "email.announcement.reason.android",
  },
  macos: {
    sql: `${CONFIRMED} AND wants_macos = 1`,
    wants: (e) => e.status === "confirmed" && e.preferences.macos,
    reason: "email.announcement.reason.macos",
  },
  chrome_extension: {
    sql: `${CONFIRMED} AND wants_chrome_extension = 1`,
    wants: (e) => e.status === "confirmed" && e.preferences.chromeExtension,
    reason: "email.announcement.reason.chrome_extension",
  },
  updates: {
    sql: `${CONFIRMED} AND wants_updates = 1`,
    wants: (e) => e.status === "confirmed" && e.preferences.updates,
    reason: "email.announcement.reason.updates",
  },
};

export function isSegment(value: unknown): value is Segment {
  return typeof value === "string" && (SEGMENTS as readonly string[]).includes(value);
}

/** The first part of the invitation's audience: beta testers with invitations on, never invited (waitlist_invitable_idx holds them). */
export const INVITABLE_PEOPLE_SQL = `${betaTesterSql()} AND wants_invitations = 1 AND invited_at IS NULL`;
/** An outbox row (aliased `o`) that is someone's invitation, on its way or failed (at most one each). */
export const INVITATION_IN_OUTBOX_SQL = "o.kind = 'invitation' AND o.status <> 'cancelled'";

/**
 * Who may be sent a beta invitation: a beta tester, with beta invitations on, never invited, and no
 * invitation on its way or failed (a failed one is retried from its batch, never doubled by a new one).
 * The unique index email_outbox_one_invitation_unique enforces the last part whatever runs at once.
 */
export const INVITATION_AUDIENCE: Audience = {
  sql: `${INVITABLE_PEOPLE_SQL} AND NOT EXISTS (SELECT 1 FROM email_outbox o WHERE o.waitlist_id = waitlist.id AND ${INVITATION_IN_OUTBOX_SQL})`,
  wants: (e) => isBetaTester(e) && e.preferences.invitations,
  reason: "email.invitation.reason",
};

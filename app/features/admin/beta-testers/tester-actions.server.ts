/**
 * What the owner does to people on the beta list (issue 31, ADR 0052), from a person's page or on the
 * rows ticked in the table: resend their email (the confirmation while pending, the status link once
 * confirmed), move them to the front or set their priority, unsubscribe them, delete them, and keep
 * notes. Each reuses the path the site already has for it (the confirmation's resend, the status link,
 * the unsubscribe link's statements, the admin's delete), and each writes its audit row in the same
 * D1 batch as its change, only when the change happened.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import type { SignedInAdmin } from "~/features/admin/session.server";
import { nudgeEmailDelivery } from "~/features/email/nudge.server";
import { emailIsOn } from "~/features/outreach/launch.server";
import { resendConfirmation } from "~/features/waitlist/confirmation.server";
import { readEntry } from "~/features/waitlist/entry-access.server";
import { inLineSql } from "~/features/waitlist/place-in-line.server";
import { statusLinkInsert } from "~/features/waitlist/status-links.server";
import { unsubscribeStatements } from "~/features/waitlist/unsubscribe.server";
import { CONFIRMATION_RESEND_MS } from "~/features/waitlist/waitlist.server";
import { eq } from "drizzle-orm";
import { waitlist } from "~/db/schema";
import { auditChangesStatement, auditStatement } from "~/features/admin/audit.server";
import { createDb } from "~/lib/db.server";

const n = (count: number, one: string, many: string) => `${count.toLocaleString("en")} ${count === 1 ? one : many}`;

export const TESTER_MESSAGES = {
  emailOff: "Email is off, so nothing can be sent. The Email page says how to turn it on.",
  gone: "That person is no longer on the list.",
  noneTicked: "Tick at least one person in the table first.",
  unknownAction: "That action is not available here.",
  resent: (sent: number, tooSoon: number, skipped: number) =>
    [
      sent > 0 ? `Sent ${n(sent, "message", "messages")} again.` : "Nothing was sent.",
      tooSoon > 0 ? `${n(tooSoon, "confirmation was", "confirmations were")} sent less than ${CONFIRMATION_RESEND_MS / 60_000} minutes ago; try again later.` : "",
      skipped > 0 ? `${n(skipped, "person has", "people have")} unsubscribed: they get nothing.` : "",
    ]
      .filter(Boolean)
      .join(" "),
  movedToFront: (moved: number, skipped: number) =>
    `${moved > 0 ? `Moved ${n(moved, "person", "people")} to the front of the line.` : "No one was moved."}${skipped > 0 ? ` ${n(skipped, "person is", "people are")} not in line (pending, unsubscribed or notify-me only).` : ""}`,
  priority: (email: string, priority: number) => `${email} now has priority ${priority.toLocaleString("en")}.`,
  unsubscribed: (count: number) => `Unsubscribed ${n(count, "person", "people")}: they get no more email. Pending sign-ups were removed.`,
  deleted: (count: number) => `Deleted ${n(count, "person", "people")} from the beta list.`,
  noteAdded: "Note added.",
} as const;

/** Whether an entry is in line (the line's own rule), by id. */
const IN_LINE_BY_ID = `EXISTS (SELECT 1 FROM waitlist AS w WHERE w.id = ?1 AND ${inLineSql("w")})`;

/**
 * Sends each person their link again: a pending one a fresh confirmation (at most once per
 * CONFIRMATION_RESEND_MS, as the sign-up's own resend), a confirmed one a fresh status link.
 * Unsubscribed people get nothing. Null when email is off.
 */
export async function resendEmails(context: AppLoadContext, admin: SignedInAdmin, ids: number[]): Promise<{ sent: number; tooSoon: number; skipped: number } | null> {
  if (!emailIsOn(context)) return null;
  const db = context.cloudflare.env.DB;
  const counts = { sent: 0, tooSoon: 0, skipped: 0 };
  for (const id of ids) {
    const entry = await readEntry(db, id);
    if (!entry || entry.status === "unsubscribed") {
      counts.skipped += entry ? 1 : 0;
      continue;
    }
    if (entry.status === "pending") {
      const outcome = await resendConfirmation(context, entry, Date.now(), [auditChangesStatement(db, admin, "resent confirmation", entry.email)]);
      counts[outcome === "sent" ? "sent" : "tooSoon"]++;
      continue;
    }
    await db.batch([statusLinkInsert(db, entry), auditChangesStatement(db, admin, "resent status link", entry.email)]);
    counts.sent++;
  }
  if (counts.sent > 0) nudgeEmailDelivery(context);
  return counts;
}

/**
 * Puts the people ahead of everyone else in line: a priority one above the highest of the others, the
 * same for all of them (so among themselves the usual order holds). Only people in line move; asking
 * again for whoever is already first changes nothing.
 */
export async function moveToFront(d1: D1Database, admin: SignedInAdmin, ids: number[]): Promise<{ moved: number; skipped: number }> {
  let moved = 0;
  for (const id of ids) {
    const entry = await readEntry(d1, id);
    if (!entry) continue;
    const [update] = await d1.batch([
      d1
        .prepare(
          `UPDATE waitlist SET priority = (SELECT coalesce(max(other.priority), 0) + 1 FROM waitlist AS other
                                             WHERE ${inLineSql("other")} AND other.id NOT IN (SELECT value FROM json_each(?2)))
            WHERE id = ?1 AND ${IN_LINE_BY_ID}`,
        )
        .bind(id, JSON.stringify(ids)),
      auditChangesStatement(d1, admin, "moved to the front of the line", entry.email),
    ]);
    if ((update?.meta.changes ?? 0) > 0) moved++;
  }
  return { moved, skipped: ids.length - moved };
}

/** Sets one person's priority (0 is everyone's; higher goes first). False when there is no such person. */
export async function setPriority(d1: D1Database, admin: SignedInAdmin, id: number, priority: number): Promise<string | null> {
  const entry = await readEntry(d1, id);
  if (!entry) return null;
  await d1.batch([
    d1.prepare("UPDATE waitlist SET priority = ?2 WHERE id = ?1 AND priority <> ?2").bind(id, priority),
    auditChangesStatement(d1, admin, `set priority to ${priority}`, entry.email),
  ]);
  return entry.email;
}

/**
 * Takes people off the list as their unsubscribe link does (one batch each: a confirmed person keeps
 * the record and gets no more email, a pending one is deleted, the address is suppressed).
 */
export async function unsubscribePeople(context: AppLoadContext, admin: SignedInAdmin, ids: number[]): Promise<number> {
  const db = context.cloudflare.env.DB;
  let done = 0;
  for (const id of ids) {
    const entry = await readEntry(db, id);
    if (!entry || entry.status === "unsubscribed") continue;
    // The audit row first: a pending entry is gone after the batch's own statements.
    const audit = db
      .prepare("INSERT INTO admin_audit_log (admin_id, admin_email, action, target, details) VALUES (?1, ?2, 'unsubscribed beta tester', ?3, json_object('id', ?4, 'was', ?5))")
      .bind(admin.id, admin.email, entry.email, entry.id, entry.status);
    await db.batch([audit, ...(await unsubscribeStatements(db, context.env.SUPPRESSION_HASH_SECRET, entry, "manual"))]);
    done++;
  }
  return done;
}

export async function findBetaTester(d1: D1Database, id: number): Promise<{ id: number; email: string } | null> {
  const [row] = await createDb(d1).select({ id: waitlist.id, email: waitlist.email }).from(waitlist).where(eq(waitlist.id, id)).limit(1);
  return row ?? null;
}

/** Deletes one sign-up and records it in the audit log, together. Null when there is no such row. */
export async function deleteBetaTester(d1: D1Database, admin: SignedInAdmin, id: number): Promise<{ email: string } | null> {
  const row = await findBetaTester(d1, id);
  if (!row) return null;
  const db = createDb(d1);
  await db.batch([db.delete(waitlist).where(eq(waitlist.id, id)), auditStatement(d1, admin, "deleted beta tester", row.email, { id })]);
  return { email: row.email };
}

/** Deletes people through the admin's one delete path (each with its audit row). */
export async function deletePeople(d1: D1Database, admin: SignedInAdmin, ids: number[]): Promise<number> {
  let deleted = 0;
  for (const id of ids) if (await deleteBetaTester(d1, admin, id)) deleted++;
  return deleted;
}

/** Adds the owner's note to a person, with its audit row (the note's text stays out of the log). Null when the person is gone. */
export async function addNote(d1: D1Database, admin: SignedInAdmin, id: number, body: string): Promise<string | null> {
  const entry = await readEntry(d1, id);
  if (!entry) return null;
  await d1.batch([
    d1.prepare("INSERT INTO waitlist_notes (waitlist_id, admin_id, admin_email, body) SELECT ?1, ?2, ?3, ?4 WHERE EXISTS (SELECT 1 FROM waitlist WHERE id = ?1)").bind(id, admin.id, admin.email, body),
    auditChangesStatement(d1, admin, "added a note", entry.email),
  ]);
  return entry.email;
}

/** What the table does to the ticked rows (the rows' checkboxes, "invite.<id>", belong to its form). */
export const BULK_INTENTS = ["bulk-resend", "bulk-front", "bulk-unsubscribe", "bulk-delete"] as const;
export type BulkIntent = (typeof BULK_INTENTS)[number];

export type BulkOutcome =
  | { flash: { kind: "success" | "error"; message: string } }
  /** Deleting asks first: the people it would delete, and the same ticks to post again with `confirmed`. */
  | { confirmDelete: { ids: number[]; emails: string[] } };

/** The ticked rows' action; `confirmed` is the second post of a deletion. */
export async function bulkAction(context: AppLoadContext, admin: SignedInAdmin, intent: BulkIntent, ids: number[], confirmed: boolean): Promise<BulkOutcome> {
  const db = context.cloudflare.env.DB;
  const ok = (message: string) => ({ flash: { kind: "success" as const, message } });
  switch (intent) {
    case "bulk-resend": {
      const counts = await resendEmails(context, admin, ids);
      if (!counts) return { flash: { kind: "error", message: TESTER_MESSAGES.emailOff } };
      return { flash: { kind: counts.sent > 0 ? "success" : "error", message: TESTER_MESSAGES.resent(counts.sent, counts.tooSoon, counts.skipped) } };
    }
    case "bulk-front": {
      const { moved, skipped } = await moveToFront(db, admin, ids);
      return { flash: { kind: moved > 0 ? "success" : "error", message: TESTER_MESSAGES.movedToFront(moved, skipped) } };
    }
    case "bulk-unsubscribe":
      return ok(TESTER_MESSAGES.unsubscribed(await unsubscribePeople(context, admin, ids)));
    case "bulk-delete": {
      if (confirmed) return ok(TESTER_MESSAGES.deleted(await deletePeople(db, admin, ids)));
      const { results } = await db
        .prepare("SELECT id, email FROM waitlist WHERE id IN (SELECT value FROM json_each(?1)) ORDER BY email")
        .bind(JSON.stringify(ids))
        .all<{ id: number; email: string }>();
      if (results.length === 0) return { flash: { kind: "error", message: TESTER_MESSAGES.gone } };
      return { confirmDelete: { ids: results.map((row) => row.id), emails: results.map((row) => row.email) } };
    }
  }
}

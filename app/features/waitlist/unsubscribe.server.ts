/**
 * Leaving the list (ADR 0031): the unsubscribe link in every message, and RFC 8058 one-click, which
 * mail providers send as a POST with the body "List-Unsubscribe=One-Click", no cookies and no Origin.
 *
 * ONE batch, whatever state the entry is in (so a concurrent confirmation cannot slip between a read
 * and the write):
 *   - a confirmed entry becomes unsubscribed (unsubscribed_at, the first time); it keeps its line_seq
 *     and referrals on record, and is never mailed again;
 *   - a pending entry is deleted with its outbox rows: it never gave confirmed consent, and keeping an
 *     unconfirmed address past the 30-day clean-up would be the opposite of what the person asked;
 *   - its queued messages are cancelled (a message pinned to a batch whose outcome is unknown goes out
 *     as it was: it may already have been delivered, and changing its batch would fail the others);
 *   - its address joins the suppression list, so no import or resend ever mails it again.
 * Repeating it changes nothing.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { suppress, type SuppressionReason } from "~/features/email/suppression.server";
import type { WaitlistEntryRecord } from "./entry-access.server";

/** The body RFC 8058 one-click sends. */
export const ONE_CLICK_BODY = "List-Unsubscribe=One-Click";

export async function unsubscribeEntry(context: AppLoadContext, entry: WaitlistEntryRecord, now = Date.now()): Promise<void> {
  const db = context.cloudflare.env.DB;
  await db.batch(await unsubscribeStatements(db, context.env.SUPPRESSION_HASH_SECRET, entry, "unsubscribed", now));
}

/**
 * The statements that take an entry off the list, to run in one batch: the unsubscribe link's, and the
 * provider's report of a bounce or a complaint (features/outreach/webhook.server.ts), which stop all
 * email to the address just as leaving does.
 */
export async function unsubscribeStatements(
  db: D1Database,
  suppressionSecret: string | undefined,
  entry: Pick<WaitlistEntryRecord, "id" | "email">,
  reason: SuppressionReason,
  now = Date.now(),
): Promise<D1PreparedStatement[]> {
  const at = new Date(now).toISOString();
  const statements: D1PreparedStatement[] = [
    db
      .prepare(
        `UPDATE email_outbox SET status = 'cancelled', last_error = ?2
          WHERE waitlist_id = ?1 AND status = 'queued' AND batch_key IS NULL`,
      )
      .bind(entry.id, reason),
    db
      .prepare("UPDATE waitlist SET status = 'unsubscribed', unsubscribed_at = coalesce(unsubscribed_at, ?2) WHERE id = ?1 AND status <> 'pending'")
      .bind(entry.id, at),
    db.prepare("DELETE FROM waitlist WHERE id = ?1 AND status = 'pending'").bind(entry.id),
  ];
  if (suppressionSecret) statements.push(await suppress(db, suppressionSecret, entry.email, reason));
  return statements;
}

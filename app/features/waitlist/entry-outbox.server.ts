/**
 * A message about one waitlist entry, queued only if the entry is in the state that a change earlier in
 * the same db.batch leaves it in. outboxInsert (features/email/outbox.server.ts) queues unconditionally;
 * a confirmation or a resend must queue its message only when its own change happened, not when a
 * concurrent request (a double click) made the change first. So the row is an INSERT … SELECT from the
 * entry's row, aliased `me`: it lands exactly when `when` holds, in the batch's one transaction.
 *
 * Bound parameters: ?1 idempotency key, ?2 kind, ?3 entry id, ?4 the payload's JSON; `when.sql` and
 * `payloadSql` use ?5 onwards, bound from `when.params` in order.
 */
import type { EmailKindName } from "~/features/email/templates/kinds.server";

export interface EntryMessage {
  idempotencyKey: string;
  kind: EmailKindName;
  waitlistId: number;
  /** The payload's fixed part. */
  payload?: Record<string, unknown>;
  /** An SQL expression giving a JSON object merged over `payload` (e.g. the place in line, computed in the batch). */
  payloadSql?: string;
}

export function queueForEntryWhen(db: D1Database, message: EntryMessage, when: { sql: string; params: (string | number)[] }): D1PreparedStatement {
  const payload = message.payloadSql ? `json_patch(?4, ${message.payloadSql})` : "?4";
  return db
    .prepare(
      `INSERT INTO email_outbox (idempotency_key, kind, recipient, payload, waitlist_id)
       SELECT ?1, ?2, me.email, ${payload}, me.id FROM waitlist AS me WHERE me.id = ?3 AND (${when.sql})
       ON CONFLICT (idempotency_key) DO NOTHING`,
    )
    .bind(message.idempotencyKey, message.kind, message.waitlistId, JSON.stringify(message.payload ?? {}), ...when.params);
}

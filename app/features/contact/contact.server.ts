/**
 * Contact messages (stored for the owner's admin inbox).
 */
import { contactSubmissions } from "~/db/schema";
import { createDb } from "~/lib/db.server";
import { normaliseEmail } from "~/lib/field-rules";
import { logError } from "~/lib/log.server";

export interface NewContactMessage {
  name: string;
  email: string;
  subject: string;
  message: string;
  metadata: Record<string, string>;
}

/** Stores a message; throws a "server error" (logged with its cause) when D1 fails. */
export async function saveContactMessage(d1: D1Database, entry: NewContactMessage): Promise<{ id: number }> {
  try {
    const [row] = await createDb(d1)
      .insert(contactSubmissions)
      .values({ ...entry, email: normaliseEmail(entry.email) })
      .returning({ id: contactSubmissions.id });
    if (!row) throw new Error("insert returned no row");
    return row;
  } catch (error) {
    logError("contact_insert_failed", error);
    throw new Error("server error: the message could not be saved");
  }
}

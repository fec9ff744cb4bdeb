/**
 * The waitlist data layer: one INSERT that relies on the unique index for duplicates, so two
 * concurrent sign-ups of one address can never both land. Errors carry the spec's data-layer
 * messages (section 8) and the UI maps them with waitlistFormMessage().
 */
import { waitlist, type WaitlistMetadata } from "~/db/schema";
import { createDb, isUniqueViolation } from "~/lib/db.server";
import { DATA_LAYER_MESSAGES } from "~/lib/messages";
import { logError } from "~/lib/log.server";
import { normaliseEmail } from "~/lib/field-rules";

export interface NewWaitlistEntry {
  email: string;
  firstName: string | null;
  lastName: string | null;
  source: string;
  intent: string;
  metadata: WaitlistMetadata;
}

export type WaitlistErrorKind = "duplicate" | "server";

export class WaitlistError extends Error {
  constructor(
    readonly kind: WaitlistErrorKind,
    message: string,
  ) {
    super(message);
    this.name = "WaitlistError";
  }
}

export async function addToWaitlist(d1: D1Database, entry: NewWaitlistEntry): Promise<{ id: number }> {
  try {
    const [row] = await createDb(d1)
      .insert(waitlist)
      .values({ ...entry, email: normaliseEmail(entry.email) })
      .returning({ id: waitlist.id });
    if (!row) throw new Error("insert returned no row");
    return row;
  } catch (error) {
    if (isUniqueViolation(error)) throw new WaitlistError("duplicate", DATA_LAYER_MESSAGES.duplicateEmail);
    logError("waitlist_insert_failed", error, { source: entry.source });
    // The visitor sees the catalogue's server message; the cause stays in the log.
    throw new WaitlistError("server", "server error: the waitlist could not be saved");
  }
}

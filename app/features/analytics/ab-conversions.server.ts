/**
 * A/B conversions the server records itself (issue 18, ADR 0047): a conversion is a sign-up whose
 * address is confirmed, counted once, as one `ab_test_signup` event per test that was running, with the
 * variant the edge showed that visitor (the same key and definitions, ADR 0010). `ab_test_signup` is
 * not in the event catalogue, so no browser can post one.
 *
 * - Email off (single opt-in): the entry is confirmed at once, and the conversion is recorded then.
 * - Email on (double opt-in): the sign-up keeps the variants with its entry (waitlist.ab_variants,
 *   nothing else), and the confirmation, in its own batch, reads them and clears them; the conversion
 *   is recorded only when that batch confirmed the entry, so a second confirmation counts nothing.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { assignAll } from "~/lib/ab-tests";
import { knownVisitorKey, readAbTestConfig } from "~/lib/ab-tests.server";
import { logError, logWarn } from "~/lib/log.server";
import { serverAbBeacon } from "./beacon.server";
import { recordBeacon } from "./record.server";

/** The server's conversion event: a sign-up, with the test and variant it counts for. */
export const SERVER_CONVERSION_EVENT = "ab_test_signup";

/** The variant of each running test a visitor was shown: { test: variant }. */
export type SignupVariants = Record<string, string>;

const IDENTIFIER = /^[a-z0-9_]{1,60}$/;

/** Stored variants read back; null for anything that is not { identifier: identifier, … }. */
function parseVariants(value: unknown): SignupVariants | null {
  if (typeof value !== "string") return null;
  try {
    const parsed: unknown = JSON.parse(value);
    if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) return null;
    const entries = Object.entries(parsed);
    const valid = entries.length > 0 && entries.every(([test, variant]) => IDENTIFIER.test(test) && typeof variant === "string" && IDENTIFIER.test(variant));
    return valid ? (Object.fromEntries(entries) as SignupVariants) : null;
  } catch {
    return null;
  }
}

/**
 * The variants the edge showed the visitor who sends this sign-up; null when it never assigned them
 * any (no cookie, no privacy signal) or no test runs. Never throws: a sign-up does not depend on it.
 */
export async function signupVariants(request: Request, context: AppLoadContext): Promise<SignupVariants | null> {
  try {
    const visitor = await knownVisitorKey(request, context.env.IP_HASH_SECRET);
    if (!visitor) return null;
    const running = Object.values(assignAll(await readAbTestConfig(context.cloudflare.env.CONFIG), visitor)).filter((assignment) => assignment.active);
    return running.length > 0 ? Object.fromEntries(running.map(({ test, variant }) => [test, variant])) : null;
  } catch (error) {
    logError("ab_variants_unreadable", error);
    return null;
  }
}

/** Records a confirmed sign-up's A/B conversions after the answer (never delays nor fails the person's request). */
export function recordAbConversions(context: AppLoadContext, variants: SignupVariants | null, path: string | null, now: number): void {
  if (!variants) return;
  const { env, ctx } = context.cloudflare;
  ctx.waitUntil(recordBeacon(env, serverAbBeacon(SERVER_CONVERSION_EVENT, variants, path, now)).catch((error) => logError("ab_conversion_record_failed", error)));
}

/**
 * For a confirmation's own D1 batch, after the statement that confirms entry `entryId` at
 * `confirmedAt`: `read` answers the variants kept at sign-up only if this batch confirmed it, and
 * `clear` forgets them.
 */
export function takeSignupVariants(db: D1Database, entryId: number, confirmedAt: string): { read: D1PreparedStatement; clear: D1PreparedStatement } {
  const thisConfirmation = "id = ?1 AND confirmed_at = ?2 AND ab_variants IS NOT NULL";
  return {
    read: db.prepare(`SELECT ab_variants AS variants FROM waitlist WHERE ${thisConfirmation}`).bind(entryId, confirmedAt),
    clear: db.prepare(`UPDATE waitlist SET ab_variants = NULL WHERE ${thisConfirmation}`).bind(entryId, confirmedAt),
  };
}

/** Records the conversion `read` (takeSignupVariants) answered in the confirmation's batch, if any. */
export function recordConfirmedConversions(context: AppLoadContext, read: D1Result | undefined, now: number): void {
  const stored = (read?.results[0] as { variants?: unknown } | undefined)?.variants;
  if (stored === undefined || stored === null) return;
  const variants = parseVariants(stored);
  if (!variants) {
    logWarn("ab_variants_invalid");
    return;
  }
  recordAbConversions(context, variants, null, now);
}

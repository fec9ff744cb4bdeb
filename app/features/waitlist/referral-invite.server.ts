/**
 * Whether /waitlist?ref=… may say that a friend invited the visitor: only when the code is one a
 * sign-up would credit (the same lookup as the sign-up's referred_by). The page never says whose it
 * is. An optional read (ADR 0021): on a failure or past the deadline the page just doesn't say it,
 * and the code is still posted with the form.
 */
import { withDeadline } from "~/lib/deadline";
import { logError } from "~/lib/log.server";

export async function isKnownReferralCode(d1: D1Database, code: string | null, deadlineMs: number): Promise<boolean> {
  if (!code) return false;
  const lookup = d1.prepare("SELECT 1 AS known FROM waitlist WHERE referral_code = ?1").bind(code).first<{ known: number }>();
  try {
    return (await withDeadline(lookup, deadlineMs, "referral code")) !== null;
  } catch (error) {
    logError("referral_code_read_failed", error);
    return false;
  }
}

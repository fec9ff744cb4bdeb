/**
 * The bot traps of every public form (spec section 5, ADR 0005): two hidden fields only bots fill
 * in, and a time trap for forms sent back sooner than a person could fill them in. The browser
 * drops a filled honeypot before sending; the server checks both and drops the submission silently.
 * The fields themselves are rendered by components/forms/BotTrapFields.
 */
import { WAITLIST_MIN_FILL_MS } from "~/lib/constants";

/** Either hidden trap field filled means a bot (spec section 5). */
export function isHoneypotFilled(fields: { honeypot?: string | null; website?: string | null }): boolean {
  return Boolean(fields.honeypot?.trim()) || Boolean(fields.website?.trim());
}

/** True when the form came back sooner than a person could have filled it in (ADR 0005). */
export function isTooFast(submissionTime: string | undefined, now: number): boolean {
  const renderedAt = Number(submissionTime);
  if (!submissionTime || !Number.isFinite(renderedAt)) return false;
  const elapsed = now - renderedAt;
  return elapsed >= 0 && elapsed < WAITLIST_MIN_FILL_MS;
}

/** The server's verdict on a submission's trap fields: a bot when either trap caught it. */
export function isBotSubmission(
  fields: { honeypot?: string | null; website?: string | null; submissionTime?: string },
  now: number,
): boolean {
  return isHoneypotFilled(fields) || isTooFast(fields.submissionTime, now);
}

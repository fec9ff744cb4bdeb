/**
 * Addresses never reach a log line or last_error: whatever a provider, an error or a caller says is
 * passed through here first.
 */
import { redactAddresses } from "~/lib/redact";

export { redactAddresses };

/** A short, address-free, one-line explanation: at most `max` characters. */
export function shortDetail(text: string, max = 200): string {
  const clean = redactAddresses(text).replace(/\s+/g, " ").trim();
  return clean.length > max ? `${clean.slice(0, max - 1)}…` : clean;
}

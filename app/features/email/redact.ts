/**
 * Addresses never reach a log line or last_error: whatever a provider, an error or a caller says is
 * passed through here first.
 */
const ADDRESS = /[^\s<>()[\]{}"',;:]+@[^\s<>()[\]{}"',;:]+/g;

/** Replaces anything that looks like an email address with "[address]". */
export function redactAddresses(text: string): string {
  return text.replace(ADDRESS, "[address]");
}

/** A short, address-free, one-line explanation: at most `max` characters. */
export function shortDetail(text: string, max = 200): string {
  const clean = redactAddresses(text).replace(/\s+/g, " ").trim();
  return clean.length > max ? `${clean.slice(0, max - 1)}…` : clean;
}

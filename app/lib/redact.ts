/**
 * Email addresses never reach a log line or a stored failure detail: whatever a provider, an error
 * or a caller says is passed through here first (app/lib/log.server.ts does it for every line).
 */
const ADDRESS = /[^\s<>()[\]{}"',;:]+@[^\s<>()[\]{}"',;:]+/g;

/** Replaces anything that looks like an email address with "[address]". */
export function redactAddresses(text: string): string {
  return text.replace(ADDRESS, "[address]");
}

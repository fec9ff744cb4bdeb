/**
 * The inbox an address delivers to, for counting and matching (limits per inbox, suppression, one
 * referral per person): what the person typed is stored; this key only groups spellings of one box.
 * Case never matters; Gmail ignores dots and treats googlemail.com as gmail.com; the providers below
 * deliver `name+tag@` to `name@`. Unknown providers keep their local part as typed (lower-cased), since
 * a dot or a plus may name a different box there.
 */

const GMAIL_DOMAINS = new Set(["gmail.com", "googlemail.com"]);

/** Providers that deliver sub-addresses (`+tag`) to the main box. */
const PLUS_TAG_DOMAINS = new Set([
  ...GMAIL_DOMAINS,
  "outlook.com",
  "hotmail.com",
  "live.com",
  "msn.com",
  "icloud.com",
  "me.com",
  "mac.com",
  "fastmail.com",
  "fastmail.fm",
  "proton.me",
  "protonmail.com",
  "pm.me",
  "hey.com",
  "yandex.ru",
  "yandex.com",
]);

export function inboxKey(email: string): string {
  const address = email.trim().toLowerCase();
  const at = address.lastIndexOf("@");
  if (at < 1) return address;
  let local = address.slice(0, at);
  let domain = address.slice(at + 1).replace(/\.$/, "");
  if (PLUS_TAG_DOMAINS.has(domain)) local = local.split("+")[0] || local;
  if (GMAIL_DOMAINS.has(domain)) {
    local = local.replaceAll(".", "");
    domain = "gmail.com";
  }
  return `${local}@${domain}`;
}

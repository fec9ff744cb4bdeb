/**
 * Disposable (throwaway) email domains, refused at sign-up (ADR 0033). The list is the community
 * list github.com/disposable-email-domains/disposable-email-domains, through the npm package
 * disposable-email-domains-js (CC0, about 9,000 domains, 170 KB of JSON): server-only, so it never
 * reaches the browser bundle.
 */
import { disposableEmailBlocklistSet } from "disposable-email-domains-js";
import { DISPOSABLE_ADDRESS_MESSAGE } from "~/lib/messages";

/** Built once per isolate: the package's own isDisposableEmailDomain rebuilds the Set on every call. */
let blocklist: Set<string> | undefined;

/** The domain of an address, lower-cased, without a trailing dot; "" when there is none. */
function domainOf(email: string): string {
  const at = email.lastIndexOf("@");
  return at === -1 ? "" : email.slice(at + 1).trim().toLowerCase().replace(/\.+$/, "");
}

/** True when the domain, or any domain it is under (mail.mailinator.com), is on the list. */
export function isDisposableDomain(domain: string): boolean {
  blocklist ??= disposableEmailBlocklistSet();
  const labels = domain.trim().toLowerCase().replace(/\.+$/, "").split(".");
  // Every suffix with at least two labels: a.b.mailinator.com, b.mailinator.com, mailinator.com.
  for (let start = 0; start <= labels.length - 2; start++) {
    if (blocklist.has(labels.slice(start).join("."))) return true;
  }
  return false;
}

/** The message the form shows for an address at a disposable-email service, else null. */
export function disposableAddressProblem(email: string): string | null {
  const domain = domainOf(email);
  return domain && isDisposableDomain(domain) ? DISPOSABLE_ADDRESS_MESSAGE : null;
}

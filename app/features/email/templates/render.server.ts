/**
 * One outbox row and its entry, rendered into the message that goes out: the kind's content in the
 * layout, with the List-Unsubscribe headers (RFC 2369, and RFC 8058 one-click). A pure function of the
 * row, the entry and the settings: the same row always gives the same bytes.
 */
import { confirmUrl, referralUrl, statusUrl, unsubscribeUrl, type LinkKeys } from "../links.server";
import type { EmailMessage } from "../provider.server";
import { renderLayout } from "./layout.server";
import type { EmailEntry, EmailKind, MessageLinks } from "./types.server";

export function messageLinks(keys: LinkKeys, entry: EmailEntry, issuedAt: number): MessageLinks {
  return {
    site: keys.siteUrl,
    confirm: () => confirmUrl(keys, entry.id, issuedAt),
    status: () => statusUrl(keys, entry.id, issuedAt),
    unsubscribe: () => unsubscribeUrl(keys, entry.id, issuedAt),
    referral: () => (entry.referralCode ? referralUrl(keys, entry.referralCode) : null),
  };
}

export async function renderMessage<P>(
  kind: EmailKind<P>,
  { to, entry, payload, issuedAt, keys }: { to: string; entry: EmailEntry; payload: P; issuedAt: number; keys: LinkKeys },
): Promise<EmailMessage> {
  const links = messageLinks(keys, entry, issuedAt);
  const content = await kind.content({ entry, payload, links });
  const unsubscribe = await links.unsubscribe();
  const { html, text } = renderLayout({ content, siteUrl: keys.siteUrl, unsubscribeUrl: unsubscribe });
  return {
    to,
    subject: content.subject.replace(/[\r\n]+/g, " "),
    html,
    text,
    headers: {
      "List-Unsubscribe": `<${unsubscribe}>`,
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    },
  };
}

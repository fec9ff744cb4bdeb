/**
 * One outbox row and its entry, rendered into the message that goes out: the kind's content in the
 * layout, with the List-Unsubscribe headers (RFC 2369, and RFC 8058 one-click). A pure function of the
 * row, the entry, its campaign and the settings: the same row always gives the same bytes.
 */
import { DEFAULT_LANG, localizedPath, type Lang } from "~/lib/i18n/languages";
import { confirmUrl, homeUrl, LINK_PATHS, referralUrl, siteLink, statusUrl, unsubscribeUrl, type LinkKeys } from "../links.server";
import type { EmailMessage } from "../provider.server";
import { renderLayout } from "./layout.server";
import type { CampaignContent, EmailEntry, EmailKind, MessageLinks } from "./types.server";
import { emailWords } from "./words.server";

export function messageLinks(keys: LinkKeys, entry: EmailEntry, issuedAt: number, lang: Lang = DEFAULT_LANG): MessageLinks {
  return {
    site: keys.siteUrl,
    confirm: () => confirmUrl(keys, entry, issuedAt, lang),
    status: () => statusUrl(keys, entry, issuedAt, lang),
    unsubscribe: () => unsubscribeUrl(keys, entry.id, issuedAt, lang),
    referral: () => (entry.referralCode ? referralUrl(keys, entry.referralCode, lang) : null),
  };
}

/**
 * The person a preview or a test copy is addressed to (an admin checking a message before it goes out):
 * no real entry, and links that open nothing (their pages say the link does not work).
 */
export const SAMPLE_ENTRY: EmailEntry = {
  id: 0,
  email: "tester@example.com",
  firstName: "Alex",
  status: "confirmed",
  referralCode: "sample-code",
  referralCount: 0,
  intent: "beta_testing",
  linkVersion: 0,
  preferences: { updates: true, invitations: true, android: true, macos: true, chromeExtension: true },
};

function sampleLinks(keys: Pick<LinkKeys, "siteUrl">, lang: Lang): MessageLinks {
  const sample = (path: string) => Promise.resolve(siteLink(keys, localizedPath(lang, path), { token: "sample" }));
  return {
    site: keys.siteUrl,
    confirm: () => sample(LINK_PATHS.confirm),
    status: () => sample(LINK_PATHS.status),
    unsubscribe: () => sample(LINK_PATHS.unsubscribe),
    referral: () => referralUrl(keys, SAMPLE_ENTRY.referralCode!, lang),
  };
}

export interface RenderInput<P> {
  to: string;
  /** The entry, or "sample" for a preview or a test copy. */
  entry: EmailEntry | "sample";
  payload: P;
  issuedAt: number;
  keys: LinkKeys;
  campaign?: CampaignContent | null;
  /** Overrides the provider's From (the sender's display name setting). */
  from?: string;
  /** The language it is written in (the outbox row's, ADR 0058); default English. */
  lang?: Lang;
}

export async function renderMessage<P>(kind: EmailKind<P>, { to, entry, payload, issuedAt, keys, campaign = null, from, lang = DEFAULT_LANG }: RenderInput<P>): Promise<EmailMessage> {
  const sample = entry === "sample";
  const links = sample ? sampleLinks(keys, lang) : messageLinks(keys, entry, issuedAt, lang);
  const content = await kind.content({ entry: sample ? SAMPLE_ENTRY : entry, payload, links, campaign, lang, t: emailWords(lang) });
  const unsubscribe = await links.unsubscribe();
  const { html, text } = renderLayout({ content, siteUrl: keys.siteUrl, unsubscribeUrl: unsubscribe, lang, homeUrl: homeUrl(keys, lang) });
  const subject = content.subject.replace(/[\r\n]+/g, " ");
  return {
    to,
    subject: sample ? `[Test] ${subject}` : subject,
    html,
    text,
    headers: {
      "List-Unsubscribe": `<${unsubscribe}>`,
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    },
    ...(from ? { from } : {}),
  };
}

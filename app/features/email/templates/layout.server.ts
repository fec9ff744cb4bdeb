/**
 * The one layout every message uses: HTML (tables and inline styles, as mail clients need; a dark
 * scheme through `color-scheme` and a prefers-color-scheme block; one column that reads at 320 px) and
 * a plain-text part with the same words and links. It names the site, says why the reader gets the
 * message, and ends with an unsubscribe link. No images, no tracking, no rewritten links: every URL is
 * checked to start with SITE_URL and shown as it is. Its own words are in the message's language.
 */
import { siteConfig } from "~/config/site";
import { DEFAULT_LANG, languageTag, type Lang } from "~/lib/i18n/languages";
import { escapeHtml as e } from "./html.server";
import type { Block, EmailContent } from "./types.server";
import { emailWords, type EmailT } from "./words.server";

export interface LayoutInput {
  content: EmailContent;
  siteUrl: string;
  unsubscribeUrl: string;
  /** The message's language (default English), and its home page (default SITE_URL). */
  lang?: Lang;
  homeUrl?: string;
}

const FONT = "-apple-system,BlinkMacSystemFont,'Segoe UI',Roboto,Helvetica,Arial,sans-serif";
const COLORS = { page: "#f1f5f9", card: "#ffffff", text: "#0f172a", muted: "#475569", link: "#1d4ed8", button: "#1d4ed8", buttonText: "#ffffff", rule: "#e2e8f0" };

const DARK_MODE = `
  :root { color-scheme: light dark; supported-color-schemes: light dark; }
  @media (prefers-color-scheme: dark) {
    .lv-page { background-color: #0b1120 !important; }
    .lv-card { background-color: #1e293b !important; border-color: #334155 !important; }
    .lv-text { color: #e2e8f0 !important; }
    .lv-muted { color: #94a3b8 !important; }
    .lv-link, .lv-rich a { color: #93c5fd !important; }
    .lv-rich, .lv-rich p, .lv-rich li, .lv-rich h2, .lv-rich h3, .lv-rich pre { color: #e2e8f0 !important; }
    .lv-rich pre { background-color: #0f172a !important; }
    .lv-rich blockquote { color: #94a3b8 !important; border-color: #334155 !important; }
    .lv-button { background-color: #2563eb !important; }
    .lv-button a { color: #ffffff !important; }
    .lv-button-secondary { border-color: #93c5fd !important; }
  }
  @media only screen and (max-width: 480px) {
    .lv-card { padding: 20px 16px !important; }
  }`;

/** Every link in a message must be on the site. */
function checkedUrl(url: string, siteUrl: string): string {
  if (url !== siteUrl && !url.startsWith(`${siteUrl}/`)) throw new Error("email layout: a link must start with SITE_URL");
  return url;
}

/** A link off the site (external_button): https only, as a URL parses it, with no credentials. */
function checkedExternalUrl(url: string): string {
  const parsed = URL.canParse(url) ? new URL(url) : null;
  if (!parsed || parsed.protocol !== "https:" || parsed.username || parsed.password || parsed.href !== url) throw new Error("email layout: an external link must be a plain https URL");
  return url;
}

/** The button of the message's main action, and the address in full under it for clients that drop buttons. */
function buttonHtml(t: EmailT, label: string, url: string, secondary = false): string {
  const href = e(url);
  const cell = secondary
    ? `<td class="lv-button-secondary" style="border-radius:8px;border:2px solid ${COLORS.button};">
<a class="lv-link" href="${href}" style="display:inline-block;padding:12px 22px;font-family:${FONT};font-size:16px;font-weight:600;line-height:1.2;color:${COLORS.link};text-decoration:none;border-radius:8px;">${e(label)}</a>`
    : `<td class="lv-button" style="border-radius:8px;background-color:${COLORS.button};">
<a href="${href}" style="display:inline-block;padding:14px 24px;font-family:${FONT};font-size:16px;font-weight:600;line-height:1.2;color:${COLORS.buttonText};text-decoration:none;border-radius:8px;">${e(label)}</a>`;
  return `<table role="presentation" cellpadding="0" cellspacing="0" border="0" style="margin:8px 0 24px;"><tr>
${cell}
</td></tr></table>
<p class="lv-muted" style="margin:0 0 16px;font-family:${FONT};font-size:14px;line-height:1.5;color:${COLORS.muted};">${e(t("email.layout.buttonFallback"))}<br><a class="lv-link" href="${href}" style="color:${COLORS.link};word-break:break-all;">${href}</a></p>`;
}

/** The inline styles of the elements the Markdown renderer writes (markdown.server.ts), one per tag. */
export const MARKDOWN_STYLES = {
  p: `margin:0 0 16px;font-family:${FONT};font-size:16px;line-height:1.5;color:${COLORS.text};`,
  h2: `margin:24px 0 12px;font-family:${FONT};font-size:19px;line-height:1.3;color:${COLORS.text};`,
  h3: `margin:20px 0 8px;font-family:${FONT};font-size:17px;line-height:1.3;color:${COLORS.text};`,
  list: `margin:0 0 16px;padding-left:24px;font-family:${FONT};font-size:16px;line-height:1.5;color:${COLORS.text};`,
  li: "margin:0 0 6px;",
  blockquote: `margin:0 0 16px;padding:4px 0 4px 16px;border-left:3px solid ${COLORS.rule};color:${COLORS.muted};`,
  pre: `margin:0 0 16px;padding:12px;border-radius:8px;background-color:${COLORS.page};font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;font-size:14px;line-height:1.45;white-space:pre-wrap;word-break:break-word;color:${COLORS.text};`,
  code: "font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;font-size:0.92em;",
  a: `color:${COLORS.link};word-break:break-word;`,
  hr: `margin:24px 0;border:0;border-top:1px solid ${COLORS.rule};`,
} as const;

function blockHtml(t: EmailT, block: Block, siteUrl: string): string {
  const paragraph = (text: string, size: number, color: string, cls: string) =>
    `<p class="${cls}" style="margin:0 0 16px;font-family:${FONT};font-size:${size}px;line-height:1.5;color:${color};">${text}</p>`;
  switch (block.type) {
    case "paragraph":
      return paragraph(e(block.text), 16, COLORS.text, "lv-text");
    case "highlight":
      return `<p class="lv-text" style="margin:0 0 16px;font-family:${FONT};font-size:24px;line-height:1.3;font-weight:700;color:${COLORS.text};">${e(block.text)}</p>`;
    case "note":
      return paragraph(e(block.text), 14, COLORS.muted, "lv-muted");
    case "link": {
      const url = e(checkedUrl(block.url, siteUrl));
      return paragraph(
        `${e(block.label)}<br><a class="lv-link" href="${url}" style="color:${COLORS.link};word-break:break-all;">${url}</a>`,
        16,
        COLORS.text,
        "lv-text",
      );
    }
    case "button":
      return buttonHtml(t, block.label, checkedUrl(block.url, siteUrl), block.secondary);
    case "external_button":
      return buttonHtml(t, block.label, checkedExternalUrl(block.url));
    case "steps":
      return `<ol class="lv-text" style="${MARKDOWN_STYLES.list}">${block.items.map((item) => `<li style="${MARKDOWN_STYLES.li}">${e(item)}</li>`).join("")}</ol>`;
    case "markdown":
      // Already escaped and checked by the Markdown renderer (markdown.server.ts), the one writer of this block.
      return `<div class="lv-text lv-rich" style="color:${COLORS.text};">${block.html}</div>`;
  }
}

function blockText(block: Block): string {
  switch (block.type) {
    case "paragraph":
    case "highlight":
    case "note":
      return block.text;
    case "button":
    case "external_button":
    case "link":
      return `${/[.!?:。！？：]$/.test(block.label) ? block.label : `${block.label}:`}\n${block.url}`;
    case "steps":
      return block.items.map((item, i) => `${i + 1}. ${item}`).join("\n");
    case "markdown":
      return block.text;
  }
}

/** "<link>Unsubscribe</link> from …": the message escaped, its link tag made the anchor. */
function withLink(message: string, anchor: (text: string) => string): string {
  const [, before = message, inner, after = ""] = /^([\s\S]*?)<link>([\s\S]*?)<\/link>([\s\S]*)$/.exec(message) ?? [];
  return inner === undefined ? e(message) : `${e(before)}${anchor(e(inner))}${e(after)}`;
}

export function renderLayout({ content, siteUrl, unsubscribeUrl, lang = DEFAULT_LANG, homeUrl = siteUrl }: LayoutInput): { html: string; text: string } {
  const t = emailWords(lang);
  const unsubscribe = e(checkedUrl(unsubscribeUrl, siteUrl));
  const home = e(checkedUrl(homeUrl, siteUrl));
  const name = e(siteConfig.appName);
  const unsubscribeLine = withLink(t("email.layout.unsubscribe"), (text) => `<a class="lv-link" href="${unsubscribe}" style="color:${COLORS.link};">${text}</a>`);
  const questions = t("email.layout.questions", { supportEmail: siteConfig.supportEmail });
  const html = `<!DOCTYPE html>
<html lang="${languageTag(lang)}" dir="ltr">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark">
<meta name="supported-color-schemes" content="light dark">
<title>${e(content.subject)}</title>
<style>${DARK_MODE}
</style>
</head>
<body class="lv-page" style="margin:0;padding:0;background-color:${COLORS.page};">
<div style="display:none;max-height:0;overflow:hidden;mso-hide:all;">${e(content.preheader)}</div>
<table role="presentation" class="lv-page" width="100%" cellpadding="0" cellspacing="0" border="0" style="background-color:${COLORS.page};">
<tr><td align="center" style="padding:24px 8px;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="max-width:560px;">
<tr><td style="padding:0 8px 16px;font-family:${FONT};font-size:18px;font-weight:700;">
<a class="lv-text" href="${home}" style="color:${COLORS.text};text-decoration:none;">${name}</a>
</td></tr>
<tr><td class="lv-card" style="background-color:${COLORS.card};border:1px solid ${COLORS.rule};border-radius:12px;padding:32px 28px;">
<h1 class="lv-text" style="margin:0 0 20px;font-family:${FONT};font-size:22px;line-height:1.3;color:${COLORS.text};">${e(content.heading)}</h1>
${content.blocks.map((block) => blockHtml(t, block, siteUrl)).join("\n")}
</td></tr>
<tr><td class="lv-muted" style="padding:20px 8px 0;font-family:${FONT};font-size:13px;line-height:1.5;color:${COLORS.muted};">
<p style="margin:0 0 8px;">${e(content.reason)}</p>
<p style="margin:0 0 8px;">${unsubscribeLine} ${e(questions)}</p>
<p style="margin:0;">${name} · <a class="lv-link" href="${home}" style="color:${COLORS.link};">${home}</a></p>
</td></tr>
</table>
</td></tr>
</table>
</body>
</html>
`;
  const text = [
    siteConfig.appName,
    "",
    content.heading,
    "",
    ...content.blocks.flatMap((block) => [blockText(block), ""]),
    "--",
    content.reason,
    t("email.layout.unsubscribeText", { url: unsubscribeUrl }),
    questions,
    `${siteConfig.appName} · ${homeUrl}`,
    "",
  ].join("\n");
  return { html, text };
}

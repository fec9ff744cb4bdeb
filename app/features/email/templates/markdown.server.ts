/**
 * The owner's Markdown (an announcement's body) as an email's HTML and plain text (ADR 0036). `marked`
 * only reads the Markdown into tokens; the HTML is written here, from a small allow-list of elements
 * with the layout's inline styles, and every piece of text is escaped. So a hostile body cannot add
 * markup of its own:
 * - raw HTML in the Markdown is shown as text, never passed through (no script, style, form, iframe);
 * - images are never loaded (no remote images, no tracking pixels): an image becomes a link to it,
 *   labelled with its alt text;
 * - links keep the address the owner wrote (no rewriting, no tracking parameters), and only these:
 *   https and http addresses, mailto: addresses, and paths on the site ("/blog/…", made absolute on
 *   SITE_URL). Anything else (javascript:, data:, a relative "page.html", "//host", an address with a
 *   user name or password) is shown as plain text, not as a link;
 * - the plain-text part has the same words, each link as "label (address)".
 */
import { Lexer, type Token, type Tokens } from "marked";
import { MARKDOWN_STYLES as S } from "./layout.server";
import { escapeHtml as e } from "./html.server";

/** The longest body the owner may write (the campaign's CHECK allows 20,000 characters). */
export const MARKDOWN_BODY_MAX = 20_000;

export interface RenderedMarkdown {
  html: string;
  text: string;
}

/** Where a link may go, as written (made absolute for a path on the site); null when it may not be a link. */
export function allowedLinkTarget(href: string, siteUrl: string): string | null {
  const written = href.trim();
  if (written.startsWith("/") && !written.startsWith("//")) {
    const url = URL.canParse(written, `${siteUrl}/`) ? new URL(written, `${siteUrl}/`) : null;
    return url && url.origin === new URL(siteUrl).origin ? url.href : null;
  }
  if (!URL.canParse(written)) return null;
  const url = new URL(written);
  if (url.protocol === "mailto:") return /^[^\s@/?#]+@[^\s@/?#]+\.[^\s@/?#]+$/.test(decodeURIComponent(url.pathname)) ? url.href : null;
  if (url.protocol !== "https:" && url.protocol !== "http:") return null;
  if (url.username || url.password || !url.hostname) return null;
  return url.href;
}

interface Out {
  html: string;
  text: string;
}

/** A block inside a list item: on a line of its own in the text. */
const lineBefore = (block: Out | null): Out => (block ? { html: block.html, text: `\n${block.text}` } : { html: "", text: "" });

const join = (parts: Out[]): Out => ({ html: parts.map((p) => p.html).join(""), text: parts.map((p) => p.text).join("") });

class EmailMarkdown {
  constructor(private readonly siteUrl: string) {}

  blocks(tokens: Token[]): Out[] {
    return tokens.flatMap((token) => {
      const block = this.block(token);
      return block ? [block] : [];
    });
  }

  block(token: Token): Out | null {
    const t = token as Tokens.Generic;
    switch (token.type) {
      case "space":
      case "def":
        return null;
      case "paragraph": {
        const inline = this.inline((t as Tokens.Paragraph).tokens);
        return { html: `<p style="${S.p}">${inline.html}</p>`, text: inline.text };
      }
      case "heading": {
        const heading = t as Tokens.Heading;
        const inline = this.inline(heading.tokens);
        const tag = heading.depth <= 2 ? "h2" : "h3";
        return { html: `<${tag} style="${S[tag]}">${inline.html}</${tag}>`, text: inline.text };
      }
      case "list":
        return this.list(t as Tokens.List);
      case "blockquote": {
        const inner = this.blocks((t as Tokens.Blockquote).tokens);
        return { html: `<blockquote style="${S.blockquote}">${inner.map((b) => b.html).join("")}</blockquote>`, text: inner.map((b) => b.text.replace(/^/gm, "> ")).join("\n>\n") };
      }
      case "code": {
        const code = (t as Tokens.Code).text;
        return { html: `<pre style="${S.pre}">${e(code)}</pre>`, text: code };
      }
      case "hr":
        return { html: `<hr style="${S.hr}">`, text: "----" };
      case "table":
        return this.table(t as Tokens.Table);
      case "html":
        // Raw HTML is shown as the text it is, never as markup.
        return { html: `<p style="${S.p}">${e(t.text.trim())}</p>`, text: t.text.trim() };
      case "text": {
        // A loose top-level text run (in list items mostly): inline content.
        const inline = t.tokens ? this.inline(t.tokens) : { html: e(t.text), text: t.text };
        return { html: `<p style="${S.p}">${inline.html}</p>`, text: inline.text };
      }
      default:
        return t.raw ? { html: `<p style="${S.p}">${e(t.raw.trim())}</p>`, text: t.raw.trim() } : null;
    }
  }

  list(list: Tokens.List): Out {
    const tag = list.ordered ? "ol" : "ul";
    const start = list.ordered && typeof list.start === "number" && list.start !== 1 ? ` start="${list.start}"` : "";
    const items = list.items.map((item, i) => {
      const parts = item.tokens.map((token) =>
        token.type === "text" ? (token.tokens ? this.inline(token.tokens) : { html: e(token.text), text: token.text }) : lineBefore(this.block(token)),
      );
      const box = item.task ? (item.checked ? "☑ " : "☐ ") : "";
      const marker = list.ordered ? `${(typeof list.start === "number" ? list.start : 1) + i}. ` : "- ";
      const content = join(parts);
      return {
        html: `<li style="${S.li}">${e(box)}${content.html}</li>`,
        text: `${marker}${box}${content.text.replace(/\n/g, "\n   ")}`,
      };
    });
    return { html: `<${tag}${start} style="${S.list}">${items.map((i) => i.html).join("")}</${tag}>`, text: items.map((i) => i.text).join("\n") };
  }

  table(table: Tokens.Table): Out {
    const rows = [table.header, ...table.rows].map((cells) => cells.map((cell) => this.inline(cell.tokens)));
    return {
      html: rows.map((cells) => `<p style="${S.p}">${cells.map((c) => c.html).join(" · ")}</p>`).join(""),
      text: rows.map((cells) => cells.map((c) => c.text).join(" | ")).join("\n"),
    };
  }

  inline(tokens: Token[]): Out {
    return join(tokens.map((token) => this.inlineToken(token)));
  }

  inlineToken(token: Token): Out {
    const t = token as Tokens.Generic;
    switch (token.type) {
      case "text":
        return t.tokens ? this.inline(t.tokens) : { html: e(t.text), text: t.text };
      case "escape":
        return { html: e(t.text), text: t.text };
      case "strong": {
        const inner = this.inline(t.tokens ?? []);
        return { html: `<strong>${inner.html}</strong>`, text: inner.text };
      }
      case "em": {
        const inner = this.inline(t.tokens ?? []);
        return { html: `<em>${inner.html}</em>`, text: inner.text };
      }
      case "del": {
        const inner = this.inline(t.tokens ?? []);
        return { html: `<del>${inner.html}</del>`, text: inner.text };
      }
      case "codespan":
        return { html: `<code style="${S.code}">${e(t.text)}</code>`, text: t.text };
      case "br":
        return { html: "<br>", text: "\n" };
      case "checkbox":
        return { html: t.checked ? "☑ " : "☐ ", text: t.checked ? "☑ " : "☐ " };
      case "link":
        return this.link((t as Tokens.Link).href, this.inline((t as Tokens.Link).tokens));
      case "image": {
        const image = t as Tokens.Image;
        const label = image.text.trim() || "image";
        return this.link(image.href, { html: e(`[${label}]`), text: `[${label}]` });
      }
      case "html":
        return { html: e(t.text), text: t.text };
      default:
        return { html: e(t.raw), text: t.raw };
    }
  }

  /** A link as written when it may be one; otherwise its label and, after it, the address as text. */
  link(href: string, label: Out): Out {
    const target = allowedLinkTarget(href, this.siteUrl);
    if (!target) return { html: label.html, text: label.text };
    const shown = target.startsWith("mailto:") ? target.slice(7) : target;
    const sameAsLabel = label.text.trim() === href.trim() || label.text.trim() === shown;
    return {
      html: `<a class="lv-link" href="${e(target)}" style="${S.a}">${label.html}</a>`,
      text: sameAsLabel ? shown : `${label.text} (${shown})`,
    };
  }
}

/** The body as the HTML and text of one `markdown` block of the layout. */
export function renderMarkdown(markdown: string, siteUrl: string): RenderedMarkdown {
  const tokens = new Lexer({ gfm: true, breaks: false }).lex(markdown.replace(/\r\n?/g, "\n"));
  const blocks = new EmailMarkdown(siteUrl).blocks(tokens);
  return { html: blocks.map((b) => b.html).join("\n"), text: blocks.map((b) => b.text).join("\n\n") };
}

/**
 * A development-mailbox message's HTML, made safe to show inline in the admin page (ADR 0054): it
 * then takes the height it needs, where a sandboxed frame kept a fixed one and cut off the footer of
 * a long message. An allowlist applied by HTMLRewriter (the runtime's streaming HTML parser, so what
 * it keeps is what a browser parses): the tags and attributes a mail layout uses, http(s) and mailto
 * links only; every other element goes with its content (scripts, styles, forms, frames, images, and
 * raw-text elements whose content would turn into markup), and the structural wrappers (html, body)
 * leave their content. No class or id survives, so nothing reaches the page's own styles or elements;
 * no style that loads a URL survives, so nothing is fetched. The page's CSP still allows no script.
 */

const KEPT_ELEMENTS = new Set([
  "a", "b", "blockquote", "br", "code", "div", "em", "h1", "h2", "h3", "h4", "hr", "i", "li", "ol", "p", "pre",
  "small", "span", "strong", "table", "tbody", "td", "tfoot", "th", "thead", "tr", "u", "ul",
]);
/** Wrappers whose children are kept without them. */
const UNWRAPPED_ELEMENTS = new Set(["html", "body", "center", "font", "main", "section", "article", "header", "footer"]);
const KEPT_ATTRIBUTES = new Set([
  "align", "bgcolor", "border", "cellpadding", "cellspacing", "colspan", "dir", "height", "href", "lang", "role", "rowspan", "style", "title", "valign", "width",
]);
const HEADING_DEMOTED: Record<string, string> = { h1: "h3", h2: "h4", h3: "h5", h4: "h6" };
const SAFE_HREF = /^(?:https?:\/\/|mailto:)/i;
/** A style that could fetch something (url(), image-set(), @import) or hide one in an escape. */
const UNSAFE_STYLE = /url\s*\(|image-set|@import|expression|\\/i;

function keepAttribute(name: string, value: string): boolean {
  if (!KEPT_ATTRIBUTES.has(name)) return false;
  if (name === "href") return SAFE_HREF.test(value.trim());
  if (name === "style") return !UNSAFE_STYLE.test(value);
  return true;
}

export async function inlineMessageHtml(html: string): Promise<string> {
  const rewriter = new HTMLRewriter()
    .onDocument({ comments: (comment) => void comment.remove() })
    .on("*", {
      element(element) {
        const tag = element.tagName.toLowerCase();
        if (UNWRAPPED_ELEMENTS.has(tag)) return void element.removeAndKeepContent();
        if (!KEPT_ELEMENTS.has(tag)) return void element.remove();
        // The runtime yields [name, value] pairs (the DOM's Element type, merged in by the browser lib, says otherwise).
        const attributes = [...(element.attributes as unknown as Iterable<[string, string]>)].map(([name, value]) => [name.toLowerCase(), value] as const);
        for (const [name, value] of attributes) if (!keepAttribute(name, value)) element.removeAttribute(name);
        if (tag === "a" && element.hasAttribute("href")) element.setAttribute("rel", "noopener noreferrer");
        // The page has its own h1 and the message sits under an h2: its headings move down to fit the outline.
        // (tagName is writable in HTMLRewriter; the DOM's Element type, merged in, says read-only.)
        if (HEADING_DEMOTED[tag]) (element as unknown as { tagName: string }).tagName = HEADING_DEMOTED[tag];
      },
    });
  const safe = await rewriter.transform(new Response(html, { headers: { "Content-Type": "text/html; charset=utf-8" } })).text();
  return safe.replace(/<!doctype[^>]*>/gi, "").trim();
}

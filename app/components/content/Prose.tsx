/**
 * Article body compiled from our own Markdown at build time (scripts/content.mjs). The compiler
 * escapes raw HTML in the Markdown, so the string holds only the markup the renderer produced.
 */
export function Prose({ html, className = "", lang }: { html: string; className?: string; lang?: string }) {
  return <div className={`prose ${className}`.trim()} lang={lang} dangerouslySetInnerHTML={{ __html: html }} />;
}

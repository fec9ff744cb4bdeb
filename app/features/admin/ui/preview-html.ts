/**
 * A message's HTML for a sandboxed preview (the development mailbox, the invitation and announcement
 * previews). A srcdoc frame inherits the page's CSP, which allows style attributes but no <style>
 * element, so the message's style block (its dark-mode and narrow screen rules) is left out rather
 * than refused with a console error: the preview shows the light layout every mail client gets.
 */
export function previewHtml(html: string): string {
  return html.replace(/<style\b[^>]*>[\s\S]*?<\/style>/gi, "");
}

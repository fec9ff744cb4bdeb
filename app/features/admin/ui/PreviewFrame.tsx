/**
 * A message's HTML in a frame sandboxed of everything (no scripts, forms, navigation, popups or
 * same-origin access): the development mailbox and the invitation and announcement previews. Pass the
 * HTML through previewHtml first (the page's CSP, which the frame inherits, allows no <style> element).
 */
export function PreviewFrame({ title, html, testId, height = "h-[36rem]" }: { title: string; html: string; testId: string; height?: string }) {
  return <iframe title={title} srcDoc={html} sandbox="" className={`block ${height} w-full rounded-xl border border-line bg-white`} data-testid={testId} />;
}

/**
 * Minimal, dependency-free HTML for failures that happen outside React rendering
 * (oversized bodies, configuration errors, a crash in the request handler).
 * English only, whatever the address's language (issue 32): it must work when nothing else does, so it
 * reads no catalogue; the app's own error screens (root's ErrorBoundary) are translated.
 */
const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

export function errorPage(status: number, title: string, message: string): Response {
  const body = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escapeHtml(title)}</title><link rel="stylesheet" href="/static/error.css"></head>
<body><main class="error-page"><h1>${escapeHtml(title)}</h1><p>${escapeHtml(message)}</p>
<p><a href="/home">Back to the homepage</a></p></main></body></html>`;
  return new Response(body, {
    status,
    headers: { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store" },
  });
}

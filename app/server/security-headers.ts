/**
 * Security headers for every response the Pages Function produces. Static files served by
 * Pages itself get the same policy (minus the nonce) from public/_headers.
 */
export function contentSecurityPolicy(nonce: string, secure: boolean): string {
  const directives = [
    "default-src 'self'",
    // 'strict-dynamic' lets our nonce'd module scripts load Remix's route chunks; nothing else runs.
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'`,
    "style-src 'self'",
    // Carousels position slides with inline style attributes; no <style> elements are allowed.
    "style-src-attr 'unsafe-inline'",
    "img-src 'self' data: https:",
    "font-src 'self'",
    "connect-src 'self'",
    "manifest-src 'self'",
    "worker-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ];
  if (secure) directives.push("upgrade-insecure-requests");
  return directives.join("; ");
}

export function applySecurityHeaders(headers: Headers, options: { nonce: string; secure: boolean }): void {
  const isHtml = (headers.get("Content-Type") ?? "").includes("text/html");
  headers.set(
    "Content-Security-Policy",
    isHtml ? contentSecurityPolicy(options.nonce, options.secure) : "default-src 'none'; frame-ancestors 'none'",
  );
  headers.set("Strict-Transport-Security", "max-age=63072000; includeSubDomains; preload");
  headers.set("X-Content-Type-Options", "nosniff");
  headers.set("X-Frame-Options", "DENY");
  headers.set("Referrer-Policy", "strict-origin-when-cross-origin");
  headers.set(
    "Permissions-Policy",
    "accelerometer=(), camera=(), geolocation=(), gyroscope=(), magnetometer=(), microphone=(), payment=(), usb=(), interest-cohort=()",
  );
  headers.set("Cross-Origin-Opener-Policy", "same-origin");
  headers.set("Cross-Origin-Resource-Policy", "same-origin");
}

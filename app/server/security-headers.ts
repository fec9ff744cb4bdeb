/**
 * Security headers for every response the Pages Function produces. Static files served by
 * Pages itself get the same policy (minus the nonce) from public/_headers.
 */
/** Extra origins for configured third parties (analytics, Turnstile); none by default. */
export interface ThirdPartySources {
  scriptSrc: readonly string[];
  connectSrc: readonly string[];
  /** Frames (Turnstile's widget); without any, frames fall back to default-src 'self'. */
  frameSrc?: readonly string[];
}
const NO_THIRD_PARTIES: ThirdPartySources = { scriptSrc: [], connectSrc: [] };
const withSources = (base: string, extra: readonly string[]) => [base, ...extra].join(" ");

export function contentSecurityPolicy(nonce: string, secure: boolean, thirdParties: ThirdPartySources = NO_THIRD_PARTIES): string {
  const directives = [
    "default-src 'self'",
    // 'strict-dynamic' lets our nonce'd module scripts load Remix's route chunks and, after consent, a
    // configured analytics tag (Turnstile's script also gets the nonce); the host list is the fallback
    // for browsers without 'strict-dynamic'.
    withSources(`script-src 'self' 'nonce-${nonce}' 'strict-dynamic'`, thirdParties.scriptSrc),
    "style-src 'self'",
    // Carousels position slides with inline style attributes; no <style> elements are allowed.
    "style-src-attr 'unsafe-inline'",
    "img-src 'self' data: https:",
    ...(thirdParties.frameSrc?.length ? [withSources("frame-src 'self'", thirdParties.frameSrc)] : []),
    "font-src 'self'",
    withSources("connect-src 'self'", thirdParties.connectSrc),
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

export function applySecurityHeaders(
  headers: Headers,
  options: { nonce: string; secure: boolean; thirdParties?: ThirdPartySources },
): void {
  const isHtml = (headers.get("Content-Type") ?? "").includes("text/html");
  headers.set(
    "Content-Security-Policy",
    isHtml ? contentSecurityPolicy(options.nonce, options.secure, options.thirdParties) : "default-src 'none'; frame-ancestors 'none'",
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

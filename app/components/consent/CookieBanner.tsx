// Filled in by the landing-page work (issue 3).
export function CookieBanner() {
  return null;
}

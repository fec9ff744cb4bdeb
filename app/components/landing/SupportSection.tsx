// Filled in by the landing-page work (issue 3).
export function SupportSection() {
  return null;
}

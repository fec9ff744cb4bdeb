// Filled in by the landing-page work (issue 3).
export function ReviewsSection(_props: { reviews: unknown[] }) {
  return null;
}

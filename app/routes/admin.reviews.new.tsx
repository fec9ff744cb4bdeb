import type { MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import type { loadNewReview } from "~/features/admin/reviews/review-pages.server";
import { ReviewEditorPage } from "~/features/admin/reviews/ReviewEditorPage";
import { adminMeta } from "~/features/admin/ui/admin-meta";

export { loadNewReview as loader, createReviewAction as action } from "~/features/admin/reviews/review-pages.server";

export const meta: MetaFunction = () => adminMeta("New review");

export default function NewReview() {
  const { defaults } = useLoaderData<typeof loadNewReview>();
  return (
    <ReviewEditorPage
      intent="create"
      title="New review"
      description="Active reviews appear in the landing page's reviews carousel as soon as you save."
      defaults={defaults}
      submitLabel="Create review"
    />
  );
}

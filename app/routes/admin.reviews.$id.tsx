import type { MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import type { loadReviewEditor } from "~/features/admin/reviews/review-pages.server";
import { ReviewEditorPage } from "~/features/admin/reviews/ReviewEditorPage";
import { adminMeta } from "~/features/admin/ui/admin-meta";

export { loadReviewEditor as loader, updateReviewAction as action } from "~/features/admin/reviews/review-pages.server";
export { ReviewNotFound as ErrorBoundary } from "~/features/admin/reviews/ReviewEditorPage";

export const meta: MetaFunction<typeof loadReviewEditor> = ({ data }) => adminMeta(data ? `Edit “${data.title}”` : "Review not found");

export default function EditReview() {
  const { id, title, defaults } = useLoaderData<typeof loadReviewEditor>();
  return (
    <ReviewEditorPage
      intent="update"
      title={`Edit review #${id}`}
      description={<>“{title}”. Changes show on the landing page as soon as you save.</>}
      defaults={defaults}
      submitLabel="Save changes"
    />
  );
}

import type { MetaFunction } from "@remix-run/cloudflare";
import { adminMeta } from "~/features/admin/ui/admin-meta";

export { loadReviewList as loader, reviewListAction as action } from "~/features/admin/reviews/review-pages.server";
export { ReviewListPage as default } from "~/features/admin/reviews/ReviewListPage";

export const meta: MetaFunction = () => adminMeta("Reviews");

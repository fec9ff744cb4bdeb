/**
 * Customer reviews (spec sections 3 and 7).
 */
import { and, asc, desc, eq } from "drizzle-orm";
import { customerReviews } from "~/db/schema";
import { REVIEWS_FETCH_LIMIT } from "~/lib/constants";
import { createDb } from "~/lib/db.server";
import { PUBLIC_READ_DEADLINE_MS, withDeadline } from "~/lib/deadline";
import { logError } from "~/lib/log.server";

export type Review = typeof customerReviews.$inferSelect;
/** Spec section 7: sort_order ascending, created_at descending; the id breaks exact ties, so the
 * admin's list and the landing page always agree on the order. */
export const REVIEW_ORDER = [asc(customerReviews.sortOrder), desc(customerReviews.createdAt), desc(customerReviews.id)];

export type PublicReview = Pick<Review, "id" | "title" | "content" | "authorName" | "authorPlatform" | "rating" | "imageUrl" | "isFeatured">;

/** Active reviews, sort_order ascending then newest first, at most `limit`. Throws when D1 fails. */
export async function listActiveReviews(d1: D1Database, limit = REVIEWS_FETCH_LIMIT): Promise<PublicReview[]> {
  return createDb(d1)
    .select({
      id: customerReviews.id,
      title: customerReviews.title,
      content: customerReviews.content,
      authorName: customerReviews.authorName,
      authorPlatform: customerReviews.authorPlatform,
      rating: customerReviews.rating,
      imageUrl: customerReviews.imageUrl,
      isFeatured: customerReviews.isFeatured,
    })
    .from(customerReviews)
    .where(and(eq(customerReviews.isActive, true)))
    .orderBy(...REVIEW_ORDER)
    .limit(limit);
}

/**
 * Reviews to show on the landing page, or null when the section is hidden (spec sections 4, 8).
 * A read that fails or misses the deadline (ADR 0021) hides the section and tells `onFallback` (the
 * page is then not edge-cached).
 */
export async function reviewsForLanding(
  d1: D1Database,
  show: Promise<boolean>,
  onFallback?: () => void,
  deadlineMs = PUBLIC_READ_DEADLINE_MS,
): Promise<PublicReview[] | null> {
  const [visible, reviews] = await Promise.all([
    show,
    withDeadline(listActiveReviews(d1), deadlineMs, "active reviews").catch((error) => {
      logError("reviews_read_failed", error);
      onFallback?.();
      return [] as PublicReview[];
    }),
  ]);
  return visible && reviews.length > 0 ? reviews : null;
}

/**
 * The admin's customer reviews (spec sections 3, 4 and 7): the full list in the landing page's
 * order, create, update, delete, show/hide, feature/unfeature and reordering. Every write goes to D1
 * in one batch with its audit entry, so both land or neither.
 */
import { eq, max, sql } from "drizzle-orm";
import { customerReviews } from "~/db/schema";
import { auditStatement } from "~/features/admin/audit.server";
import type { SignedInAdmin } from "~/features/admin/session.server";
import { createDb } from "~/lib/db.server";
import { REVIEW_ORDER, type Review } from "~/lib/reviews.server";
import type { ReviewInput } from "./review-schema";

/** The gap reordering leaves between neighbours, so a new sort order can go between two. */
export const SORT_ORDER_STEP = 10;

export const REVIEW_ADMIN_MESSAGES = {
  created: "Review created.",
  updated: "Review updated.",
  deleted: "Review deleted.",
  shown: "Review shown on the landing page.",
  hidden: "Review hidden from the landing page.",
  featured: "Review featured.",
  unfeatured: "Review no longer featured.",
  movedUp: "Review moved up.",
  movedDown: "Review moved down.",
  alreadyFirst: "That review is already first.",
  alreadyLast: "That review is already last.",
  missing: "Review no longer exists.",
  badId: "That review could not be found.",
  unknownIntent: "Unknown action. Reload the page and try again.",
} as const;

const target = (id: number) => `review #${id}`;

export function listReviews(d1: D1Database): Promise<Review[]> {
  return createDb(d1)
    .select()
    .from(customerReviews)
    .orderBy(...REVIEW_ORDER);
}

export async function getReview(d1: D1Database, id: number): Promise<Review | null> {
  const [row] = await createDb(d1).select().from(customerReviews).where(eq(customerReviews.id, id)).limit(1);
  return row ?? null;
}

/** Where a new review goes when the admin leaves the sort order empty: after the last one. */
export async function nextSortOrder(d1: D1Database): Promise<number> {
  const [row] = await createDb(d1).select({ highest: max(customerReviews.sortOrder) }).from(customerReviews);
  return (row?.highest ?? 0) + SORT_ORDER_STEP;
}

export async function createReview(d1: D1Database, admin: SignedInAdmin, input: ReviewInput): Promise<void> {
  const db = createDb(d1);
  const values = { ...input, sortOrder: input.sortOrder ?? (await nextSortOrder(d1)) };
  await db.batch([
    db.insert(customerReviews).values(values),
    // The new row's id is only known inside the batch.
    auditStatement(d1, admin, "created review", sql`'review #' || last_insert_rowid()`, { title: values.title }),
  ]);
}

/** Saves the edit form; false when the review no longer exists. */
export async function updateReview(d1: D1Database, admin: SignedInAdmin, id: number, input: ReviewInput): Promise<boolean> {
  const existing = await getReview(d1, id);
  if (!existing) return false;
  const values = { ...input, sortOrder: input.sortOrder ?? existing.sortOrder };
  const changed = (Object.keys(values) as (keyof typeof values)[]).filter((key) => values[key] !== existing[key]);
  const db = createDb(d1);
  await db.batch([
    db.update(customerReviews).set(values).where(eq(customerReviews.id, id)),
    auditStatement(d1, admin, "updated review", target(id), { title: values.title, changed }),
  ]);
  return true;
}

export type ReviewFlag = "isActive" | "isFeatured";

const FLAG_AUDIT: Record<ReviewFlag, Record<"true" | "false", string>> = {
  isActive: { true: "showed review", false: "hid review" },
  isFeatured: { true: "featured review", false: "unfeatured review" },
};

/**
 * Sets is_active or is_featured to a given value (spec section 7: one boolean by id). A value, not
 * a flip, so a form sent twice leaves the review as the admin wanted it. False when it is gone.
 */
export async function setReviewFlag(d1: D1Database, admin: SignedInAdmin, id: number, flag: ReviewFlag, value: boolean): Promise<boolean> {
  const existing = await getReview(d1, id);
  if (!existing) return false;
  const db = createDb(d1);
  await db.batch([
    db.update(customerReviews).set(flag === "isActive" ? { isActive: value } : { isFeatured: value }).where(eq(customerReviews.id, id)),
    auditStatement(d1, admin, FLAG_AUDIT[flag][`${value}`], target(id), { title: existing.title }),
  ]);
  return true;
}

/** Deletes a review; false when it was already gone. */
export async function deleteReview(d1: D1Database, admin: SignedInAdmin, id: number): Promise<boolean> {
  const existing = await getReview(d1, id);
  if (!existing) return false;
  const db = createDb(d1);
  await db.batch([
    db.delete(customerReviews).where(eq(customerReviews.id, id)),
    auditStatement(d1, admin, "deleted review", target(id), { title: existing.title, authorName: existing.authorName }),
  ]);
  return true;
}

export type MoveOutcome = "moved" | "missing" | "edge";

/**
 * Swaps a review with its neighbour in the list order, then numbers the whole list 10, 20, 30...
 * so equal sort orders (ties broken by date) can no longer make a move look like it did nothing.
 * Only rows whose number changes are written; all in one batch with the audit entry.
 */
export async function moveReview(d1: D1Database, admin: SignedInAdmin, id: number, direction: "up" | "down"): Promise<MoveOutcome> {
  const db = createDb(d1);
  const ordered = await db
    .select({ id: customerReviews.id, sortOrder: customerReviews.sortOrder, title: customerReviews.title })
    .from(customerReviews)
    .orderBy(...REVIEW_ORDER);
  const index = ordered.findIndex((row) => row.id === id);
  if (index === -1) return "missing";
  const neighbour = direction === "up" ? index - 1 : index + 1;
  if (neighbour < 0 || neighbour >= ordered.length) return "edge";
  [ordered[index], ordered[neighbour]] = [ordered[neighbour]!, ordered[index]!];

  const updates = ordered.flatMap((row, position) => {
    const sortOrder = (position + 1) * SORT_ORDER_STEP;
    return row.sortOrder === sortOrder ? [] : [db.update(customerReviews).set({ sortOrder }).where(eq(customerReviews.id, row.id))];
  });
  await db.batch([
    auditStatement(d1, admin, `moved review ${direction}`, target(id), { title: ordered[neighbour]!.title, position: neighbour + 1 }),
    ...updates,
  ]);
  return "moved";
}

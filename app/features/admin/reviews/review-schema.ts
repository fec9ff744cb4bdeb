/**
 * The review form (spec sections 3 and 5): its one zod schema, read by conform in the admin's
 * browser and by the server (the authority), with the spec's messages; its limits and labels; and
 * a stored review as the form's starting values. No server imports: the form uses it too.
 */
import * as z from "zod";
import type { ReviewPlatform } from "~/db/schema";
import { checkbox, optionalField, wholeNumber } from "~/features/admin/form-schema";

export const REVIEW_PLATFORMS = ["app_store", "reddit", "other"] as const satisfies readonly ReviewPlatform[];
// Fails to compile if the table ever allows a platform this list does not.
const _everyPlatform: readonly (typeof REVIEW_PLATFORMS)[number][] = [] as ReviewPlatform[];

export const REVIEW_PLATFORM_LABELS: Record<ReviewPlatform, string> = {
  app_store: "App Store",
  reddit: "Reddit",
  other: "Other",
};

/** Limits the spec leaves open: long enough for real reviews, short enough for the carousel card. */
export const REVIEW_LIMITS = {
  title: 120,
  content: 2000,
  authorName: 80,
  imageUrl: 2048,
  sortOrderMax: 1_000_000,
} as const;

export const REVIEW_MESSAGES = {
  titleRequired: "Title is required",
  titleTooLong: `Title must be ${REVIEW_LIMITS.title} characters or fewer`,
  contentRequired: "Content is required",
  contentTooLong: `Content must be ${REVIEW_LIMITS.content.toLocaleString("en-US")} characters or fewer`,
  authorRequired: "Author name is required",
  authorTooLong: `Author name must be ${REVIEW_LIMITS.authorName} characters or fewer`,
  platform: "Choose App Store, Reddit or Other",
  rating: "Rating must be between 1 and 5",
  imageUrlHttps: "Image URL must start with https://",
  imageUrlInvalid: "Image URL is not a valid web address",
  imageUrlTooLong: `Image URL must be ${REVIEW_LIMITS.imageUrl.toLocaleString("en-US")} characters or fewer`,
  sortOrder: `Sort order must be a whole number from 0 to ${REVIEW_LIMITS.sortOrderMax.toLocaleString("en-US")}`,
} as const;

/** Text the review must have: trimmed, so blank is missing. */
const requiredText = (max: number, required: string, tooLong: string) => z.string({ error: required }).trim().min(1, required).max(max, tooLong);

function isHttpsUrl(value: string): boolean {
  if (/[\s\p{Cc}]/u.test(value)) return false;
  try {
    const url = new URL(value);
    return url.protocol === "https:" && url.hostname.length > 0;
  } catch {
    return false;
  }
}

/** Review data as the admin form sends it (the spec's column names) → a row's values. */
export const reviewSchema = z
  .object({
    title: requiredText(REVIEW_LIMITS.title, REVIEW_MESSAGES.titleRequired, REVIEW_MESSAGES.titleTooLong),
    content: requiredText(REVIEW_LIMITS.content, REVIEW_MESSAGES.contentRequired, REVIEW_MESSAGES.contentTooLong),
    author_name: requiredText(REVIEW_LIMITS.authorName, REVIEW_MESSAGES.authorRequired, REVIEW_MESSAGES.authorTooLong),
    author_platform: z.enum(REVIEW_PLATFORMS, { error: REVIEW_MESSAGES.platform }),
    rating: optionalField(wholeNumber(REVIEW_MESSAGES.rating, { min: 1, max: 5 })),
    image_url: optionalField(
      z
        .string()
        .trim()
        .max(REVIEW_LIMITS.imageUrl, REVIEW_MESSAGES.imageUrlTooLong)
        // Only https images: no javascript:, data: or mixed content in the public carousel.
        .regex(/^https:\/\//i, REVIEW_MESSAGES.imageUrlHttps)
        .refine(isHttpsUrl, REVIEW_MESSAGES.imageUrlInvalid),
    ),
    // Empty means "choose for me": the end of the list for a new review, unchanged on edit.
    sort_order: optionalField(wholeNumber(REVIEW_MESSAGES.sortOrder, { min: 0, max: REVIEW_LIMITS.sortOrderMax })),
    is_active: checkbox(),
    is_featured: checkbox(),
  })
  .transform((review) => ({
    title: review.title,
    content: review.content,
    authorName: review.author_name,
    authorPlatform: review.author_platform,
    rating: review.rating ?? null,
    imageUrl: review.image_url ?? null,
    sortOrder: review.sort_order ?? null,
    isActive: review.is_active,
    isFeatured: review.is_featured,
  }));

export type ReviewInput = z.output<typeof reviewSchema>;

/** A stored review as the form's starting values (the edit form), or those of a new one at `nextSortOrder`. */
export function reviewFormDefaults(
  review?: {
    title: string;
    content: string;
    authorName: string;
    authorPlatform: string;
    rating: number | null;
    imageUrl: string | null;
    sortOrder: number;
    isActive: boolean;
    isFeatured: boolean;
  },
  nextSortOrder = 0,
) {
  if (!review) {
    return {
      title: "",
      content: "",
      author_name: "",
      author_platform: "app_store",
      rating: "",
      image_url: "",
      sort_order: String(nextSortOrder),
      is_active: true,
      is_featured: false,
    };
  }
  return {
    title: review.title,
    content: review.content,
    author_name: review.authorName,
    author_platform: review.authorPlatform,
    rating: review.rating === null ? "" : String(review.rating),
    image_url: review.imageUrl ?? "",
    sort_order: String(review.sortOrder),
    is_active: review.isActive,
    is_featured: review.isFeatured,
  };
}

export type ReviewFormDefaults = ReturnType<typeof reviewFormDefaults>;

/**
 * Customer review rules (spec sections 3 and 5), shared by the admin form (limits, labels, the
 * shape of typed values) and its action (the authority). No server imports: the form uses it too.
 */
import { z } from "zod";
import type { ReviewPlatform } from "~/db/schema";

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

/** The form's field names: the spec's column names. */
export type ReviewField =
  | "title"
  | "content"
  | "author_name"
  | "author_platform"
  | "rating"
  | "image_url"
  | "sort_order"
  | "is_active"
  | "is_featured";

/** What the admin typed, kept as typed so a refused form comes back filled in. */
export interface ReviewFormValues {
  title: string;
  content: string;
  author_name: string;
  author_platform: string;
  rating: string;
  image_url: string;
  sort_order: string;
  is_active: boolean;
  is_featured: boolean;
}

export type ReviewErrors = Partial<Record<ReviewField, string>>;

const text = (value: unknown) => (typeof value === "string" ? value.trim() : value);
const textOrNull = (value: unknown) => {
  const trimmed = text(value);
  return trimmed === undefined || trimmed === null || trimmed === "" ? null : trimmed;
};
/** Digits only (so "2.5", "1e0" and "abc" are refused), else NaN, which z.number() refuses. */
const wholeNumberOrNull = (value: unknown) => {
  const trimmed = textOrNull(value);
  if (trimmed === null || typeof trimmed === "number") return trimmed;
  return typeof trimmed === "string" && /^\d{1,9}$/.test(trimmed) ? Number(trimmed) : Number.NaN;
};
/** A checkbox: present ("on") means checked; real booleans are accepted too. */
const checked = (value: unknown) => value === true || value === "on" || value === "true" || value === "1";

function isHttpsUrl(value: string): boolean {
  if (/[\s\p{Cc}]/u.test(value)) return false;
  try {
    const url = new URL(value);
    return url.protocol === "https:" && url.hostname.length > 0;
  } catch {
    return false;
  }
}

const imageUrl = z.preprocess(
  textOrNull,
  z
    .string()
    .max(REVIEW_LIMITS.imageUrl, REVIEW_MESSAGES.imageUrlTooLong)
    // Only https images: no javascript:, data: or mixed content in the public carousel.
    .regex(/^https:\/\//i, REVIEW_MESSAGES.imageUrlHttps)
    .refine(isHttpsUrl, REVIEW_MESSAGES.imageUrlInvalid)
    .nullable(),
);

/** Review data as the admin form sends it (strings, checkboxes) → a row's values. */
export const reviewSchema = z
  .object({
    title: z.preprocess(text, z.string(REVIEW_MESSAGES.titleRequired).min(1, REVIEW_MESSAGES.titleRequired).max(REVIEW_LIMITS.title, REVIEW_MESSAGES.titleTooLong)),
    content: z.preprocess(
      text,
      z.string(REVIEW_MESSAGES.contentRequired).min(1, REVIEW_MESSAGES.contentRequired).max(REVIEW_LIMITS.content, REVIEW_MESSAGES.contentTooLong),
    ),
    author_name: z.preprocess(
      text,
      z.string(REVIEW_MESSAGES.authorRequired).min(1, REVIEW_MESSAGES.authorRequired).max(REVIEW_LIMITS.authorName, REVIEW_MESSAGES.authorTooLong),
    ),
    author_platform: z.preprocess(text, z.enum(REVIEW_PLATFORMS, REVIEW_MESSAGES.platform)),
    rating: z.preprocess(wholeNumberOrNull, z.number(REVIEW_MESSAGES.rating).int(REVIEW_MESSAGES.rating).min(1, REVIEW_MESSAGES.rating).max(5, REVIEW_MESSAGES.rating).nullable()),
    image_url: imageUrl,
    // Empty means "choose for me": the end of the list for a new review, unchanged on edit.
    sort_order: z.preprocess(
      wholeNumberOrNull,
      z.number(REVIEW_MESSAGES.sortOrder).int(REVIEW_MESSAGES.sortOrder).min(0, REVIEW_MESSAGES.sortOrder).max(REVIEW_LIMITS.sortOrderMax, REVIEW_MESSAGES.sortOrder).nullable(),
    ),
    is_active: z.preprocess(checked, z.boolean()),
    is_featured: z.preprocess(checked, z.boolean()),
  })
  .transform((review) => ({
    title: review.title,
    content: review.content,
    authorName: review.author_name,
    authorPlatform: review.author_platform,
    rating: review.rating,
    imageUrl: review.image_url,
    sortOrder: review.sort_order,
    isActive: review.is_active,
    isFeatured: review.is_featured,
  }));

export type ReviewInput = z.output<typeof reviewSchema>;

/** The typed values of a submitted form, for showing it again. */
export function reviewFormValues(fields: Record<string, string | undefined>): ReviewFormValues {
  const keep = (name: string, max: number) => (fields[name] ?? "").slice(0, max);
  return {
    title: keep("title", REVIEW_LIMITS.title * 2),
    content: keep("content", REVIEW_LIMITS.content * 2),
    author_name: keep("author_name", REVIEW_LIMITS.authorName * 2),
    author_platform: keep("author_platform", 20),
    rating: keep("rating", 10),
    image_url: keep("image_url", REVIEW_LIMITS.imageUrl * 2),
    sort_order: keep("sort_order", 20),
    is_active: checked(fields.is_active),
    is_featured: checked(fields.is_featured),
  };
}

/** What a refused review form answers (status 400): a message per field and the typed values. */
export interface ReviewFormRefusal {
  errors: ReviewErrors;
  values: ReviewFormValues;
}

export type ReviewParse = { ok: true; review: ReviewInput } | { ok: false; errors: ReviewErrors; values: ReviewFormValues };

/** Validates a submitted review form: the row's values, or one message per field that is wrong. */
export function parseReviewForm(fields: Record<string, string | undefined>): ReviewParse {
  const result = reviewSchema.safeParse(fields);
  if (result.success) return { ok: true, review: result.data };
  const errors: ReviewErrors = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0] as ReviewField | undefined;
    if (field && !errors[field]) errors[field] = issue.message;
  }
  return { ok: false, errors, values: reviewFormValues(fields) };
}

/** A stored review as form values (the edit form), or the defaults of a new one. */
export function reviewToFormValues(review?: {
  title: string;
  content: string;
  authorName: string;
  authorPlatform: string;
  rating: number | null;
  imageUrl: string | null;
  sortOrder: number;
  isActive: boolean;
  isFeatured: boolean;
}, nextSortOrder = 0): ReviewFormValues {
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

import { describe, expect, it } from "vitest";
import { parseAdminForm } from "~/features/admin/guard.server";
import { REVIEW_LIMITS, REVIEW_MESSAGES, reviewFormDefaults as reviewToFormValues, reviewSchema } from "~/features/admin/reviews/review-schema";

/**
 * The review form as the action reads it (conform with the review schema): the row's values, or the
 * first message of each refused field and what was typed (conform's reply, which leaves out empty fields).
 */
function parseReviewForm(fields: Record<string, string | undefined>) {
  const sent = Object.fromEntries(Object.entries(fields).filter((entry): entry is [string, string] => entry[1] !== undefined));
  const submission = parseAdminForm(sent, reviewSchema);
  if (submission.status === "success") return { ok: true as const, review: submission.value };
  const errors = Object.fromEntries(Object.entries(submission.error ?? {}).map(([field, messages]) => [field, messages?.[0]]));
  return { ok: false as const, errors, values: submission.reply().initialValue };
}

const valid = {
  title: "Finally, tidy links",
  content: "I stopped losing articles.",
  author_name: "Sam",
  author_platform: "app_store",
  rating: "5",
  image_url: "",
  sort_order: "10",
  is_active: "on",
};

const errorsOf = (fields: Record<string, string | undefined>) => {
  const result = parseReviewForm(fields);
  return result.ok ? {} : result.errors;
};

describe("review rules: the spec's messages (section 5)", () => {
  it("accepts a complete review and maps it to the row's values", () => {
    expect(parseReviewForm(valid)).toEqual({
      ok: true,
      review: {
        title: "Finally, tidy links",
        content: "I stopped losing articles.",
        authorName: "Sam",
        authorPlatform: "app_store",
        rating: 5,
        imageUrl: null,
        sortOrder: 10,
        isActive: true,
        isFeatured: false,
      },
    });
  });

  it.each([
    ["title", "Title is required"],
    ["content", "Content is required"],
    ["author_name", "Author name is required"],
  ])("%s missing, empty or blank -> %j", (field, message) => {
    for (const value of [undefined, "", "   \n\t "]) {
      expect(errorsOf({ ...valid, [field]: value })).toEqual({ [field]: message });
    }
  });

  it("reports every wrong field at once, one message each", () => {
    expect(errorsOf({})).toEqual({
      title: REVIEW_MESSAGES.titleRequired,
      content: REVIEW_MESSAGES.contentRequired,
      author_name: REVIEW_MESSAGES.authorRequired,
      author_platform: REVIEW_MESSAGES.platform,
    });
  });

  it.each(["1", "2", "3", "4", "5", " 4 "])("accepts rating %j", (rating) => {
    const result = parseReviewForm({ ...valid, rating });
    expect(result.ok && result.review.rating).toBe(Number(rating));
  });

  it.each(["", "  ", undefined])("treats rating %j as no rating", (rating) => {
    const result = parseReviewForm({ ...valid, rating });
    expect(result.ok && result.review.rating).toBeNull();
  });

  it.each(["0", "6", "-1", "10", "2.5", "1e0", "abc", "five", "99999999999"])("refuses rating %j with 'Rating must be between 1 and 5'", (rating) => {
    expect(errorsOf({ ...valid, rating })).toEqual({ rating: "Rating must be between 1 and 5" });
  });
});

describe("review rules: the limits the spec leaves open", () => {
  it.each([
    ["title", REVIEW_LIMITS.title, "Title must be 120 characters or fewer"],
    ["content", REVIEW_LIMITS.content, "Content must be 2,000 characters or fewer"],
    ["author_name", REVIEW_LIMITS.authorName, "Author name must be 80 characters or fewer"],
  ])("%s: up to %i characters", (field, limit, message) => {
    expect(parseReviewForm({ ...valid, [field]: "x".repeat(limit) }).ok).toBe(true);
    // Surrounding spaces do not count; they are trimmed away.
    expect(parseReviewForm({ ...valid, [field]: `  ${"x".repeat(limit)}  ` }).ok).toBe(true);
    expect(errorsOf({ ...valid, [field]: "x".repeat(limit + 1) })).toEqual({ [field]: message });
  });

  it("trims text fields", () => {
    const result = parseReviewForm({ ...valid, title: "  Spaced  ", author_name: "\tSam\n", content: " text " });
    expect(result.ok && [result.review.title, result.review.authorName, result.review.content]).toEqual(["Spaced", "Sam", "text"]);
  });

  it.each(["app_store", "reddit", "other"])("accepts platform %j", (author_platform) => {
    expect(parseReviewForm({ ...valid, author_platform }).ok).toBe(true);
  });

  it.each(["", "twitter", "App_Store", undefined])("refuses platform %j", (author_platform) => {
    expect(errorsOf({ ...valid, author_platform })).toEqual({ author_platform: REVIEW_MESSAGES.platform });
  });

  it("sort order: a whole number from 0 to 1,000,000; empty means 'choose for me'", () => {
    for (const [input, expected] of [["0", 0], ["25", 25], [" 7 ", 7], ["1000000", 1_000_000], ["", null]] as const) {
      const result = parseReviewForm({ ...valid, sort_order: input });
      expect(result.ok && result.review.sortOrder, input).toBe(expected);
    }
    for (const input of ["-1", "1.5", "abc", "1000001", "1e3"]) {
      expect(errorsOf({ ...valid, sort_order: input }), input).toEqual({ sort_order: REVIEW_MESSAGES.sortOrder });
    }
  });

  it("checkboxes: present means on, absent means off", () => {
    const on = parseReviewForm({ ...valid, is_active: "on", is_featured: "on" });
    expect(on.ok && [on.review.isActive, on.review.isFeatured]).toEqual([true, true]);
    const off = parseReviewForm({ ...valid, is_active: undefined, is_featured: undefined });
    expect(off.ok && [off.review.isActive, off.review.isFeatured]).toEqual([false, false]);
  });
});

describe("review rules: image URL", () => {
  it.each(["https://cdn.example.com/avatars/sam.png", "HTTPS://Example.com/a.jpg", "  https://example.com/a.webp?size=80  "])("accepts %j", (image_url) => {
    const result = parseReviewForm({ ...valid, image_url });
    expect(result.ok && result.review.imageUrl).toBe(image_url.trim());
  });

  it("is optional: empty or blank becomes null", () => {
    for (const image_url of ["", "   ", undefined]) {
      const result = parseReviewForm({ ...valid, image_url });
      expect(result.ok && result.review.imageUrl).toBeNull();
    }
  });

  it.each([
    "http://example.com/a.png",
    "javascript:alert(1)",
    "JavaScript:alert(document.cookie)",
    " javascript:alert(1)",
    "data:image/png;base64,iVBORw0KGgo=",
    "data:text/html,<script>alert(1)</script>",
    "//example.com/a.png",
    "ftp://example.com/a.png",
    "example.com/a.png",
    "/images/a.png",
  ])("refuses %j with 'Image URL must start with https://'", (image_url) => {
    expect(errorsOf({ ...valid, image_url })).toEqual({ image_url: "Image URL must start with https://" });
  });

  it.each(["https://", "https:// example.com/a.png", "https://exa mple.com/", "https://example.com/a\u0000.png", "https://[::1"])(
    "refuses the malformed %j",
    (image_url) => {
      expect(errorsOf({ ...valid, image_url })).toEqual({ image_url: REVIEW_MESSAGES.imageUrlInvalid });
    },
  );

  it("is at most 2,048 characters", () => {
    const base = "https://example.com/";
    expect(parseReviewForm({ ...valid, image_url: base + "a".repeat(REVIEW_LIMITS.imageUrl - base.length) }).ok).toBe(true);
    expect(errorsOf({ ...valid, image_url: base + "a".repeat(REVIEW_LIMITS.imageUrl - base.length + 1) })).toEqual({
      image_url: "Image URL must be 2,048 characters or fewer",
    });
  });
});

describe("review form values", () => {
  it("keeps what was typed when refused", () => {
    const result = parseReviewForm({ ...valid, title: "", rating: "abc", is_featured: "on" });
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.values).toMatchObject({ content: valid.content, rating: "abc", is_active: "on", is_featured: "on" });
      expect(result.values).not.toHaveProperty("title");
    }
  });

  it("round-trips a stored review through the form", () => {
    const stored = {
      title: "T",
      content: "C",
      authorName: "A",
      authorPlatform: "reddit",
      rating: null,
      imageUrl: null,
      sortOrder: 30,
      isActive: false,
      isFeatured: true,
    };
    const values = reviewToFormValues(stored);
    const fields = { ...values, is_active: values.is_active ? "on" : undefined, is_featured: values.is_featured ? "on" : undefined };
    expect(parseReviewForm(fields)).toEqual({ ok: true, review: stored });
  });

  it("starts a new review active, unrated, from the App Store, at the given place", () => {
    expect(reviewToFormValues(undefined, 40)).toMatchObject({ author_platform: "app_store", rating: "", sort_order: "40", is_active: true, is_featured: false });
  });
});

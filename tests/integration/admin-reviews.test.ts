/**
 * The admin's reviews pages against real D1 in Miniflare, through the real pipeline and Remix build:
 * the list and its order, create / edit with the spec's validation messages, show/hide, feature,
 * reorder, delete behind its confirmation, the audit trail, and the landing page seeing every change.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { REVIEW_ADMIN_MESSAGES } from "~/features/admin/reviews/reviews.server";
import { bumpContentVersion } from "~/server/edge-cache";
import { adminPost, followFlash as followRedirectWithFlash, openAdminApp, OWNER, pageGet } from "../support/admin";
import type { TestApp } from "../support/app";

let app: TestApp;
let cookie: string;

beforeAll(async () => ({ app, cookie } = await openAdminApp()));
afterAll(() => app.dispose());
beforeEach(async () => {
  await app.db.batch([app.db.prepare("DELETE FROM customer_reviews"), app.db.prepare("DELETE FROM admin_audit_log")]);
  // Rows change behind the admin's back here and in insertReview: nothing stored or remembered may be reused (ADR 0025).
  await bumpContentVersion(app.kv);
});

const LIST = "/admin/reviews";
// A form in an index route posts to its path with ?index (that is what Remix's <Form> renders).
const LIST_ACTION = "/admin/reviews?index";

interface Row {
  id: number;
  title: string;
  content: string;
  author_name: string;
  author_platform: string;
  rating: number | null;
  image_url: string | null;
  is_active: number;
  is_featured: number;
  sort_order: number;
}

async function insertReview(values: Partial<Omit<Row, "id">> & { created_at?: string } = {}): Promise<number> {
  const row = {
    title: "A review",
    content: "Nice app.",
    author_name: "Sam",
    author_platform: "app_store",
    rating: 5,
    image_url: null,
    is_active: 1,
    is_featured: 0,
    sort_order: 0,
    created_at: new Date().toISOString(),
    ...values,
  };
  const inserted = await app.db
    .prepare(
      `INSERT INTO customer_reviews (title, content, author_name, author_platform, rating, image_url, is_active, is_featured, sort_order, created_at)
       VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10) RETURNING id`,
    )
    .bind(row.title, row.content, row.author_name, row.author_platform, row.rating, row.image_url, row.is_active, row.is_featured, row.sort_order, row.created_at)
    .first<{ id: number }>();
  await bumpContentVersion(app.kv);
  return inserted!.id;
}

async function reviewRow(id: number): Promise<Row | null> {
  return app.db.prepare("SELECT * FROM customer_reviews WHERE id = ?1").bind(id).first<Row>();
}

async function reviewCount(): Promise<number> {
  return (await app.db.prepare("SELECT count(*) AS n FROM customer_reviews").first<{ n: number }>())!.n;
}

async function auditRows(): Promise<{ action: string; target: string | null; admin_email: string; details: string }[]> {
  return (await app.db.prepare("SELECT action, target, admin_email, details FROM admin_audit_log ORDER BY id").all()).results as never;
}

/** The admin list's rows, top to bottom, as ids. */
async function listedIds(): Promise<number[]> {
  const html = await (await app.fetch(pageGet(LIST, cookie))).text();
  return [...html.matchAll(/data-review-id="(\d+)"/g)].map((m) => Number(m[1]));
}

/** Follows an action's redirect with its flash cookie; returns the flash text shown once. */
async function followFlash(response: Response): Promise<{ kind: string; message: string }> {
  const after = await followRedirectWithFlash(app, response, cookie);
  expect(after.status).toBe(200);
  expect(after.flash, "a flash message on the page").not.toBeNull();
  return { kind: after.flashKind!, message: after.flash! };
}

const validForm = {
  intent: "create",
  title: "Finally, tidy links",
  content: "I stopped losing the articles I meant to read.",
  author_name: "Robin",
  author_platform: "reddit",
  rating: "4",
  image_url: "https://cdn.example.com/robin.png",
  sort_order: "",
  is_active: "on",
};

describe("the reviews list", () => {
  it("shows an empty state and the New review button when there are no reviews", async () => {
    const response = await app.fetch(pageGet(LIST, cookie));
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain('data-testid="reviews-empty"');
    expect(html).toContain('href="/admin/reviews/new"');
    expect(html).toContain("New review");
    expect(html).not.toContain('data-testid="reviews-table"');
  });

  it("lists every review, hidden ones too, sort_order ascending then newest first (spec section 7)", async () => {
    const oldLow = await insertReview({ title: "Old, low", sort_order: 10, created_at: "2025-01-01T00:00:00.000Z" });
    const newLow = await insertReview({ title: "New, low", sort_order: 10, created_at: "2025-06-01T00:00:00.000Z" });
    const high = await insertReview({ title: "High", sort_order: 50, created_at: "2025-09-01T00:00:00.000Z", is_active: 0 });
    const first = await insertReview({ title: "First", sort_order: 0, created_at: "2024-01-01T00:00:00.000Z", is_featured: 1, rating: null });
    expect(await listedIds()).toEqual([first, newLow, oldLow, high]);

    const html = await (await app.fetch(pageGet(LIST, cookie))).text();
    expect(html).toContain("4 reviews, in landing page order");
    for (const header of ["Title", "Author", "Rating", "Status", "Order", "Created", "Actions"]) {
      expect(html).toMatch(new RegExp(`<th scope="col"[^>]*>${header}</th>`));
    }
    expect(html).toContain(">Hidden<");
    expect(html).toContain(">Featured<");
    expect(html).toContain("No rating");
    expect(html).toContain("App Store");
    // Each row says which review its buttons act on.
    expect(html).toContain('aria-label="Edit review “High”"');
    expect(html).toContain('aria-label="Show review “High” on the landing page"');
    expect(html).toContain('aria-label="Hide review “First” from the landing page"');
    expect(html).toContain('aria-label="Stop featuring review “First”"');
    expect(html).toContain('aria-label="Delete review “First”"');
  });

  it("escapes what reviews contain", async () => {
    await insertReview({ title: "<img src=x onerror=alert(1)>", content: "<script>alert(2)</script>" });
    const html = await (await app.fetch(pageGet(LIST, cookie))).text();
    expect(html).not.toContain("<img src=x onerror");
    expect(html).not.toContain("<script>alert(2)");
    expect(html).toContain("&lt;img src=x onerror=alert(1)&gt;");
  });
});

describe("creating a review", () => {
  it("stores the review with its audit entry and says so on the list", async () => {
    await insertReview({ title: "Existing", sort_order: 30 });
    const response = await app.fetch(adminPost("/admin/reviews/new", validForm, cookie));
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe(LIST);

    const row = await app.db.prepare("SELECT * FROM customer_reviews WHERE title = ?1").bind(validForm.title).first<Row>();
    expect(row).toMatchObject({
      content: validForm.content,
      author_name: "Robin",
      author_platform: "reddit",
      rating: 4,
      image_url: "https://cdn.example.com/robin.png",
      is_active: 1,
      is_featured: 0,
      // An empty sort order puts a new review after the last one.
      sort_order: 40,
    });
    const audit = await auditRows();
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ action: "created review", target: `review #${row!.id}`, admin_email: OWNER.email });
    expect(JSON.parse(audit[0]!.details)).toEqual({ title: validForm.title });

    expect(await followFlash(response)).toEqual({ kind: "success", message: "Review created." });
  });

  it("trims text, stores an empty rating and image as NULL, and unchecked boxes as false", async () => {
    const response = await app.fetch(
      adminPost("/admin/reviews/new", { ...validForm, title: "  Padded  ", rating: "", image_url: "  ", sort_order: "5", is_active: "" }, cookie),
    );
    expect(response.status).toBe(302);
    const row = await app.db.prepare("SELECT * FROM customer_reviews").first<Row>();
    expect(row).toMatchObject({ title: "Padded", rating: null, image_url: null, sort_order: 5, is_active: 0, is_featured: 0 });
  });

  it("shows the form with the next sort order filled in", async () => {
    await insertReview({ sort_order: 70 });
    const html = await (await app.fetch(pageGet("/admin/reviews/new", cookie))).text();
    expect(html).toMatch(/<label class="field-label" for="review-title">Title<\/label>/);
    expect(html).toMatch(/name="sort_order"[^>]*value="80"/);
    expect(html).toContain('<option value="" selected="">No rating</option>');
    expect(html).toMatch(/type="checkbox" name="is_active" checked=""/);
  });

  it.each([
    ["missing title", { title: "" }, "title", "Title is required"],
    ["blank title", { title: "   " }, "title", "Title is required"],
    ["missing content", { content: "" }, "content", "Content is required"],
    ["missing author", { author_name: "" }, "author_name", "Author name is required"],
    ["rating 0", { rating: "0" }, "rating", "Rating must be between 1 and 5"],
    ["rating 6", { rating: "6" }, "rating", "Rating must be between 1 and 5"],
    ["rating abc", { rating: "abc" }, "rating", "Rating must be between 1 and 5"],
    ["http image URL", { image_url: "http://cdn.example.com/robin.png" }, "image_url", "Image URL must start with https://"],
    ["javascript: image URL", { image_url: "javascript:alert(1)" }, "image_url", "Image URL must start with https://"],
    ["data: image URL", { image_url: "data:image/png;base64,AAAA" }, "image_url", "Image URL must start with https://"],
    ["unknown platform", { author_platform: "myspace" }, "author_platform", "Choose App Store, Reddit or Other"],
    ["oversized title", { title: "x".repeat(121) }, "title", "Title must be 120 characters or fewer"],
    ["oversized content", { content: "x".repeat(2001) }, "content", "Content must be 2,000 characters or fewer"],
  ])("refuses a %s with 400, the message beside the field, the values kept, and stores nothing", async (_label, change, field, message) => {
    const form = { ...validForm, title: "Kept title", ...change };
    const response = await app.fetch(adminPost("/admin/reviews/new", form, cookie));
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toContain(`<p id="review-${field}-error" class="field-error" data-testid="error-${field}">${message}</p>`);
    expect(html).toMatch(new RegExp(`id="review-${field}"[^>]*aria-invalid="true"[^>]*aria-describedby="review-${field}-error`));
    expect(html).toContain("The review was not saved.");
    // What the admin typed comes back.
    if (field !== "author_name") expect(html).toMatch(/name="author_name"[^>]*value="Robin"/);
    if (field !== "title") expect(html).toMatch(/name="title"[^>]*value="Kept title"/);
    expect(await reviewCount()).toBe(0);
    expect(await auditRows()).toEqual([]);
  });

  it("refuses an unknown intent and a body that is not a form with 400", async () => {
    expect((await app.fetch(adminPost("/admin/reviews/new", { ...validForm, intent: "destroy" }, cookie))).status).toBe(400);
    const json = await app.fetch(
      new Request("http://127.0.0.1:8788/admin/reviews/new", {
        method: "POST",
        headers: { "Content-Type": "application/json", Accept: "text/html", Origin: "http://127.0.0.1:8788", Cookie: cookie },
        body: JSON.stringify(validForm),
      }),
    );
    expect(json.status).toBe(400);
    expect(await reviewCount()).toBe(0);
  });
});

describe("editing a review", () => {
  it("shows the stored values and saves changes with an audit entry", async () => {
    const id = await insertReview({ title: "Before", rating: 3, sort_order: 20, is_featured: 1 });
    const page = await app.fetch(pageGet(`/admin/reviews/${id}`, cookie));
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain(`Edit review #${id}`);
    expect(html).toContain('value="Before"');
    expect(html).toMatch(/<option value="3" selected="">3 stars<\/option>/);
    expect(html).toMatch(/name="is_featured" checked=""/);

    const response = await app.fetch(
      adminPost(`/admin/reviews/${id}`, { ...validForm, intent: "update", title: "After", rating: "", sort_order: "", is_active: "" }, cookie),
    );
    expect(await followFlash(response)).toEqual({ kind: "success", message: "Review updated." });
    // An empty sort order keeps the review where it was.
    expect(await reviewRow(id)).toMatchObject({ title: "After", rating: null, sort_order: 20, is_active: 0, is_featured: 0, author_platform: "reddit" });
    const audit = await auditRows();
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ action: "updated review", target: `review #${id}` });
    expect(JSON.parse(audit[0]!.details).changed).toEqual(expect.arrayContaining(["title", "rating", "isActive", "isFeatured"]));
  });

  it("refuses invalid changes with 400 and leaves the review as it was", async () => {
    const id = await insertReview({ title: "Untouched" });
    const response = await app.fetch(adminPost(`/admin/reviews/${id}`, { ...validForm, intent: "update", title: "Changed", author_name: " " }, cookie));
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toContain("Author name is required");
    expect(html).toContain('value="Changed"');
    expect((await reviewRow(id))!.title).toBe("Untouched");
    expect(await auditRows()).toEqual([]);
  });

  it("says 'not found' for a review that does not exist, and never 500", async () => {
    for (const path of ["/admin/reviews/999999", "/admin/reviews/0", "/admin/reviews/abc"]) {
      const response = await app.fetch(pageGet(path, cookie));
      expect(response.status, path).toBe(404);
      const html = await response.text();
      expect(html).toContain("Review not found");
      expect(html).toContain('href="/admin/reviews"');
      // Inside the admin layout, with its navigation.
      expect(html).toContain('aria-label="Admin"');
    }
  });

  it("answers an edit of a review deleted meanwhile with an error flash", async () => {
    const response = await app.fetch(adminPost("/admin/reviews/999999", { ...validForm, intent: "update" }, cookie));
    expect(await followFlash(response)).toEqual({ kind: "error", message: "Review no longer exists." });
    expect(await reviewCount()).toBe(0);
    expect(await auditRows()).toEqual([]);
  });
});

describe("showing, hiding and featuring", () => {
  it("hides and shows a review, each with its audit entry and flash", async () => {
    const id = await insertReview({ title: "Toggle me" });
    expect(await followFlash(await app.fetch(adminPost(LIST_ACTION, { intent: "hide", id: String(id) }, cookie)))).toEqual({
      kind: "success",
      message: "Review hidden from the landing page.",
    });
    expect((await reviewRow(id))!.is_active).toBe(0);
    // Sending the same form again leaves it hidden (a value, not a flip).
    await app.fetch(adminPost(LIST_ACTION, { intent: "hide", id: String(id) }, cookie));
    expect((await reviewRow(id))!.is_active).toBe(0);

    expect(await followFlash(await app.fetch(adminPost(LIST_ACTION, { intent: "show", id: String(id) }, cookie)))).toEqual({
      kind: "success",
      message: "Review shown on the landing page.",
    });
    expect((await reviewRow(id))!.is_active).toBe(1);
    expect((await auditRows()).map((a) => [a.action, a.target])).toEqual([
      ["hid review", `review #${id}`],
      ["hid review", `review #${id}`],
      ["showed review", `review #${id}`],
    ]);
  });

  it("features and unfeatures a review", async () => {
    const id = await insertReview();
    expect((await followFlash(await app.fetch(adminPost(LIST_ACTION, { intent: "feature", id: String(id) }, cookie)))).message).toBe("Review featured.");
    expect((await reviewRow(id))!.is_featured).toBe(1);
    expect((await followFlash(await app.fetch(adminPost(LIST_ACTION, { intent: "unfeature", id: String(id) }, cookie)))).message).toBe(
      "Review no longer featured.",
    );
    expect((await reviewRow(id))!.is_featured).toBe(0);
    expect((await auditRows()).map((a) => a.action)).toEqual(["featured review", "unfeatured review"]);
  });

  it("keeps the list's query string on the way back, minus ?index and ?confirm", async () => {
    const id = await insertReview();
    const response = await app.fetch(adminPost(`/admin/reviews?index&confirm=${id}&view=all`, { intent: "hide", id: String(id) }, cookie));
    expect(response.headers.get("Location")).toBe("/admin/reviews?view=all");
  });
});

describe("reordering", () => {
  it("moves a review up and down, numbering the list 10, 20, 30", async () => {
    const a = await insertReview({ title: "A", sort_order: 1 });
    const b = await insertReview({ title: "B", sort_order: 2 });
    const c = await insertReview({ title: "C", sort_order: 3 });
    expect(await listedIds()).toEqual([a, b, c]);

    expect((await followFlash(await app.fetch(adminPost(LIST_ACTION, { intent: "move-up", id: String(c) }, cookie)))).message).toBe("Review moved up.");
    expect(await listedIds()).toEqual([a, c, b]);
    const orders = async () => (await app.db.prepare("SELECT id, sort_order FROM customer_reviews ORDER BY sort_order").all<{ id: number; sort_order: number }>()).results;
    expect(await orders()).toEqual([
      { id: a, sort_order: 10 },
      { id: c, sort_order: 20 },
      { id: b, sort_order: 30 },
    ]);

    expect((await followFlash(await app.fetch(adminPost(LIST_ACTION, { intent: "move-down", id: String(a) }, cookie)))).message).toBe("Review moved down.");
    expect(await listedIds()).toEqual([c, a, b]);
    expect((await auditRows()).map((r) => [r.action, r.target])).toEqual([
      ["moved review up", `review #${c}`],
      ["moved review down", `review #${a}`],
    ]);
  });

  it("moves reviews that share a sort order (ties broken by date)", async () => {
    const older = await insertReview({ title: "Older", created_at: "2025-01-01T00:00:00.000Z" });
    const newer = await insertReview({ title: "Newer", created_at: "2025-02-01T00:00:00.000Z" });
    expect(await listedIds()).toEqual([newer, older]);
    await app.fetch(adminPost(LIST_ACTION, { intent: "move-up", id: String(older) }, cookie));
    expect(await listedIds()).toEqual([older, newer]);
  });

  it("says so when a review is already first or last, and changes nothing", async () => {
    const a = await insertReview({ sort_order: 5 });
    const b = await insertReview({ sort_order: 6 });
    expect(await followFlash(await app.fetch(adminPost(LIST_ACTION, { intent: "move-up", id: String(a) }, cookie)))).toEqual({
      kind: "error",
      message: "That review is already first.",
    });
    expect(await followFlash(await app.fetch(adminPost(LIST_ACTION, { intent: "move-down", id: String(b) }, cookie)))).toEqual({
      kind: "error",
      message: "That review is already last.",
    });
    expect((await reviewRow(a))!.sort_order).toBe(5);
    expect(await auditRows()).toEqual([]);
  });

  it("disables Move up on the first row and Move down on the last", async () => {
    await insertReview({ title: "Top", sort_order: 1 });
    await insertReview({ title: "Bottom", sort_order: 2 });
    const html = await (await app.fetch(pageGet(LIST, cookie))).text();
    expect(html).toMatch(/aria-label="Move review “Top” up" disabled=""/);
    expect(html).toMatch(/aria-label="Move review “Bottom” down" disabled=""/);
    expect(html).not.toMatch(/aria-label="Move review “Top” down" disabled=""/);
  });
});

describe("deleting", () => {
  it("asks first: Delete is a link to ?confirm, and only the confirmation panel posts the delete", async () => {
    const id = await insertReview({ title: "Doomed" });
    const list = await (await app.fetch(pageGet(LIST, cookie))).text();
    expect(list).toContain(`href="/admin/reviews?confirm=${id}"`);
    expect(list).not.toContain('value="delete"');

    const confirm = await (await app.fetch(pageGet(`${LIST}?confirm=${id}`, cookie))).text();
    expect(confirm).toContain('role="alertdialog"');
    expect(confirm).toContain("Delete review “Doomed”?");
    expect(confirm.match(/name="intent" value="delete"/g)).toHaveLength(1);
    expect(confirm).toMatch(new RegExp(`name="id" value="${id}"`));
    expect(await reviewCount()).toBe(1);

    const response = await app.fetch(adminPost(`${LIST}?index&confirm=${id}`, { intent: "delete", id: String(id) }, cookie));
    expect(response.headers.get("Location")).toBe(LIST);
    expect(await followFlash(response)).toEqual({ kind: "success", message: "Review deleted." });
    expect(await reviewRow(id)).toBeNull();
    const audit = await auditRows();
    expect(audit.map((a) => [a.action, a.target])).toEqual([["deleted review", `review #${id}`]]);
    expect(JSON.parse(audit[0]!.details)).toMatchObject({ title: "Doomed" });
  });

  it("ignores a ?confirm for a review that does not exist", async () => {
    const html = await (await app.fetch(pageGet(`${LIST}?confirm=424242`, cookie))).text();
    expect(html).not.toContain('role="alertdialog"');
  });
});

describe("bad input on the list", () => {
  it("answers an unknown id with an error flash, never a 500", async () => {
    for (const intent of ["hide", "show", "feature", "unfeature", "move-up", "move-down", "delete"]) {
      const response = await app.fetch(adminPost(LIST_ACTION, { intent, id: "987654" }, cookie));
      expect(await followFlash(response), intent).toEqual({ kind: "error", message: REVIEW_ADMIN_MESSAGES.missing });
    }
    expect(await auditRows()).toEqual([]);
  });

  it("answers a malformed id or an unknown intent with 400 and a message", async () => {
    const id = await insertReview();
    const malformed: Record<string, string>[] = [{ intent: "hide", id: "abc" }, { intent: "hide", id: "" }, { intent: "hide" }, { intent: "hide", id: "-1" }];
    for (const fields of malformed) {
      const response = await app.fetch(adminPost(LIST_ACTION, fields, cookie));
      expect(response.status, JSON.stringify(fields)).toBe(400);
      expect(await response.text()).toContain(REVIEW_ADMIN_MESSAGES.badId);
    }
    const unknown = await app.fetch(adminPost(LIST_ACTION, { intent: "drop-table", id: String(id) }, cookie));
    expect(unknown.status).toBe(400);
    expect(await unknown.text()).toContain(REVIEW_ADMIN_MESSAGES.unknownIntent);
    expect((await reviewRow(id))!.is_active).toBe(1);
    expect(await auditRows()).toEqual([]);
  });

  it("sends a post without a session to the login page and changes nothing", async () => {
    const id = await insertReview();
    for (const [path, fields] of [
      [LIST_ACTION, { intent: "delete", id: String(id) }],
      ["/admin/reviews/new", validForm],
      [`/admin/reviews/${id}`, { ...validForm, intent: "update" }],
    ] as const) {
      const response = await app.fetch(adminPost(path, fields));
      expect(response.status, path).toBe(302);
      expect(response.headers.get("Location"), path).toMatch(/^\/admin\/login\?redirectTo=/);
    }
    expect(await reviewRow(id)).toMatchObject({ title: "A review", is_active: 1 });
    expect(await reviewCount()).toBe(1);
    expect(await auditRows()).toEqual([]);
  });

  it("answers a body that is not a form with 400", async () => {
    const id = await insertReview();
    const response = await app.fetch(
      new Request(`http://127.0.0.1:8788${LIST_ACTION}`, {
        method: "POST",
        headers: { "Content-Type": "application/json", Accept: "text/html", Origin: "http://127.0.0.1:8788", Cookie: cookie },
        body: JSON.stringify({ intent: "delete", id }),
      }),
    );
    expect(response.status).toBe(400);
    expect(await reviewRow(id)).not.toBeNull();
  });
});

describe("the landing page sees changes at once", () => {
  it("shows a review created active in the admin, and stops showing it once hidden", async () => {
    const title = "Visible straight after saving";
    const html = async () => (await app.fetch("/home")).text();
    expect(await html()).not.toContain(title);

    expect((await app.fetch(adminPost("/admin/reviews/new", { ...validForm, title }, cookie))).status).toBe(302);
    const shown = await html();
    expect(shown).toContain(title);
    expect(shown).toContain("Loved by All");

    const row = await app.db.prepare("SELECT id FROM customer_reviews WHERE title = ?1").bind(title).first<{ id: number }>();
    expect((await app.fetch(adminPost(LIST_ACTION, { intent: "hide", id: String(row!.id) }, cookie))).status).toBe(302);
    expect(await html()).not.toContain(title);

    expect((await app.fetch(adminPost(LIST_ACTION, { intent: "show", id: String(row!.id) }, cookie))).status).toBe(302);
    expect(await html()).toContain(title);
  });

  it("shows the landing page's reviews in the admin's order", async () => {
    const second = await insertReview({ title: "Second on both", sort_order: 20 });
    const first = await insertReview({ title: "First on both", sort_order: 10 });
    expect(await listedIds()).toEqual([first, second]);
    const html = await (await app.fetch("/home")).text();
    expect(html.indexOf("First on both")).toBeLessThan(html.indexOf("Second on both"));
    await app.fetch(adminPost(LIST_ACTION, { intent: "move-up", id: String(second) }, cookie));
    const after = await (await app.fetch("/home")).text();
    expect(after.indexOf("Second on both")).toBeLessThan(after.indexOf("First on both"));
  });
});

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { posts as POSTS, tutorials as TUTORIALS } from "~/content/generated/content";
import { createTestApp, type TestApp } from "../support/app";
import { SITEMAP_PAGES, SPEC_TUTORIAL_SLUGS } from "../support/public-pages";

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.dispose());

/** Every public page of spec section 2 (plus the form pages), each with its own title and one h1. */
const PAGES = [
  ...SITEMAP_PAGES,
  "/promotion-blue",
  "/blog-test",
  "/waitlist",
  "/waitlist/link",
  "/notify",
  ...POSTS.map((post) => `/blog/${post.slug}`),
  ...TUTORIALS.map((tutorial) => `/tutorials/${tutorial.slug}`),
];

const titleOf = (html: string) => /<title>([^<]*)<\/title>/.exec(html)?.[1];

describe("public routes", () => {
  it("lists the spec's eight tutorials and at least five posts", () => {
    expect(TUTORIALS.map((t) => t.slug)).toEqual(SPEC_TUTORIAL_SLUGS);
    expect(POSTS.length).toBeGreaterThanOrEqual(5);
  });

  it("answers 200 on every page with a title and exactly one h1, and the shared header and footer", async () => {
    const titles = new Map<string, string>();
    for (const path of PAGES) {
      const response = await app.fetch(path);
      expect(response.status, path).toBe(200);
      const html = await response.text();
      const title = titleOf(html);
      expect(title, path).toBeTruthy();
      titles.set(path, title!);
      expect(html.match(/<h1[\s>]/g)?.length, path).toBe(1);
      expect(html, path).toContain('class="site-header"');
      expect(html, path).toContain('class="site-footer"');
    }
    // Each page has its own title.
    expect(new Set(titles.values()).size).toBe(PAGES.length);
  });

  it("redirects unknown pages to / and answers 404 for unknown posts, tutorials and files", async () => {
    for (const path of ["/nope", "/features/extra", "/admin-panel"]) {
      const response = await app.fetch(path);
      expect(response.status, path).toBe(302);
      expect(response.headers.get("Location"), path).toBe("/");
    }
    for (const path of ["/blog/no-such-post", "/tutorials/no-such-tutorial", "/images/missing.png", "/build/missing.js"]) {
      expect((await app.fetch(path)).status, path).toBe(404);
    }
  });
});

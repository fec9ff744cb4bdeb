import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { posts as POSTS, tutorials as TUTORIALS } from "~/content/generated/content";
import { siteConfig } from "~/config/site";
import { i18nFor } from "~/lib/i18n/catalogues.server";
import { createTestApp, type TestApp } from "../support/app";

// Blog posts and tutorials are written in English only (issue 32): under another language's prefix
// the page around the article is translated, the article says it exists only in English, names the
// English page canonical and lists no language alternates.

const NOTICE = 'data-testid="english-only-notice"';
const german = i18nFor("de");
/** A message as React writes it into the HTML. */
const html = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&#x27;");
const post = POSTS[0]!;
const tutorial = TUTORIALS[1]!;

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.dispose());

async function page(path: string): Promise<string> {
  const response = await app.fetch(path);
  expect(response.status, path).toBe(200);
  return response.text();
}

const canonicalOf = (doc: string) => /<link rel="canonical" href="([^"]+)"/.exec(doc)?.[1];
const alternatesOf = (doc: string) => [...doc.matchAll(/<link rel="alternate" hrefLang="([^"]+)"/gi)].map((m) => m[1]);

describe("an English-only article", () => {
  it.each([`/blog/${post.slug}`, `/tutorials/${tutorial.slug}`])("on a German URL (%s) says so, and points search engines at the English page", async (path) => {
    const doc = await page(`/de${path}`);
    expect(doc).toMatch(/<html lang="de"/);
    expect(doc).toContain(NOTICE);
    expect(doc).toContain(`${NOTICE}>${html(german._("articles.englishOnly"))}</p>`);
    expect(canonicalOf(doc)).toBe(new URL(path, siteConfig.siteUrl).toString());
    expect(alternatesOf(doc)).toEqual([]);
    // The article itself is marked as English inside the German page.
    expect(doc).toMatch(/<div class="prose mt-10" lang="en">/);
  });

  it.each([`/blog/${post.slug}`, `/tutorials/${tutorial.slug}`])("on its English URL (%s) has no notice", async (path) => {
    const doc = await page(path);
    expect(doc).not.toContain(NOTICE);
    expect(canonicalOf(doc)).toBe(new URL(path, siteConfig.siteUrl).toString());
    expect(doc).toMatch(/<div class="prose mt-10">/);
  });
});

describe("the German blog index", () => {
  it("lists every post with German chrome and links to the German post pages", async () => {
    const doc = await page("/de/blog");
    expect(doc).toMatch(/<html lang="de"/);
    for (const { slug } of POSTS) expect(doc).toContain(`href="/de/blog/${slug}"`);
    expect(doc).toContain(`<h1 class="section-title">${html(german._("blog.index.heading"))}</h1>`);
    expect(doc).toContain(`<span>${html(german._("articles.readingTime", { minutes: post.readingMinutes }))}</span>`);
    // The first post's date, written the German way.
    const [y, m, d] = post.datePublished.split("-").map(Number);
    const day = new Intl.DateTimeFormat("de", { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" }).format(Date.UTC(y!, m! - 1, d!));
    expect(doc).toContain(`<time dateTime="${post.datePublished}">${day}</time>`);
  });
});

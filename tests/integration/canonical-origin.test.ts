import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { siteConfig } from "~/config/site";
import { createTestApp, type TestApp } from "../support/app";
import { DEPLOYED_SECRETS } from "../support/secrets";

// The canonical origin of every absolute URL a page carries comes from SITE_URL in production (what
// `npm run deploy` sets from the owner's domain), so nobody edits app/config/site.ts to deploy
// (ADR 0042). Outside production it stays siteConfig.siteUrl (the other page tests show that).

const SITE_URL = "https://links.example";

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp({ APP_ENV: "production", SITE_URL, ...DEPLOYED_SECRETS });
});
afterAll(() => app.dispose());

async function text(path: string): Promise<string> {
  const response = await app.fetch(path);
  expect(response.status, path).toBe(200);
  return response.text();
}

const ldJson = (html: string) => [...html.matchAll(/<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/g)].map((match) => JSON.parse(match[1] ?? "null"));

describe("in production, SITE_URL is the canonical origin", () => {
  it.each(["/features", "/pricing", "/blog", "/tutorials", "/privacy.html"])("%s: canonical link and og:url", async (path) => {
    const html = await text(path);
    expect(html).toContain(`<link rel="canonical" href="${SITE_URL}${path}"/>`);
    expect(html).toContain(`<meta property="og:url" content="${SITE_URL}${path}"/>`);
    expect(html).not.toContain(siteConfig.siteUrl);
  });

  it("/promotion-blue names /promotion on SITE_URL as its canonical page", async () => {
    expect(await text("/promotion-blue")).toContain(`<link rel="canonical" href="${SITE_URL}/promotion"/>`);
  });

  it("structured data: the landing page's application and organisation, and the pricing page's offers", async () => {
    const home = ldJson(await text("/home"));
    expect(home.find((item) => item["@type"] === "SoftwareApplication")?.url).toBe(SITE_URL);
    expect(home.find((item) => item["@type"] === "Organization")).toMatchObject({ url: SITE_URL, logo: `${SITE_URL}/favicon.svg` });
    const pricing = ldJson(await text("/pricing")).find((item) => item["@type"] === "SoftwareApplication");
    expect(pricing.url).toBe(`${SITE_URL}/pricing`);
    for (const offer of pricing.offers) expect(offer.url).toBe(`${SITE_URL}/pricing`);
  });

  it("a blog post's article meta and BlogPosting", async () => {
    const feed = await text("/blog/rss.xml");
    const postPath = new URL(/<item>\s*<title>[^<]*<\/title>\s*<link>([^<]+)<\/link>/.exec(feed)?.[1] ?? "").pathname;
    const html = await text(postPath);
    expect(html).toContain(`<link rel="canonical" href="${SITE_URL}${postPath}"/>`);
    expect(ldJson(html).find((item) => item["@type"] === "BlogPosting")?.url).toBe(`${SITE_URL}${postPath}`);
  });

  it("the sitemap, robots.txt and the RSS feed", async () => {
    const sitemap = await text("/sitemap.xml");
    const locs = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1] ?? "");
    expect(locs.length).toBeGreaterThan(10);
    for (const loc of locs) expect(loc.startsWith(`${SITE_URL}/`), loc).toBe(true);
    expect(await text("/robots.txt")).toContain(`Sitemap: ${SITE_URL}/sitemap.xml`);
    const feed = await text("/blog/rss.xml");
    expect(feed).toContain(`<link>${SITE_URL}/blog</link>`);
    expect(feed).toContain(`<atom:link href="${SITE_URL}/blog/rss.xml"`);
    expect(feed).not.toContain(siteConfig.siteUrl);
  });

  it("the host the legal pages and the download page name", async () => {
    const host = new URL(SITE_URL).host;
    // React separates adjacent text with empty comments.
    const visible = (html: string) => html.replaceAll("<!-- -->", "");
    expect(visible(await text("/privacy.html"))).toContain(`website at ${host} (`);
    expect(visible(await text("/terms.html"))).toContain(`website at ${host} (`);
    expect(await text("/download")).toContain(`<strong class="text-ink">${host}/download</strong>`);
  });
});

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listPosts, listTutorials } from "~/lib/content.server";
import { siteConfig } from "~/config/site";
import { LANGUAGES, localizedPath } from "~/lib/i18n/languages";
import { createTestApp, type TestApp } from "../support/app";
import { SITEMAP_PAGES } from "../support/public-pages";

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.dispose());

const posts = listPosts();
const tutorials = listTutorials();

const decode = (text: string) =>
  text
    .replace(/&#x([0-9a-f]+);/gi, (_, hex: string) => String.fromCodePoint(parseInt(hex, 16)))
    .replace(/&#(\d+);/g, (_, dec: string) => String.fromCodePoint(Number(dec)))
    .replaceAll("&quot;", '"')
    .replaceAll("&apos;", "'")
    .replaceAll("&lt;", "<")
    .replaceAll("&gt;", ">")
    .replaceAll("&amp;", "&");

/**
 * A strict XML well-formedness check (no DTDs): one root element, tags nested and closed in order,
 * attributes quoted and not repeated, no stray "<", and "&" only in entity or character references.
 * Throws with the offset of the first problem; returns the root element's name.
 */
function assertWellFormedXml(xml: string): string {
  const NAME = "[A-Za-z_][\\w.:-]*";
  const ENTITY = /&(?:amp|lt|gt|quot|apos|#\d+|#x[0-9a-fA-F]+);/g;
  const checkText = (text: string, at: number) => {
    if (text.includes("<")) throw new Error(`stray "<" at ${at}`);
    if (text.replace(ENTITY, "").includes("&")) throw new Error(`unescaped "&" at ${at}: ${text.slice(0, 80)}`);
  };
  let pos = 0;
  const stack: string[] = [];
  let root: string | null = null;
  let rootClosed = false;
  if (xml.startsWith("<?xml")) {
    const end = xml.indexOf("?>");
    if (end < 0 || !/^<\?xml version="1\.[01]"( encoding="[A-Za-z0-9._-]+")?( standalone="(yes|no)")?\s*\?>$/.test(xml.slice(0, end + 2))) {
      throw new Error("bad XML declaration");
    }
    pos = end + 2;
  }
  while (pos < xml.length) {
    const lt = xml.indexOf("<", pos);
    const text = xml.slice(pos, lt < 0 ? xml.length : lt);
    if (stack.length === 0) {
      if (text.trim() !== "") throw new Error(`text outside the root element at ${pos}`);
    } else checkText(text, pos);
    if (lt < 0) break;
    pos = lt;
    if (xml.startsWith("<!--", pos)) {
      const end = xml.indexOf("-->", pos + 4);
      if (end < 0 || xml.slice(pos + 4, end).includes("--")) throw new Error(`bad comment at ${pos}`);
      pos = end + 3;
    } else if (xml.startsWith("<![CDATA[", pos)) {
      if (stack.length === 0) throw new Error(`CDATA outside the root at ${pos}`);
      const end = xml.indexOf("]]>", pos);
      if (end < 0) throw new Error(`unterminated CDATA at ${pos}`);
      pos = end + 3;
    } else if (xml.startsWith("<?", pos)) {
      const end = xml.indexOf("?>", pos);
      if (end < 0 || /^<\?xml[\s?]/i.test(xml.slice(pos))) throw new Error(`bad processing instruction at ${pos}`);
      pos = end + 2;
    } else if (xml.startsWith("<!", pos)) {
      throw new Error(`DOCTYPE or declaration not allowed at ${pos}`);
    } else if (xml.startsWith("</", pos)) {
      const match = new RegExp(`^</(${NAME})\\s*>`).exec(xml.slice(pos));
      if (!match) throw new Error(`bad end tag at ${pos}`);
      const open = stack.pop();
      if (open !== match[1]) throw new Error(`</${match[1]}> closes <${open}> at ${pos}`);
      if (stack.length === 0) rootClosed = true;
      pos += match[0].length;
    } else {
      const match = new RegExp(`^<(${NAME})((?:\\s+${NAME}\\s*=\\s*(?:"[^"]*"|'[^']*'))*)\\s*(/?)>`).exec(xml.slice(pos));
      if (!match) throw new Error(`bad start tag at ${pos}: ${xml.slice(pos, pos + 60)}`);
      const [whole, name, attributes = "", selfClosing] = match;
      if (stack.length === 0) {
        if (root !== null) throw new Error(`second root element <${name}> at ${pos}`);
        root = name!;
      }
      const seen = new Set<string>();
      for (const attribute of attributes.matchAll(new RegExp(`(${NAME})\\s*=\\s*(?:"([^"]*)"|'([^']*)')`, "g"))) {
        if (seen.has(attribute[1]!)) throw new Error(`duplicate attribute ${attribute[1]} at ${pos}`);
        seen.add(attribute[1]!);
        checkText(attribute[2] ?? attribute[3] ?? "", pos);
      }
      if (selfClosing) {
        if (stack.length === 0) rootClosed = true;
      } else stack.push(name!);
      pos += whole.length;
    }
  }
  if (stack.length) throw new Error(`unclosed <${stack.join("> <")}>`);
  if (!root || !rootClosed) throw new Error("no root element");
  return root;
}

const elementTexts = (xml: string, tag: string) => [...xml.matchAll(new RegExp(`<${tag}(?:\\s[^>]*)?>([^<]*)</${tag}>`, "g"))].map((m) => decode(m[1]!));
const titleOf = (html: string) => [...html.matchAll(/<title>([^<]*)<\/title>/g)].map((m) => decode(m[1]!));
const h1Count = (html: string) => html.match(/<h1[\s>]/g)?.length ?? 0;
const jsonLd = (html: string) => [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((m) => JSON.parse(m[1]!));
const canonicalOf = (html: string) => /<link rel="canonical" href="([^"]+)"/.exec(html)?.[1];
const metaContent = (html: string, attr: "name" | "property", key: string) =>
  new RegExp(`<meta ${attr}="${key.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}" content="([^"]*)"`).exec(html)?.[1];

describe("the XML check itself", () => {
  it("accepts well-formed XML and rejects the usual mistakes", () => {
    expect(assertWellFormedXml('<?xml version="1.0" encoding="UTF-8"?>\n<a x="1"><b>t &amp; u</b><c/></a>\n')).toBe("a");
    expect(() => assertWellFormedXml("<a><b></a></b>")).toThrow(/closes/);
    expect(() => assertWellFormedXml("<a>Tom & Jerry</a>")).toThrow(/unescaped "&"/);
    expect(() => assertWellFormedXml("<a>1 < 2</a>")).toThrow();
    expect(() => assertWellFormedXml('<a x="1" x="2"/>')).toThrow(/duplicate attribute/);
    expect(() => assertWellFormedXml("<a/><b/>")).toThrow(/second root/);
    expect(() => assertWellFormedXml("<a>")).toThrow(/unclosed/);
    expect(() => assertWellFormedXml("<a x=1/>")).toThrow(/bad start tag/);
  });
});

describe("content pages", () => {
  const pages = [
    { path: "/blog", title: `Blog · ${siteConfig.appName}` },
    { path: "/blog-test", title: `Blog (card layout) · ${siteConfig.appName}` },
    { path: "/tutorials", title: `Tutorials · ${siteConfig.appName}` },
    ...posts.map((post) => ({ path: `/blog/${post.slug}`, title: `${post.title} · ${siteConfig.appName}` })),
    ...tutorials.map((tutorial) => ({ path: `/tutorials/${tutorial.slug}`, title: `${tutorial.title} · ${siteConfig.appName} tutorials` })),
  ];

  it("gives every page its own title", () => {
    expect(new Set(pages.map((page) => page.title)).size).toBe(pages.length);
  });

  it.each(pages)("$path answers 200 with its own title, exactly one h1 and a canonical URL", async ({ path, title }) => {
    const response = await app.fetch(path);
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toMatch(/text\/html/);
    const html = await response.text();
    expect(titleOf(html)).toEqual([title]);
    expect(h1Count(html)).toBe(1);
    expect(canonicalOf(html)).toBe(`${siteConfig.siteUrl}${path}`);
    expect(metaContent(html, "name", "description")).toBeTruthy();
    expect(metaContent(html, "name", "twitter:card")).toBe("summary_large_image");
  });

  it("lists every post on /blog, newest first, with its reading time, and links the tutorials", async () => {
    const html = await (await app.fetch("/blog")).text();
    const positions = posts.map((post) => html.indexOf(`href="/blog/${post.slug}"`));
    expect(positions.every((p) => p > 0)).toBe(true);
    expect(positions).toEqual([...positions].sort((a, b) => a - b));
    for (const post of posts) expect(html).toContain(`${post.readingMinutes} min read`);
    expect(html).toContain('href="/tutorials"');
    expect(html).toContain('href="/blog/rss.xml"');
  });

  it("keeps /blog-test out of search engines", async () => {
    const html = await (await app.fetch("/blog-test")).text();
    expect(metaContent(html, "name", "robots")).toBe("noindex");
    const blog = await (await app.fetch("/blog")).text();
    expect(metaContent(blog, "name", "robots")).toBeUndefined();
  });

  it("links each tutorial to the previous and next one", async () => {
    for (const [index, tutorial] of tutorials.entries()) {
      const html = await (await app.fetch(`/tutorials/${tutorial.slug}`)).text();
      const previous = tutorials[index - 1];
      const next = tutorials[index + 1];
      const relLinks = [...html.matchAll(/<a [^>]*>/g)].map((m) => m[0]).filter((tag) => / rel="(prev|next)"/.test(tag));
      const hrefOf = (rel: string) => relLinks.filter((tag) => tag.includes(` rel="${rel}"`)).map((tag) => /href="([^"]+)"/.exec(tag)?.[1]);
      expect(hrefOf("prev")).toEqual(previous ? [`/tutorials/${previous.slug}`] : []);
      expect(hrefOf("next")).toEqual(next ? [`/tutorials/${next.slug}`] : []);
    }
  });

  it.each(["/blog/nope", "/tutorials/nope", "/tutorials/Getting-Started"])("%s is a 404 with the not-found page, not a redirect", async (path) => {
    const response = await app.fetch(path);
    expect(response.status).toBe(404);
    expect(response.headers.get("Location")).toBeNull();
    const html = await response.text();
    expect(html).toContain("Page not found");
  });
});

describe("blog post metadata", () => {
  const unmodified = posts.find((post) => !post.dateModified);
  const modified = posts.find((post) => post.dateModified);

  it("has posts with and without a modification date to check", () => {
    expect(unmodified).toBeDefined();
    expect(modified).toBeDefined();
  });

  it("BlogPosting JSON-LD defaults dateModified to datePublished", async () => {
    const html = await (await app.fetch(`/blog/${unmodified!.slug}`)).text();
    const [data] = jsonLd(html).filter((item) => item["@type"] === "BlogPosting");
    expect(data).toMatchObject({
      "@context": "https://schema.org",
      "@type": "BlogPosting",
      headline: unmodified!.title,
      description: unmodified!.description,
      datePublished: unmodified!.datePublished,
      dateModified: unmodified!.datePublished,
      author: { "@type": "Person", name: unmodified!.author.name },
      url: `${siteConfig.siteUrl}/blog/${unmodified!.slug}`,
    });
    expect(metaContent(html, "property", "og:type")).toBe("article");
    expect(metaContent(html, "property", "article:published_time")).toBe(unmodified!.datePublished);
  });

  it("BlogPosting JSON-LD carries dateModified when the post has one", async () => {
    const html = await (await app.fetch(`/blog/${modified!.slug}`)).text();
    const [data] = jsonLd(html).filter((item) => item["@type"] === "BlogPosting");
    expect(data.dateModified).toBe(modified!.dateModified);
    expect(data.datePublished).toBe(modified!.datePublished);
  });

  it("renders the post body with external links opening safely", async () => {
    const html = await (await app.fetch("/tutorials/getting-started")).text();
    expect(html).toContain(`href="${siteConfig.appStoreUrl}" target="_blank" rel="noopener noreferrer"`);
  });
});

describe("sitemap.xml", () => {
  const url = (path: string) => new URL(path, siteConfig.siteUrl).toString();
  /** Each <url>'s address and its hreflang alternates, in order. */
  const entriesOf = (xml: string) =>
    [...xml.matchAll(/<url>([\s\S]*?)<\/url>/g)].map(([, entry]) => ({
      loc: elementTexts(entry!, "loc")[0],
      alternates: [...entry!.matchAll(/<xhtml:link rel="alternate" hreflang="([^"]+)" href="([^"]+)"\/>/g)].map(([, hreflang, href]) => `${hreflang} ${href}`),
    }));

  it("is well-formed XML listing every public page in every language with absolute URLs and lastmod", async () => {
    const response = await app.fetch("/sitemap.xml");
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("application/xml; charset=utf-8");
    expect(response.headers.get("Cache-Control")).toBe("public, max-age=3600");
    const xml = await response.text();
    expect(assertWellFormedXml(xml)).toBe("urlset");
    expect(xml).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">');
    const locs = elementTexts(xml, "loc");
    const expected = [
      ...SITEMAP_PAGES.flatMap((path) => LANGUAGES.map(({ code }) => localizedPath(code, path))),
      ...posts.map((post) => `/blog/${post.slug}`),
      ...tutorials.map((tutorial) => `/tutorials/${tutorial.slug}`),
    ].map(url);
    expect(locs).toEqual(expected);
    expect(locs).toContain(url("/pt-br/privacy.html"));
    // `/` redirects (it negotiates the language): it is only the home page's x-default.
    for (const excluded of ["/", "/blog-test", "/promotion-blue", "/waitlist", "/notify", "/admin", "/de/blog-test", "/de/waitlist"]) {
      expect(locs).not.toContain(url(excluded));
    }
    const lastmods = elementTexts(xml, "lastmod");
    expect(lastmods).toHaveLength(locs.length);
    for (const lastmod of lastmods) expect(lastmod).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    for (const post of posts) {
      const index = locs.indexOf(`${siteConfig.siteUrl}/blog/${post.slug}`);
      expect(lastmods[index]).toBe(post.dateModified ?? post.datePublished);
    }
  });

  it("gives every language version of a page all its alternates and x-default; posts and tutorials, English only, none", async () => {
    const entries = entriesOf(await (await app.fetch("/sitemap.xml")).text());
    const versionsOf = (path: string) => [
      ...LANGUAGES.map(({ code, hreflang }) => `${hreflang} ${url(localizedPath(code, path))}`),
      `x-default ${url(path === "/home" ? "/" : path)}`,
    ];
    for (const path of SITEMAP_PAGES) {
      for (const { code } of LANGUAGES) {
        const entry = entries.find((e) => e.loc === url(localizedPath(code, path)));
        expect(entry?.alternates, localizedPath(code, path)).toEqual(versionsOf(path));
      }
    }
    expect(versionsOf("/home")).toContain(`pt-BR ${url("/pt-br/home")}`);
    expect(versionsOf("/home")).toContain(`x-default ${url("/")}`);
    for (const path of [...posts.map((post) => `/blog/${post.slug}`), ...tutorials.map((tutorial) => `/tutorials/${tutorial.slug}`)]) {
      expect(entries.find((e) => e.loc === url(path))?.alternates, path).toEqual([]);
    }
  });
});

describe("RSS feed", () => {
  it("is well-formed RSS 2.0 with every post", async () => {
    const response = await app.fetch("/blog/rss.xml");
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("application/rss+xml; charset=utf-8");
    expect(response.headers.get("Cache-Control")).toBe("public, max-age=3600");
    const xml = await response.text();
    expect(assertWellFormedXml(xml)).toBe("rss");
    expect(xml).toMatch(/<rss version="2\.0"/);
    const items = [...xml.matchAll(/<item>([\s\S]*?)<\/item>/g)].map((m) => m[1]!);
    expect(items).toHaveLength(posts.length);
    posts.forEach((post, index) => {
      const item = items[index]!;
      const url = `${siteConfig.siteUrl}/blog/${post.slug}`;
      expect(elementTexts(item, "title")).toEqual([post.title]);
      expect(elementTexts(item, "link")).toEqual([url]);
      expect(elementTexts(item, "guid")).toEqual([url]);
      expect(elementTexts(item, "description")).toEqual([post.description]);
      expect(elementTexts(item, "pubDate")).toEqual([new Date(`${post.datePublished}T00:00:00Z`).toUTCString()]);
    });
    expect(elementTexts(xml, "pubDate")[0]).toMatch(/^(Mon|Tue|Wed|Thu|Fri|Sat|Sun), \d{2} (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) \d{4} \d{2}:\d{2}:\d{2} GMT$/);
  });
});

describe("robots.txt", () => {
  it("allows everything but the admin area and the test layout, and points at the sitemap", async () => {
    const response = await app.fetch("/robots.txt");
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("text/plain; charset=utf-8");
    expect(response.headers.get("Cache-Control")).toBe("public, max-age=3600");
    expect(await response.text()).toBe(
      `User-agent: *\nAllow: /\nDisallow: /admin\nDisallow: /blog-test\n\nSitemap: ${siteConfig.siteUrl}/sitemap.xml\n`,
    );
  });
});

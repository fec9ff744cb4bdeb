/**
 * Languages in the URL (ADR 0057), through the real pipeline and server build: the neutral entry `/`
 * negotiates and is never cached, every other URL serves exactly its own language with its canonical
 * URL and hreflang alternates, unknown prefixes are refused, the switcher remembers the choice, and the
 * edge cache never serves one language's page for another's URL. The catalogues are still English
 * here, so the checks are on structure (lang, URLs, alternates), not on words.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { siteConfig } from "~/config/site";
import { LANDING_PATHS } from "~/features/admin/analytics/analytics-queries.mjs";
import { LANGUAGES, languageTag, localizedPath } from "~/lib/i18n/languages";
import { createTestApp, formPost, type TestApp } from "../support/app";

let app: TestApp;
beforeEach(async () => {
  app = await createTestApp();
});

const url = (path: string) => new URL(path, siteConfig.siteUrl).toString();
const get = (path: string, headers: Record<string, string> = {}) => app.fetch(path, { headers });
const htmlLang = (html: string) => /<html lang="([^"]+)"/.exec(html)?.[1];
const canonical = (html: string) => /<link rel="canonical" href="([^"]+)"/.exec(html)?.[1];
/** The page's hreflang alternates as "hreflang href", in order. */
const alternates = (html: string) =>
  [...html.matchAll(/<link\b[^>]*\brel="alternate"[^>]*>/g)]
    .map(([tag]) => [/hrefLang="([^"]+)"/i.exec(tag)?.[1], /href="([^"]+)"/.exec(tag)?.[1]])
    .filter(([hreflang]) => hreflang !== undefined)
    .map(([hreflang, href]) => `${hreflang} ${href}`);
/** What every language version of an English `path` must list: itself and all the others, and x-default. */
const versionsOf = (path: string) => [
  ...LANGUAGES.map(({ code }) => `${languageTag(code)} ${url(localizedPath(code, path))}`),
  `x-default ${url(path === "/home" ? "/" : path)}`,
];
const cacheStatus = (response: Response) => response.headers.get("X-Edge-Cache");
const cookiePairOf = (response: Response) => response.headers.get("Set-Cookie")!.split(";")[0]!;

describe("the neutral entry /", () => {
  it.each([
    ["no Accept-Language", "/home", {}],
    ["de-DE", "/de/home", { "Accept-Language": "de-DE" }],
    ["pt (any Portuguese is Brazilian Portuguese)", "/pt-br/home", { "Accept-Language": "pt" }],
    ["pt-PT before English", "/pt-br/home", { "Accept-Language": "pt-PT,en;q=0.5" }],
    ["ja;q=0.9,fr (by quality)", "/fr/home", { "Accept-Language": "ja;q=0.9,fr" }],
    ["languages the site lacks", "/home", { "Accept-Language": "nl, sv;q=0.8" }],
    ["the saved choice over Accept-Language", "/es/home", { "Accept-Language": "de-DE", Cookie: "lv_lang=es" }],
    ["an unknown saved choice", "/ja/home", { "Accept-Language": "ja", Cookie: "lv_lang=xx" }],
  ])("with %s sends the visitor to %s, uncached and varying by cookie and language", async (_, location, headers) => {
    const response = await get("/", headers);
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe(location);
    expect(response.headers.get("Cache-Control")).toMatch(/no-store/);
    expect(response.headers.get("Vary")).toMatch(/Cookie/);
    expect(response.headers.get("Vary")).toMatch(/Accept-Language/);
  });

  it("never answers one visitor with another's negotiated language (nothing of it is cached)", async () => {
    for (const [language, location] of [["de", "/de/home"], ["", "/home"], ["fr", "/fr/home"], ["de", "/de/home"]] as const) {
      const response = await get("/", language ? { "Accept-Language": language } : {});
      expect(response.headers.get("Location"), language).toBe(location);
      expect(cacheStatus(response)).toBeNull();
      await app.settle();
    }
  });

  it("applies promotion_as_entry_page in the negotiated language, and /de/ names the language itself", async () => {
    await app.kv.put("setting:promotion_as_entry_page", "true");
    expect((await get("/", { "Accept-Language": "de-DE" })).headers.get("Location")).toBe("/de/promotion");
    expect((await get("/de/", { "Accept-Language": "fr" })).headers.get("Location")).toBe("/de/promotion");
    await app.kv.put("setting:promotion_as_entry_page", "false");
    const named = await get("/de/", { "Accept-Language": "fr", Cookie: "lv_lang=ja" });
    expect(named.status).toBe(302);
    expect(named.headers.get("Location")).toBe("/de/home");
  });
});

describe("a page in a language", () => {
  it.each(["de", "pt-br"] as const)("/%s/home has its <html lang>, its own canonical URL and every language's alternate", async (lang) => {
    const response = await get(`/${lang}/home`);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(htmlLang(html)).toBe(languageTag(lang));
    expect(canonical(html)).toBe(url(`/${lang}/home`));
    expect(alternates(html)).toEqual(versionsOf("/home"));
  });

  it("links both ways: the English page names the German one, the German page names the English one", async () => {
    const english = await (await get("/features")).text();
    const german = await (await get("/de/features")).text();
    expect(htmlLang(english)).toBe("en");
    expect(canonical(english)).toBe(url("/features"));
    expect(alternates(english)).toContain(`de ${url("/de/features")}`);
    expect(alternates(german)).toContain(`en ${url("/features")}`);
    expect(alternates(german)).toEqual(alternates(english));
    expect(alternates(german)).toContain(`x-default ${url("/features")}`);
  });

  it("names the same alternates as the sitemap", async () => {
    const sitemap = await (await get("/sitemap.xml")).text();
    const entry = /<url>\s*<loc>[^<]*\/ja\/pricing<\/loc>([\s\S]*?)<\/url>/.exec(sitemap)![1]!;
    const listed = [...entry.matchAll(/hreflang="([^"]+)" href="([^"]+)"/g)].map(([, hreflang, href]) => `${hreflang} ${href}`);
    expect(alternates(await (await get("/ja/pricing")).text())).toEqual(listed);
  });

  it("serves the legal pages under the prefix; a file-like path with an unknown prefix is a 404", async () => {
    const privacy = await get("/de/privacy.html");
    expect(privacy.status).toBe(200);
    const html = await privacy.text();
    expect(htmlLang(html)).toBe("de");
    expect(canonical(html)).toBe(url("/de/privacy.html"));
    expect(alternates(html)).toEqual(versionsOf("/privacy.html"));
    expect((await get("/ja/terms.html")).status).toBe(200);
    expect((await get("/xyz/privacy.html")).status).toBe(404);
    const english = await get("/en/terms.html");
    expect(english.status).toBe(301);
    expect(english.headers.get("Location")).toBe("/terms.html");
  });
});

describe("prefixes that are not a language of the site", () => {
  it("/en/… is English's own page without the prefix (301, the query kept)", async () => {
    for (const [path, location] of [["/en/home", "/home"], ["/en/features?ref=1", "/features?ref=1"]]) {
      const response = await get(path!);
      expect(response.status, path).toBe(301);
      expect(response.headers.get("Location"), path).toBe(location);
    }
  });

  it("an unknown prefix on a page redirects to the entry; a post to it is a 404 and stores nothing", async () => {
    const page = await get("/xyz/home");
    expect(page.status).toBe(302);
    expect(page.headers.get("Location")).toBe("/");
    const post = await app.fetch(formPost("/xyz/waitlist", { email: "prefix@example.com", name: "Prefix", submissionTime: String(Date.now() - 10_000) }));
    expect(post.status).toBe(404);
    const { n } = (await app.db.prepare("SELECT count(*) AS n FROM waitlist").first<{ n: number }>())!;
    expect(n).toBe(0);
  });

  it("an unknown path keeps its language: /de/nope → /de/, /xyz/nope → /, a missing file stays a 404", async () => {
    for (const [path, location] of [["/de/nope", "/de/"], ["/pt-br/features/extra", "/pt-br/"], ["/xyz/nope", "/"], ["/nope", "/"]]) {
      const response = await get(path!);
      expect(response.status, path).toBe(302);
      expect(response.headers.get("Location"), path).toBe(location);
    }
    for (const path of ["/de/images/missing.png", "/de/nope.js"]) expect((await get(path)).status, path).toBe(404);
  });
});

describe("the language switcher's answer POST /language", () => {
  const choose = (fields: Record<string, string>) => app.fetch(formPost("/language", fields));

  it("goes to the same page in the chosen language and remembers the choice in a first-party cookie", async () => {
    const response = await choose({ lang: "de", to: "/waitlist" });
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe("/de/waitlist");
    const cookie = response.headers.get("Set-Cookie")!;
    expect(cookie).toMatch(/^lv_lang=de;/);
    expect(cookie).toMatch(/; Path=\/(;|$)/);
    expect(cookie).toMatch(/; SameSite=Lax(;|$)/);
    // Plain http (the local stack): a Secure cookie would be refused by the browser.
    expect(cookie).not.toMatch(/Secure/);
    // Back to English from a German page, and from one language to another.
    expect((await choose({ lang: "en", to: "/de/features" })).headers.get("Location")).toBe("/features");
    expect((await choose({ lang: "fr", to: "/ja/pricing" })).headers.get("Location")).toBe("/fr/pricing");
  });

  it("refuses a language the site does not have with 400", async () => {
    for (const lang of ["xx", "", "EN", "pt"]) expect((await choose({ lang, to: "/home" })).status, lang).toBe(400);
  });

  it("only ever goes to our own pages: anything else goes to the language's landing page", async () => {
    // "/de/..//evil.example" is a path of ours as typed, but resolves to "//evil.example", another site.
    for (const to of ["//evil.example", "https://evil.example/home", "/\\evil.example", "/de/..//evil.example", "javascript:alert(1)", "", `/${"a".repeat(3000)}`]) {
      expect((await choose({ lang: "de", to })).headers.get("Location"), to).toBe("/de/home");
      expect((await choose({ lang: "en", to })).headers.get("Location"), to).toBe("/home");
    }
  });
});

describe("the edge cache per language", () => {
  it("keeps /de/home and /home apart: a German page is never served for /home, nor an English one for /de/home", async () => {
    const german = await get("/de/home");
    expect(cacheStatus(german)).toBe("MISS");
    const cookie = cookiePairOf(german);
    await app.settle();
    const germanAgain = await get("/de/home", { Cookie: cookie });
    expect(cacheStatus(germanAgain)).toBe("HIT");
    expect(htmlLang(await germanAgain.text())).toBe("de");

    const english = await get("/home", { Cookie: cookie });
    expect(cacheStatus(english)).toBe("MISS");
    expect(htmlLang(await english.text())).toBe("en");
    await app.settle();
    for (const [path, lang] of [["/home", "en"], ["/de/home", "de"], ["/home", "en"]]) {
      const response = await get(path!, { Cookie: cookie });
      expect(cacheStatus(response), path).toBe("HIT");
      const html = await response.text();
      expect(htmlLang(html), path).toBe(lang);
      expect(canonical(html), path).toBe(url(path!));
    }
  });
});

describe("the owner's analytics", () => {
  it("counts every language's landing page as a landing view", () => {
    expect(LANDING_PATHS).toEqual(expect.arrayContaining(LANGUAGES.map(({ code }) => localizedPath(code, "/home"))));
  });
});

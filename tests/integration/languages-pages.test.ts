// Every public page in every language (issue 32): the language it says, links to each of its
// versions and back, its own canonical URL, a translated title, and no English left where the
// language's catalogue has its own words. axe-core and the Nu Html Checker read the same pages
// through the sitemap (tests/support/public-pages.ts).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LANGUAGES, languageTag, splitLanguage, type Lang } from "~/lib/i18n/languages";
import en from "~/locales/en.json";
import de from "~/locales/de.json";
import es from "~/locales/es.json";
import fr from "~/locales/fr.json";
import ja from "~/locales/ja.json";
import ptBr from "~/locales/pt-br.json";
import { createTestApp, type TestApp } from "../support/app";
import { PAGES_OUTSIDE_SITEMAP, pathsInSitemap } from "../support/public-pages";

type Tree = { [key: string]: string | Tree };
const flatten = (tree: Tree, prefix = "", out: Record<string, string> = {}) => {
  for (const [key, value] of Object.entries(tree)) {
    if (typeof value === "string") out[prefix + key] = value;
    else flatten(value, `${prefix}${key}.`, out);
  }
  return out;
};
const CATALOGUES: Record<Lang, Record<string, string>> = { en: flatten(en), de: flatten(de), fr: flatten(fr), es: flatten(es), "pt-br": flatten(ptBr), ja: flatten(ja) };

/** Words that read the same in every language, and may stay: the brand, the stores, the platforms. */
const KEPT_TERMS = /\b(LinkVault|TestFlight|App Store|iOS|iPhone|iPad|macOS|Android|Chrome|Safari|Firefox|Pocket|FAQ|Blog|Email|E-Mail|Buy Me a Coffee)\b/g;

/**
 * English sentences that would betray an untranslated spot: each English message (its literal text
 * between placeholders, at least three words) whose translation differs.
 */
function englishLeftovers(lang: Lang): string[] {
  const found = new Set<string>();
  for (const [id, message] of Object.entries(CATALOGUES.en)) {
    if (id.startsWith("email.") || CATALOGUES[lang][id] === message) continue;
    for (const part of message.split(/\{[^}]*\}|<[^>]+>|#/)) {
      const text = part.replace(KEPT_TERMS, "").trim();
      if (text.split(/\s+/).length >= 3) found.add(part.trim());
    }
  }
  return [...found];
}

const decode = (text: string) =>
  text.replace(/&#x27;|&#39;/g, "'").replace(/&quot;/g, '"').replace(/&lt;/g, "<").replace(/&gt;/g, ">").replace(/&amp;/g, "&");

/**
 * What a reader sees in the page's language: the body's text without scripts, styles, markup, and
 * what the page itself marks as English (the titles of English-only posts and tutorials).
 */
const visibleText = (html: string) =>
  decode(
    (/<body[^>]*>([\s\S]*)<\/body>/.exec(html)?.[1] ?? "")
      .replace(/<(script|style|template)[\s\S]*?<\/\1>/g, " ")
      .replace(/<(\w+)\b[^>]*\slang="en"[^>]*>[\s\S]*?<\/\1>/g, " ")
      .replace(/<[^>]+>/g, " "),
  ).replace(/\s+/g, " ");

const attr = (tag: string, name: string) => decode(new RegExp(`\\s${name}="([^"]*)"`, "i").exec(tag)?.[1] ?? "");
const titleOf = (html: string) => decode(/<title>([^<]*)<\/title>/.exec(html)?.[1] ?? "");
const canonicalOf = (html: string) => attr(/<link rel="canonical"[^>]*>/.exec(html)?.[0] ?? "", "href");
const alternatesOf = (html: string) =>
  Object.fromEntries([...html.matchAll(/<link rel="alternate"[^>]*hreflang=[^>]*>/gi)].map(([tag]) => [attr(tag, "hreflang"), attr(tag, "href")]));

let app: TestApp;
const pages = new Map<string, string>();
let englishPaths: string[] = [];

beforeAll(async () => {
  app = await createTestApp();
  const sitemap = pathsInSitemap(await (await app.fetch("/sitemap.xml")).text());
  englishPaths = [...new Set([...sitemap, ...PAGES_OUTSIDE_SITEMAP].map((path) => splitLanguage(path).path))].filter((path) => path !== "/");
  for (const path of englishPaths) {
    for (const { code } of LANGUAGES) {
      const url = code === "en" ? path : `/${code}${path}`;
      const response = await app.fetch(url);
      pages.set(url, await response.text());
    }
  }
}, 600_000);
afterAll(() => app.dispose());

/** Posts and tutorials exist only in English: their pages say so and are no one's alternate. */
const englishOnly = (path: string) => /^\/(blog|tutorials)\/./.test(path);

/** A title the language's catalogue keeps as in English, on purpose ("Tutorials" in German). */
function keptTitle(lang: Lang, title: string): boolean {
  return Object.entries(CATALOGUES.en).some(([id, message]) => CATALOGUES[lang][id] === message && message.replaceAll("{appName}", "LinkVault") === title);
}

describe.each(LANGUAGES.filter((l) => l.code !== "en").map((l) => l.code))("every public page in %s", (lang) => {
  it("says its language, names itself canonical, and links every version of itself both ways", () => {
    const problems: string[] = [];
    for (const path of englishPaths) {
      const url = `/${lang}${path}`;
      const html = pages.get(url) ?? "";
      if (!html.includes(`<html lang="${languageTag(lang)}"`)) problems.push(`${url}: <html lang> is not ${languageTag(lang)}`);
      if (!html.includes('<link rel="canonical"')) continue; // the not-found page
      const canonical = new URL(canonicalOf(html)).pathname;
      const alternates = alternatesOf(html);
      if (englishOnly(path)) {
        if (canonical !== path.split("?")[0]) problems.push(`${url}: canonical ${canonical}, not the English page`);
        if (Object.keys(alternates).length > 0) problems.push(`${url}: an English-only page lists alternates`);
        continue;
      }
      if (canonical !== url.split("?")[0]) problems.push(`${url}: canonical ${canonical}`);
      for (const other of LANGUAGES) {
        const href = alternates[languageTag(other.code)];
        const expected = other.code === "en" ? path.split("?")[0] : `/${other.code}${path.split("?")[0]}`;
        if (!href || new URL(href).pathname !== expected) problems.push(`${url}: alternate ${other.code} is ${href}`);
        // Both ways: the other version names this one.
        const back = alternatesOf(pages.get(other.code === "en" ? path : `/${other.code}${path}`) ?? "")[languageTag(lang)];
        if (back && new URL(back).pathname !== url.split("?")[0]) problems.push(`${expected}: does not link back to ${url}`);
      }
      if (!alternates["x-default"]) problems.push(`${url}: no x-default`);
    }
    expect(problems).toEqual([]);
  });

  it("has a translated title, and no English sentence its catalogue translates", () => {
    const leftovers = englishLeftovers(lang);
    const problems: string[] = [];
    for (const path of englishPaths) {
      const url = `/${lang}${path}`;
      const html = pages.get(url) ?? "";
      const englishTitle = titleOf(pages.get(path) ?? "");
      // An English-only article keeps its English title and body; its chrome is checked on the index pages.
      if (englishOnly(path)) continue;
      if (titleOf(html) === englishTitle && !keptTitle(lang, englishTitle)) problems.push(`${url}: title "${englishTitle}" is the English one`);
      const text = visibleText(html);
      for (const sentence of leftovers) if (text.includes(sentence)) problems.push(`${url}: English "${sentence}"`);
    }
    expect(problems).toEqual([]);
  });
});

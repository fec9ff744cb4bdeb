#!/usr/bin/env node
// Build-time content pipeline. Workers have no file system, so the blog posts and tutorials
// (Markdown with front matter in app/content/blog/ and app/content/tutorials/) are compiled here,
// before Tailwind and `remix build`, into one typed module: app/content/generated/content.ts.
//
// - Front matter: YAML, validated with a zod schema per kind (scripts/lib/front-matter.mjs). A
//   mistake fails the build with the file and the line or field.
// - Markdown -> HTML with `marked`: headings get ids for anchors, external links open in a new tab
//   with rel="noopener noreferrer", code is escaped, and raw HTML in the Markdown is escaped rather
//   than passed through, so a content mistake cannot inject markup or script.
// - {{appName}}, {{siteUrl}}, {{supportEmail}}, {{appStoreUrl}} in front matter and bodies are filled
//   from app/config/site.ts, the one place that names the product.
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { basename, dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { Marked, Renderer } from "marked";
import ts from "typescript";
import { blogPostFrontMatter, parseFrontMatter, tutorialFrontMatter, validateFrontMatter } from "./lib/front-matter.mjs";

export { parseFrontMatter };

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..");
export const WORDS_PER_MINUTE = 220;

/** The eight tutorials, in the order the spec lists them (section 2). */
export const TUTORIAL_SLUGS = [
  "getting-started",
  "safari-share-extension",
  "qr-code-integration",
  "collaborative-collections",
  "smart-reminders",
  "advanced-organization",
  "qr-code-generation",
  "advanced-sync",
];

// ---------------------------------------------------------------------------------------------
// Markdown

export function escapeHtml(text) {
  return String(text).replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;").replaceAll('"', "&quot;").replaceAll("'", "&#39;");
}

const decodeEntities = (html) =>
  html
    .replace(/&#(\d+);/g, (_, n) => String.fromCodePoint(Number(n)))
    .replace(/&#x([0-9a-f]+);/gi, (_, n) => String.fromCodePoint(parseInt(n, 16)))
    .replaceAll("&quot;", '"')
    .replaceAll("&lt;", "<")
    .replaceAll("&gt;", ">")
    .replaceAll("&amp;", "&");

/** Visible text of an HTML fragment. */
export function htmlToText(html) {
  return decodeEntities(html.replace(/<[^>]*>/g, " ")).replace(/\s+/g, " ").trim();
}

export function slugify(text) {
  return text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9\s-]/g, "")
    .trim()
    .replace(/[\s-]+/g, "-")
    .replace(/^-|-$/g, "");
}

/** Reading time in whole minutes: words / 220, rounded up, at least 1. */
export function readingMinutes(text) {
  const words = text.split(/\s+/).filter((word) => /[\p{L}\p{N}]/u.test(word)).length;
  return Math.max(1, Math.ceil(words / WORDS_PER_MINUTE));
}

const SAFE_HREF = /^(?:https?:\/\/|mailto:|\/(?!\/)|#)/i;

/**
 * Markdown -> { html, headings }. `siteUrl` decides which absolute links are internal.
 * Throws on a level-1 heading (the page's title is its only h1) and on unsafe link targets.
 */
export function renderMarkdown(markdown, { siteUrl = "https://example.invalid", file = "<input>" } = {}) {
  const siteHost = new URL(siteUrl).host;
  const headings = [];
  const usedIds = new Map();
  const uniqueId = (text) => {
    const base = slugify(text) || "section";
    const seen = usedIds.get(base) ?? 0;
    usedIds.set(base, seen + 1);
    return seen === 0 ? base : `${base}-${seen + 1}`;
  };
  const checkHref = (href) => {
    if (!SAFE_HREF.test(href)) throw new Error(`${file}: unsafe or relative link target "${href}"`);
  };

  const marked = new Marked({ gfm: true, breaks: false, async: false });
  marked.use({
    renderer: {
      heading({ tokens, depth }) {
        if (depth === 1) throw new Error(`${file}: use ## and deeper in Markdown; the page title is the only h1`);
        const inner = this.parser.parseInline(tokens);
        const text = htmlToText(inner);
        const id = uniqueId(text);
        if (depth <= 3) headings.push({ depth, text, id });
        return `<h${depth} id="${id}">${inner}</h${depth}>\n`;
      },
      link({ href, title, tokens }) {
        checkHref(href);
        const inner = this.parser.parseInline(tokens);
        const titleAttr = title ? ` title="${escapeHtml(title)}"` : "";
        const external = /^https?:\/\//i.test(href) && new URL(href).host !== siteHost;
        const attrs = external ? ` target="_blank" rel="noopener noreferrer"` : "";
        return `<a href="${escapeHtml(href)}"${titleAttr}${attrs}>${inner}</a>`;
      },
      image({ href, title, text }) {
        checkHref(href);
        if (!text.trim()) throw new Error(`${file}: image ${href} needs alt text`);
        const titleAttr = title ? ` title="${escapeHtml(title)}"` : "";
        return `<img src="${escapeHtml(href)}" alt="${escapeHtml(text)}"${titleAttr} loading="lazy" decoding="async">`;
      },
      code({ text, lang }) {
        const language = (lang ?? "").match(/^[\w+-]+/)?.[0];
        const cls = language ? ` class="language-${escapeHtml(language)}"` : "";
        // tabindex: a long line scrolls sideways, and a scrollable region must be reachable by keyboard.
        return `<pre tabindex="0"><code${cls}>${escapeHtml(text.replace(/\n$/, ""))}\n</code></pre>\n`;
      },
      codespan({ text }) {
        // marked leaves code span text raw: shown literally, so everything is escaped.
        return `<code>${escapeHtml(text)}</code>`;
      },
      // Raw HTML, block or inline, is shown as text: our Markdown never carries markup of its own.
      html({ text, block }) {
        return block ? `<p>${escapeHtml(text.trim())}</p>\n` : escapeHtml(text);
      },
      table(token) {
        const table = Renderer.prototype.table.call(this, token);
        return `<div class="table-scroll" role="region" aria-label="Table" tabindex="0">${table}</div>\n`;
      },
    },
  });
  const html = marked.parse(markdown);
  return { html, headings };
}

// ---------------------------------------------------------------------------------------------
// Site configuration (read from app/config/site.ts, compiled with the project's TypeScript)

export async function loadSiteConfig(file = join(ROOT, "app/config/site.ts")) {
  const source = readFileSync(file, "utf8");
  const { outputText } = ts.transpileModule(source, { compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 } });
  const module = await import(`data:text/javascript;base64,${Buffer.from(outputText).toString("base64")}`);
  if (!module.siteConfig?.appName || !module.siteConfig?.siteUrl) throw new Error(`${file}: siteConfig with appName and siteUrl expected`);
  return module.siteConfig;
}

export function fillTokens(text, site, where) {
  const values = { appName: site.appName, siteUrl: site.siteUrl, supportEmail: site.supportEmail, appStoreUrl: site.appStoreUrl };
  return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name) => {
    if (!(name in values)) throw new Error(`${where}: unknown token {{${name}}}`);
    return values[name];
  });
}

// ---------------------------------------------------------------------------------------------
// Documents

function compileDocument(file, site, schema) {
  const raw = fillTokens(readFileSync(file, "utf8"), site, file);
  const { data, body } = parseFrontMatter(raw, file);
  const meta = validateFrontMatter(schema, data, file);
  const slug = basename(file, ".md");
  if (!/^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(slug)) throw new Error(`${file}: file names are slugs (lowercase words joined by -)`);
  const { html, headings } = renderMarkdown(body, { siteUrl: site.siteUrl, file });
  // Key order is the generated module's order.
  const common = {
    slug,
    title: meta.title,
    description: meta.description,
    datePublished: meta.datePublished,
    ...(meta.dateModified ? { dateModified: meta.dateModified } : {}),
  };
  return { meta, common, html, headings, readingMinutes: readingMinutes(htmlToText(html)) };
}

function authorOf(author, site) {
  if (author === undefined) return { name: `The ${site.appName} team`, url: new URL("/about", site.siteUrl).toString() };
  return author.url ? { name: author.name, url: author.url } : { name: author.name };
}

export function loadPosts(site, dir = join(ROOT, "app/content/blog")) {
  const files = readdirSync(dir).filter((f) => f.endsWith(".md"));
  const posts = files.map((name) => {
    const { meta, common, html, headings, readingMinutes: minutes } = compileDocument(join(dir, name), site, blogPostFrontMatter);
    return {
      ...common,
      author: authorOf(meta.author, site),
      ...(meta.image ? { image: meta.image } : {}),
      readingMinutes: minutes,
      html,
      headings,
    };
  });
  // Newest first; the same day falls back to the title so the order is stable.
  return posts.sort((a, b) => b.datePublished.localeCompare(a.datePublished) || a.title.localeCompare(b.title));
}

export function loadTutorials(site, dir = join(ROOT, "app/content/tutorials")) {
  const files = readdirSync(dir).filter((f) => f.endsWith(".md"));
  const tutorials = files.map((name) => {
    const { meta, common, html, headings, readingMinutes: minutes } = compileDocument(join(dir, name), site, tutorialFrontMatter);
    return {
      ...common,
      order: meta.order,
      level: meta.level,
      duration: meta.duration,
      readingMinutes: minutes,
      html,
      headings,
    };
  });
  tutorials.sort((a, b) => a.order - b.order);
  const slugs = tutorials.map((t) => t.slug);
  if (JSON.stringify(slugs) !== JSON.stringify(TUTORIAL_SLUGS)) {
    throw new Error(`app/content/tutorials: expected the spec's tutorials in order ${TUTORIAL_SLUGS.join(", ")}; got ${slugs.join(", ")}`);
  }
  tutorials.forEach((t, i) => {
    if (t.order !== i + 1) throw new Error(`app/content/tutorials/${t.slug}.md: order ${t.order}, expected ${i + 1}`);
  });
  return tutorials;
}

/** Today (UTC) as YYYY-MM-DD, or SOURCE_DATE_EPOCH's day for reproducible builds. */
export function buildDate(env = process.env) {
  const epoch = Number(env.SOURCE_DATE_EPOCH);
  const date = Number.isFinite(epoch) && env.SOURCE_DATE_EPOCH ? new Date(epoch * 1000) : new Date();
  return date.toISOString().slice(0, 10);
}

const MODULE_HEADER = `// Generated by scripts/content.mjs from app/content/blog/*.md and app/content/tutorials/*.md.
// Do not edit: change the Markdown and rebuild (node scripts/content.mjs, or node scripts/build.mjs).

export interface ContentAuthor {
  name: string;
  url?: string;
}

export interface ContentHeading {
  depth: 2 | 3;
  text: string;
  id: string;
}

interface ContentDocument {
  slug: string;
  title: string;
  description: string;
  /** YYYY-MM-DD */
  datePublished: string;
  /** YYYY-MM-DD, only when the document changed after publication. */
  dateModified?: string;
  readingMinutes: number;
  /** Rendered from our own Markdown; raw HTML in the Markdown is escaped. */
  html: string;
  headings: readonly ContentHeading[];
}

export interface BlogPost extends ContentDocument {
  author: ContentAuthor;
  image?: string;
}

export interface Tutorial extends ContentDocument {
  order: number;
  level: "Beginner" | "Intermediate" | "Advanced";
  duration: string;
}
`;

export function moduleSource({ posts, tutorials, date }) {
  return `${MODULE_HEADER}
/** The day this module was generated (YYYY-MM-DD): lastmod for pages without a date of their own. */
export const CONTENT_BUILD_DATE = ${JSON.stringify(date)};

/** Blog posts, newest first. */
export const posts: readonly BlogPost[] = ${JSON.stringify(posts, null, 2)};

/** Tutorials in their defined order (the spec's order). */
export const tutorials: readonly Tutorial[] = ${JSON.stringify(tutorials, null, 2)};
`;
}

export async function generate({ out = join(ROOT, "app/content/generated/content.ts") } = {}) {
  const site = await loadSiteConfig();
  const posts = loadPosts(site);
  const tutorials = loadTutorials(site);
  mkdirSync(dirname(out), { recursive: true });
  writeFileSync(out, moduleSource({ posts, tutorials, date: buildDate() }));
  return { posts, tutorials, out };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { posts, tutorials, out } = await generate();
  console.log(`content: ${posts.length} posts, ${tutorials.length} tutorials -> ${out.replace(`${ROOT}/`, "")}`);
}

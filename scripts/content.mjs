#!/usr/bin/env node
// Build-time content pipeline. Workers have no file system, so the blog posts and tutorials
// (Markdown with front matter in app/content/blog/ and app/content/tutorials/) are compiled here,
// before Tailwind and `remix build`, into one typed module: app/content/generated/content.ts.
//
// - Front matter: a small, strict subset of YAML (`key: value`, quoted or plain strings, integers,
//   one level of nested keys by indentation). Anything else fails the build with the file and line.
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
// Front matter

function parseScalar(raw, where) {
  const value = raw.trim();
  if (value === "") throw new Error(`${where}: empty value`);
  if (value.startsWith('"')) {
    if (!/^"(?:[^"\\]|\\.)*"$/.test(value)) throw new Error(`${where}: unterminated double-quoted string`);
    return JSON.parse(value);
  }
  if (value.startsWith("'")) {
    if (!/^'(?:[^']|'')*'$/.test(value)) throw new Error(`${where}: unterminated single-quoted string`);
    return value.slice(1, -1).replaceAll("''", "'");
  }
  if (/^-?\d+$/.test(value)) return Number(value);
  if (/^[[{&*!|>%@`]/.test(value)) throw new Error(`${where}: unsupported YAML value "${value}" (quote it)`);
  return value;
}

/**
 * Splits `---` front matter from the body. Returns { data, body }. The front matter is required,
 * and keys may appear once.
 */
export function parseFrontMatter(source, file = "<input>") {
  const text = source.replace(/^\uFEFF/, "").replace(/\r\n?/g, "\n");
  const match = /^---\n([\s\S]*?)\n---(?:\n|$)/.exec(text);
  if (!match) throw new Error(`${file}: missing front matter (a block between --- lines at the top)`);
  const data = {};
  let parent = null;
  const lines = match[1].split("\n");
  lines.forEach((line, index) => {
    const where = `${file}:${index + 2}`;
    if (line.trim() === "" || /^\s*#/.test(line)) return;
    const entry = /^( *)([A-Za-z][\w-]*):(?: (.*))?$/.exec(line);
    if (!entry) throw new Error(`${where}: expected "key: value", got "${line}"`);
    const [, indent, key, rawValue = ""] = entry;
    if (indent.length === 0) {
      if (Object.hasOwn(data, key)) throw new Error(`${where}: duplicate key "${key}"`);
      if (rawValue.trim() === "") {
        data[key] = {};
        parent = data[key];
      } else {
        data[key] = parseScalar(rawValue, where);
        parent = null;
      }
    } else {
      if (!parent) throw new Error(`${where}: indented key "${key}" has no parent key`);
      if (Object.hasOwn(parent, key)) throw new Error(`${where}: duplicate key "${key}"`);
      parent[key] = parseScalar(rawValue, where);
    }
  });
  return { data, body: text.slice(match[0].length) };
}

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

const DATE = /^\d{4}-\d{2}-\d{2}$/;

function requireString(data, key, file, { pattern, optional = false } = {}) {
  const value = data[key];
  if (value === undefined && optional) return undefined;
  if (typeof value !== "string" || value.trim() === "") throw new Error(`${file}: front matter "${key}" is required (a string)`);
  if (pattern && !pattern.test(value)) throw new Error(`${file}: front matter "${key}" has an invalid value "${value}"`);
  if (pattern === DATE && Number.isNaN(Date.parse(`${value}T00:00:00Z`))) throw new Error(`${file}: "${key}" is not a real date`);
  return value;
}

function checkKeys(data, allowed, file) {
  for (const key of Object.keys(data)) if (!allowed.includes(key)) throw new Error(`${file}: unknown front matter key "${key}"`);
}

function compileDocument(file, site) {
  const raw = fillTokens(readFileSync(file, "utf8"), site, file);
  const { data, body } = parseFrontMatter(raw, file);
  const slug = basename(file, ".md");
  if (!/^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(slug)) throw new Error(`${file}: file names are slugs (lowercase words joined by -)`);
  const { html, headings } = renderMarkdown(body, { siteUrl: site.siteUrl, file });
  const common = {
    slug,
    title: requireString(data, "title", file),
    description: requireString(data, "description", file),
    datePublished: requireString(data, "datePublished", file, { pattern: DATE }),
  };
  const dateModified = requireString(data, "dateModified", file, { pattern: DATE, optional: true });
  if (dateModified && dateModified < common.datePublished) throw new Error(`${file}: dateModified is before datePublished`);
  return { data, common, dateModified, html, headings, readingMinutes: readingMinutes(htmlToText(html)) };
}

function authorOf(data, file, site) {
  if (data.author === undefined) return { name: `The ${site.appName} team`, url: new URL("/about", site.siteUrl).toString() };
  if (typeof data.author !== "object") throw new Error(`${file}: author is a nested block with name (and url)`);
  checkKeys(data.author, ["name", "url"], file);
  const name = requireString(data.author, "name", file);
  const url = requireString(data.author, "url", file, { pattern: /^https:\/\//, optional: true });
  return url ? { name, url } : { name };
}

export function loadPosts(site, dir = join(ROOT, "app/content/blog")) {
  const files = readdirSync(dir).filter((f) => f.endsWith(".md"));
  const posts = files.map((name) => {
    const file = join(dir, name);
    const { data, common, dateModified, html, headings, readingMinutes: minutes } = compileDocument(file, site);
    checkKeys(data, ["title", "description", "datePublished", "dateModified", "author", "image"], file);
    const image = requireString(data, "image", file, { pattern: /^(?:https:\/\/|\/)/, optional: true });
    return {
      ...common,
      ...(dateModified ? { dateModified } : {}),
      author: authorOf(data, file, site),
      ...(image ? { image } : {}),
      readingMinutes: minutes,
      html,
      headings,
    };
  });
  // Newest first; the same day falls back to the title so the order is stable.
  return posts.sort((a, b) => b.datePublished.localeCompare(a.datePublished) || a.title.localeCompare(b.title));
}

const LEVELS = ["Beginner", "Intermediate", "Advanced"];

export function loadTutorials(site, dir = join(ROOT, "app/content/tutorials")) {
  const files = readdirSync(dir).filter((f) => f.endsWith(".md"));
  const tutorials = files.map((name) => {
    const file = join(dir, name);
    const { data, common, dateModified, html, headings, readingMinutes: minutes } = compileDocument(file, site);
    checkKeys(data, ["title", "description", "datePublished", "dateModified", "order", "level", "duration"], file);
    if (!Number.isInteger(data.order) || data.order < 1) throw new Error(`${file}: "order" is a positive integer`);
    const level = requireString(data, "level", file);
    if (!LEVELS.includes(level)) throw new Error(`${file}: "level" is one of ${LEVELS.join(", ")}`);
    return {
      ...common,
      ...(dateModified ? { dateModified } : {}),
      order: data.order,
      level,
      duration: requireString(data, "duration", file),
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

// Types for scripts/content.mjs, so TypeScript tests can import its functions.
import type { BlogPost, Tutorial } from "../app/content/generated/content";

export interface SiteValues {
  appName: string;
  siteUrl: string;
  supportEmail: string;
  appStoreUrl: string;
}

export const WORDS_PER_MINUTE: number;
export const TUTORIAL_SLUGS: readonly string[];
export { parseFrontMatter } from "./lib/front-matter.mjs";
export function escapeHtml(text: string): string;
export function htmlToText(html: string): string;
export function slugify(text: string): string;
export function readingMinutes(text: string): number;
export function renderMarkdown(
  markdown: string,
  options?: { siteUrl?: string; file?: string },
): { html: string; headings: { depth: number; text: string; id: string }[] };
export function loadSiteConfig(file?: string): Promise<SiteValues>;
export function fillTokens(text: string, site: SiteValues, where: string): string;
export function loadPosts(site: SiteValues, dir?: string): BlogPost[];
export function loadTutorials(site: SiteValues, dir?: string): Tutorial[];
export function buildDate(env?: Record<string, string | undefined>): string;
export function moduleSource(input: { posts: BlogPost[]; tutorials: Tutorial[]; date: string }): string;
export function generate(options?: { out?: string }): Promise<{ posts: BlogPost[]; tutorials: Tutorial[]; out: string }>;

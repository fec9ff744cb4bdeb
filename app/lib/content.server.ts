/**
 * Blog posts and tutorials for loaders and resource routes. The Markdown in app/content/ is compiled
 * at build time by scripts/content.mjs (Workers have no file system), into app/content/generated/.
 */
import { CONTENT_BUILD_DATE, posts, tutorials, type BlogPost, type Tutorial } from "~/content/generated/content";

export type { BlogPost, ContentAuthor, ContentHeading, Tutorial } from "~/content/generated/content";
export { CONTENT_BUILD_DATE };

/** Every post, newest first. */
export function listPosts(): readonly BlogPost[] {
  return posts;
}

export function findPost(slug: string): BlogPost | undefined {
  return posts.find((post) => post.slug === slug);
}

/** Every tutorial, in the spec's order. */
export function listTutorials(): readonly Tutorial[] {
  return tutorials;
}

export function findTutorial(slug: string): Tutorial | undefined {
  return tutorials.find((tutorial) => tutorial.slug === slug);
}

export interface TutorialLink {
  slug: string;
  title: string;
}

/** The tutorials before and after `slug` in reading order (null at either end). */
export function tutorialNeighbours(slug: string): { previous: TutorialLink | null; next: TutorialLink | null } {
  const index = tutorials.findIndex((tutorial) => tutorial.slug === slug);
  const link = (tutorial: Tutorial | undefined) => (tutorial ? { slug: tutorial.slug, title: tutorial.title } : null);
  if (index < 0) return { previous: null, next: null };
  return { previous: link(tutorials[index - 1]), next: link(tutorials[index + 1]) };
}

/** An absolute URL on the canonical origin (siteUrl, ~/lib/seo). */
export function absoluteUrl(path: string, siteUrl: string): string {
  return new URL(path, siteUrl).toString();
}

/** A 404 for an unknown slug: the root ErrorBoundary renders "Page not found" with this status. */
export function notFound(): Response {
  return new Response("Not found", { status: 404, headers: { "Cache-Control": "no-store" } });
}

/** Escapes text for XML element content and double-quoted attributes. */
export function escapeXml(text: string): string {
  return text.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;").replaceAll('"', "&quot;").replaceAll("'", "&apos;");
}

const DAYS = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"];
const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/** "2025-03-04" -> "Tue, 04 Mar 2025 00:00:00 GMT": the RFC 822 date RSS asks for (four-digit year). */
export function rfc822Date(isoDate: string): string {
  const date = new Date(`${isoDate}T00:00:00Z`);
  const day = String(date.getUTCDate()).padStart(2, "0");
  return `${DAYS[date.getUTCDay()]}, ${day} ${MONTHS[date.getUTCMonth()]} ${date.getUTCFullYear()} 00:00:00 GMT`;
}

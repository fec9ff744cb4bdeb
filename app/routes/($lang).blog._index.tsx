import type { MetaFunction } from "@remix-run/cloudflare";
import { json } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { BLOG_FEED_PATH } from "~/components/content/meta";
import { PostMeta } from "~/components/content/PostMeta";
import { TutorialsAside } from "~/components/content/TutorialsAside";
import { siteConfig } from "~/config/site";
import { listPosts, listTutorials } from "~/lib/content.server";
import { pageMeta } from "~/lib/seo";

export const meta: MetaFunction = ({ matches }) =>
  pageMeta({
    title: `Blog · ${siteConfig.appName}`,
    description: `Notes from the ${siteConfig.appName} team on private bookmarking: tracking parameters, categories that last, encrypted sync, shared collections and reading what you save.`,
    path: "/blog",
  }, matches);

export function loader() {
  const posts = listPosts().map(({ slug, title, description, datePublished, dateModified, readingMinutes }) => ({
    slug,
    title,
    description,
    datePublished,
    dateModified,
    readingMinutes,
  }));
  return json({ posts, tutorialCount: listTutorials().length });
}

/** /blog: every post, newest first. */
export default function BlogIndex() {
  const { posts, tutorialCount } = useLoaderData<typeof loader>();
  return (
    <div className="container-page py-14 sm:py-20">
      <header className="max-w-3xl">
        <p className="eyebrow">Blog</p>
        <h1 className="section-title">Keeping links private and useful</h1>
        <p className="section-lead">
          How {siteConfig.appName} works and why: what tracking parameters are, how to organise a library that lasts, and
          what end-to-end encryption means for your bookmarks.
        </p>
      </header>

      <div className="mt-12 grid gap-12 lg:grid-cols-[minmax(0,1fr)_20rem] lg:gap-16">
        <section aria-labelledby="posts-heading">
          <h2 id="posts-heading" className="sr-only">
            All posts, newest first
          </h2>
          <ol className="post-list" data-testid="post-list">
            {posts.map((post) => (
              <li key={post.slug}>
                <article className="post-summary">
                  <PostMeta datePublished={post.datePublished} readingMinutes={post.readingMinutes} />
                  <h3 className="mt-2 text-xl font-bold tracking-tight sm:text-2xl">
                    <Link to={`/blog/${post.slug}`} className="post-link" prefetch="intent">
                      {post.title}
                    </Link>
                  </h3>
                  <p className="mt-3 leading-relaxed text-ink-muted">{post.description}</p>
                </article>
              </li>
            ))}
          </ol>
        </section>
        <div className="lg:pt-6">
          <TutorialsAside tutorialCount={tutorialCount} rssHref={BLOG_FEED_PATH} />
        </div>
      </div>
    </div>
  );
}

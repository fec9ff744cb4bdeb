import type { MetaFunction } from "@remix-run/cloudflare";
import { json } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { BLOG_FEED_PATH } from "~/components/content/meta";
import { PostMeta } from "~/components/content/PostMeta";
import { TutorialsAside } from "~/components/content/TutorialsAside";
import { siteConfig } from "~/config/site";
import { listPosts, listTutorials } from "~/lib/content.server";
import { pageMeta } from "~/lib/seo";

/** /blog-test: a second layout of the blog list for trying designs. Kept out of search engines. */
export const meta: MetaFunction = ({ matches }) => [
  ...pageMeta({
    title: `Blog (card layout) · ${siteConfig.appName}`,
    description: `Every ${siteConfig.appName} blog post as cards, the newest featured first.`,
    path: "/blog-test",
  }, matches),
  { name: "robots", content: "noindex" },
];

export function loader() {
  const posts = listPosts().map(({ slug, title, description, datePublished, readingMinutes, author }) => ({
    slug,
    title,
    description,
    datePublished,
    readingMinutes,
    author: author.name,
  }));
  return json({ posts, tutorialCount: listTutorials().length });
}

export default function BlogCards() {
  const { posts, tutorialCount } = useLoaderData<typeof loader>();
  const [featured, ...rest] = posts;
  return (
    <div className="container-page py-14 sm:py-20">
      <header className="max-w-3xl">
        <p className="eyebrow">Blog</p>
        <h1 className="section-title">From the {siteConfig.appName} blog</h1>
        <p className="section-lead">Guides and background on private, well-organised bookmarks.</p>
      </header>

      {featured ? (
        <article className="card featured-post mt-12 p-6 sm:p-10" aria-labelledby={`featured-${featured.slug}`}>
          <p className="eyebrow">Latest post</p>
          <h2 id={`featured-${featured.slug}`} className="mt-3 text-2xl font-extrabold tracking-tight sm:text-3xl">
            <Link to={`/blog/${featured.slug}`} className="post-link" prefetch="intent">
              {featured.title}
            </Link>
          </h2>
          <p className="mt-4 max-w-2xl text-lg leading-relaxed text-ink-muted">{featured.description}</p>
          <PostMeta className="mt-6" author={featured.author} datePublished={featured.datePublished} readingMinutes={featured.readingMinutes} />
        </article>
      ) : null}

      <section aria-labelledby="more-posts-heading" className="mt-14">
        <h2 id="more-posts-heading" className="text-xl font-bold tracking-tight">
          Earlier posts
        </h2>
        <ul className="mt-6 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {rest.map((post) => (
            <li key={post.slug} className="card flex flex-col p-6">
              <h3 className="text-lg font-bold tracking-tight">
                <Link to={`/blog/${post.slug}`} className="post-link" prefetch="intent">
                  {post.title}
                </Link>
              </h3>
              <p className="mt-3 flex-1 text-sm leading-relaxed text-ink-muted">{post.description}</p>
              <PostMeta className="mt-5" datePublished={post.datePublished} readingMinutes={post.readingMinutes} />
            </li>
          ))}
        </ul>
      </section>

      <div className="mt-14 max-w-md">
        <TutorialsAside tutorialCount={tutorialCount} rssHref={BLOG_FEED_PATH} />
      </div>
    </div>
  );
}

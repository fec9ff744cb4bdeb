import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { json } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { ArticleHeader } from "~/components/content/ArticleHeader";
import { articleMeta } from "~/components/content/meta";
import { PostMeta } from "~/components/content/PostMeta";
import { Prose } from "~/components/content/Prose";
import { readingTimeLabel } from "~/components/content/format";
import { formatCalendarDay } from "~/lib/dates";
import { findPost, listPosts, notFound } from "~/lib/content.server";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => {
  if (!data) return [];
  const { post } = data;
  return articleMeta({ ...post, path: `/blog/${post.slug}` }, matches);
};

export function loader({ params }: LoaderFunctionArgs) {
  const post = findPost(params.slug ?? "");
  if (!post) throw notFound();
  const more = listPosts()
    .filter((other) => other.slug !== post.slug)
    .slice(0, 2)
    .map(({ slug, title, datePublished, readingMinutes }) => ({ slug, title, datePublished, readingMinutes }));
  return json({ post, more });
}

/** /blog/{slug}: one post. */
export default function BlogPostPage() {
  const { post, more } = useLoaderData<typeof loader>();
  return (
    <div className="container-page py-12 sm:py-16">
      <article className="mx-auto max-w-3xl">
        <ArticleHeader back={{ to: "/blog", label: "All posts" }} title={post.title} description={post.description}>
          <PostMeta
            className="mt-6"
            author={post.author.name}
            datePublished={post.datePublished}
            dateModified={post.dateModified}
            readingMinutes={post.readingMinutes}
          />
        </ArticleHeader>
        <Prose html={post.html} className="mt-10" />
      </article>

      {more.length > 0 ? (
        <section aria-labelledby="more-posts-heading" className="mx-auto mt-16 max-w-3xl border-t border-line pt-10">
          <h2 id="more-posts-heading" className="text-xl font-bold tracking-tight">
            More from the blog
          </h2>
          <ul className="mt-6 grid gap-4 sm:grid-cols-2">
            {more.map((other) => (
              <li key={other.slug} className="card p-5">
                <p className="text-sm text-ink-muted">
                  <time dateTime={other.datePublished}>{formatCalendarDay(other.datePublished)}</time> · {readingTimeLabel(other.readingMinutes)}
                </p>
                <p className="mt-2 font-semibold">
                  <Link to={`/blog/${other.slug}`} className="post-link" prefetch="intent">
                    {other.title}
                  </Link>
                </p>
              </li>
            ))}
          </ul>
          <p className="mt-8">
            <Link to="/tutorials" className="back-link" prefetch="intent">
              Step-by-step tutorials <span aria-hidden="true">→</span>
            </Link>
          </p>
        </section>
      ) : null}
    </div>
  );
}

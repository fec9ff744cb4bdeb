import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { json } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { ArticleHeader } from "~/components/content/ArticleHeader";
import { EnglishOnlyNotice, useEnglishContentLang } from "~/components/content/EnglishOnlyNotice";
import { articleMeta } from "~/components/content/meta";
import { PostMeta } from "~/components/content/PostMeta";
import { Prose } from "~/components/content/Prose";
import { readingTimeLabel } from "~/components/content/format";
import { formatCalendarDayIn } from "~/lib/dates";
import { findPost, listPosts, notFound } from "~/lib/content.server";
import { browserMessages } from "~/lib/i18n/catalogues.server";
import { pageLanguage } from "~/lib/i18n/page-language";
import { useLang, useLocalizedPath, useT } from "~/lib/i18n/react";
import type { RouteHandle } from "~/root";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => {
  if (!data) return [];
  const { post } = data;
  return articleMeta({ ...post, path: `/blog/${post.slug}` }, matches);
};

export function loader({ params, request }: LoaderFunctionArgs) {
  const lang = pageLanguage({ params, request });
  const post = findPost(params.slug ?? "");
  if (!post) throw notFound();
  const more = listPosts()
    .filter((other) => other.slug !== post.slug)
    .slice(0, 2)
    .map(({ slug, title, datePublished, readingMinutes }) => ({ slug, title, datePublished, readingMinutes }));
  return json({ post, more, messages: browserMessages(lang, ["articles", "blog"]) });
}

/** Nothing here is interactive but the shell: the page ships only its islands (ADR 0060). */
export const handle: RouteHandle = { hydrate: false };

/** /blog/{slug}: one post; its text is English in every language, the page around it is not. */
export default function BlogPostPage() {
  const { post, more } = useLoaderData<typeof loader>();
  const t = useT();
  const lang = useLang();
  const localized = useLocalizedPath();
  const contentLang = useEnglishContentLang();
  return (
    <div className="container-page py-12 sm:py-16">
      <article className="mx-auto max-w-3xl">
        <ArticleHeader back={{ to: localized("/blog"), label: t("blog.post.back") }} title={post.title} description={post.description} contentLang={contentLang}>
          <PostMeta
            className="mt-6"
            author={post.author.name}
            datePublished={post.datePublished}
            dateModified={post.dateModified}
            readingMinutes={post.readingMinutes}
          />
        </ArticleHeader>
        <EnglishOnlyNotice />
        <Prose html={post.html} className="mt-10" lang={contentLang} />
      </article>

      {more.length > 0 ? (
        <section aria-labelledby="more-posts-heading" className="mx-auto mt-16 max-w-3xl border-t border-line pt-10">
          <h2 id="more-posts-heading" className="text-xl font-bold tracking-tight">
            {t("blog.post.more")}
          </h2>
          <ul className="mt-6 grid gap-4 sm:grid-cols-2">
            {more.map((other) => (
              <li key={other.slug} className="card p-5">
                <p className="text-sm text-ink-muted">
                  <time dateTime={other.datePublished}>{formatCalendarDayIn(lang, other.datePublished)}</time> · {readingTimeLabel(t, other.readingMinutes)}
                </p>
                <p className="mt-2 font-semibold" lang={contentLang}>
                  <Link to={localized(`/blog/${other.slug}`)} className="post-link" prefetch="intent">
                    {other.title}
                  </Link>
                </p>
              </li>
            ))}
          </ul>
          <p className="mt-8">
            <Link to={localized("/tutorials")} className="back-link" prefetch="intent">
              {t("blog.post.tutorials")} <span aria-hidden="true">→</span>
            </Link>
          </p>
        </section>
      ) : null}
    </div>
  );
}

import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { json } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { BLOG_FEED_PATH } from "~/components/content/meta";
import { useEnglishContentLang } from "~/components/content/EnglishOnlyNotice";
import { PostMeta } from "~/components/content/PostMeta";
import { TutorialsAside } from "~/components/content/TutorialsAside";
import { siteConfig } from "~/config/site";
import { listPosts, listTutorials } from "~/lib/content.server";
import { browserMessages } from "~/lib/i18n/catalogues.server";
import { pageLanguage } from "~/lib/i18n/page-language";
import { useLocalizedPath, useT } from "~/lib/i18n/react";
import { translatedPageMeta } from "~/lib/seo";
import type { RouteHandle } from "~/root";

const appName = siteConfig.appName;

export const meta: MetaFunction = ({ matches }) => translatedPageMeta(matches, { title: "blog.index.title", description: "blog.index.description", path: "/blog" });

export function loader({ params, request }: LoaderFunctionArgs) {
  const lang = pageLanguage({ params, request });
  const posts = listPosts().map(({ slug, title, description, datePublished, dateModified, readingMinutes }) => ({
    slug,
    title,
    description,
    datePublished,
    dateModified,
    readingMinutes,
  }));
  return json({ posts, tutorialCount: listTutorials().length, messages: browserMessages(lang, ["articles", "blog"]) });
}

/** Nothing here is interactive but the shell: the page ships only its islands (ADR 0060). */
export const handle: RouteHandle = { hydrate: false };

/** /blog: every post, newest first (the posts' own titles and descriptions are English). */
export default function BlogIndex() {
  const { posts, tutorialCount } = useLoaderData<typeof loader>();
  const t = useT();
  const localized = useLocalizedPath();
  const contentLang = useEnglishContentLang();
  return (
    <div className="container-page py-14 sm:py-20">
      <header className="max-w-3xl">
        <p className="eyebrow">{t("blog.index.eyebrow")}</p>
        <h1 className="section-title">{t("blog.index.heading")}</h1>
        <p className="section-lead">{t("blog.index.lead", { appName })}</p>
      </header>

      <div className="mt-12 grid gap-12 lg:grid-cols-[minmax(0,1fr)_20rem] lg:gap-16">
        <section aria-labelledby="posts-heading">
          <h2 id="posts-heading" className="sr-only">
            {t("blog.index.listHeading")}
          </h2>
          <ol className="post-list" data-testid="post-list">
            {posts.map((post) => (
              <li key={post.slug}>
                <article className="post-summary">
                  <PostMeta datePublished={post.datePublished} readingMinutes={post.readingMinutes} />
                  <h3 className="mt-2 text-xl font-bold tracking-tight sm:text-2xl" lang={contentLang}>
                    <Link to={localized(`/blog/${post.slug}`)} className="post-link" prefetch="intent">
                      {post.title}
                    </Link>
                  </h3>
                  <p className="mt-3 leading-relaxed text-ink-muted" lang={contentLang}>
                    {post.description}
                  </p>
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

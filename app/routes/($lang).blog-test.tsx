import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { json } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { useEnglishContentLang } from "~/components/content/EnglishOnlyNotice";
import { BLOG_FEED_PATH } from "~/components/content/meta";
import { PostMeta } from "~/components/content/PostMeta";
import { TutorialsAside } from "~/components/content/TutorialsAside";
import { siteConfig } from "~/config/site";
import { listPosts, listTutorials } from "~/lib/content.server";
import { browserMessages } from "~/lib/i18n/catalogues.server";
import { pageLanguage } from "~/lib/i18n/page-language";
import { useLocalizedPath, useT } from "~/lib/i18n/react";
import { translatedPageMeta } from "~/lib/seo";

const appName = siteConfig.appName;

/** /blog-test: a second layout of the blog list for trying designs. Kept out of search engines. */
export const meta: MetaFunction = ({ matches }) => {
  return [
    ...translatedPageMeta(matches, { title: "blog.cards.title", description: "blog.cards.description", path: "/blog-test" }),
    { name: "robots", content: "noindex" },
  ];
};

export function loader({ params, request }: LoaderFunctionArgs) {
  const lang = pageLanguage({ params, request });
  const posts = listPosts().map(({ slug, title, description, datePublished, readingMinutes, author }) => ({
    slug,
    title,
    description,
    datePublished,
    readingMinutes,
    author: author.name,
  }));
  return json({ posts, tutorialCount: listTutorials().length, messages: browserMessages(lang, ["articles", "blog"]) });
}

export default function BlogCards() {
  const { posts, tutorialCount } = useLoaderData<typeof loader>();
  const t = useT();
  const localized = useLocalizedPath();
  const contentLang = useEnglishContentLang();
  const [featured, ...rest] = posts;
  return (
    <div className="container-page py-14 sm:py-20">
      <header className="max-w-3xl">
        <p className="eyebrow">{t("blog.index.eyebrow")}</p>
        <h1 className="section-title">{t("blog.cards.heading", { appName })}</h1>
        <p className="section-lead">{t("blog.cards.lead")}</p>
      </header>

      {featured ? (
        <article className="card featured-post mt-12 p-6 sm:p-10" aria-labelledby={`featured-${featured.slug}`}>
          <p className="eyebrow">{t("blog.cards.latest")}</p>
          <h2 id={`featured-${featured.slug}`} className="mt-3 text-2xl font-extrabold tracking-tight sm:text-3xl" lang={contentLang}>
            <Link to={localized(`/blog/${featured.slug}`)} className="post-link" prefetch="intent">
              {featured.title}
            </Link>
          </h2>
          <p className="mt-4 max-w-2xl text-lg leading-relaxed text-ink-muted" lang={contentLang}>
            {featured.description}
          </p>
          <PostMeta className="mt-6" author={featured.author} datePublished={featured.datePublished} readingMinutes={featured.readingMinutes} />
        </article>
      ) : null}

      <section aria-labelledby="more-posts-heading" className="mt-14">
        <h2 id="more-posts-heading" className="text-xl font-bold tracking-tight">
          {t("blog.cards.earlier")}
        </h2>
        <ul className="mt-6 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {rest.map((post) => (
            <li key={post.slug} className="card flex flex-col p-6">
              <h3 className="text-lg font-bold tracking-tight" lang={contentLang}>
                <Link to={localized(`/blog/${post.slug}`)} className="post-link" prefetch="intent">
                  {post.title}
                </Link>
              </h3>
              <p className="mt-3 flex-1 text-sm leading-relaxed text-ink-muted" lang={contentLang}>
                {post.description}
              </p>
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

import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { json } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { ArticleHeader } from "~/components/content/ArticleHeader";
import { EnglishOnlyNotice, useEnglishContentLang } from "~/components/content/EnglishOnlyNotice";
import { tutorialDurationLabel, tutorialLevelLabel } from "~/components/content/format";
import { Prose } from "~/components/content/Prose";
import { siteConfig } from "~/config/site";
import { findTutorial, listTutorials, notFound, tutorialNeighbours } from "~/lib/content.server";
import { browserMessages } from "~/lib/i18n/catalogues.server";
import { metaT } from "~/lib/i18n/meta";
import { pageLanguage } from "~/lib/i18n/page-language";
import { useLocalizedPath, useT } from "~/lib/i18n/react";
import { pageMeta } from "~/lib/seo";
import type { RouteHandle } from "~/root";

/** Tutorials are written in English only: every language's copy names the English tutorial canonical. */
export const meta: MetaFunction<typeof loader> = ({ data, matches }) => {
  if (!data) return [];
  const { tutorial } = data;
  const t = metaT(matches);
  return pageMeta(
    { title: t("tutorials.page.title", { title: tutorial.title, appName: siteConfig.appName }), description: tutorial.description, path: `/tutorials/${tutorial.slug}`, translated: false },
    matches,
  );
};

export function loader({ params, request }: LoaderFunctionArgs) {
  const lang = pageLanguage({ params, request });
  const tutorial = findTutorial(params.slug ?? "");
  if (!tutorial) throw notFound();
  return json({ tutorial, total: listTutorials().length, ...tutorialNeighbours(tutorial.slug), messages: browserMessages(lang, ["articles", "tutorials"]) });
}

/** Nothing here is interactive but the shell: the page ships only its islands (ADR 0060). */
export const handle: RouteHandle = { hydrate: false };

/** /tutorials/{slug}: one step-by-step guide, with the previous and next guides. */
export default function TutorialPage() {
  const { tutorial, total, previous, next } = useLoaderData<typeof loader>();
  const t = useT();
  const localized = useLocalizedPath();
  const contentLang = useEnglishContentLang();
  const sections = tutorial.headings.filter((heading) => heading.depth === 2);
  return (
    <div className="container-page py-12 sm:py-16">
      <article className="mx-auto max-w-3xl">
        <ArticleHeader
          back={{ to: localized("/tutorials"), label: t("tutorials.page.back") }}
          eyebrow={t("tutorials.page.position", { order: tutorial.order, total })}
          title={tutorial.title}
          description={tutorial.description}
          contentLang={contentLang}
        >
          <p className="post-meta mt-6">
            <span>{tutorialLevelLabel(t, tutorial.level)}</span>
            <span>{tutorialDurationLabel(t, tutorial.duration)}</span>
          </p>
        </ArticleHeader>
        <EnglishOnlyNotice />
        {sections.length > 2 ? (
          <nav aria-labelledby="toc-heading" className="toc mt-8">
            <h2 id="toc-heading" className="text-sm font-semibold">
              {t("tutorials.page.toc")}
            </h2>
            <ul className="mt-2" lang={contentLang}>
              {sections.map((heading) => (
                <li key={heading.id}>
                  <a href={`#${heading.id}`}>{heading.text}</a>
                </li>
              ))}
            </ul>
          </nav>
        ) : null}
        <Prose html={tutorial.html} className="mt-10" lang={contentLang} />
      </article>

      <nav aria-label={t("tutorials.page.pager")} className="pager mx-auto mt-14 max-w-3xl">
        {previous ? (
          <Link to={localized(`/tutorials/${previous.slug}`)} rel="prev" className="pager-link" prefetch="intent">
            <span className="pager-label">
              <span aria-hidden="true">←</span> {t("tutorials.page.previous")}
            </span>
            <span className="pager-title" lang={contentLang}>
              {previous.title}
            </span>
          </Link>
        ) : (
          <span />
        )}
        {next ? (
          <Link to={localized(`/tutorials/${next.slug}`)} rel="next" className="pager-link pager-next" prefetch="intent">
            <span className="pager-label">
              {t("tutorials.page.next")} <span aria-hidden="true">→</span>
            </span>
            <span className="pager-title" lang={contentLang}>
              {next.title}
            </span>
          </Link>
        ) : (
          <Link to={localized("/tutorials")} className="pager-link pager-next" prefetch="intent">
            <span className="pager-label">{t("tutorials.page.finished")}</span>
            <span className="pager-title">{t("tutorials.page.backToAll")}</span>
          </Link>
        )}
      </nav>
    </div>
  );
}

import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { json } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { useEnglishContentLang } from "~/components/content/EnglishOnlyNotice";
import { tutorialDurationLabel, tutorialLevelLabel } from "~/components/content/format";
import { siteConfig } from "~/config/site";
import { listTutorials } from "~/lib/content.server";
import { browserMessages } from "~/lib/i18n/catalogues.server";
import { pageLanguage } from "~/lib/i18n/page-language";
import { T, useLocalizedPath, useT } from "~/lib/i18n/react";
import { translatedPageMeta } from "~/lib/seo";
import type { RouteHandle } from "~/root";

const appName = siteConfig.appName;

export const meta: MetaFunction = ({ matches }) => translatedPageMeta(matches, { title: "tutorials.index.title", description: "tutorials.index.description", path: "/tutorials" });

export function loader({ params, request }: LoaderFunctionArgs) {
  const lang = pageLanguage({ params, request });
  const tutorials = listTutorials().map(({ slug, title, description, order, level, duration }) => ({ slug, title, description, order, level, duration }));
  return json({ tutorials, messages: browserMessages(lang, ["tutorials"]) });
}

/** Nothing here is interactive but the shell: the page ships only its islands (ADR 0060). */
export const handle: RouteHandle = { hydrate: false };

/** /tutorials: the eight guides, in the order they build on each other (their titles are English). */
export default function TutorialsIndex() {
  const { tutorials } = useLoaderData<typeof loader>();
  const t = useT();
  const localized = useLocalizedPath();
  const contentLang = useEnglishContentLang();
  return (
    <div className="container-page py-14 sm:py-20">
      <header className="max-w-3xl">
        <p className="eyebrow">{t("tutorials.index.eyebrow")}</p>
        <h1 className="section-title">{t("tutorials.index.heading", { appName })}</h1>
        <p className="section-lead">{t("tutorials.index.lead")}</p>
      </header>
      <ol className="mt-12 grid gap-5 md:grid-cols-2" data-testid="tutorial-list">
        {tutorials.map((tutorial) => (
          <li key={tutorial.slug} className="card tutorial-card">
            <span className="step-number" aria-hidden="true">
              {tutorial.order}
            </span>
            <div className="min-w-0">
              <h2 className="text-lg font-bold tracking-tight" lang={contentLang}>
                <Link to={localized(`/tutorials/${tutorial.slug}`)} className="post-link" prefetch="intent">
                  {tutorial.title}
                </Link>
              </h2>
              <p className="mt-2 text-sm leading-relaxed text-ink-muted" lang={contentLang}>
                {tutorial.description}
              </p>
              <p className="post-meta mt-3">
                <span>{tutorialLevelLabel(t, tutorial.level)}</span>
                <span>{tutorialDurationLabel(t, tutorial.duration)}</span>
              </p>
            </div>
          </li>
        ))}
      </ol>
      <p className="mt-12 text-ink-muted">
        <T id="tutorials.index.toBlog" components={{ link: <Link to={localized("/blog")} className="content-link" prefetch="intent" /> }} />
      </p>
    </div>
  );
}

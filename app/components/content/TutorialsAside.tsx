import { Link } from "@remix-run/react";
import { T, useLocalizedPath, useT } from "~/lib/i18n/react";

/** A pointer from the blog to the step-by-step guides, and to the feed (the feed stays English). */
export function TutorialsAside({ tutorialCount, rssHref }: { tutorialCount: number; rssHref: string }) {
  const t = useT();
  const localized = useLocalizedPath();
  return (
    <aside aria-labelledby="tutorials-aside-heading" className="card p-6">
      <h2 id="tutorials-aside-heading" className="text-lg font-bold tracking-tight">
        {t("blog.aside.heading")}
      </h2>
      <p className="mt-2 text-sm leading-relaxed text-ink-muted">{t("blog.aside.lead", { count: tutorialCount })}</p>
      <p className="mt-4">
        <Link to={localized("/tutorials")} className="btn btn-secondary btn-sm" prefetch="intent">
          {t("blog.aside.browse")}
        </Link>
      </p>
      <p className="mt-5 border-t border-line pt-4 text-sm text-ink-muted">
        <T id="blog.aside.feed" components={{ link: <a className="content-link" href={rssHref} /> }} />
      </p>
    </aside>
  );
}

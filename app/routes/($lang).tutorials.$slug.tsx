import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { json } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { ArticleHeader } from "~/components/content/ArticleHeader";
import { Prose } from "~/components/content/Prose";
import { siteConfig } from "~/config/site";
import { findTutorial, listTutorials, notFound, tutorialNeighbours } from "~/lib/content.server";
import { pageMeta } from "~/lib/seo";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => {
  if (!data) return [];
  const { tutorial } = data;
  return pageMeta({ title: `${tutorial.title} · ${siteConfig.appName} tutorials`, description: tutorial.description, path: `/tutorials/${tutorial.slug}` }, matches);
};

export function loader({ params }: LoaderFunctionArgs) {
  const tutorial = findTutorial(params.slug ?? "");
  if (!tutorial) throw notFound();
  return json({ tutorial, total: listTutorials().length, ...tutorialNeighbours(tutorial.slug) });
}

/** /tutorials/{slug}: one step-by-step guide, with the previous and next guides. */
export default function TutorialPage() {
  const { tutorial, total, previous, next } = useLoaderData<typeof loader>();
  const sections = tutorial.headings.filter((heading) => heading.depth === 2);
  return (
    <div className="container-page py-12 sm:py-16">
      <article className="mx-auto max-w-3xl">
        <ArticleHeader
          back={{ to: "/tutorials", label: "All tutorials" }}
          eyebrow={
            <>
              Tutorial {tutorial.order} of {total}
            </>
          }
          title={tutorial.title}
          description={tutorial.description}
        >
          <p className="post-meta mt-6">
            <span>{tutorial.level}</span>
            <span>{tutorial.duration}</span>
          </p>
        </ArticleHeader>
        {sections.length > 2 ? (
          <nav aria-labelledby="toc-heading" className="toc mt-8">
            <h2 id="toc-heading" className="text-sm font-semibold">
              On this page
            </h2>
            <ul className="mt-2">
              {sections.map((heading) => (
                <li key={heading.id}>
                  <a href={`#${heading.id}`}>{heading.text}</a>
                </li>
              ))}
            </ul>
          </nav>
        ) : null}
        <Prose html={tutorial.html} className="mt-10" />
      </article>

      <nav aria-label="More tutorials" className="pager mx-auto mt-14 max-w-3xl">
        {previous ? (
          <Link to={`/tutorials/${previous.slug}`} rel="prev" className="pager-link" prefetch="intent">
            <span className="pager-label">
              <span aria-hidden="true">←</span> Previous
            </span>
            <span className="pager-title">{previous.title}</span>
          </Link>
        ) : (
          <span />
        )}
        {next ? (
          <Link to={`/tutorials/${next.slug}`} rel="next" className="pager-link pager-next" prefetch="intent">
            <span className="pager-label">
              Next <span aria-hidden="true">→</span>
            </span>
            <span className="pager-title">{next.title}</span>
          </Link>
        ) : (
          <Link to="/tutorials" className="pager-link pager-next" prefetch="intent">
            <span className="pager-label">Finished</span>
            <span className="pager-title">Back to all tutorials</span>
          </Link>
        )}
      </nav>
    </div>
  );
}

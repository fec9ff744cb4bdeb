import type { MetaFunction } from "@remix-run/cloudflare";
import { json } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { siteConfig } from "~/config/site";
import { listTutorials } from "~/lib/content.server";
import { pageMeta } from "~/lib/seo";

export const meta: MetaFunction = ({ matches }) =>
  pageMeta({
    title: `Tutorials · ${siteConfig.appName}`,
    description: `Step-by-step guides to ${siteConfig.appName}: saving from Safari, QR codes, shared collections, reminders, organising a large library and encrypted sync.`,
    path: "/tutorials",
  }, matches);

export function loader() {
  const tutorials = listTutorials().map(({ slug, title, description, order, level, duration }) => ({ slug, title, description, order, level, duration }));
  return json({ tutorials });
}

/** /tutorials: the eight guides, in the order they build on each other. */
export default function TutorialsIndex() {
  const { tutorials } = useLoaderData<typeof loader>();
  return (
    <div className="container-page py-14 sm:py-20">
      <header className="max-w-3xl">
        <p className="eyebrow">Tutorials</p>
        <h1 className="section-title">Learn {siteConfig.appName} step by step</h1>
        <p className="section-lead">
          Short, practical guides. Each lists what you need, walks through numbered steps and ends with fixes for the
          problems people actually run into. Start at the top, or jump to the one you need.
        </p>
      </header>
      <ol className="mt-12 grid gap-5 md:grid-cols-2" data-testid="tutorial-list">
        {tutorials.map((tutorial) => (
          <li key={tutorial.slug} className="card tutorial-card">
            <span className="step-number" aria-hidden="true">
              {tutorial.order}
            </span>
            <div className="min-w-0">
              <h2 className="text-lg font-bold tracking-tight">
                <Link to={`/tutorials/${tutorial.slug}`} className="post-link" prefetch="intent">
                  {tutorial.title}
                </Link>
              </h2>
              <p className="mt-2 text-sm leading-relaxed text-ink-muted">{tutorial.description}</p>
              <p className="post-meta mt-3">
                <span>{tutorial.level}</span>
                <span>{tutorial.duration}</span>
              </p>
            </div>
          </li>
        ))}
      </ol>
      <p className="mt-12 text-ink-muted">
        Looking for background rather than instructions? The{" "}
        <Link to="/blog" className="content-link" prefetch="intent">
          blog
        </Link>{" "}
        explains why the app works the way it does.
      </p>
    </div>
  );
}

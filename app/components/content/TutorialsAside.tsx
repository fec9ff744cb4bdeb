import { Link } from "@remix-run/react";

/** A pointer from the blog to the step-by-step guides, and to the feed. */
export function TutorialsAside({ tutorialCount, rssHref }: { tutorialCount: number; rssHref: string }) {
  return (
    <aside aria-labelledby="tutorials-aside-heading" className="card p-6">
      <h2 id="tutorials-aside-heading" className="text-lg font-bold tracking-tight">
        Step-by-step tutorials
      </h2>
      <p className="mt-2 text-sm leading-relaxed text-ink-muted">
        {tutorialCount} short guides, from saving your first link to sharing collections and setting up encrypted sync.
      </p>
      <p className="mt-4">
        <Link to="/tutorials" className="btn btn-secondary btn-sm" prefetch="intent">
          Browse the tutorials
        </Link>
      </p>
      <p className="mt-5 border-t border-line pt-4 text-sm text-ink-muted">
        Prefer a feed reader?{" "}
        <a className="content-link" href={rssHref}>
          Subscribe with RSS
        </a>
      </p>
    </aside>
  );
}

import type { HeadersFunction, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { AB_ASSIGNMENTS_ELEMENT_ID } from "~/features/analytics/browser/ab-events";
import { PageIsland } from "~/components/islands/page-island";
import { LandingPage } from "~/components/landing/LandingPage";
import { waitlistFormContext } from "~/features/waitlist/waitlist-form-context";
import { jsonForHtml } from "~/lib/inline-json";
import { localizedPath } from "~/lib/i18n/languages";
import { langOfMatches } from "~/lib/i18n/meta";
import { pageLanguage } from "~/lib/i18n/page-language";
import { loadLandingPage } from "~/lib/landing.server";
import { translatedPageMeta } from "~/lib/seo";
import type { RouteHandle } from "~/root";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => {
  return [
    ...translatedPageMeta(matches, { title: "home.meta.title", description: "home.meta.description", path: "/home" }),
    // The features page in the page's own language (`links` cannot know it: it gets no params).
    { tagName: "link", rel: "prefetch", href: localizedPath(langOfMatches(matches), "/features") },
    // Built by the loader (SoftwareApplication, Organization, and FAQPage from the same list the
    // accordion renders, in the page's language), so the builders stay out of the browser bundle.
    ...(data?.structuredData ?? []).map((item) => ({ "script:ld+json": item })),
  ];
};

/**
 * The resource hints of spec section 2 that still make sense once third parties wait for consent
 * (ADR 0012): the first two screenshots here, the features page in `meta`, fetched at idle priority. No font or
 * third-party hints: there is no web font, and nothing may contact another host before consent.
 */
export const links: LinksFunction = () => [
  // No `as`: HTML allows it only on preload links (the Nu Html Checker rejects it on prefetch).
  { rel: "prefetch", href: "/images/screenshots/home.svg" },
  { rel: "prefetch", href: "/images/screenshots/categories.svg" },
];

/** The loader's headers (the A/B visitor cookie, no-store) apply to the document. */
export const headers: HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const lang = pageLanguage({ params, request });
  return loadLandingPage(request, context, lang, () => ({ waitlistForm: waitlistFormContext(request) }));
}

/** The page ships only its islands: the landing bundle boots the shell and hydrates the sections (ADR 0060). */
export const handle: RouteHandle = { hydrate: false, islands: "landing" };

/** The landing page: the spec's sections in the spec's order (section 2). */
export default function LandingRoute() {
  const { waitlistForm, reviews, ab, abLabels, content, messages } = useLoaderData<typeof loader>();
  const props = { waitlistForm, reviews, abLabels, content };
  return (
    <>
      {/* The visitor's A/B assignment, for the analytics layer (impressions, conversions); the island needs only its labels. */}
      <script type="application/json" id={AB_ASSIGNMENTS_ELEMENT_ID} dangerouslySetInnerHTML={{ __html: jsonForHtml(ab) }} />
      <PageIsland props={props} messages={messages}>
        <LandingPage {...props} />
      </PageIsland>
    </>
  );
}

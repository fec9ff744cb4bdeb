import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { PromotionPage } from "~/components/promotion/PromotionPage";
import { loadPromotionPage } from "~/components/promotion/promotion.server";
import { localizedPath } from "~/lib/i18n/languages";
import { langOfMatches } from "~/lib/i18n/meta";
import { pageLanguage } from "~/lib/i18n/page-language";
import { siteUrlOf, translatedPageMeta } from "~/lib/seo";


export const meta: MetaFunction = ({ matches }) => {
  return [
    ...translatedPageMeta(matches, { title: "promotion.titleBlue", description: "promotion.description", path: "/promotion-blue" }),
    // A design variant of /promotion: one canonical page for search engines.
    { tagName: "link", rel: "canonical", href: new URL(localizedPath(langOfMatches(matches), "/promotion"), siteUrlOf(matches)).toString() },
  ];
};

export const loader = ({ params, request }: LoaderFunctionArgs) => loadPromotionPage(request, pageLanguage({ params, request }), "promotion_blue_page");

export default function PromotionBlue() {
  const { waitlistForm } = useLoaderData<typeof loader>();
  return <PromotionPage variant="blue" waitlistForm={waitlistForm} />;
}

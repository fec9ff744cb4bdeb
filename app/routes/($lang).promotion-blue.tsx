import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { publicFormShouldRevalidate } from "~/components/forms/public-form-route";
import { PromotionPage } from "~/components/promotion/PromotionPage";
import { siteConfig } from "~/config/site";
import { loadPromotionPage } from "~/components/promotion/promotion.server";
import { pageMeta, siteUrlOf } from "~/lib/seo";

export const meta: MetaFunction = ({ matches }) => [
  ...pageMeta({
    title: `${siteConfig.appName}: your links, organised and private`,
    description: `Join the ${siteConfig.appName} beta: save links in two taps, trackers stripped, nothing shared.`,
    path: "/promotion-blue",
  }, matches),
  // A design variant of /promotion: one canonical page for search engines.
  { tagName: "link", rel: "canonical", href: new URL("/promotion", siteUrlOf(matches)).toString() },
];

export const loader = ({ request }: LoaderFunctionArgs) => loadPromotionPage(request, "promotion_blue_page");

/** The waitlist form posts to /waitlist; nothing here changes (ADR 0051). */
export const shouldRevalidate = publicFormShouldRevalidate;

export default function PromotionBlue() {
  const { waitlistForm } = useLoaderData<typeof loader>();
  return <PromotionPage variant="blue" waitlistForm={waitlistForm} />;
}

import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { publicFormShouldRevalidate } from "~/components/forms/public-form-route";
import { PromotionPage } from "~/components/promotion/PromotionPage";
import { siteConfig } from "~/config/site";
import { loadPromotionPage } from "~/components/promotion/promotion.server";
import { pageMeta } from "~/lib/seo";

export const meta: MetaFunction = ({ matches }) =>
  pageMeta({
    title: `${siteConfig.appName}: clean, private bookmarks for iPhone`,
    description: `Join the ${siteConfig.appName} beta: save links in two taps, trackers stripped, nothing shared.`,
    path: "/promotion",
  }, matches);

export const loader = ({ request }: LoaderFunctionArgs) => loadPromotionPage(request, "promotion_page");

/** The waitlist form posts to /waitlist; nothing here changes (ADR 0051). */
export const shouldRevalidate = publicFormShouldRevalidate;

export default function Promotion() {
  const { waitlistForm } = useLoaderData<typeof loader>();
  return <PromotionPage variant="indigo" waitlistForm={waitlistForm} />;
}

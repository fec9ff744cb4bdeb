import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { PromotionPage } from "~/components/promotion/PromotionPage";
import { loadPromotionPage } from "~/components/promotion/promotion.server";
import { pageLanguage } from "~/lib/i18n/page-language";
import { translatedPageMeta } from "~/lib/seo";


export const meta: MetaFunction = ({ matches }) => translatedPageMeta(matches, { title: "promotion.title", description: "promotion.description", path: "/promotion" });

export const loader = ({ params, request }: LoaderFunctionArgs) => loadPromotionPage(request, pageLanguage({ params, request }), "promotion_page");

export default function Promotion() {
  const { waitlistForm } = useLoaderData<typeof loader>();
  return <PromotionPage variant="indigo" waitlistForm={waitlistForm} />;
}

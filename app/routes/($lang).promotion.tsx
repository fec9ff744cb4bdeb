import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { publicFormShouldRevalidate } from "~/components/forms/public-form-route";
import { PromotionPage } from "~/components/promotion/PromotionPage";
import { siteConfig } from "~/config/site";
import { loadPromotionPage } from "~/components/promotion/promotion.server";
import { metaT } from "~/lib/i18n/meta";
import { pageLanguage } from "~/lib/i18n/page-language";
import { pageMeta } from "~/lib/seo";

const appName = siteConfig.appName;

export const meta: MetaFunction = ({ matches }) => {
  const t = metaT(matches);
  return pageMeta({ title: t("promotion.title", { appName }), description: t("promotion.description", { appName }), path: "/promotion" }, matches);
};

export const loader = ({ params, request }: LoaderFunctionArgs) => loadPromotionPage(request, pageLanguage({ params, request }), "promotion_page");

/** The waitlist form posts to /waitlist; nothing here changes (ADR 0051). */
export const shouldRevalidate = publicFormShouldRevalidate;

export default function Promotion() {
  const { waitlistForm } = useLoaderData<typeof loader>();
  return <PromotionPage variant="indigo" waitlistForm={waitlistForm} />;
}

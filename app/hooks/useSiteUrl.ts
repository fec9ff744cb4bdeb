import { useRouteLoaderData } from "@remix-run/react";
import { siteUrlFromRoot } from "~/lib/seo";

/** The canonical origin the root loader answers (SITE_URL in production, ADR 0042), for what a page shows. */
export function useSiteUrl(): string {
  return siteUrlFromRoot(useRouteLoaderData("root"));
}

import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { siteConfig } from "~/config/site";
import { PRIVATE_PAGE_HEADERS } from "~/features/waitlist/entry-access.server";
import { metaT } from "~/lib/i18n/meta";
import { pageLanguage } from "~/lib/i18n/page-language";
import { handleStatusAction, loadStatusPage } from "~/features/waitlist/status-page.server";
import { StatusPage } from "~/features/waitlist/StatusPage";

/**
 * /waitlist/status?token=…: a person's private status page (ADR 0031): place in line, referrals,
 * email preferences, rejoining, and "Delete my data". `waitlist_` keeps it out of the /waitlist page's
 * layout.
 */
export const meta: MetaFunction<typeof loader> = ({ data, matches }) => {
  // A notify-me entry has no place in line (ADR 0048): its page is about its notifications.
  const view = data?.view;
  const notifyMe = view !== undefined && "request" in view && !view.request.beta;
  const title = metaT(matches)(notifyMe ? "status.meta.notificationsTitle" : "status.meta.placeTitle", { appName: siteConfig.appName });
  return [{ title }, { name: "robots", content: "noindex, nofollow" }];
};

export const headers: HeadersFunction = () => PRIVATE_PAGE_HEADERS;

export const loader = ({ request, params, context }: LoaderFunctionArgs) => loadStatusPage(request, context, pageLanguage({ params, request }));

export const action = ({ request, params, context }: ActionFunctionArgs) => handleStatusAction(request, context, pageLanguage({ params, request }));

export default function StatusRoute() {
  const { view } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  return <StatusPage view={view} result={result} />;
}

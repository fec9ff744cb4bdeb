import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { siteConfig } from "~/config/site";
import { handleConfirmAction, loadConfirmPage } from "~/features/waitlist/confirm-page.server";
import { ConfirmPage } from "~/features/waitlist/ConfirmPage";
import { PRIVATE_PAGE_HEADERS } from "~/features/waitlist/entry-access.server";
import { metaT } from "~/lib/i18n/meta";
import { pageLanguage } from "~/lib/i18n/page-language";

/**
 * /waitlist/confirm?token=…: the confirmation link of double opt-in (ADR 0031). GET shows the Confirm
 * button; its POST confirms and redirects to the status page. `waitlist_` keeps it out of the /waitlist
 * page's layout.
 */
export const meta: MetaFunction = ({ matches }) => [
  { title: metaT(matches)("status.meta.confirmTitle", { appName: siteConfig.appName }) },
  { name: "robots", content: "noindex, nofollow" },
];

export const headers: HeadersFunction = () => PRIVATE_PAGE_HEADERS;

export const loader = ({ request, params, context }: LoaderFunctionArgs) => loadConfirmPage(request, context, pageLanguage({ params, request }));

export const action = ({ request, params, context }: ActionFunctionArgs) => handleConfirmAction(request, context, pageLanguage({ params, request }));

export default function ConfirmRoute() {
  const loaded = useLoaderData<typeof loader>();
  const answered = useActionData<typeof action>();
  return <ConfirmPage view={answered?.view ?? loaded.view} />;
}

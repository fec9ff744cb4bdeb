import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { siteConfig } from "~/config/site";
import { PRIVATE_PAGE_HEADERS } from "~/features/waitlist/entry-access.server";
import { metaT } from "~/lib/i18n/meta";
import { pageLanguage } from "~/lib/i18n/page-language";
import { handleUnsubscribeAction, loadUnsubscribePage } from "~/features/waitlist/unsubscribe-page.server";
import { UnsubscribePage } from "~/features/waitlist/UnsubscribePage";

/**
 * /waitlist/unsubscribe?token=…: every message's unsubscribe link, and its RFC 8058 one-click POST
 * target (ADR 0031). `waitlist_` keeps it out of the /waitlist page's layout.
 */
export const meta: MetaFunction = ({ matches }) => [
  { title: metaT(matches)("status.meta.unsubscribeTitle", { appName: siteConfig.appName }) },
  { name: "robots", content: "noindex, nofollow" },
];

export const headers: HeadersFunction = () => PRIVATE_PAGE_HEADERS;

export const loader = ({ request, params, context }: LoaderFunctionArgs) => loadUnsubscribePage(request, context, pageLanguage({ params, request }));

/** Its answer is drawn with the loader's messages; the language check refuses a post to an unknown prefix. */
export const action = ({ request, params, context }: ActionFunctionArgs) => {
  pageLanguage({ params, request });
  return handleUnsubscribeAction(request, context);
};

export default function UnsubscribeRoute() {
  const loaded = useLoaderData<typeof loader>();
  const answered = useActionData<typeof action>();
  return <UnsubscribePage view={answered?.view ?? loaded.view} />;
}

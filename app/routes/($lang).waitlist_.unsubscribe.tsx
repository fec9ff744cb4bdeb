import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { siteConfig } from "~/config/site";
import { PRIVATE_PAGE_HEADERS } from "~/features/waitlist/entry-access.server";
import { handleUnsubscribeAction, loadUnsubscribePage } from "~/features/waitlist/unsubscribe-page.server";
import { UnsubscribePage } from "~/features/waitlist/UnsubscribePage";

/**
 * /waitlist/unsubscribe?token=…: every message's unsubscribe link, and its RFC 8058 one-click POST
 * target (ADR 0031). `waitlist_` keeps it out of the /waitlist page's layout.
 */
export const meta: MetaFunction = () => [{ title: `Unsubscribe · ${siteConfig.appName}` }, { name: "robots", content: "noindex, nofollow" }];

export const headers: HeadersFunction = () => PRIVATE_PAGE_HEADERS;

export const loader = ({ request, context }: LoaderFunctionArgs) => loadUnsubscribePage(request, context);

export const action = ({ request, context }: ActionFunctionArgs) => handleUnsubscribeAction(request, context);

export default function UnsubscribeRoute() {
  const loaded = useLoaderData<typeof loader>();
  const answered = useActionData<typeof action>();
  return <UnsubscribePage view={answered?.view ?? loaded.view} />;
}

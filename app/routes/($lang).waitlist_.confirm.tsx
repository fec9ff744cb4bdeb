import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { siteConfig } from "~/config/site";
import { handleConfirmAction, loadConfirmPage } from "~/features/waitlist/confirm-page.server";
import { ConfirmPage } from "~/features/waitlist/ConfirmPage";
import { PRIVATE_PAGE_HEADERS } from "~/features/waitlist/entry-access.server";

/**
 * /waitlist/confirm?token=…: the confirmation link of double opt-in (ADR 0031). GET shows the Confirm
 * button; its POST confirms and redirects to the status page. `waitlist_` keeps it out of the /waitlist
 * page's layout.
 */
export const meta: MetaFunction = () => [{ title: `Confirm your email · ${siteConfig.appName}` }, { name: "robots", content: "noindex, nofollow" }];

export const headers: HeadersFunction = () => PRIVATE_PAGE_HEADERS;

export const loader = ({ request, context }: LoaderFunctionArgs) => loadConfirmPage(request, context);

export const action = ({ request, context }: ActionFunctionArgs) => handleConfirmAction(request, context);

export default function ConfirmRoute() {
  const loaded = useLoaderData<typeof loader>();
  const answered = useActionData<typeof action>();
  return <ConfirmPage view={answered?.view ?? loaded.view} />;
}

import type { ActionFunctionArgs, HeadersFunction, MetaFunction } from "@remix-run/cloudflare";
import { useActionData } from "@remix-run/react";
import { siteConfig } from "~/config/site";
import { EmailMyLinkPage } from "~/features/waitlist/email-my-link";
import { STATUS_LINK_TEXT } from "~/features/waitlist/status-link-request";
import { handleStatusLinkRequest } from "~/features/waitlist/status-links.server";

/**
 * /waitlist/link: "Email me my link" (ADR 0045). GET shows the form; its POST queues a fresh status
 * link for a confirmed address and answers the same whatever the address. `waitlist_` keeps it out of
 * the /waitlist page's layout.
 */
export const meta: MetaFunction = () => [{ title: `${STATUS_LINK_TEXT.title} · ${siteConfig.appName}` }, { name: "robots", content: "noindex" }];

/** Never cached; a limited answer keeps its Retry-After. */
export const headers: HeadersFunction = ({ actionHeaders }) => {
  const headers = new Headers(actionHeaders);
  headers.set("Cache-Control", "no-store");
  return headers;
};

export const action = ({ request, context }: ActionFunctionArgs) => handleStatusLinkRequest(request, context);

export default function EmailMyLinkRoute() {
  return <EmailMyLinkPage result={useActionData<typeof action>()} />;
}

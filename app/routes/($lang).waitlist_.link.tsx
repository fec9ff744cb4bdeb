import type { ActionFunctionArgs, HeadersFunction, MetaFunction } from "@remix-run/cloudflare";
import { useActionData } from "@remix-run/react";
import { publicFormClientAction, publicFormHeaders, publicFormShouldRevalidate } from "~/components/forms/public-form-route";
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

export const action = ({ request, context }: ActionFunctionArgs) => handleStatusLinkRequest(request, context);

export const clientAction = publicFormClientAction;
export const shouldRevalidate = publicFormShouldRevalidate;
/** Never cached; a limited answer keeps its Retry-After. */
export const headers: HeadersFunction = (args) => {
  const headers = new Headers(publicFormHeaders(args));
  headers.set("Cache-Control", "no-store");
  return headers;
};

export default function EmailMyLinkRoute() {
  return <EmailMyLinkPage pageAnswer={useActionData<typeof action>()} />;
}

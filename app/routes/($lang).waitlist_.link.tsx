import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { json } from "@remix-run/cloudflare";
import { useActionData } from "@remix-run/react";
import { publicFormHeaders } from "~/components/forms/public-form-route";
import { siteConfig } from "~/config/site";
import { EmailMyLinkPage } from "~/features/waitlist/email-my-link";
import { handleStatusLinkRequest } from "~/features/waitlist/status-links.server";
import { browserMessages } from "~/lib/i18n/catalogues.server";
import { metaT } from "~/lib/i18n/meta";
import { pageLanguage } from "~/lib/i18n/page-language";

/**
 * /waitlist/link: "Email me my link" (ADR 0045). GET shows the form; its POST queues a fresh status
 * link for a confirmed address and answers the same whatever the address. `waitlist_` keeps it out of
 * the /waitlist page's layout.
 */
export const meta: MetaFunction = ({ matches }) => [
  { title: metaT(matches)("status.meta.linkTitle", { appName: siteConfig.appName }) },
  { name: "robots", content: "noindex" },
];

export const loader = ({ request, params }: LoaderFunctionArgs) => json({ messages: browserMessages(pageLanguage({ params, request }), ["status", "statusLink"]) });

export const action = ({ request, params, context }: ActionFunctionArgs) => handleStatusLinkRequest(request, context, pageLanguage({ params, request }));

/** Never cached; a limited answer keeps its Retry-After. */
export const headers: HeadersFunction = (args) => {
  const headers = new Headers(publicFormHeaders(args));
  headers.set("Cache-Control", "no-store");
  return headers;
};

export default function EmailMyLinkRoute() {
  return <EmailMyLinkPage pageAnswer={useActionData<typeof action>()} />;
}

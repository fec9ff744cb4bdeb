import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { json } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { NotifyForm } from "~/components/notify/NotifyForm";
import { PLATFORM_LABELS, type NotifyRequest } from "~/components/notify/notify-types";
import { siteConfig } from "~/config/site";
import { WAITLIST_INTENTS, WAITLIST_PLATFORMS } from "~/lib/constants";
import { pageMeta } from "~/lib/seo";
import { handleWaitlistSubmission } from "~/lib/waitlist-action.server";

/**
 * /notify: the notification form as a page. It is where the Notify Me buttons lead when
 * JavaScript is off (with JavaScript they open the modal), and where that form posts.
 */
export const meta: MetaFunction = () => [
  ...pageMeta({
    title: `Get notified · ${siteConfig.appName}`,
    description: `Be the first to know when ${siteConfig.appName} reaches a new platform.`,
    path: "/notify",
  }),
  { name: "robots", content: "noindex" },
];

function notifyRequest(params: URLSearchParams | FormData): NotifyRequest {
  const platform = String(params.get("platform") ?? "");
  const intent = String(params.get("intent") ?? "");
  return {
    platform: (WAITLIST_PLATFORMS as readonly string[]).includes(platform) ? (platform as NotifyRequest["platform"]) : "all_platforms",
    intent: (WAITLIST_INTENTS as readonly string[]).includes(intent) ? (intent as NotifyRequest["intent"]) : "waitlist",
  };
}

export async function loader({ request }: LoaderFunctionArgs) {
  return json(
    { request: notifyRequest(new URL(request.url).searchParams), renderedAt: Date.now() },
    { headers: { "Cache-Control": "no-store" } },
  );
}

export async function action({ request, context }: ActionFunctionArgs) {
  return handleWaitlistSubmission(request, context);
}

export default function NotifyPage() {
  const { request, renderedAt } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const title =
    request.intent === "beta_testing"
      ? "Join the beta program"
      : request.platform === "all_platforms"
        ? "Get notified for all platforms"
        : `Get notified when ${PLATFORM_LABELS[request.platform]} launches`;
  return (
    <section className="section">
      <div className="container-page max-w-lg">
        <h1 className="section-title">{title}</h1>
        <p className="section-lead">One email when it is ready. No spam, unsubscribe any time.</p>
        <div className="card mt-8 p-6">
          <NotifyForm request={request} renderedAt={renderedAt} initialResult={result} />
        </div>
      </div>
    </section>
  );
}

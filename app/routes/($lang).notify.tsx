import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { json } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { publicFormHeaders } from "~/components/forms/public-form-route";
import { NotifyForm } from "~/features/notify/NotifyForm";
import { NotifyIntro } from "~/features/notify/NotifyIntro";
import { notifyRequestFrom } from "~/features/notify/notify-request";
import { handleWaitlistSubmission } from "~/features/waitlist/waitlist-action.server";
import { browserMessages } from "~/lib/i18n/catalogues.server";
import { pageLanguage } from "~/lib/i18n/page-language";
import { translatedPageMeta } from "~/lib/seo";

/**
 * /notify: the notification form as a page. It is where the Notify Me buttons lead when
 * JavaScript is off (with JavaScript they open the modal), and where that form posts.
 */
export const meta: MetaFunction = ({ matches }) => {
  return [
    ...translatedPageMeta(matches, { title: "notify.meta.title", description: "notify.meta.description", path: "/notify" }),
    { name: "robots", content: "noindex" },
  ];
};

export async function loader({ request, params }: LoaderFunctionArgs) {
  const lang = pageLanguage({ params, request });
  return json(
    { request: notifyRequestFrom(new URL(request.url).searchParams), renderedAt: Date.now(), messages: browserMessages(lang, ["notify"]) },
    { headers: { "Cache-Control": "no-store" } },
  );
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  return handleWaitlistSubmission(request, context, pageLanguage({ params, request }));
}

export const headers = publicFormHeaders;

export default function NotifyPage() {
  const { request, renderedAt } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  return (
    <section className="section">
      <div className="container-page max-w-lg">
        <NotifyIntro request={request} look="page" />
        <div className="card mt-8 p-6">
          <NotifyForm request={request} renderedAt={renderedAt} initialResult={result} />
        </div>
      </div>
    </section>
  );
}

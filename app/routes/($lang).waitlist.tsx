import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { json } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { publicFormHeaders } from "~/components/forms/public-form-route";
import { handleWaitlistSubmission } from "~/features/waitlist/waitlist-action.server";
import { referralCodeFrom } from "~/features/waitlist/referral-code";
import { isKnownReferralCode } from "~/features/waitlist/referral-invite.server";
import { waitlistFormContext } from "~/features/waitlist/waitlist-form-context";
import { EmailMyLinkDisclosure } from "~/features/waitlist/email-my-link";
import { WaitlistSection } from "~/features/waitlist/WaitlistSection";
import { browserMessages } from "~/lib/i18n/catalogues.server";
import { pageLanguage } from "~/lib/i18n/page-language";
import { translatedPageMeta } from "~/lib/seo";

/**
 * /waitlist: where every waitlist form posts. With JavaScript the form's fetcher gets the answer as
 * data; without it this page renders the answer (welcome screen, or the error with the typed values).
 */
export const meta: MetaFunction = ({ matches }) => {
  return [
    ...translatedPageMeta(matches, { title: "waitlist.meta.title", description: "waitlist.meta.description", path: "/waitlist" }),
    { name: "robots", content: "noindex" },
  ];
};

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const lang = pageLanguage({ params, request });
  const referralCode = referralCodeFrom(request);
  const invitedByFriend = await isKnownReferralCode(context.cloudflare.env.DB, referralCode, context.env.PUBLIC_READ_DEADLINE_MS);
  // The sign-up form, and "Email me my link" under it.
  const messages = browserMessages(lang, ["waitlist", "statusLink"]);
  return json({ ...waitlistFormContext(request), referralCode, invitedByFriend, messages }, { headers: { "Cache-Control": "no-store" } });
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  return handleWaitlistSubmission(request, context, pageLanguage({ params, request }));
}

export const headers = publicFormHeaders;

export default function WaitlistPage() {
  const { renderedAt, attribution, referralCode, invitedByFriend } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  return (
    <>
      <WaitlistSection
        renderedAt={renderedAt}
        attribution={attribution}
        referralCode={referralCode}
        invitedByFriend={invitedByFriend}
        initialResult={result}
        headingLevel={1}
      />
      <EmailMyLinkDisclosure />
    </>
  );
}

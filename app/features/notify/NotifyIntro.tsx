import { NOTIFY_TEXT } from "~/lib/messages";
import { PLATFORM_LABELS, type NotifyRequest } from "./notify-types";

const LOOKS = {
  page: { Heading: "h1", heading: "section-title", lead: "section-lead" },
  dialog: { Heading: "h2", heading: "text-xl font-bold tracking-tight", lead: "mt-1 text-sm text-ink-muted" },
} as const;

/** The notification form's title and promise, above it in the modal and on the /notify page. */
export function NotifyIntro({ request, look, headingId }: { request: NotifyRequest; look: keyof typeof LOOKS; headingId?: string }) {
  const { Heading, heading, lead } = LOOKS[look];
  const title =
    request.intent === "beta_testing"
      ? "Join the beta program"
      : request.platform === "all_platforms"
        ? "Get notified for all platforms"
        : // The iOS app is out: its request is for news of new versions (the roadmap's button).
          request.platform === "ios"
          ? "Get notified of updates"
          : `Get notified when ${PLATFORM_LABELS[request.platform]} launches`;
  return (
    <>
      <Heading id={headingId} className={heading}>
        {title}
      </Heading>
      <p className={lead}>{NOTIFY_TEXT.consentNote}</p>
    </>
  );
}

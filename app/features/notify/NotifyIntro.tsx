import { useT } from "~/lib/i18n/react";
import type { NotifyRequest } from "./notify-types";

const LOOKS = {
  page: { Heading: "h1", heading: "section-title", lead: "section-lead" },
  dialog: { Heading: "h2", heading: "text-xl font-bold tracking-tight", lead: "mt-1 text-sm text-ink-muted" },
} as const;

/** The notification form's title and promise, above it in the modal and on the /notify page. */
export function NotifyIntro({ request, look, headingId }: { request: NotifyRequest; look: keyof typeof LOOKS; headingId?: string }) {
  const t = useT();
  const { Heading, heading, lead } = LOOKS[look];
  const title =
    request.intent === "beta_testing"
      ? t("notify.intro.joinBeta")
      : request.platform === "all_platforms"
        ? t("notify.intro.allPlatforms")
        : // The iOS app is out: its request is for news of new versions (the roadmap's button).
          request.platform === "ios"
          ? t("notify.intro.updates")
          : t("notify.intro.platform", { platform: t(`notify.platforms.${request.platform}`) });
  return (
    <>
      <Heading id={headingId} className={heading}>
        {title}
      </Heading>
      <p className={lead}>{t("notify.intro.consentNote")}</p>
    </>
  );
}

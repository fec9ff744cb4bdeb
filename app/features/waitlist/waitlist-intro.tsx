import { CheckIcon } from "~/components/ui/icons";
import { siteConfig } from "~/config/site";
import { WAITLIST_TEXT } from "~/lib/messages";

const BENEFIT_DETAILS: Record<(typeof WAITLIST_TEXT.benefits)[number], string> = {
  "Early Access": "Install new builds through TestFlight weeks before they reach the App Store.",
  "Beta Testing": "Try features while they are still taking shape and tell us what works.",
  "Direct Communication": "Reply to any beta email and it lands with the developer, not a ticket queue.",
  "V2 Features Included": "Cloud sync, collaborative collections and AI categorisation, free during the beta.",
};

/**
 * The waitlist section's static text (spec section 2), in two parts so the form can sit between
 * them on a phone: "heading" (eyebrow and heading) above the form, "details" (lead and the four
 * benefits) below it.
 */
export function WaitlistIntro({ part, headingLevel = 2 }: { part: "heading" | "details"; headingLevel?: 1 | 2 }) {
  if (part === "heading") {
    const Heading = headingLevel === 1 ? "h1" : "h2";
    return (
      <>
        <p className="eyebrow">Beta program</p>
        <Heading id="waitlist-heading" className="section-title">
          {WAITLIST_TEXT.heading}
        </Heading>
      </>
    );
  }
  return (
    <>
      <p className="section-lead">
        Help shape {siteConfig.appName} before everyone else gets it. Beta testers get every new build first and a
        direct line to the person who writes the code.
      </p>
      <ul className="mt-8 grid gap-4 sm:grid-cols-2">
        {WAITLIST_TEXT.benefits.map((benefit) => (
          <li key={benefit} className="flex gap-3">
            <span className="check-bubble">
              <CheckIcon width={16} height={16} />
            </span>
            <span>
              <strong className="block font-semibold">{benefit}</strong>
              <span className="text-sm text-ink-muted">{BENEFIT_DETAILS[benefit]}</span>
            </span>
          </li>
        ))}
      </ul>
    </>
  );
}

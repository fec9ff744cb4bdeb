import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Link } from "@remix-run/react";
import { DownloadCta } from "~/components/info/DownloadCta";
import { PageIntro, SectionHeading } from "~/components/info/PageIntro";
import { FaqSection } from "~/components/landing/FaqSection";
import { HowItWorksTabs } from "~/components/landing/HowItWorksTabs";
import { siteConfig } from "~/config/site";
import { FAQ_IDS, faqEntries } from "~/content/faq";
import { howItWorksViews } from "~/content/how-it-works";
import { browserMessages } from "~/lib/i18n/catalogues.server";
import { pageLanguage } from "~/lib/i18n/page-language";
import { useT } from "~/lib/i18n/react";
import { pageMeta } from "~/lib/seo";

export const meta: MetaFunction = ({ matches }) =>
  pageMeta({
    title: `How it works · ${siteConfig.appName}`,
    description: `How ${siteConfig.appName} works: save a link from any app's share sheet, let it land clean and in the right category, and find it again in seconds with on-device search.`,
    path: "/how-it-works",
  }, matches);

const app = siteConfig.appName;

/** The three steps, told as a story: what you do, and what the app does on your device meanwhile. */
const STEPS = [
  {
    title: "Save it from wherever you are",
    body: [
      `You find something worth keeping: an article in Safari, a video in YouTube, a recipe a friend sent in Messages. Tap Share, choose ${app}, and that is the whole gesture. There is no copying, pasting or switching apps.`,
      "Before the link is stored, the app removes its tracking parameters, fetches the page title and suggests a category. You confirm, add a note if you want to remember why you saved it, and you are back where you were.",
    ],
    onDevice: "Cleaning, titling and storing happen on your iPhone or iPad.",
  },
  {
    title: "Let your library take shape",
    body: [
      "Links land in categories you named yourself, each with its own colour. Tags cover the things that cut across categories, favourites keep the links you open every week within reach, and sorting and bulk moves keep a large library tidy.",
      "If you want a nudge, set a reminder and the link comes back to the top tonight, at the weekend or the next time you open the app. With a Pro plan, AI suggestions propose a category for each new link, and you always have the final say.",
    ],
    onDevice: "Your categories and notes are stored locally; nothing is uploaded unless you turn on sync.",
  },
  {
    title: "Find it again, open it, pass it on",
    body: [
      "Weeks later, type a word you remember and the link is there: search matches titles, addresses, notes and tags as you type, even offline. Open it in its own app with deep links, or in the browser.",
      "Share the clean address, show a QR code to someone next to you, or add it to a collaborative collection so a whole group sees it. Turn on sync and the same library, end-to-end encrypted, is on your iPad too.",
    ],
    onDevice: "Search runs against an index on your device, so what you type stays with you.",
  },
] as const;

/** The FAQ without the two answers that point at the landing page's own sections ("on this page"). */
const HOW_IT_WORKS_FAQ = FAQ_IDS.filter((id) => id !== "beta" && id !== "platforms");

/** The content and sections this page hydrates read in the browser (its own text is still English). */
export function loader({ params, request }: LoaderFunctionArgs) {
  const lang = pageLanguage({ params, request });
  return json({ messages: browserMessages(lang, ["faq", "faqSection", "howItWorks", "howItWorksTabs", "howItWorksDrawings"]) });
}

export default function HowItWorksPage() {
  const t = useT();
  return (
    <>
      <PageIntro
        eyebrow="How it works"
        title="Save it once. Find it in seconds."
        lead={`${app} turns the share button you already use into a tidy, private library. Here is what happens from the moment you save a link to the moment you need it again.`}
      />

      <section aria-labelledby="steps-heading" className="section">
        <div className="container-page">
          <SectionHeading
            id="steps-heading"
            eyebrow="The life of a link"
            title="Three steps, start to finish"
            lead="What you do, and what the app quietly does for you along the way."
          />
          <ol className="mt-12 grid gap-6 lg:grid-cols-3">
            {STEPS.map((step, index) => (
              <li key={step.title} className="flex">
                <article className="card flex w-full flex-col p-6 sm:p-8" aria-labelledby={`step-${index + 1}-title`}>
                  <span className="step-number" aria-hidden="true">
                    {index + 1}
                  </span>
                  <h3 id={`step-${index + 1}-title`} className="mt-4 text-xl font-bold tracking-tight">
                    <span className="sr-only">Step {index + 1}: </span>
                    {step.title}
                  </h3>
                  {step.body.map((paragraph) => (
                    <p key={paragraph} className="mt-3 text-ink-muted">
                      {paragraph}
                    </p>
                  ))}
                  <p className="mt-auto flex gap-3 pt-5 text-sm font-medium">
                    <span className="info-on-device">On device</span>
                    <span>{step.onDevice}</span>
                  </p>
                </article>
              </li>
            ))}
          </ol>
        </div>
      </section>

      <div className="bg-surface-sunken">
        <HowItWorksTabs views={howItWorksViews(t)} />
      </div>

      <section aria-labelledby="sanitization-heading" className="section">
        <div className="container-page grid items-center gap-10 lg:grid-cols-2">
          <div>
            <SectionHeading
              id="sanitization-heading"
              eyebrow="Link sanitization"
              title="Every link is cleaned as you save it"
              lead={`Links from newsletters, social apps and ads carry parameters that report who clicked, where and when. ${app} recognises the common ones, such as utm_source, fbclid and gclid, and removes them on your device before the link is stored. Parameters the page needs, like a search term or a video timestamp, stay.`}
            />
            <p className="mt-6">
              <Link to="/link-sanitization" className="btn btn-primary">
                How link sanitization works
              </Link>
            </p>
          </div>
          <figure className="card p-5 sm:p-7">
            <figcaption className="text-sm font-semibold">A link shared from a social app, before and after saving</figcaption>
            <p className="mt-4 text-xs font-semibold tracking-wider text-ink-muted uppercase">Before</p>
            <p className="sanitize-url mt-2">
              https://shop.example.com/boots/trail-runner?size=42
              <del className="sanitize-tracker">&amp;utm_source=instagram</del>
              <del className="sanitize-tracker">&amp;utm_medium=social</del>
              <del className="sanitize-tracker">&amp;fbclid=PAZXh0bgNhZW0CMTEAAR</del>
            </p>
            <p className="mt-4 text-xs font-semibold tracking-wider text-ink-muted uppercase">After</p>
            <p className="sanitize-url sanitize-url-clean mt-2">https://shop.example.com/boots/trail-runner?size=42</p>
            <p className="mt-4 text-sm text-ink-muted">
              Three trackers removed; <code>size=42</code> kept because the page needs it.
            </p>
          </figure>
        </div>
      </section>

      <FaqSection
        entries={faqEntries(t, HOW_IT_WORKS_FAQ)}
        className="bg-surface-sunken"
        lead="Privacy, sync, sharing and the rest, in plain words."
        betaHref="/waitlist"
      />

      <DownloadCta />
    </>
  );
}

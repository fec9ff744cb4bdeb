import type { MetaFunction } from "@remix-run/cloudflare";
import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { PageIntro, SectionHeading } from "~/components/info/PageIntro";
import { SupportSection } from "~/components/landing/SupportSection";
import { InstagramIcon, XLogoIcon } from "~/components/ui/icons";
import { siteConfig } from "~/config/site";
import { pageMeta, siteUrlOf } from "~/lib/seo";
import { organizationData } from "~/lib/structured-data";

const app = siteConfig.appName;

export const meta: MetaFunction = ({ matches }) => [
  ...pageMeta({
    title: `About · ${app}`,
    description: `${app} is made by one independent developer. Why it exists, and the privacy commitments behind it: no ads, no selling data, on-device by default, end-to-end encrypted sync.`,
    path: "/about",
  }, matches),
  { "script:ld+json": organizationData(siteUrlOf(matches)) },
];

/** Concrete commitments, each one something the app and this site actually do. */
const PRINCIPLES = [
  {
    title: "No ads, ever",
    body: `${app} is paid for by the people who choose Pro and by the occasional coffee. There is no advertising in the app, and no advertising SDK inside it.`,
  },
  {
    title: "Your data is never sold",
    body: "We do not sell, rent or share what you save, who you are or how you use the app. There is no data broker, partner programme or \u201canonymised\u201d data set.",
  },
  {
    title: "On your device by default",
    body: "Your library, search index and notes live on your iPhone or iPad. You can use the app for years without an account, and nothing is uploaded unless you turn on sync.",
  },
  {
    title: "End-to-end encrypted sync",
    body: "When you do sync, links, notes and tags are encrypted on your device with keys only your devices hold. Our servers store data they cannot read.",
  },
  {
    title: "Analytics only with your consent",
    body: "This website loads analytics only after you allow it in the cookie banner, and you can change your mind at any time from the footer. What we measure, and why, is in the privacy policy.",
  },
  {
    title: "Never locked in",
    body: "Export your whole library as a bookmarks file or CSV whenever you like. If you ever leave, your links leave with you.",
  },
] as const;

const SOCIAL: readonly { key: keyof typeof siteConfig.social; icon: ReactNode }[] = [
  { key: "x", icon: <XLogoIcon /> },
  { key: "instagram", icon: <InstagramIcon /> },
];

export default function AboutPage() {
  return (
    <>
      <PageIntro
        eyebrow="About"
        title="One developer, one job: keep your links yours"
        lead={`${app} is designed, built and supported by a single independent developer. No investors to answer to, no ads to sell, just an app that should be good at saving links.`}
      />

      <section aria-labelledby="story-heading" className="section">
        <div className="container-page grid gap-12 lg:grid-cols-[1fr_1.2fr]">
          <SectionHeading id="story-heading" eyebrow="The story" title={`Why ${app} exists`} />
          <div className="info-prose">
            <p>
              It started with a browser full of open tabs and a notes app full of pasted links. Bookmarks were scattered
              across three browsers, a read-later service had quietly started showing ads, and every link shared from a
              newsletter came with a tail of tracking codes that said more about the reader than about the page.
            </p>
            <p>
              {app} was the fix: one place on the phone for everything worth keeping, sorted into categories that made sense
              to its owner, searchable in a second, and cleaned of trackers before it was stored. It was built for personal
              use first, then shared with friends, then released on the App Store.
            </p>
            <p>
              Every version since has come from the same loop: people write in, the developer reads every message, and the
              next release fixes what was asked for. Link sanitization, collaborative collections and encrypted sync all
              began as emails from people using the app.
            </p>
            <p>
              Staying small is a choice. It means {app} answers to the people who use it, which is why the privacy
              commitments below are written as promises rather than settings.
            </p>
          </div>
        </div>
      </section>

      <section aria-labelledby="principles-heading" className="section bg-surface-sunken">
        <div className="container-page">
          <SectionHeading
            id="principles-heading"
            eyebrow="Privacy principles"
            title="Promises, not settings"
            lead="What we commit to, in plain words. The details are in the privacy policy."
          />
          <ul className="mt-10 grid gap-5 md:grid-cols-2 lg:grid-cols-3">
            {PRINCIPLES.map((principle, index) => (
              <li key={principle.title} className="flex">
                <article className="card w-full p-6" aria-labelledby={`principle-${index}`}>
                  <h3 id={`principle-${index}`} className="text-lg font-semibold">
                    {principle.title}
                  </h3>
                  <p className="mt-2 text-ink-muted">{principle.body}</p>
                </article>
              </li>
            ))}
          </ul>
          <p className="mt-8">
            <Link to="/privacy.html" className="info-link" reloadDocument>
              Read the privacy policy
            </Link>
          </p>
        </div>
      </section>

      <section aria-labelledby="contact-heading" className="section">
        <div className="container-page grid gap-10 md:grid-cols-2">
          <div>
            <SectionHeading
              id="contact-heading"
              eyebrow="Get in touch"
              title="Talk to the developer"
              lead="Questions, bug reports and feature ideas all reach the same inbox, and every message gets a personal reply."
            />
            <div className="mt-8 flex flex-col gap-3 sm:flex-row">
              <Link to="/contact" className="btn btn-primary btn-lg">
                Contact us
              </Link>
              <a href={`mailto:${siteConfig.supportEmail}`} className="btn btn-secondary btn-lg">
                {siteConfig.supportEmail}
              </a>
            </div>
          </div>
          <div>
            <h3 className="text-lg font-semibold">Follow along</h3>
            <p className="mt-2 text-ink-muted">Release notes, sneak peeks and the occasional tip, on the social sites you already use.</p>
            <ul className="mt-5 space-y-3">
              {SOCIAL.map(({ key, icon }) => {
                const profile = siteConfig.social[key];
                return (
                  <li key={key}>
                    <a className="social-link" href={profile.url} target="_blank" rel="noopener noreferrer">
                      <span className="feature-icon h-11 w-11">{icon}</span>
                      <span>
                        <span className="block font-semibold">{profile.label}</span>
                        <span className="block text-sm text-ink-muted">{profile.handle}</span>
                      </span>
                      <span className="sr-only"> (opens in a new tab)</span>
                    </a>
                  </li>
                );
              })}
            </ul>
          </div>
        </div>
      </section>

      <div className="pb-4">
        <SupportSection />
      </div>
    </>
  );
}

import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { SANITIZATION_CLAIMS } from "~/lib/constants";
import { json } from "@remix-run/cloudflare";
import { Link, useLoaderData, useSearchParams, type ShouldRevalidateFunction } from "@remix-run/react";
import { LinkSanitizerTool } from "~/components/sanitizer/LinkSanitizerTool";
import { TrackingParameterTable } from "~/components/sanitizer/TrackingParameterTable";
import { CheckIcon, ShieldIcon } from "~/components/ui/icons";
import { siteConfig } from "~/config/site";
import { sanitizeUrl, type SanitizeResult } from "~/lib/link-sanitizer";
import { pageMeta } from "~/lib/seo";

/** The `url` query parameter, cleaned: null before any submission and for a blank one. */
function cleanQuery(raw: string | null): SanitizeResult | null {
  return raw === null || raw.trim() === "" ? null : sanitizeUrl(raw);
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => [
  ...pageMeta({
    title: `Link sanitization: remove tracking from links · ${siteConfig.appName}`,
    description: `What tracking parameters are, who adds them and what they reveal, what ${siteConfig.appName} removes from the links you save and share, and a cleaner you can try on any link.`,
    path: "/link-sanitization",
  }, matches),
  // A cleaned link is a private result, not a page for search engines.
  ...(data?.input ? [{ name: "robots", content: "noindex" }] : []),
];

/** Without JavaScript the form comes here (GET), and the result renders on the server. */
export async function loader({ request }: LoaderFunctionArgs) {
  const input = new URL(request.url).searchParams.get("url");
  return json({ input, result: cleanQuery(input) });
}

/**
 * With JavaScript, a new ?url= on this page is cleaned in the browser by the same rules, so the
 * loader is not asked again: the result is instant and the link never leaves the browser.
 */
export const shouldRevalidate: ShouldRevalidateFunction = ({ currentUrl, nextUrl, defaultShouldRevalidate }) =>
  currentUrl.pathname === nextUrl.pathname ? false : defaultShouldRevalidate;

const CLAIMS = SANITIZATION_CLAIMS;

const SOURCES = [
  { who: "Ad networks", what: "Google Ads (gclid), Microsoft Advertising (msclkid), Meta (fbclid), TikTok (ttclid), LinkedIn (li_fat_id) and X (twclid) add a click identifier to every ad click." },
  { who: "Newsletters and email tools", what: "Mailchimp, HubSpot, Marketo and others tag each link with the campaign and often with you, the subscriber (mc_eid, _hsenc, mkt_tok)." },
  { who: "Share buttons in apps", what: "Instagram (igsh), YouTube and Spotify (si) and TikTok add a share identifier when you copy or share a link." },
  { who: "Analytics and campaign tags", what: "utm_source, utm_medium and utm_campaign, Matomo's pk_ and mtm_ tags and Google Analytics' _gl linker say where the click came from." },
  { who: "Shops", what: "Amazon adds /ref= tags, recommendation ids (pd_rd_, pf_rd_) and the search that led you to a product." },
] as const;

const REVEALS = [
  "Which newsletter, post, ad or campaign you clicked, and when.",
  "A click identifier that joins your visit to the ad you saw, and to the profile the ad network keeps about you.",
  "In email links, often a subscriber id: the link itself says who you are.",
  "In shared links, a share id that ties the person who opens the link to the person who shared it.",
] as const;

const KEEPS = [
  "Anything that chooses the page: search queries (q, k), ids, page numbers, sizes and colours, a product variant (th, psc).",
  "YouTube's v (the video) and t (the moment it starts), and si on every site other than YouTube and Spotify.",
  "Anchors (#section) and text fragments (#:~:text=), which take you to the right place on the page.",
  "Any parameter it does not know. When in doubt, the link keeps working rather than getting shorter.",
  "The site and the path, except Amazon's /ref= tag at the end of a product path.",
] as const;

export default function LinkSanitizationPage() {
  const data = useLoaderData<typeof loader>();
  const [searchParams] = useSearchParams();
  // The loader's answer while it matches the address; otherwise (cleaned in place) the browser's.
  const input = searchParams.get("url");
  const result = input === data.input ? (data.result as SanitizeResult | null) : cleanQuery(input);

  return (
    <>
      <section className="section hero pb-12 lg:pb-16">
        <div className="container-page">
          <div className="max-w-3xl">
            <p className="eyebrow">
              <span className="live-badge mr-2 align-middle">
                <span className="live-dot" aria-hidden="true" />
                LIVE
              </span>
              Link sanitization
            </p>
            <h1 className="hero-title">Links without the trackers</h1>
            <p className="section-lead">
              Many links you save or share carry extra tags that tell marketers who clicked, where and when.{" "}
              {siteConfig.appName} removes them on your device the moment you save a link, so what you keep and
              what you share is just the page.
            </p>
          </div>
          <div className="mt-10 max-w-4xl">
            <LinkSanitizerTool input={input} result={result} />
          </div>
        </div>
      </section>

      <section aria-labelledby="claims-heading" className="border-y border-line bg-surface-sunken py-12">
        <div className="container-page">
          <h2 id="claims-heading" className="text-lg font-bold">
            What cleaner links add up to
          </h2>
          <dl className="mt-6 grid gap-3 sm:grid-cols-3">
            {CLAIMS.map((claim) => (
              <div key={claim.figure} className="sanitize-claim">
                <dt className="text-sm text-ink-muted">{claim.label}</dt>
                <dd className="order-first text-3xl font-extrabold tracking-tight text-(--accent-text)">{claim.figure}</dd>
              </div>
            ))}
          </dl>
        </div>
      </section>

      <section aria-labelledby="what-heading" className="section">
        <div className="container-page grid grid-cols-1 gap-14 lg:grid-cols-2">
          <div>
            <h2 id="what-heading" className="section-title">
              What tracking parameters are
            </h2>
            <p className="section-lead">
              A link is an address. Everything after the <code className="font-mono text-base">?</code> is extra
              information for the site, and some of it really matters: the search you ran, the video you picked. Tracking
              parameters are the rest: tags added on the way to you that change nothing on the page and exist only to
              measure the click.
            </p>
            <h3 className="mt-10 text-xl font-bold">Who adds them</h3>
            <ul className="mt-4 space-y-4">
              {SOURCES.map((source) => (
                <li key={source.who}>
                  <strong className="font-semibold">{source.who}.</strong>{" "}
                  <span className="text-ink-muted">{source.what}</span>
                </li>
              ))}
            </ul>
          </div>
          <div>
            <h2 className="section-title">What they reveal</h2>
            <ul className="mt-6 space-y-3">
              {REVEALS.map((item) => (
                <li key={item} className="flex gap-3">
                  <span className="check-bubble">
                    <ShieldIcon width={14} height={14} />
                  </span>
                  <span>{item}</span>
                </li>
              ))}
            </ul>
            <p className="mt-6 text-ink-muted">
              They also make links long and hard to read, and a shared link passes all of it on to whoever opens it.
            </p>
          </div>
        </div>
      </section>

      <section aria-labelledby="removes-heading" className="section border-t border-line bg-surface-sunken">
        <div className="container-page grid grid-cols-1 gap-14 lg:grid-cols-2">
          <div>
            <h2 id="removes-heading" className="section-title">
              What {siteConfig.appName} removes, automatically
            </h2>
            <p className="section-lead">
              When you save a link, the app strips known tracking parameters before the link reaches your library, and
              the link&apos;s detail view shows what was removed. When you share a link from {siteConfig.appName}, you
              share the clean address, so you never pass on someone else&apos;s tags. It all happens on your device:
              nothing is sent anywhere to be cleaned.
            </p>
            <p className="mt-4 text-ink-muted">
              The list below is the one this page uses: campaign tags, ad click identifiers, email tracking, share ids
              and shop tags. A few names are removed only on the sites that use them for tracking.
            </p>
            <TrackingParameterTable />
          </div>
          <div>
            <h2 className="section-title">What it never removes</h2>
            <ul className="mt-6 space-y-3">
              {KEEPS.map((item) => (
                <li key={item} className="flex gap-3">
                  <span className="check-bubble">
                    <CheckIcon width={14} height={14} />
                  </span>
                  <span>{item}</span>
                </li>
              ))}
            </ul>
            <p className="mt-6 text-ink-muted">
              Cleaning never opens the link, follows redirects or contacts the site: it only rewrites the text of the
              address. That is also its limit. A link wrapped by an email tool&apos;s redirect service hides the real
              address until it is opened, so it stays as it is. Found a tracker we miss? Write to{" "}
              <a className="font-semibold text-(--accent-text) underline underline-offset-2" href={`mailto:${siteConfig.supportEmail}`}>
                {siteConfig.supportEmail}
              </a>{" "}
              with an example.
            </p>
          </div>
        </div>
      </section>

      <section aria-labelledby="cta-heading" className="section bg-brand-gradient">
        <div className="container-page max-w-3xl text-center">
          <h2 id="cta-heading" className="section-title">
            Keep links clean without thinking about it
          </h2>
          <p className="section-lead">
            {siteConfig.appName} cleans every link you save and share. Get the app, or join the beta to try new features
            first.
          </p>
          <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
            <a className="btn btn-primary btn-lg" href={siteConfig.appStoreUrl} target="_blank" rel="noopener noreferrer">
              Download on the App Store
              <span className="sr-only"> (opens in a new tab)</span>
            </a>
            <Link className="btn btn-secondary btn-lg" to="/home#waitlist">
              Join the beta
            </Link>
          </div>
        </div>
      </section>
    </>
  );
}

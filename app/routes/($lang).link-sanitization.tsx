import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { SANITIZATION_CLAIMS } from "~/lib/constants";
import { json } from "@remix-run/cloudflare";
import { Link, useLoaderData, useSearchParams, type ShouldRevalidateFunction } from "@remix-run/react";
import { LinkSanitizerTool } from "~/components/sanitizer/LinkSanitizerTool";
import { TrackingParameterTable } from "~/components/sanitizer/TrackingParameterTable";
import { ShieldIcon } from "~/components/ui/icons";
import { siteConfig } from "~/config/site";
import { sanitizeUrl, type SanitizeResult } from "~/lib/link-sanitizer";
import { browserMessages } from "~/lib/i18n/catalogues.server";
import { pageLanguage } from "~/lib/i18n/page-language";
import { T, useLocalizedPath, useT } from "~/lib/i18n/react";
import { translatedPageMeta } from "~/lib/seo";

/** The `url` query parameter, cleaned: null before any submission and for a blank one. */
function cleanQuery(raw: string | null): SanitizeResult | null {
  return raw === null || raw.trim() === "" ? null : sanitizeUrl(raw);
}

const appName = siteConfig.appName;

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => {
  return [
    ...translatedPageMeta(matches, { title: "sanitizer.title", description: "sanitizer.description", path: "/link-sanitization" }),
    // A cleaned link is a private result, not a page for search engines.
    ...(data?.input ? [{ name: "robots", content: "noindex" }] : []),
  ];
};

/** Without JavaScript the form comes here (GET), and the result renders on the server. */
export async function loader({ params, request }: LoaderFunctionArgs) {
  const lang = pageLanguage({ params, request });
  const input = new URL(request.url).searchParams.get("url");
  return json({ input, result: cleanQuery(input), messages: browserMessages(lang, ["sanitizer", "sanitizationClaims"]) });
}

/**
 * With JavaScript, a new ?url= on this page is cleaned in the browser by the same rules, so the
 * loader is not asked again: the result is instant and the link never leaves the browser.
 */
export const shouldRevalidate: ShouldRevalidateFunction = ({ currentUrl, nextUrl, defaultShouldRevalidate }) =>
  currentUrl.pathname === nextUrl.pathname ? false : defaultShouldRevalidate;

const SOURCES = ["ads", "email", "share", "analytics", "shops"] as const;

const REVEALS = ["campaign", "clickId", "subscriber", "shareId"] as const;

const KEEPS = ["page", "youtube", "anchors", "unknown", "path"] as const;

export default function LinkSanitizationPage() {
  const data = useLoaderData<typeof loader>();
  const [searchParams] = useSearchParams();
  // The loader's answer while it matches the address; otherwise (cleaned in place) the browser's.
  const input = searchParams.get("url");
  const result = input === data.input ? (data.result as SanitizeResult | null) : cleanQuery(input);
  const t = useT();
  const localized = useLocalizedPath();

  return (
    <>
      <section className="section hero pb-12 lg:pb-16">
        <div className="container-page">
          <div className="max-w-3xl">
            <p className="eyebrow">
              <span className="live-badge mr-2 align-middle">
                <span className="live-dot" aria-hidden="true" />
                {t("sanitizer.live")}
              </span>
              {t("sanitizer.eyebrow")}
            </p>
            <h1 className="hero-title">{t("sanitizer.heading")}</h1>
            <p className="section-lead">{t("sanitizer.lead", { appName })}</p>
          </div>
          <div className="mt-10 max-w-4xl">
            <LinkSanitizerTool input={input} result={result} />
          </div>
        </div>
      </section>

      <section aria-labelledby="claims-heading" className="border-y border-line bg-surface-sunken py-12">
        <div className="container-page">
          <h2 id="claims-heading" className="text-lg font-bold">
            {t("sanitizer.claims.heading")}
          </h2>
          <dl className="mt-6 grid gap-3 sm:grid-cols-3">
            {SANITIZATION_CLAIMS.map((claim) => (
              <div key={claim.figure} className="sanitize-claim">
                <dt className="text-sm text-ink-muted">{t(`sanitizationClaims.${claim.id}`)}</dt>
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
              {t("sanitizer.what.heading")}
            </h2>
            <p className="section-lead">
              <T id="sanitizer.what.lead" components={{ code: <code className="font-mono text-base" /> }} />
            </p>
            <h3 className="mt-10 text-xl font-bold">{t("sanitizer.what.whoHeading")}</h3>
            <ul className="mt-4 space-y-4">
              {SOURCES.map((source) => (
                <li key={source}>
                  <T
                    id="sanitizer.what.sourceLine"
                    values={{ who: t(`sanitizer.what.sources.${source}.who`), what: t(`sanitizer.what.sources.${source}.what`) }}
                    components={{ who: <strong className="font-semibold" />, what: <span className="text-ink-muted" /> }}
                  />
                </li>
              ))}
            </ul>
          </div>
          <div>
            <h2 className="section-title">{t("sanitizer.reveal.heading")}</h2>
            <ul className="mt-6 space-y-3">
              {REVEALS.map((item) => (
                <li key={item} className="flex gap-3">
                  <span className="check-bubble">
                    <ShieldIcon width={14} height={14} />
                  </span>
                  <span>{t(`sanitizer.reveal.${item}`)}</span>
                </li>
              ))}
            </ul>
            <p className="mt-6 text-ink-muted">{t("sanitizer.reveal.after")}</p>
          </div>
        </div>
      </section>

      <section aria-labelledby="removes-heading" className="section border-t border-line bg-surface-sunken">
        <div className="container-page grid grid-cols-1 gap-14 lg:grid-cols-2">
          <div>
            <h2 id="removes-heading" className="section-title">
              {t("sanitizer.removes.heading", { appName })}
            </h2>
            <p className="section-lead">{t("sanitizer.removes.lead", { appName })}</p>
            <p className="mt-4 text-ink-muted">{t("sanitizer.removes.list")}</p>
            <TrackingParameterTable />
          </div>
          <div>
            <h2 className="section-title">{t("sanitizer.keeps.heading")}</h2>
            <ul className="mt-6 space-y-3">
              {KEEPS.map((item) => (
                <li key={item} className="flex gap-3">
                  <span className="check-bubble" />
                  <span>{t(`sanitizer.keeps.${item}`)}</span>
                </li>
              ))}
            </ul>
            <p className="mt-6 text-ink-muted">
              <T
                id="sanitizer.keeps.limits"
                values={{ supportEmail: siteConfig.supportEmail }}
                components={{ email: <a className="font-semibold text-(--accent-text) underline underline-offset-2" href={`mailto:${siteConfig.supportEmail}`} /> }}
              />
            </p>
          </div>
        </div>
      </section>

      <section aria-labelledby="cta-heading" className="section bg-brand-gradient">
        <div className="container-page max-w-3xl text-center">
          <h2 id="cta-heading" className="section-title">
            {t("sanitizer.cta.heading")}
          </h2>
          <p className="section-lead">{t("sanitizer.cta.lead", { appName })}</p>
          <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
            <a className="btn btn-primary btn-lg" href={siteConfig.appStoreUrl} target="_blank" rel="noopener noreferrer">
              {t("sanitizer.cta.appStore")}
              <span className="sr-only"> {t("sanitizer.newTab")}</span>
            </a>
            <Link className="btn btn-secondary btn-lg" to={localized("/home#waitlist")}>
              {t("sanitizer.cta.joinBeta")}
            </Link>
          </div>
        </div>
      </section>
    </>
  );
}

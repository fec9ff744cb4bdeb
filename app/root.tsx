import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import {
  isRouteErrorResponse,
  type ShouldRevalidateFunction,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useMatches,
  useRouteError,
  useRouteLoaderData,
} from "@remix-run/react";
import { useEffect, type ReactNode } from "react";
import { ConsentModeDefaults } from "~/components/consent/ConsentModeDefaults";
import { CookieBanner } from "~/components/consent/CookieBanner";
import { cachedOnServer, ServerScript } from "~/components/islands";
import { IslandPageScripts, useIslandPage } from "~/components/islands/island-page";
import type { IslandBundleName } from "~/components/islands/generated/island-bundle";
import { installShellBehaviour } from "~/components/layout/shell-behaviour";
import { SiteFooter } from "~/components/layout/SiteFooter";
import { SiteHeader } from "~/components/layout/SiteHeader";
import { siteConfig } from "~/config/site";
import { usePageViews } from "~/hooks/usePageViews";
import { analyticsClientConfig } from "~/features/analytics/config.server";
import { ANALYTICS_CONFIG_ELEMENT_ID } from "~/features/analytics/browser/load";
import { useNonce } from "~/hooks/useNonce";
import { scrollRestorationKey } from "~/lib/scroll-restoration";
import { canonicalSiteUrl, type SiteUrlData } from "~/lib/seo";
import { turnstileClientConfig } from "~/lib/turnstile.server";
import stylesheet from "~/styles/tailwind.css";
import { jsonForHtml } from "~/lib/inline-json";
import { browserMessages } from "~/lib/i18n/catalogues.server";
import { DEFAULT_LANG, isLang, languageTag, splitLanguage, type Lang } from "~/lib/i18n/languages";
import { metaT } from "~/lib/i18n/meta";
import { I18nProvider, useLocalizedPath, useT } from "~/lib/i18n/react";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: stylesheet },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
  { rel: "alternate", type: "application/rss+xml", title: `${siteConfig.appName} blog`, href: "/blog/rss.xml" },
];

/**
 * The third-party analytics configuration (null when none is configured; ADR 0019), Turnstile's
 * (null when off; read by the sign-up forms' human check, ADR 0033), the canonical origin of the
 * pages' absolute URLs (ADR 0042), and the page's language with the messages of the shell (ADR 0057).
 * An unknown language prefix is the route's to refuse (pageLanguage); the shell stays English then.
 */
export async function loader({ context, params }: LoaderFunctionArgs) {
  const siteUrl: SiteUrlData["siteUrl"] = canonicalSiteUrl(context.env);
  const lang: Lang = isLang(params.lang) ? params.lang : DEFAULT_LANG;
  return {
    analytics: analyticsClientConfig(context.env),
    turnstile: turnstileClientConfig(context.env),
    siteUrl,
    lang,
    messages: browserMessages(lang, ["common"]),
  };
}

/** The configuration comes from the environment: only the language can change, with the address. */
export const shouldRevalidate: ShouldRevalidateFunction = ({ currentUrl, nextUrl }) =>
  splitLanguage(currentUrl.pathname).lang !== splitLanguage(nextUrl.pathname).lang;

/**
 * Routes opt out of the public header and footer with `handle = { publicShell: false }`, and out of
 * hydration with `hydrate: false` (they ship only their islands, ADR 0060; `islands` names the bundle
 * that boots them when it is not the shell's alone).
 */
export interface RouteHandle {
  publicShell?: boolean;
  hydrate?: boolean;
  islands?: IslandBundleName;
}

function usePublicShell(): boolean {
  const matches = useMatches();
  return !matches.some((m) => (m.handle as RouteHandle | undefined)?.publicShell === false);
}

// The same HTML on every request for a page (the header marks the page's own links): rendered once per
// isolate and page, then reused (ADR 0035). It hydrates as usual; the footer is a static island.
const Header = cachedOnServer("SiteHeader", SiteHeader);

export function Layout({ children }: { children: ReactNode }) {
  const nonce = useNonce();
  const publicShell = usePublicShell();
  const rootData = useRouteLoaderData<typeof loader>("root");
  const analytics = rootData?.analytics;
  const lang = rootData?.lang ?? DEFAULT_LANG;
  const islandBundle = useIslandPage();
  return (
    <html lang={languageTag(lang)} data-islands={islandBundle ? "" : undefined}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="color-scheme" content="light dark" />
        <ConsentModeDefaults />
        <ServerScript name="deferSections" />
        <Meta />
        <Links />
      </head>
      <body className="min-h-dvh bg-surface text-ink antialiased">
        <I18nProvider lang={lang}>
          {publicShell ? (
            <>
              {/* First in the tab order while it shows, before the skip link (ADR 0046). */}
              <CookieBanner />
              <SkipLink />
              <Header />
              <main id="main" tabIndex={-1}>
                {children}
              </main>
              <SiteFooter />
            </>
          ) : (
            children
          )}
        </I18nProvider>
        {analytics ? (
          // A data block (never executed), read by the lazily loaded analytics code.
          <script type="application/json" id={ANALYTICS_CONFIG_ELEMENT_ID} dangerouslySetInnerHTML={{ __html: jsonForHtml(analytics) }} />
        ) : null}
        {islandBundle ? (
          <IslandPageScripts
            bundle={islandBundle}
            data={{ lang, messages: rootData?.messages ?? {}, siteUrl: rootData?.siteUrl ?? siteConfig.siteUrl, turnstile: rootData?.turnstile ?? null }}
            nonce={nonce}
          />
        ) : (
          <>
            <ScrollRestoration nonce={nonce} getKey={scrollRestorationKey} />
            <Scripts nonce={nonce} />
          </>
        )}
      </body>
    </html>
  );
}

export default function App() {
  // A marker that the page is interactive, for tests and for CSS that should wait for JavaScript.
  useEffect(() => {
    document.documentElement.dataset.hydrated = "true";
    return installShellBehaviour();
  }, []);
  usePageViews();
  return <Outlet />;
}

function SkipLink() {
  const t = useT();
  return (
    <a href="#main" className="skip-link">
      {t("common.skipToContent")}
    </a>
  );
}

/** What the error boundary says about an error: not found, or our fault. */
function errorCopy(
  error: unknown,
  t: (
    id: "common.error.notFoundTitle" | "common.error.notFoundMessage" | "common.error.failedTitle" | "common.error.failedMessage"
  ) => string
) {
  return isRouteErrorResponse(error) && error.status === 404
    ? { title: t("common.error.notFoundTitle"), message: t("common.error.notFoundMessage") }
    : { title: t("common.error.failedTitle"), message: t("common.error.failedMessage") };
}

/** Only the error boundary uses the root's meta: every page names its own title. <title> belongs in <head>. */
export const meta: MetaFunction = ({ error, matches }) =>
  error ? [{ title: `${errorCopy(error, metaT(matches)).title} · ${siteConfig.appName}` }] : [];

export function ErrorBoundary() {
  const t = useT();
  const localized = useLocalizedPath();
  const { title, message } = errorCopy(useRouteError(), t);
  return (
    <section className="container-page py-24 text-center">
      <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{title}</h1>
      <p className="mx-auto mt-4 max-w-prose text-ink-muted">{message}</p>
      <p className="mt-8">
        <a className="btn btn-primary" href={localized("/home")}>
          {t("common.error.backHome")}
        </a>
      </p>
    </section>
  );
}

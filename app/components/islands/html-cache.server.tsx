/**
 * Server HTML rendered once per isolate (ADR 0035). Most of a landing page is the same for every
 * visitor: static islands, the landing sections and the hero render the same HTML for the same props. The
 * first request that renders such a section renders it in place as before; after the page, the
 * section is rendered again on its own and its HTML kept in this isolate. Later requests with equal
 * props render a placeholder that entry.server swaps for the kept HTML.
 *
 * Why the HTML can never carry one visitor's data to another:
 * - the key is the section's component, the request's pathname and every byte of its props (JSON);
 *   props that are not plain data (functions, elements) are never cached;
 * - the section's own render sees nothing else: no request, no loader data, no cookies. It runs
 *   under a neutral router at the pathname (for links), the server-only registry without this cache,
 *   a stand-in nonce and a useId prefix of its own. A section whose HTML contains the stand-in nonce
 *   or an id from useId (both would differ per page or per request), whose own render throws (it
 *   needs Remix's context) or leaves a boundary to the browser is refused: rendered in place on every
 *   request from then on, and logged once;
 * - HTML that is empty or starts or ends with text is not reused either (see `reusable`).
 *
 * Why the HTML is what an inline render gives: the same component and props render the same markup
 * in either place, as long as nothing depends on the position in the tree (useId, refused above) or
 * on a context the section's own render does not have. Each render on its own is checked against the
 * page that rendered the section in place: HTML the page does not contain verbatim is refused too.
 * Tests compare warm pages with cold ones byte for byte.
 */
import { renderToString } from "react-dom/server";
import { MemoryRouter } from "react-router-dom";
import type { ComponentType } from "react";
import { NonceContext } from "~/hooks/useNonce";
import { i18nFor } from "~/lib/i18n/catalogues.server";
import { splitLanguage } from "~/lib/i18n/languages";
import { StaticI18nProvider } from "~/lib/i18n/react";
import { logWarn } from "~/lib/log.server";
import { ServerOnlyProvider, type CachedHtml, type ServerOnlyRegistry } from "./server-only";

/**
 * How many renders of one section (pathname, props) an isolate keeps; the least recently used goes
 * first. Per section, so a section whose props vary a lot can only crowd out its own renders.
 */
export const HTML_CACHE_MAX_PER_SECTION = 16;

/** What React writes where a Suspense boundary failed on the server (entry.server checks pages for it too). */
export const CLIENT_RENDERED_BOUNDARY = "<!--$!-->";

// Unlike any real nonce (base64) or id: seen in a section's HTML, the section depends on them.
const STAND_IN_NONCE = "html-cache-stand-in-nonce";
const ID_PREFIX = "html-cache-use-id-";

type AnyComponent = ComponentType<object>;

interface IsolateHtmlCache {
  /**
   * Kept HTML per section component, by pathname and props (each Map's order is the order of last
   * use); null: this render cannot be reused (empty, or text at an edge), render it in place.
   */
  sections: Map<AnyComponent, Map<string, string | null>>;
  /** Components refused once (their HTML depends on more than their props): always rendered in place. */
  refused: WeakSet<AnyComponent>;
  /** Marks placeholders; random so that no content can forge one. Made on first use (Workers allow no randomness at startup). */
  marker?: string;
}

/** Props as key material, or undefined when they are not plain data. */
function propsKey(props: object): string | undefined {
  try {
    return JSON.stringify(props, (_key, value: unknown) => {
      if (typeof value === "function" || typeof value === "symbol" || typeof value === "bigint") throw new Error("not plain data");
      return value;
    });
  } catch {
    return undefined;
  }
}

/** Why a section cannot be cached at all (whatever its props), or undefined when it can. */
function refusal(html: string): string | undefined {
  if (html.includes(STAND_IN_NONCE)) return "reads the CSP nonce";
  if (html.includes(ID_PREFIX)) return "uses useId";
  if (html.includes(CLIENT_RENDERED_BOUNDARY)) return "a Suspense boundary failed to render";
  return undefined;
}

/**
 * Whether this HTML can stand in for the section: not when it is empty or starts or ends with text
 * (next to text around it, React would have separated the two texts with a comment, the placeholder
 * does not). The section is then rendered in place for these props (rendering nothing costs nothing).
 */
const reusable = (html: string) => html.startsWith("<") && html.endsWith(">");

export interface HtmlCacheForRequest {
  /** Provided to the render (ServerOnlyProvider's `html`). */
  cachedHtml: CachedHtml;
  /**
   * The page with every placeholder replaced by its HTML. With `keepNew`, the sections rendered in
   * place are then rendered on their own and kept (only after a page that rendered well).
   */
  finish(html: string, options: { keepNew: boolean }): string;
}

/** One isolate's cache; `registry` is what sections find in the server-only context. */
export function createHtmlCache(registry: ServerOnlyRegistry) {
  const cache: IsolateHtmlCache = { sections: new Map(), refused: new WeakSet() };
  /** How often each section's kept HTML was reused, by name (for tests and diagnostics). */
  const reuses = new Map<string, number>();

  /** The section on its own: nothing of the request but the pathname. */
  function renderAlone(Component: AnyComponent, props: object, pathname: string): string {
    // The language is the pathname's, as on the page (ADR 0057); the pathname is part of the key.
    const { lang } = splitLanguage(pathname);
    return renderToString(
      <StaticI18nProvider lang={lang} i18n={i18nFor(lang)}>
        <NonceContext.Provider value={STAND_IN_NONCE}>
          <ServerOnlyProvider value={registry}>
            <MemoryRouter initialEntries={[pathname]} future={{ v7_relativeSplatPath: true, v7_startTransition: true }}>
              <Component {...props} />
            </MemoryRouter>
          </ServerOnlyProvider>
        </NonceContext.Provider>
      </StaticI18nProvider>,
      { identifierPrefix: ID_PREFIX }
    );
  }

  function keep(Component: AnyComponent, key: string, html: string | null): void {
    let kept = cache.sections.get(Component);
    if (!kept) cache.sections.set(Component, (kept = new Map()));
    kept.set(key, html);
    if (kept.size > HTML_CACHE_MAX_PER_SECTION) kept.delete(kept.keys().next().value as string);
  }

  return {
    /** Forgets everything, as a new isolate would have (for tests). */
    clear(): void {
      cache.sections.clear();
      cache.refused = new WeakSet();
      reuses.clear();
    },

    /** How often each section's kept HTML has been reused in this isolate, by name. */
    reuses(): Record<string, number> {
      return Object.fromEntries(reuses);
    },

    forRequest(pathname: string): HtmlCacheForRequest {
      cache.marker ??= `html-cache-${crypto.randomUUID()}`;
      const marker = cache.marker;
      /** HTML per placeholder, in render order. */
      const placed: string[] = [];
      const renderedInPlace: { key: string; name: string; Component: AnyComponent; props: object }[] = [];
      const placeholder = (index: number) => `<template data-${marker}="${index}"></template>`;

      const cachedHtml: CachedHtml = {
        render(name, Component, props) {
          const component = Component as AnyComponent;
          const inPlace = <Component {...props} />;
          if (cache.refused.has(component)) return inPlace;
          const json = propsKey(props);
          if (json === undefined) return inPlace;
          const key = `${pathname}\n${json}`;
          const kept = cache.sections.get(component);
          const html = kept?.get(key);
          if (kept === undefined || html === undefined) {
            renderedInPlace.push({ key, name, Component: component, props });
            return inPlace;
          }
          if (html === null) return inPlace;
          // Most recently used last.
          kept.delete(key);
          kept.set(key, html);
          placed.push(html);
          reuses.set(name, (reuses.get(name) ?? 0) + 1);
          return <template {...{ [`data-${marker}`]: String(placed.length - 1) }} />;
        },
      };

      function finish(page: string, { keepNew }: { keepNew: boolean }): string {
        let out = page;
        if (placed.length > 0) {
          const parts: string[] = [];
          let from = 0;
          placed.forEach((html, index) => {
            const mark = placeholder(index);
            const at = page.indexOf(mark, from);
            // Not found: React dropped that part of the tree (a failed boundary renders its fallback).
            if (at < 0) return;
            parts.push(page.slice(from, at), html);
            from = at + mark.length;
          });
          parts.push(page.slice(from));
          out = parts.join("");
        }
        if (keepNew) {
          for (const { key, name, Component, props } of renderedInPlace) {
            if (cache.refused.has(Component) || cache.sections.get(Component)?.has(key)) continue;
            let html: string;
            let why: string | undefined;
            try {
              html = renderAlone(Component, props, pathname);
              why = refusal(html);
              // The page holds what the section rendered in place (with any section inside it swapped
              // in already): on its own it must render the same.
              if (why === undefined && html !== "" && !out.includes(html))
                why = "renders differently on its own (it reads more than its props)";
            } catch (error) {
              html = "";
              why = `its own render failed: ${String(error)}`;
            }
            if (why === undefined) {
              keep(Component, key, reusable(html) ? html : null);
            } else {
              cache.refused.add(Component);
              logWarn("html_cache_refused", { section: name, reason: why });
            }
          }
        }
        return out;
      }

      return { cachedHtml, finish };
    },
  };
}

export type HtmlCache = ReturnType<typeof createHtmlCache>;

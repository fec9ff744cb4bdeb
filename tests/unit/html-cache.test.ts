/**
 * The per-isolate HTML cache (ADR 0035) with real React server renders, the way entry.server uses
 * it: what it reuses, and everything it refuses to reuse.
 */
import { createContext, createElement as h, useContext, useId, type ReactElement } from "react";
import { renderToString } from "react-dom/server";
import { afterEach, describe, expect, it, vi } from "vitest";
import { cachedOnServer } from "~/components/islands/cached-on-server";
import { createHtmlCache, HTML_CACHE_MAX_PER_SECTION, type HtmlCache } from "~/components/islands/html-cache.server";
import { ServerOnlyProvider, type ServerOnlyRegistry } from "~/components/islands/server-only";
import { NonceContext, useNonce } from "~/hooks/useNonce";

const REGISTRY = { components: {}, scripts: {} } as unknown as ServerOnlyRegistry;

/** A page render as entry.server does it: the cache provided, placeholders swapped after. */
function renderPage(cache: HtmlCache, body: ReactElement, { pathname = "/home", nonce = "nonce-one", keepNew = true } = {}): string {
  const request = cache.forRequest(pathname);
  const html = renderToString(
    h(NonceContext.Provider, { value: nonce }, h(ServerOnlyProvider, { value: { ...REGISTRY, html: request.cachedHtml } }, h("main", null, body))),
  );
  return request.finish(html, { keepNew });
}

/** A section that counts its renders. */
function countingSection() {
  const section = { renders: 0 };
  const Component = ({ title, items }: { title: string; items: string[] }) => {
    section.renders++;
    return h("section", null, h("h2", null, title), h("ul", null, ...items.map((item) => h("li", { key: item }, item))));
  };
  return Object.assign(section, { Section: cachedOnServer("Counting", Component) });
}

const refusals = () => warnings.mock.calls.map(String).filter((call) => call.includes("html_cache_refused"));
const warnings = vi.spyOn(console, "warn").mockImplementation(() => {});
afterEach(() => warnings.mockClear());

describe("a section rendered once per isolate", () => {
  it("is rendered in place and on its own the first time, then reused for equal props", () => {
    const cache = createHtmlCache(REGISTRY);
    const counter = countingSection();
    const { Section } = counter;
    const props = { title: "Features", items: ["Search", "Sync"] };
    const first = renderPage(cache, h(Section, props));
    expect(first).toBe("<main><section><h2>Features</h2><ul><li>Search</li><li>Sync</li></ul></section></main>");
    expect(counter.renders).toBe(2);
    expect(renderPage(cache, h(Section, { ...props, items: [...props.items] }))).toBe(first);
    expect(renderPage(cache, h(Section, props))).toBe(first);
    expect(counter.renders).toBe(2);
    expect(cache.reuses()).toEqual({ Counting: 2 });
  });

  it("renders anew for other props and on another page", () => {
    const cache = createHtmlCache(REGISTRY);
    const counter = countingSection();
    const { Section } = counter;
    renderPage(cache, h(Section, { title: "Features", items: [] }));
    expect(renderPage(cache, h(Section, { title: "Pricing", items: [] }))).toContain("Pricing");
    expect(renderPage(cache, h(Section, { title: "Features", items: [] }), { pathname: "/features" })).toContain("Features");
    expect(counter.renders).toBe(6);
  });

  it(`keeps at most ${HTML_CACHE_MAX_PER_SECTION} renders of one section, the most recently used`, () => {
    const cache = createHtmlCache(REGISTRY);
    const counter = countingSection();
    const { Section } = counter;
    for (let i = 0; i <= HTML_CACHE_MAX_PER_SECTION; i++) renderPage(cache, h(Section, { title: `Page ${i}`, items: [] }));
    const rendered = counter.renders;
    renderPage(cache, h(Section, { title: `Page ${HTML_CACHE_MAX_PER_SECTION}`, items: [] }));
    expect(counter.renders).toBe(rendered);
    renderPage(cache, h(Section, { title: "Page 0", items: [] }));
    expect(counter.renders).toBe(rendered + 2);
  });

  it("may hold another cached section (the hero holds a static island)", () => {
    const cache = createHtmlCache(REGISTRY);
    const Inner = cachedOnServer("Inner", ({ label }: { label: string }) => h("i", null, label));
    const Outer = cachedOnServer("Outer", ({ title }: { title: string }) => h("section", null, h("h2", null, title), h(Inner, { label: "inside" })));
    renderPage(cache, h(Outer, { title: "One" }));
    // The inner section is reused while the outer one renders in place for new props.
    expect(renderPage(cache, h(Outer, { title: "Two" }))).toBe("<main><section><h2>Two</h2><i>inside</i></section></main>");
    expect(renderPage(cache, h(Outer, { title: "Two" }))).toBe("<main><section><h2>Two</h2><i>inside</i></section></main>");
    expect(cache.reuses()).toEqual({ Inner: 1, Outer: 1 });
    expect(refusals()).toEqual([]);
  });

  it("keeps nothing from a page that failed", () => {
    const cache = createHtmlCache(REGISTRY);
    const counter = countingSection();
    const { Section } = counter;
    renderPage(cache, h(Section, { title: "Features", items: [] }), { keepNew: false });
    renderPage(cache, h(Section, { title: "Features", items: [] }));
    expect(counter.renders).toBe(3);
  });
});

describe("what is never reused", () => {
  it("a section that reads the CSP nonce: every page carries its own", () => {
    const cache = createHtmlCache(REGISTRY);
    const Script = cachedOnServer("Script", () => h("script", { nonce: useNonce(), dangerouslySetInnerHTML: { __html: "1" } }));
    expect(renderPage(cache, h(Script), { nonce: "first" })).toBe('<main><script nonce="first">1</script></main>');
    expect(renderPage(cache, h(Script), { nonce: "second" })).toBe('<main><script nonce="second">1</script></main>');
    expect(refusals()).toEqual([expect.stringContaining("reads the CSP nonce")]);
  });

  it("a section that uses useId (its ids depend on its place in the page)", () => {
    const cache = createHtmlCache(REGISTRY);
    const Labelled = cachedOnServer("Labelled", () => {
      const id = useId();
      return h("p", { id }, "Label");
    });
    const inPlace = renderToString(h("main", null, h(Labelled)));
    expect(renderPage(cache, h(Labelled))).toBe(inPlace);
    expect(renderPage(cache, h(Labelled))).toBe(inPlace);
    expect(refusals()).toEqual([expect.stringContaining("uses useId")]);
  });

  it("a section that reads anything besides its props (a context the page provides)", () => {
    const cache = createHtmlCache(REGISTRY);
    const Visitor = createContext("nobody");
    const Greeting = cachedOnServer("Greeting", () => h("p", null, `Hello ${useContext(Visitor)}`));
    const page = (name: string) => renderPage(cache, h(Visitor.Provider, { value: name }, h(Greeting)));
    expect(page("Ada")).toBe("<main><p>Hello Ada</p></main>");
    expect(page("Grace")).toBe("<main><p>Hello Grace</p></main>");
    expect(refusals()).toEqual([expect.stringContaining("renders differently on its own")]);
  });

  it("a section whose props are not plain data", () => {
    const cache = createHtmlCache(REGISTRY);
    let renders = 0;
    const Button = cachedOnServer("Button", ({ onPress }: { onPress: () => void }) => {
      renders++;
      return h("button", { type: "button", onClick: onPress }, "Go");
    });
    renderPage(cache, h(Button, { onPress: () => {} }));
    renderPage(cache, h(Button, { onPress: () => {} }));
    expect(renders).toBe(2);
    expect(cache.reuses()).toEqual({});
  });

  it("a render that is empty or starts or ends with text (React separates adjacent texts)", () => {
    const cache = createHtmlCache(REGISTRY);
    const Words = cachedOnServer("Words", ({ text }: { text: string }) => (text ? h("b", null, text) : null));
    const Plain = cachedOnServer("Plain", ({ text }: { text: string }) => text);
    const page = () => renderPage(cache, h("p", null, "Before", h(Words, { text: "" }), h(Plain, { text: "middle" }), "after"));
    const inPlace = renderToString(h("main", null, h("p", null, "Before", null, "middle", "after")));
    expect(page()).toBe(inPlace);
    expect(page()).toBe(inPlace);
    expect(cache.reuses()).toEqual({});
    expect(refusals()).toEqual([]);
  });
});

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { siteConfig } from "~/config/site";
import { featureGroups, localizedFeatures } from "~/content/features";
import { billingFaq, PLANS, periodLabel } from "~/content/plans";
import { i18nFor } from "~/lib/i18n/catalogues.server";
import { planTextOf } from "~/components/info/plan-text";
import { createTestApp, type TestApp } from "../support/app";
import { englishT } from "../support/english";

const FEATURE_GROUPS = featureGroups(englishT);
const FEATURES = localizedFeatures(englishT);

// The information pages (spec section 2): server-rendered, each with its own head and one <h1>.

const PAGES = ["/features", "/how-it-works", "/pricing", "/download", "/about"] as const;

let app: TestApp;
const html: Record<string, string> = {};

beforeAll(async () => {
  app = await createTestApp();
  for (const path of PAGES) {
    const response = await app.fetch(path);
    expect(response.status, path).toBe(200);
    html[path] = await response.text();
  }
});
afterAll(() => app.dispose());

const english = i18nFor("en");
const en = planTextOf((id, values) => english._(id, values));

const page = (path: (typeof PAGES)[number]) => html[path] ?? "";

/** Text with the entities React escapes turned back, for comparing with the content modules. */
const decode = (text: string) =>
  text.replace(/&#x27;|&#39;/g, "'").replace(/&quot;/g, '"').replace(/&lt;/g, "<").replace(/&gt;/g, ">").replace(/&amp;/g, "&");

const titleOf = (doc: string) => decode(/<title>([^<]*)<\/title>/.exec(doc)?.[1] ?? "");
const idsOf = (doc: string) => [...doc.matchAll(/\sid="([^"]+)"/g)].map((m) => m[1]);

describe.each(PAGES)("%s", (path) => {
  it("answers 200 with a title, description, canonical link and Open Graph / Twitter tags", async () => {
    const response = await app.fetch(path);
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toMatch(/^text\/html/);
    const doc = page(path);
    expect(titleOf(doc)).toContain(siteConfig.appName);
    expect(doc).toMatch(/<meta name="description" content="[^"]{50,}"/);
    expect(doc).toContain(`<link rel="canonical" href="${siteConfig.siteUrl}${path}"/>`);
    expect(doc).toMatch(/<meta property="og:title" content="[^"]+"/);
    expect(doc).toContain(`<meta property="og:url" content="${siteConfig.siteUrl}${path}"/>`);
    expect(doc).toMatch(/<meta name="twitter:card" content="summary_large_image"/);
  });

  it("has exactly one <h1>, and unique element ids", () => {
    const doc = page(path);
    expect(doc.match(/<h1[\s>]/g)).toHaveLength(1);
    const ids = idsOf(doc);
    expect(ids.filter((id, index) => ids.indexOf(id) !== index)).toEqual([]);
  });

  it("is rendered with the shared header and footer", () => {
    const doc = page(path);
    expect(doc).toContain('class="site-header"');
    expect(doc).toContain('class="site-footer"');
    expect(doc).toContain('<main id="main"');
  });
});

describe("titles", () => {
  it("are distinct across the information pages", () => {
    const titles = PAGES.map((path) => titleOf(page(path)));
    expect(new Set(titles).size).toBe(PAGES.length);
  });
});

describe("/features", () => {
  it("lists every feature of features.ts, each under an element whose id is its slug", () => {
    const doc = decode(page("/features"));
    for (const feature of FEATURES) {
      expect(doc).toContain(feature.title);
      expect(doc).toMatch(new RegExp(`<article id="${feature.slug}"`));
      for (const paragraph of feature.details) expect(doc).toContain(paragraph);
    }
  });

  it("groups the features under Capture, Organise, Share, and Privacy & sync, each as an <h2>", () => {
    expect(FEATURE_GROUPS.map((group) => group.title)).toEqual(["Capture", "Organise", "Share", "Privacy & sync"]);
    const doc = decode(page("/features"));
    for (const group of FEATURE_GROUPS) {
      expect(doc).toMatch(new RegExp(`<h2 id="${group.id}-heading"[^>]*>${group.title}</h2>`));
    }
    // Every feature belongs to a group, so none is left off the page.
    expect(FEATURES.every((feature) => FEATURE_GROUPS.some((group) => group.id === feature.group))).toBe(true);
  });

  it("shows the roadmap and a call to download and join the beta", () => {
    const doc = page("/features");
    expect(doc).toContain('id="roadmap-heading"');
    expect(doc).toContain(`href="${siteConfig.appStoreUrl}"`);
    expect(doc).toContain('href="/waitlist"');
  });
});

describe("/pricing", () => {
  it("writes the US prices the way each language writes dollars", async () => {
    const shown: Record<string, (string | undefined)[]> = {};
    for (const lang of ["de", "fr", "pt-br", "ja"]) {
      const doc = await (await app.fetch(`/${lang}/pricing`)).text();
      shown[lang] = [...doc.matchAll(/data-plan-price="true">([^<]*)<\/span>/g)].map((m) => m[1]);
    }
    // The separators are no-break spaces, so a price never wraps.
    expect(shown).toEqual({
      de: ["0\u00a0$", "2,99\u00a0$", "24,99\u00a0$", "39,99\u00a0$"],
      fr: ["0\u00a0$US", "2,99\u00a0$US", "24,99\u00a0$US", "39,99\u00a0$US"],
      "pt-br": ["US$\u00a00", "US$\u00a02,99", "US$\u00a024,99", "US$\u00a039,99"],
      ja: ["$0", "$2.99", "$24.99", "$39.99"],
    });
  });

  it("shows every plan's name and US price with its period", () => {
    const doc = decode(page("/pricing"));
    for (const plan of PLANS) {
      expect(doc).toContain(`>${en(plan.name)}</h3>`);
      expect(doc).toContain(en(periodLabel(plan.period)));
    }
    const prices = [...doc.matchAll(/data-plan-price="true">([^<]*)<\/span>/g)].map((m) => m[1]);
    expect(prices).toEqual(["$0", "$2.99", "$24.99", "$39.99"]);
    expect(doc).toContain("per month");
    expect(doc).toContain("per year");
    expect(doc).toContain("local currency");
  });

  it("states the free trial and no credit card claims", () => {
    const doc = page("/pricing");
    expect(doc).toContain("14-day free trial");
    expect(doc).toContain("No credit card required");
  });

  it("has an accessible comparison table with column and row headers", () => {
    const doc = page("/pricing");
    expect(doc).toMatch(/<table[^>]*>/);
    expect(doc).toContain('<th scope="col">Free</th>');
    expect(doc).toContain('<th scope="col">Pro</th>');
    expect(doc).toMatch(/<th scope="row">Cloud sync with end-to-end encryption<\/th>/);
  });

  it("answers the billing questions, the shared ones word for word from faq.ts", () => {
    const doc = decode(page("/pricing"));
    for (const entry of billingFaq(englishT, en)) {
      expect(doc).toContain(entry.question);
      expect(doc).toContain(entry.answer);
    }
    expect(doc.match(/id="faq"/g)).toHaveLength(1);
  });

  it("carries one Offer per plan as JSON-LD", () => {
    const doc = page("/pricing");
    const blocks = [...doc.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((m) => JSON.parse(m[1] ?? "null"));
    const app = blocks.find((block) => Array.isArray(block?.offers));
    expect(app?.["@type"]).toBe("SoftwareApplication");
    expect(app.offers).toHaveLength(PLANS.length);
    PLANS.forEach((plan, index) => {
      expect(app.offers[index]).toMatchObject({ "@type": "Offer", name: en(plan.name), price: plan.priceUsd.toFixed(2), priceCurrency: "USD" });
    });
  });
});

describe("/how-it-works", () => {
  it("reuses the how-it-works tabs, links to /link-sanitization and has exactly one FAQ section", () => {
    const doc = page("/how-it-works");
    expect(doc).toContain('id="how-it-works"');
    expect(doc).toContain('role="tablist"');
    expect(doc).toContain('href="/link-sanitization"');
    expect(doc.match(/id="faq"/g)).toHaveLength(1);
    // Without a waitlist section on this page, "Join Beta Testing" leads to the waitlist page.
    expect(doc).not.toContain('href="#waitlist"');
  });
});

describe("/download", () => {
  it("links to the App Store in a new tab with rel noopener", () => {
    const doc = page("/download");
    const links = [...doc.matchAll(/<a\b[^>]*data-app-store-link[^>]*>/g)].map((m) => m[0]);
    expect(links.length).toBeGreaterThan(0);
    for (const link of links) {
      expect(link).toContain(`href="${siteConfig.appStoreUrl}"`);
      expect(link).toContain('target="_blank"');
      expect(link).toMatch(/rel="[^"]*noopener[^"]*"/);
    }
  });

  it("shows the requirements and the coming-soon platforms", () => {
    const doc = page("/download");
    expect(doc).toContain("iOS 16.0 or later");
    expect(doc).toContain('id="platforms-heading"');
    expect(doc).toContain("/notify?platform=android&amp;intent=waitlist");
  });
});

describe("/about", () => {
  it("links to the social profiles, the donation page (new tab) and /contact", () => {
    const doc = page("/about");
    for (const profile of Object.values(siteConfig.social)) expect(doc).toContain(`href="${profile.url}"`);
    expect(doc).toMatch(new RegExp(`<a[^>]*href="${siteConfig.donationUrl}"[^>]*target="_blank"[^>]*rel="noopener noreferrer"`));
    expect(doc).toContain('href="/contact"');
  });
});

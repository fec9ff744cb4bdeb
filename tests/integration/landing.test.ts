import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { faqEntries } from "~/content/faq";
import { DEFAULT_AB_TESTS } from "~/lib/ab-tests";
import { serverT } from "~/lib/i18n/catalogues.server";
import { LANDING_REVIEWS_REUSE_MS } from "~/lib/landing.server";
import { bumpContentVersion } from "~/server/edge-cache";
import { assignmentsOfCookie } from "../support/ab-visitor";
import { createTestApp, d1FailingFor, unavailableD1, unavailableKV, type TestApp } from "../support/app";

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.dispose());

async function setSetting(key: string, value: string | null) {
  if (value === null) await app.db.prepare("DELETE FROM site_settings WHERE key = ?").bind(key).run();
  else await app.db.prepare("INSERT INTO site_settings (key, value) VALUES (?1, ?2) ON CONFLICT (key) DO UPDATE SET value = ?2").bind(key, value).run();
}

async function addReviews(count: number, overrides: Partial<{ is_active: number; sort_order: number }> = {}) {
  const statements = Array.from({ length: count }, (_, i) =>
    app.db
      .prepare(
        "INSERT INTO customer_reviews (title, content, author_name, author_platform, rating, is_active, sort_order, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
      )
      .bind(`Review ${i}`, `Body ${i}`, `Author ${i}`, ["app_store", "reddit", "other"][i % 3], (i % 5) + 1, overrides.is_active ?? 1, overrides.sort_order ?? i, `2025-01-${String((i % 28) + 1).padStart(2, "0")}T00:00:00.000Z`),
  );
  if (statements.length) await app.db.batch(statements);
}

const reviewTitles = (html: string) => [...html.matchAll(/<p class="font-semibold">([^<]*)<\/p>/g)].map((m) => m[1]);
const showsReviews = (html: string) => html.includes("Loved by All");

beforeEach(async () => {
  await app.db.batch([app.db.prepare("DELETE FROM customer_reviews"), app.db.prepare("DELETE FROM site_settings")]);
  await app.kv.delete("ab_tests");
  await app.kv.delete("setting:promotion_as_entry_page");
  // The rows above change behind the admin's back: start each test with no stored pages (ADR 0025).
  await bumpContentVersion(app.kv);
});

describe("reviews on the landing page", () => {
  it("renders active reviews on the server, sort_order ascending then newest first", async () => {
    await setSetting("show_customer_reviews", "true");
    await app.db.batch([
      app.db.prepare("INSERT INTO customer_reviews (title, content, author_name, author_platform, sort_order, created_at) VALUES ('B older', 'x', 'a', 'reddit', 1, '2025-01-01T00:00:00.000Z')"),
      app.db.prepare("INSERT INTO customer_reviews (title, content, author_name, author_platform, sort_order, created_at) VALUES ('B newer', 'x', 'a', 'reddit', 1, '2025-02-01T00:00:00.000Z')"),
      app.db.prepare("INSERT INTO customer_reviews (title, content, author_name, author_platform, sort_order, created_at) VALUES ('A first', 'x', 'a', 'other', 0, '2024-01-01T00:00:00.000Z')"),
      app.db.prepare("INSERT INTO customer_reviews (title, content, author_name, author_platform, sort_order, is_active) VALUES ('Hidden', 'x', 'a', 'other', 0, 0)"),
    ]);
    const html = await (await app.fetch("/home")).text();
    expect(showsReviews(html)).toBe(true);
    expect(reviewTitles(html)).toEqual(["A first", "B newer", "B older"]);
    expect(html).not.toMatch(/animate-spin[^>]*>\s*<\/svg>\s*Loading reviews/);
  });

  it("shows at most 20 reviews", async () => {
    await addReviews(25);
    const html = await (await app.fetch("/home")).text();
    expect(reviewTitles(html)).toHaveLength(20);
  });

  it("shows them when the setting has no row (default true)", async () => {
    await addReviews(3);
    expect(showsReviews(await (await app.fetch("/home")).text())).toBe(true);
  });

  it.each(["false", "maybe", "1", ""])("hides them when show_customer_reviews is %j", async (value) => {
    await addReviews(3);
    await setSetting("show_customer_reviews", value);
    expect(showsReviews(await (await app.fetch("/home")).text())).toBe(false);
  });

  it("hides the section when there are no active reviews", async () => {
    await addReviews(3, { is_active: 0 });
    expect(showsReviews(await (await app.fetch("/home")).text())).toBe(false);
  });

  it("shows them when the settings read fails", async () => {
    await addReviews(3);
    await setSetting("show_customer_reviews", "false");
    const response = await app.withEnv({ DB: d1FailingFor(app.db, /site_settings/) })("/home");
    expect(response.status).toBe(200);
    expect(showsReviews(await response.text())).toBe(true);
  });

  it("hides the section, and still renders the page, when the reviews read fails", async () => {
    await addReviews(3);
    const response = await app.withEnv({ DB: d1FailingFor(app.db, /customer_reviews/) })("/home");
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(showsReviews(html)).toBe(false);
    expect(html).toContain("Join Our Beta Testing Program");
  });
});

describe("an isolate reuses its reviews read (ADR 0027)", () => {
  // A unique utm_source is a new edge-cache key: every request below renders the page.
  let visit = 0;
  const render = (fetch: TestApp["fetch"] = app.fetch) => fetch(`/home?utm_source=reuse-${++visit}`).then((r) => r.text());

  it("under one content version for a while; a bump (every admin change) or the end of the window reads D1 again", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    try {
      await addReviews(1);
      expect(reviewTitles(await render())).toEqual(["Review 0"]);
      // Edited behind the admin's back: the next renders still reuse the first read...
      await app.db.prepare("UPDATE customer_reviews SET title = 'Edited in D1'").run();
      expect(reviewTitles(await render())).toEqual(["Review 0"]);
      vi.setSystemTime(Date.now() + LANDING_REVIEWS_REUSE_MS - 1000);
      expect(reviewTitles(await render())).toEqual(["Review 0"]);
      // ...until the window ends,
      vi.setSystemTime(Date.now() + 2000);
      expect(reviewTitles(await render())).toEqual(["Edited in D1"]);
      // or the content version changes.
      await app.db.prepare("UPDATE customer_reviews SET title = 'Edited again'").run();
      expect(reviewTitles(await render())).toEqual(["Edited in D1"]);
      await bumpContentVersion(app.kv);
      expect(reviewTitles(await render())).toEqual(["Edited again"]);
    } finally {
      vi.useRealTimers();
    }
  });

  it("never reuses a read that fell back: the first healthy render after an outage reads D1", async () => {
    await addReviews(2);
    const outage = { on: true };
    const flaky = app.withEnv({ DB: d1FailingFor(app.db, { test: (sql: string) => outage.on && sql.includes("customer_reviews") } as RegExp) });
    expect(showsReviews(await render(flaky))).toBe(false);
    outage.on = false;
    expect(reviewTitles(await render(flaky))).toEqual(["Review 0", "Review 1"]);
  });
});

describe("the entry route /", () => {
  const entry = (overrides = {}) => app.withEnv(overrides)("/");
  /** Where / sends the visitor (a redirect, never the page itself: it negotiates the language). */
  const target = async (response: Response) => {
    expect(response.status).toBe(302);
    return response.headers.get("Location");
  };

  it("redirects to /promotion when the KV mirror says true", async () => {
    await app.kv.put("setting:promotion_as_entry_page", "true");
    expect(await target(await entry())).toBe("/promotion");
  });

  it("sends visitors to the landing page when the KV mirror says false, even if D1 says true", async () => {
    await app.kv.put("setting:promotion_as_entry_page", "false");
    await setSetting("promotion_as_entry_page", "true");
    expect(await target(await entry())).toBe("/home");
  });

  it("falls back to D1 when KV has no value", async () => {
    await setSetting("promotion_as_entry_page", "true");
    expect(await target(await entry())).toBe("/promotion");
    await setSetting("promotion_as_entry_page", "false");
    expect(await target(await entry())).toBe("/home");
  });

  it.each(["yes", "TRUE ", "{}"])("treats the invalid value %j as the default (landing page)", async (value) => {
    await app.kv.put("setting:promotion_as_entry_page", value);
    expect(await target(await entry())).toBe("/home");
  });

  it("sends visitors to the landing page when KV is down", async () => {
    await setSetting("promotion_as_entry_page", "true");
    expect(await target(await entry({ CONFIG: unavailableKV() }))).toBe("/home");
  });

  it("sends visitors to the landing page when D1 is down, which renders without the reviews", async () => {
    expect(await target(await entry({ DB: unavailableD1() }))).toBe("/home");
    const response = await app.withEnv({ DB: unavailableD1() })("/home");
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain('id="hero-heading"');
    expect(showsReviews(html)).toBe(false);
  });

  it("/home is always the landing page", async () => {
    await app.kv.put("setting:promotion_as_entry_page", "true");
    expect((await app.fetch("/home")).status).toBe(200);
  });
});

describe("A/B tests at the edge", () => {
  const heroHeadline = (html: string) => /<h1 id="hero-heading"[^>]*>([^<]*)<\/h1>/.exec(html)?.[1];

  it("renders the assigned variants in the first HTML and sets a sticky visitor cookie", async () => {
    const first = await app.fetch("/home");
    const cookie = first.headers.get("Set-Cookie");
    expect(cookie).toMatch(/lv_ab=.+; Max-Age=15552000; Path=\/; HttpOnly; SameSite=Lax/);
    const expected = await assignmentsOfCookie(cookie);
    const html = await first.text();
    expect(heroHeadline(html)).toBe(expected.hero_headline.label);
    expect(html).toContain(expected.hero_cta.label);
    expect(html).toContain(expected.waitlist_cta.label);

    const again = await app.fetch("/home", { headers: { Cookie: cookie!.split(";")[0]! } });
    expect(again.headers.get("Set-Cookie")).toBeNull();
    expect(heroHeadline(await again.text())).toBe(expected.hero_headline.label);
  });

  it("exposes the assignment to the client", async () => {
    const response = await app.fetch("/home");
    const expected = await assignmentsOfCookie(response.headers.get("Set-Cookie"));
    const html = await response.text();
    const json = /<script type="application\/json" id="ab-assignments">([^<]*)<\/script>/.exec(html)![1]!;
    expect(JSON.parse(json)).toEqual(expected);
    // Once: the page island hydrates with the labels it renders, not with a second copy of the assignment.
    const island = JSON.parse(/<script type="application\/json" id="page-island-data">([^<]*)<\/script>/.exec(html)![1]!);
    expect(Object.keys(island.props)).not.toContain("ab");
    expect(html.split(`"test":"hero_headline"`).length - 1).toBe(1);
  });

  it("reads the definitions from KV", async () => {
    await app.kv.put(
      "ab_tests",
      JSON.stringify({ ...DEFAULT_AB_TESTS, hero_headline: { enabled: true, variants: [{ id: "kv_only", label: "Links, sorted at last", weight: 100 }] } }),
    );
    expect(heroHeadline(await (await app.fetch("/home")).text())).toBe("Links, sorted at last");
  });

  it("falls back to the spec's table when KV holds an invalid configuration or is down", async () => {
    const labels = DEFAULT_AB_TESTS.hero_headline.variants.map((v) => v.label);
    await app.kv.put("ab_tests", JSON.stringify({ hero_headline: { enabled: true, variants: [{ id: "x", label: "Broken", weight: 7 }] } }));
    expect(labels).toContain(heroHeadline(await (await app.fetch("/home")).text()));
    expect(labels).toContain(heroHeadline(await (await app.withEnv({ CONFIG: unavailableKV() })("/home")).text()));
  });

  it("sets no cookie for visitors who ask not to be tracked, and still assigns them stably", async () => {
    const headers = { "Sec-GPC": "1", "User-Agent": "Mozilla/5.0 Test", "Accept-Language": "de-DE" };
    const first = await app.fetch("/home", { headers });
    expect(first.headers.get("Set-Cookie")).toBeNull();
    const second = await app.fetch("/home", { headers });
    expect(heroHeadline(await first.text())).toBe(heroHeadline(await second.text()));
  });
});

describe("resource hints", () => {
  it("prefetches two screenshots and /features, and names no third-party host before consent", async () => {
    const html = await (await app.fetch("/home")).text();
    expect(html).toContain('<link rel="prefetch" href="/images/screenshots/home.svg"/>');
    expect(html).toContain('<link rel="prefetch" href="/images/screenshots/categories.svg"/>');
    expect(html).toContain('<link rel="prefetch" href="/features"/>');
    expect(html).not.toMatch(/rel="(preconnect|dns-prefetch)"/);
    // Each language's landing page prefetches its own features page.
    const german = await (await app.fetch("/de/home")).text();
    expect(german).toContain('<link rel="prefetch" href="/de/features"/>');
    expect(german).not.toContain('href="/features"');
    expect(html).not.toMatch(/googletagmanager|google-analytics|amplitude/);
  });
});

describe("the landing page in the page's language (issue 32)", () => {
  const ldJson = (html: string) =>
    [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/gs)].map((m) => JSON.parse(m[1]!) as Record<string, unknown>);

  it("says its language in the structured data, with the FAQ's questions and answers", async () => {
    for (const [path, tag, lang] of [["/home", "en", "en"], ["/de/home", "de", "de"], ["/pt-br/home", "pt-BR", "pt-br"]] as const) {
      const data = ldJson(await (await app.fetch(path)).text());
      const faq = data.find((item) => item["@type"] === "FAQPage") as { inLanguage: string; mainEntity: { name: string }[] };
      expect(faq.inLanguage, path).toBe(tag);
      expect(faq.mainEntity).toHaveLength(11);
      expect(faq.mainEntity[0]?.name, path).toBe(faqEntries(serverT(lang))[0]?.question);
      expect(data.find((item) => item["@type"] === "SoftwareApplication")?.inLanguage, path).toBe(tag);
    }
  });

  it("keeps its links in the page's language", async () => {
    const html = await (await app.fetch("/de/home")).text();
    expect(html).toContain('href="/de/features#custom-categories"');
    expect(html).toContain('href="/de/link-sanitization"');
    expect(html).toContain('href="/de/contact"');
    expect(html).not.toContain('href="/features#');
  });

  it("sends the browser the hydrated sections' words, and the static islands' only for a client-side navigation", async () => {
    const island = "Save the page, not the trackers";
    const hydrated = "See it on your iPhone";
    const html = await (await app.fetch("/home", { headers: { Accept: "text/html,application/xhtml+xml" } })).text();
    // Once in the HTML; the hydrated section's words also once more in the loader data.
    expect(html.split(island)).toHaveLength(2);
    expect(html.split(hydrated)).toHaveLength(3);
    const data = (await (await app.fetch("/home?_data=routes%2F(%24lang).home")).json()) as { messages: Record<string, unknown> };
    expect(JSON.stringify(data.messages)).toContain(island);
    expect(JSON.stringify(data.messages)).toContain(hydrated);
  });
});

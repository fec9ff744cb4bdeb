import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../support/app";

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.dispose());

const page = (url: string) => `/link-sanitization?url=${encodeURIComponent(url)}`;
const h1Count = (html: string) => (html.match(/<h1[\s>]/g) ?? []).length;
/** The rendered document without the hydration data, which repeats the input as JSON. */
const markup = (html: string) => html.replace(/<script[\s\S]*?<\/script>/g, "");

describe("/link-sanitization", () => {
  it("renders the page with its title, one h1 and the canonical URL", async () => {
    const response = await app.fetch("/link-sanitization");
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain("<title>Link sanitization: remove tracking from links · LinkVault</title>");
    expect(h1Count(html)).toBe(1);
    expect(html).toContain('rel="canonical" href="https://linkvault.app/link-sanitization"');
    expect(html).toContain('action="/link-sanitization"');
    expect(html).toContain('method="get"');
    expect(html).toContain("Nothing cleaned yet.");
    expect(html).not.toContain('name="robots"');
  });

  it("cleans a link on the server: the cleaned URL and the removed names are in the HTML", async () => {
    const tracked = "https://news.example.com/story?id=42&utm_source=newsletter&utm_medium=email&fbclid=IwAR2xK9&gclid=Cj0KCQjw";
    const response = await app.fetch(page(tracked));
    expect(response.status).toBe(200);
    const html = markup(await response.text());
    expect(html).toContain('value="https://news.example.com/story?id=42"');
    for (const name of ["utm_source", "utm_medium", "fbclid", "gclid"]) expect(html).toContain(`>${name}<`);
    expect(html).toContain("Google Ads click identifier");
    expect(html).toContain("Campaign tracking (UTM)");
    expect(html).toContain("Removed 4 tracking parameters.");
    expect(html).toContain('<meta name="robots" content="noindex"/>');
  });

  it("escapes what the visitor pasted", async () => {
    const hostile = 'https://example.com/?q="><script>alert(1)</script>&utm_source=<img src=x onerror=alert(2)>';
    const response = await app.fetch(page(hostile));
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).not.toContain("<script>alert(1)");
    expect(html).not.toContain("<img src=x");
    // The removed value is shown as text.
    expect(markup(html)).toContain("&lt;img src=x onerror=alert(2)&gt;");
  });

  it("refuses a javascript: link with the message and a 200", async () => {
    const response = await app.fetch(page("javascript:alert(document.cookie)"));
    expect(response.status).toBe(200);
    const html = markup(await response.text());
    expect(html).toContain("Only web links (http or https) can be cleaned.");
    expect(html).toContain('aria-invalid="true"');
    expect(html).not.toContain('id="sanitizer-output"');
  });

  it("refuses text that is not a link", async () => {
    const response = await app.fetch(page("just some words"));
    expect(response.status).toBe(200);
    expect(markup(await response.text())).toContain("That doesn&#x27;t look like a link. Paste a full web address.");
  });

  it("answers a 5,000-character link with the too-long message, never a 5xx", async () => {
    const long = `https://example.com/?q=${"a".repeat(5000)}&utm_source=x`;
    const response = await app.fetch(page(long));
    expect(response.status).toBe(200);
    const html = markup(await response.text());
    expect(html).toContain("That link is too long to clean here (2,048 characters at most).");
    expect(html).not.toContain("a".repeat(3000));
  });

  it("shows the empty state for a blank submission", async () => {
    const response = await app.fetch("/link-sanitization?url=%20%20");
    expect(response.status).toBe(200);
    expect(await response.text()).toContain("Nothing cleaned yet.");
  });

  it("links to the App Store in a new tab and to the beta waitlist", async () => {
    const html = await (await app.fetch("/link-sanitization")).text();
    expect(html).toMatch(/href="https:\/\/apps\.apple\.com\/[^"]+" target="_blank" rel="noopener noreferrer"/);
    expect(html).toContain('href="/home#waitlist"');
  });
});

describe("/privacy.html and /terms.html", () => {
  it("serves the privacy policy with its title, one h1, a date and a table of contents", async () => {
    const response = await app.fetch("/privacy.html");
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain("<title>Privacy Policy · LinkVault</title>");
    expect(h1Count(html)).toBe(1);
    expect(html).toContain('rel="canonical" href="https://linkvault.app/privacy.html"');
    expect(html).toMatch(/Last updated <time dateTime="\d{4}-\d{2}-\d{2}">/i);
    expect(html).toContain('href="#cookies"');
    expect(html).toContain('id="cookies"');
  });

  it("tells the truth about what the site stores", async () => {
    const html = markup(await (await app.fetch("/privacy.html")).text());
    for (const term of ["lv_ab", "cookie-consent", "cookie-consent-date", "landing-attribution", "180 days", "Global Privacy Control"]) {
      expect(html).toContain(term);
    }
    // The waitlist entry's fields.
    for (const field of ["email address", "first and last name", "source", "intent", "user agent", "direct", "utm_source", "utm_medium", "utm_campaign", "platform", "action"]) {
      expect(html).toContain(field);
    }
    expect(html).toContain("keyed hash");
    expect(html).toContain("support@linkvault.app");
    expect(html).toContain("Cloudflare");
    expect(html).toContain("We do not sell your data");
  });

  it("names the language cookie: what it holds, for how long, and why it needs no consent", async () => {
    const html = markup(await (await app.fetch("/privacy.html")).text());
    const row = /<tr><th scope="row"><code>lv_lang<\/code><\/th>(.*?)<\/tr>/.exec(html.replace(/\n\s*/g, ""))?.[1] ?? "";
    expect(row).toContain("strictly necessary");
    expect(row).toContain("The language you chose");
    expect(row).toContain("needs no consent");
    expect(row).toContain("<td>1 year</td>");
  });

  it.each(["/privacy.html", "/terms.html"])("serves %s in every language under its prefix, and refuses an unknown one", async (path) => {
    const response = await app.fetch(`/de${path}`);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toMatch(/<html lang="de"/);
    expect(html).toContain(`rel="canonical" href="https://linkvault.app/de${path}"`);
    expect(html).toContain(`hrefLang="ja" href="https://linkvault.app/ja${path}"`);
    expect((await app.fetch(`/xx${path}`)).status).toBe(404);
    const english = await app.fetch(`/en${path}`, { redirect: "manual" });
    expect(english.status).toBe(301);
    expect(english.headers.get("Location")).toBe(path);
  });

  it("serves the terms with their title, one h1 and the beta and donation sections", async () => {
    const response = await app.fetch("/terms.html");
    expect(response.status).toBe(200);
    const html = markup(await response.text());
    expect(html).toContain("<title>Terms of Service · LinkVault</title>");
    expect(h1Count(html)).toBe(1);
    expect(html).toContain('id="beta-program"');
    expect(html).toContain("Beta builds are unfinished.");
    expect(html).toContain("the laws of the owner&#x27;s place of business");
    expect(html).toContain("www.buymeacoffee.com");
  });
});

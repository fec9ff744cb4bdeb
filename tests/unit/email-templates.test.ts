/**
 * Every kind of message, rendered as the sender renders it: links only on SITE_URL, the unsubscribe
 * headers, a plain-text part, no images or tracking, everything interpolated escaped, dark mode and
 * narrow screens provided for.
 */
import { describe, expect, it } from "vitest";
import { verifyLinkToken } from "~/features/email/links.server";
import { emailKinds } from "~/features/email/templates/kinds.server";
import { renderLayout } from "~/features/email/templates/layout.server";
import { renderMarkdown } from "~/features/email/templates/markdown.server";
import { renderMessage } from "~/features/email/templates/render.server";
import { i18nFor } from "~/lib/i18n/catalogues.server";
import { languageTag, type Lang } from "~/lib/i18n/languages";
import { signToken } from "~/lib/signed-token.server";
import type { CampaignContent, EmailEntry } from "~/features/email/templates/types.server";

const keys = { siteUrl: "https://linkvault.example", tokenSecret: "k".repeat(40) };
const ISSUED = Date.UTC(2026, 2, 1);
const HOSTILE = `<script>alert("x")</script> & 'Bob'`;

const entry = (status: EmailEntry["status"]): EmailEntry => ({
  id: 17,
  email: "reader@example.com",
  firstName: HOSTILE,
  status,
  referralCode: "abc123def456",
  referralCount: 2,
  intent: "beta_testing",
  linkVersion: 0,
  preferences: { updates: true, invitations: true, android: true, macos: false, chromeExtension: false },
});

const TESTFLIGHT = "https://testflight.apple.com/join/AbCd1234";
const invitationCampaign: CampaignContent = { id: 3, kind: "invitation", subject: null, bodyMarkdown: null, testflightUrl: TESTFLIGHT };
const announcementCampaign: CampaignContent = {
  id: 4,
  kind: "announcement",
  subject: "Android is here",
  bodyMarkdown: "## The Android app\n\nIt is ready. Read [the post](/blog/android) and *tell us* what you think.\n\n- one\n- two",
  testflightUrl: null,
};

const cases = [
  { kind: "confirm", status: "pending", payload: { consentRequest: true, form: "waitlist" }, campaign: null, external: [] },
  { kind: "welcome", status: "confirmed", payload: { place: 12, total: 340 }, campaign: null, external: [] },
  { kind: "status_link", status: "confirmed", payload: {}, campaign: null, external: [] },
  { kind: "invitation", status: "confirmed", payload: {}, campaign: invitationCampaign, external: [TESTFLIGHT] },
  { kind: "announcement", status: "confirmed", payload: { segment: "android" }, campaign: announcementCampaign, external: [] },
] as const;

const render = ({ kind, status, payload, campaign }: (typeof cases)[number]) =>
  renderMessage(emailKinds[kind], { to: "reader@example.com", entry: entry(status), payload, issuedAt: ISSUED, keys, campaign });

const hrefs = (html: string) => [...html.matchAll(/\b(?:href|src|background)\s*=\s*"([^"]*)"/gi)].map((m) => m[1]!.replace(/&amp;/g, "&"));
const textUrls = (text: string) => [...text.matchAll(/\b[a-z][a-z0-9+.-]*:\/\/\S+/gi)].map((m) => m[0]);

describe.each(cases)("the $kind message", (testCase) => {
  it("links only to SITE_URL, in the HTML and in the text", async () => {
    const message = await render(testCase);
    const links = [...hrefs(message.html), ...textUrls(message.text)];
    expect(links.length).toBeGreaterThan(2);
    const external: readonly string[] = testCase.external;
    for (const link of links) expect(link.startsWith(`${keys.siteUrl}/`) || link === keys.siteUrl || external.includes(link)).toBe(true);
    expect(message.html).not.toMatch(/mailto:|javascript:/i);
  });

  it("carries List-Unsubscribe (https, with a valid unsubscribe token) and one-click List-Unsubscribe-Post", async () => {
    const message = await render(testCase);
    expect(message.headers["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
    const match = /^<(https:\/\/[^>]+)>$/.exec(message.headers["List-Unsubscribe"] ?? "");
    expect(match).not.toBeNull();
    const url = new URL(match![1]!);
    expect(url.origin + url.pathname).toBe(`${keys.siteUrl}/waitlist/unsubscribe`);
    expect(await verifyLinkToken(keys, "unsubscribe", url.searchParams.get("token"), ISSUED + 1000)).toMatchObject({ status: "valid", waitlistId: 17 });
    // The same link in the footer of both parts.
    expect(message.html).toContain(`href="${match![1]!.replace(/&/g, "&amp;")}"`);
    expect(message.text).toContain(match![1]!);
  });

  it("has a plain-text part with the site's name and why the reader gets it", async () => {
    const message = await render(testCase);
    expect(message.text.startsWith("LinkVault\n")).toBe(true);
    expect(message.text).toMatch(/You are getting this because/);
    expect(message.html).toMatch(/You are getting this because/);
    expect(message.text.replaceAll(HOSTILE, "")).not.toMatch(/<[a-z]/i);
  });

  it("has no image, pixel, script or remote style", async () => {
    const { html } = await render(testCase);
    for (const img of html.match(/<img\b[^>]*>/gi) ?? []) expect(img).toMatch(new RegExp(`src="${keys.siteUrl}/`));
    expect(html).not.toMatch(/<script|<link\b|@import|url\(/i);
  });

  it("escapes what it interpolates; a confirmation, to an address not yet confirmed, does not repeat the name", async () => {
    const message = await render(testCase);
    expect(message.html).not.toContain("<script>");
    if (testCase.kind === "confirm") {
      expect(message.html).not.toContain("Bob");
      expect(message.text).not.toContain("Bob");
    } else {
      expect(message.html).toContain("&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;Bob&#39;");
      expect(message.text).toContain(HOSTILE); // plain text is not HTML
    }
    expect(message.subject).not.toMatch(/[\r\n]/);
  });

  it("reads in dark mode and at 320 px: color-scheme, a dark style block, nothing wider than the screen", async () => {
    const { html } = await render(testCase);
    expect(html).toContain('<meta name="color-scheme" content="light dark">');
    expect(html).toMatch(/@media \(prefers-color-scheme: dark\)/);
    expect(html).toContain('name="viewport" content="width=device-width, initial-scale=1"');
    for (const [, width] of html.matchAll(/(?<!max-)width\s*[:=]\s*"?(\d+)px/gi)) expect(Number(width)).toBeLessThanOrEqual(320);
    for (const [, width] of html.matchAll(/\swidth="(\d+)"/gi)) expect(Number(width)).toBeLessThanOrEqual(320);
  });

  it("renders the same bytes every time (a resend is the same request)", async () => {
    expect(await render(testCase)).toEqual(await render(testCase));
  });
});

describe("message content", () => {
  it("confirm: a confirm link valid for 48 hours from when the message was queued", async () => {
    const message = await render(cases[0]);
    const url = hrefs(message.html).find((href) => href.includes("/waitlist/confirm?"))!;
    const token = new URL(url).searchParams.get("token");
    expect(await verifyLinkToken(keys, "confirm", token, ISSUED + 47 * 3_600_000)).toMatchObject({ status: "valid", waitlistId: 17 });
    expect(await verifyLinkToken(keys, "confirm", token, ISSUED + 48 * 3_600_000)).toMatchObject({ status: "expired", waitlistId: 17 });
    expect(message.text).toMatch(/48 hours/);
    expect(message.text).toMatch(/If it was not you, ignore this message/);
  });

  it("welcome: the place in line, the status page and the referral link", async () => {
    const message = await render(cases[1]);
    expect(message.text).toContain("You are #12 of 340");
    expect(message.text).toContain(`${keys.siteUrl}/waitlist?ref=abc123def456`);
    const status = hrefs(message.html).find((href) => href.includes("/waitlist/status?"))!;
    expect(await verifyLinkToken(keys, "status", new URL(status).searchParams.get("token"), ISSUED + 364 * 86_400_000)).toMatchObject({ status: "valid" });
  });

  it("a notify-me request's confirmation and welcome speak of its platforms, with no place or referral link (ADR 0048)", async () => {
    const notifyMe: EmailEntry = { ...entry("pending"), firstName: "Nia", intent: "waitlist", preferences: { updates: false, invitations: false, android: true, macos: true, chromeExtension: false } };
    const confirmation = await renderMessage(emailKinds.confirm, { to: "reader@example.com", entry: notifyMe, payload: { consentRequest: true, form: "notify" }, issuedAt: ISSUED, keys });
    expect(confirmation.text).toContain("asked to hear from LinkVault as each of the Android app and the Mac app is ready with this address");
    const welcome = await renderMessage(emailKinds.welcome, { to: "reader@example.com", entry: { ...notifyMe, status: "confirmed" }, payload: {}, issuedAt: ISSUED, keys });
    expect(welcome.subject).toBe("You'll hear from LinkVault as each of the Android app and the Mac app is ready");
    expect(welcome.text).not.toMatch(/\?ref=|#\d|place in line/);
    expect(hrefs(welcome.html).some((href) => href.startsWith(`${keys.siteUrl}/waitlist/status?token=`))).toBe(true);
  });

  it("a request to join the beta is wanted only while the confirmed person is not in it", () => {
    const wanted = (status: EmailEntry["status"], intent: string) => emailKinds.confirm.wanted({ ...entry(status), intent }, { joinBeta: true });
    expect(wanted("confirmed", "waitlist")).toBe(true);
    expect(wanted("confirmed", "beta_testing")).toBe(false);
    expect(wanted("unsubscribed", "waitlist")).toBe(false);
  });

  it("status_link: a fresh status page link", async () => {
    const message = await render(cases[2]);
    expect(hrefs(message.html).some((href) => href.startsWith(`${keys.siteUrl}/waitlist/status?token=`))).toBe(true);
  });

  it("status_link: only for a confirmed person; after 'Sign out old links' it says so, and its link carries the entry's link version", async () => {
    const kind = emailKinds.status_link;
    expect(kind.wanted(entry("confirmed"), {})).toBe(true);
    expect(kind.wanted(entry("pending"), {})).toBe(false);
    expect(kind.wanted(entry("unsubscribed"), {})).toBe(false);
    const message = await renderMessage(kind, { to: "reader@example.com", entry: { ...entry("confirmed"), linkVersion: 3 }, payload: { signedOut: true }, issuedAt: ISSUED, keys });
    expect(message.subject).toBe("Your new LinkVault status page link");
    expect(message.text).toContain("You signed out every earlier link to your status page");
    const status = hrefs(message.html).find((href) => href.includes("/waitlist/status?"))!;
    const token = new URL(status).searchParams.get("token");
    expect(token).toMatch(/^17_3\./);
    expect(await verifyLinkToken(keys, "status", token, ISSUED)).toMatchObject({ status: "valid", waitlistId: 17, linkVersion: 3 });
    // The unsubscribe link carries no version: leaving always works.
    const unsubscribe = new URL(message.headers!["List-Unsubscribe"]!.slice(1, -1)).searchParams.get("token");
    expect(unsubscribe).toMatch(/^17\./);
    expect(await verifyLinkToken(keys, "unsubscribe", unsubscribe, ISSUED)).toMatchObject({ status: "valid", waitlistId: 17, linkVersion: 0 });
    // Well signed, but a shape no link of that purpose has: refused.
    const sign = (purpose: string, subject: string) => signToken(keys.tokenSecret, { purpose, subject, expiresAt: ISSUED + 3_600_000 });
    expect(await verifyLinkToken(keys, "unsubscribe", await sign("unsubscribe", "17_3"), ISSUED)).toEqual({ status: "invalid" });
    for (const subject of ["17_0", "17_", "17_03", "0_1", "17_1_2"]) expect(await verifyLinkToken(keys, "status", await sign("status", subject), ISSUED), subject).toEqual({ status: "invalid" });
  });

  it("the layout refuses a link that is not on SITE_URL", () => {
    const content = { subject: "s", preheader: "p", heading: "h", reason: "r", blocks: [{ type: "button" as const, label: "Go", url: "https://elsewhere.example/x" }] };
    expect(() => renderLayout({ content, siteUrl: keys.siteUrl, unsubscribeUrl: `${keys.siteUrl}/waitlist/unsubscribe?token=x` })).toThrow(/SITE_URL/);
    expect(() => renderLayout({ content: { ...content, blocks: [] }, siteUrl: keys.siteUrl, unsubscribeUrl: "https://linkvault.example.evil.com/u" })).toThrow(/SITE_URL/);
  });

  it("invitation: the batch's TestFlight link (as written, https), install steps, and the status page", async () => {
    const message = await render(cases[3]);
    expect(hrefs(message.html)).toContain(TESTFLIGHT);
    expect(message.text).toContain(TESTFLIGHT);
    expect(message.text).toMatch(/1\. On your iPhone or iPad, install TestFlight/);
    expect(message.subject).toBe("Your invitation to the LinkVault beta");
    expect(hrefs(message.html).some((href) => href.startsWith(`${keys.siteUrl}/waitlist/status?token=`))).toBe(true);
    // An invitation cannot render without its batch's link, and the layout takes no plain-http or credentialed external link.
    await expect(renderMessage(emailKinds.invitation, { to: "r@example.com", entry: entry("confirmed"), payload: {}, issuedAt: ISSUED, keys, campaign: null })).rejects.toThrow();
    for (const url of ["http://testflight.apple.com/join/x", "https://u:p@testflight.apple.com/join/x"]) {
      const content = { subject: "s", preheader: "p", heading: "h", reason: "r", blocks: [{ type: "external_button" as const, label: "Go", url }] };
      expect(() => renderLayout({ content, siteUrl: keys.siteUrl, unsubscribeUrl: `${keys.siteUrl}/waitlist/unsubscribe?token=x` })).toThrow(/external/);
    }
  });

  it("announcement: the owner's subject, the Markdown rendered, relative links made absolute on SITE_URL, the segment's reason", async () => {
    const message = await render(cases[4]);
    expect(message.subject).toBe("Android is here");
    expect(message.html).toMatch(/<h2 style="[^"]*">The Android app<\/h2>/);
    expect(message.html).toContain("<em>tell us</em>");
    expect(hrefs(message.html)).toContain(`${keys.siteUrl}/blog/android`);
    expect(message.text).toContain(`the post (${keys.siteUrl}/blog/android)`);
    expect(message.text).toMatch(/- one\n- two/);
    expect(message.text).toMatch(/asked to hear when the Android app is ready/);
  });

  it("every kind in the registry has a payload schema, a wanted rule and content", () => {
    for (const [name, kind] of Object.entries(emailKinds)) {
      expect(kind.name).toBe(name);
      expect(typeof kind.wanted).toBe("function");
      expect(typeof kind.content).toBe("function");
    }
  });
});

describe("an announcement's Markdown against a hostile body", () => {
  const site = keys.siteUrl;
  const hostile = [
    "<script>alert(1)</script>",
    '<img src="https://tracker.example/pixel.gif" onerror="alert(1)">',
    "<style>body{background:url(https://tracker.example/x)}</style>",
    '<a href="javascript:alert(1)">click</a>',
    "[click](javascript:alert(1))",
    "[data](data:text/html;base64,PHNjcmlwdD4=)",
    "[vb](vbscript:msgbox)",
    "[relative](page.html) [proto-relative](//evil.example/x) [creds](https://user:pass@evil.example/)",
    "![pixel](https://tracker.example/p.gif)",
    '<iframe src="https://evil.example"></iframe><form action="https://evil.example"><input></form>',
    "[x](https://ok.example/\" onmouseover=\"alert(1))",
    "<svg onload=alert(1)>",
  ].join("\n\n");

  it("writes no element of its own: raw HTML shows as text, no script, image, style, frame, form or event handler", () => {
    const { html } = renderMarkdown(hostile, site);
    expect(html).not.toMatch(/<(script|img|style|iframe|form|input|svg|object|embed|link|meta|base)\b/i);
    for (const [tag] of html.matchAll(/<[a-z][^>]*>/gi)) expect(tag).not.toMatch(/\son[a-z]+\s*=/i);
    expect(html).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
    const tags = [...html.matchAll(/<\/?([a-z0-9]+)/gi)].map((m) => m[1]!.toLowerCase());
    for (const tag of tags) expect(["p", "h2", "h3", "ul", "ol", "li", "blockquote", "pre", "code", "a", "strong", "em", "del", "br", "hr"]).toContain(tag);
  });

  it("links only to https, http, mailto or the site, as written; an image is a link to it, never loaded", () => {
    const { html, text } = renderMarkdown(hostile, site);
    const links = hrefs(html);
    expect(links).toEqual(["https://tracker.example/p.gif", "https://ok.example/"]);
    for (const [tag] of html.matchAll(/<a\b[^>]*>/gi)) expect(tag).not.toMatch(/javascript:|data:|vbscript:|evil\.example/i);
    expect(text).toContain("[pixel] (https://tracker.example/p.gif)");
    const good = renderMarkdown("[Mail us](mailto:hello@linkvault.example) [Home](/) [App](https://apps.apple.com/app/id1) <https://linkvault.example/x>", site);
    expect(hrefs(good.html)).toEqual(["mailto:hello@linkvault.example", `${site}/`, "https://apps.apple.com/app/id1", "https://linkvault.example/x"]);
  });

  it("renders to the same bytes every time", () => {
    expect(renderMarkdown(hostile, site)).toEqual(renderMarkdown(hostile, site));
  });
});

describe("a message in the person's language (ADR 0058)", () => {
  const inLanguage = (testCase: (typeof cases)[number], lang: Lang) =>
    renderMessage(emailKinds[testCase.kind], { to: "reader@example.com", entry: entry(testCase.status), payload: testCase.payload, issuedAt: ISSUED, keys, campaign: testCase.campaign, lang });

  it.each(cases)("$kind: lang attribute, and every link on the site (home, buttons, referral, unsubscribe) under the language's prefix", async (testCase) => {
    for (const lang of ["de", "pt-br", "ja"] as const) {
      const message = await inLanguage(testCase, lang);
      expect(message.html).toContain(`<html lang="${languageTag(lang)}" dir="ltr">`);
      // The owner's own Markdown links stay as written (announcement: [the post](/blog/android)).
      const asWritten: readonly string[] = [...testCase.external, ...(testCase.kind === "announcement" ? [`${keys.siteUrl}/blog/android`] : [])];
      for (const link of asWritten) expect(hrefs(message.html)).toContain(link);
      const onSite = [...hrefs(message.html), ...textUrls(message.text)].filter((link) => !asWritten.some((written) => link.startsWith(written)));
      expect(onSite.length).toBeGreaterThan(2);
      for (const link of onSite) expect(link.startsWith(`${keys.siteUrl}/${lang}/`), link).toBe(true);
      expect(message.headers["List-Unsubscribe"]).toMatch(new RegExp(`^<${keys.siteUrl}/${lang}/waitlist/unsubscribe\\?token=`));
      // The tokens are the language-independent ones: the same entry, the same purposes.
      const status = [...hrefs(message.html), ...textUrls(message.text)].find((href) => href.includes("/waitlist/status?") || href.includes("/waitlist/confirm?"))!;
      expect(await verifyLinkToken(keys, status.includes("/confirm?") ? "confirm" : "status", new URL(status).searchParams.get("token"), ISSUED)).toMatchObject({ status: "valid", waitlistId: 17 });
    }
  });

  it("English is the default, unchanged: no prefix, lang en", async () => {
    const message = await inLanguage(cases[1], "en");
    expect(message).toEqual(await render(cases[1]));
    expect(message.html).toContain('<html lang="en" dir="ltr">');
    expect(message.text).toContain(`${keys.siteUrl}/waitlist?ref=abc123def456`);
  });

  it("lists the platforms by the language's rules (Intl.ListFormat), English without a serial comma", async () => {
    const all: EmailEntry = { ...entry("pending"), intent: "waitlist", preferences: { updates: false, invitations: false, android: true, macos: true, chromeExtension: true } };
    const names = ["android", "macos", "chrome_extension"].map((p) => i18nFor("de")._(`email.platforms.${p}`));
    const german = await renderMessage(emailKinds.confirm, { to: "r@example.com", entry: all, payload: {}, issuedAt: ISSUED, keys, lang: "de" });
    expect(german.text).toContain(new Intl.ListFormat("de", { type: "conjunction" }).format(names));
    const english = await renderMessage(emailKinds.confirm, { to: "r@example.com", entry: all, payload: {}, issuedAt: ISSUED, keys });
    expect(english.text).toContain("as each of the Android app, the Mac app and the Chrome extension is ready");
  });

  it("the subject and words come from the language's catalogue", async () => {
    const message = await inLanguage(cases[0], "fr");
    expect(message.subject).toBe(i18nFor("fr")._("email.confirmation.subject", { appName: "LinkVault" }));
    expect(message.text).toContain(i18nFor("fr")._("email.confirmation.linkLifetime"));
  });

  it("a name comes out as typed, even one that looks like an escape sequence", async () => {
    const odd = "Zoë \\u0041\\x42 {name}";
    const message = await renderMessage(emailKinds.welcome, { to: "r@example.com", entry: { ...entry("confirmed"), firstName: odd }, payload: {}, issuedAt: ISSUED, keys, lang: "de" });
    expect(message.text).toContain(odd);
  });
});

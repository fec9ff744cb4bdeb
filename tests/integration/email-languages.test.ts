/**
 * Emails in the person's language (issue 32, ADR 0058), through the real pipeline and Remix build on a
 * real D1, with email on (the Resend stand-in on 127.0.0.1): a sign-up stores the language of the page
 * it was made on; its confirmation goes out in it (`<html lang>`, links under the language's prefix,
 * the language's subject from its catalogue); a re-sign-up of a pending entry moves it, a confirmed
 * one's stays; a queued message keeps the language it was queued in; the owner sees each person's
 * language and can send an announcement to one language's people, and preview it in any language.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { siteConfig } from "~/config/site";
import { deliverDueEmail } from "~/features/email/sender.server";
import { i18nFor } from "~/lib/i18n/catalogues.server";
import type { Lang } from "~/lib/i18n/languages";
import { adminPost, decodeHtml, OWNER, openAdminApp, pageGet } from "../support/admin";
import { formPost, type TestApp } from "../support/app";
import { emailVariables, SITE_URL } from "../support/email-variables";
import { startResendStandin, type ResendStandin } from "../support/standins";

let app: TestApp;
let cookie: string;
let standin: ResendStandin;
let vars: Record<string, string>;

beforeAll(async () => {
  standin = await startResendStandin({ ratePerSecond: 0 });
  // A high per-client limit: these tests sign up many times from one address.
  vars = { ...emailVariables(standin), WAITLIST_RATE_LIMIT_MAX: "1000" };
  ({ app, cookie } = await openAdminApp(vars));
});
afterAll(async () => {
  await app.dispose();
  await standin.close();
});
beforeEach(async () => {
  await app.settle();
  await app.db.batch(["email_outbox", "email_campaigns", "waitlist", "rate_limits", "admin_audit_log", "email_send_pacing", "site_settings"].map((t) => app.db.prepare(`DELETE FROM ${t}`)));
  await standin.reset();
});

const later = () => String(Date.now() - 5_000);
const routeData = (form: "waitlist" | "notify") => `_data=${encodeURIComponent(`routes/($lang).${form}`)}`;
/** The waitlist form posted from its page in `lang` (`/de/waitlist`), as the form's fetcher posts it. */
function signUp(lang: Lang | "xx", fields: Record<string, string>) {
  const prefix = lang === "en" ? "" : `/${lang}`;
  return app.fetch(formPost(`${prefix}/waitlist?${routeData("waitlist")}`, { submissionTime: later(), ...fields }, undefined, { Referer: `http://127.0.0.1:8788${prefix}/waitlist` }));
}
function notifyMe(lang: Lang, fields: Record<string, string>) {
  const prefix = lang === "en" ? "" : `/${lang}`;
  return app.fetch(
    formPost(`${prefix}/notify?platform=android&${routeData("notify")}`, { submissionTime: later(), source: "notification_modal", intent: "waitlist", platform: "android", ...fields }),
  );
}
const languageOf = async (email: string) => (await app.db.prepare("SELECT language FROM waitlist WHERE email = ?1").bind(email).first<{ language: string }>())?.language;
const outboxLanguages = async () => (await app.db.prepare("SELECT kind, language FROM email_outbox ORDER BY id").all<{ kind: string; language: string | null }>()).results;
const deliver = () => deliverDueEmail({ DB: app.db, ...vars } as never, { deadlineMs: 20_000 });
const hrefs = (html: string | null) => [...(html ?? "").matchAll(/href="([^"]+)"/g)].map((m) => m[1]!.replaceAll("&amp;", "&"));
/** The catalogue's subject for `lang`: the English one until that language's catalogue is written. */
const confirmationSubject = (lang: Lang) => i18nFor(lang)._("email.confirmation.subject", { appName: siteConfig.appName });

async function onlyDelivery() {
  const deliveries = await standin.deliveries();
  expect(deliveries).toHaveLength(1);
  return deliveries[0]!;
}

describe("a sign-up's language", () => {
  it("a sign-up on /de/waitlist is stored in German, and its confirmation is German: lang, subject, every link under /de/", async () => {
    const response = await signUp("de", { email: "Anna@Example.com", name: "Anna" });
    expect(response.status).toBe(200);
    expect(await languageOf("anna@example.com")).toBe("de");
    expect(await outboxLanguages()).toEqual([{ kind: "confirm", language: "de" }]);
    await deliver();
    const message = await onlyDelivery();
    expect(message.html).toMatch(/^<!DOCTYPE html>\n<html lang="de" dir="ltr">/);
    expect(message.subject).toBe(confirmationSubject("de"));
    const links = hrefs(message.html);
    expect(links.some((href) => href.startsWith(`${SITE_URL}/de/waitlist/confirm?token=`))).toBe(true);
    expect(links.every((href) => href.startsWith(`${SITE_URL}/de/`))).toBe(true);
    expect(message.headers["List-Unsubscribe"]).toMatch(new RegExp(`^<${SITE_URL}/de/waitlist/unsubscribe\\?token=`));
    expect(message.text).toContain(`${SITE_URL}/de/waitlist/confirm?token=`);

    // The link opens the confirmation page in German.
    const confirm = links.find((href) => href.includes("/waitlist/confirm?"))!.replace(SITE_URL, "http://127.0.0.1:8788");
    const page = await app.fetch(new Request(confirm, { headers: { Accept: "text/html" } }));
    expect(page.status).toBeLessThan(400);
    expect(await page.text()).toMatch(/<html lang="de"/);
  });

  it("the notify-me form on /pt-br/notify stores pt-br; its confirmation says pt-BR", async () => {
    const response = await notifyMe("pt-br", { email: "joao@example.com", name: "João Silva" });
    expect(response.status).toBe(200);
    expect(await languageOf("joao@example.com")).toBe("pt-br");
    await deliver();
    const message = await onlyDelivery();
    expect(message.html).toContain('<html lang="pt-BR" dir="ltr">');
    expect(hrefs(message.html).every((href) => href.startsWith(`${SITE_URL}/pt-br/`))).toBe(true);
  });

  it("an English sign-up keeps today's paths and lang en", async () => {
    await signUp("en", { email: "ed@example.com" });
    expect(await languageOf("ed@example.com")).toBe("en");
    await deliver();
    const message = await onlyDelivery();
    expect(message.html).toContain('<html lang="en" dir="ltr">');
    expect(message.subject).toBe(`Confirm your email for ${siteConfig.appName}`);
    const links = hrefs(message.html);
    expect(links.some((href) => href.startsWith(`${SITE_URL}/waitlist/confirm?token=`))).toBe(true);
    expect(links.some((href) => /^https:\/\/linkvault\.example\/[a-z]{2}(-[a-z]{2})?\//.test(href) && !href.includes("/waitlist"))).toBe(false);
  });

  it("a pending person who signs up again in another language: the latest choice wins, and the new confirmation is in it", async () => {
    // Signed up in German 11 minutes ago (past the resend window and this inbox's limit window).
    const old = new Date(Date.now() - 11 * 60_000).toISOString();
    await app.db
      .prepare("INSERT INTO waitlist (email, status, created_at, confirmation_sent_at, referral_code, language) VALUES (?1, 'pending', ?2, ?2, 'lenalena01', 'de')")
      .bind("lena@example.com", old)
      .run();
    const again = await signUp("fr", { email: "lena@example.com" });
    expect(again.status).toBe(409);
    expect(await languageOf("lena@example.com")).toBe("fr");
    await deliver();
    const message = await onlyDelivery();
    expect(message.html).toContain('<html lang="fr" dir="ltr">');
    expect(hrefs(message.html).every((href) => href.startsWith(`${SITE_URL}/fr/`))).toBe(true);
  });

  it("a confirmed person's language is not changed by a sign-up form on another language's page", async () => {
    await signUp("ja", { email: "kenji@example.com" });
    await app.db.prepare("UPDATE waitlist SET status = 'confirmed', line_seq = 1 WHERE email = 'kenji@example.com'").run();
    expect((await signUp("es", { email: "kenji@example.com" })).status).toBe(409);
    expect(await languageOf("kenji@example.com")).toBe("ja");
  });

  it("a queued message keeps the language it was queued in, so it renders the same whenever it goes out", async () => {
    await signUp("de", { email: "jonas@example.com" });
    await app.db.prepare("UPDATE waitlist SET language = 'ja' WHERE email = 'jonas@example.com'").run();
    await deliver();
    expect((await onlyDelivery()).html).toContain('<html lang="de" dir="ltr">');
  });

  it("a post to an unknown language prefix is a 404 and stores nothing", async () => {
    const response = await signUp("xx", { email: "nobody@example.com" });
    expect(response.status).toBe(404);
    expect(await languageOf("nobody@example.com")).toBeUndefined();
  });

  it("the person page shows the language by its English name", async () => {
    await signUp("es", { email: "sofia@example.com" });
    const id = (await app.db.prepare("SELECT id FROM waitlist WHERE email = 'sofia@example.com'").first<{ id: number }>())!.id;
    const html = decodeHtml(await (await app.fetch(pageGet(`/admin/beta-testers/${id}`, cookie))).text());
    expect(html).toMatch(/data-testid="tester-language">Spanish</);
  });
});

describe("announcements by language", () => {
  const ANNOUNCE = "/admin/announcements";
  const post = (fields: Record<string, string>) => app.fetch(adminPost(ANNOUNCE, fields, cookie));
  const fields = (over: Record<string, string> = {}) => ({
    intent: "send",
    subject: "Android is here",
    body: "It is **ready**.",
    segment: "android",
    request: crypto.randomUUID(),
    ...over,
  });

  async function seed(email: string, language: Lang) {
    await app.db
      .prepare(
        `INSERT INTO waitlist (email, first_name, status, intent, metadata, referral_code, wants_android, confirmed_at, language)
         VALUES (?1, 'Sam', 'confirmed', 'waitlist', '{}', lower(hex(randomblob(6))), 1, strftime('%Y-%m-%dT%H:%M:%fZ', 'now'), ?2)`,
      )
      .bind(email, language)
      .run();
  }

  beforeEach(async () => {
    await seed("en1@example.test", "en");
    await seed("en2@example.test", "en");
    await seed("de1@example.test", "de");
  });

  it("counts and reaches only the chosen language's people; each message's wrapper is in their language, the owner's text as written", async () => {
    const review = decodeHtml((await (await post(fields({ intent: "preview", language: "de" }))).text()).replaceAll("<!-- -->", ""));
    expect(review).toContain("Send to 1 person?");
    expect(review).toContain("Asked about Android · German");
    const everyone = decodeHtml((await (await post(fields({ intent: "preview" }))).text()).replaceAll("<!-- -->", ""));
    expect(everyone).toContain("Send to 3 people?");

    expect((await post(fields({ language: "de" }))).status).toBe(302);
    await deliver();
    const message = await onlyDelivery();
    expect(message.to).toEqual(["de1@example.test"]);
    expect(message.subject).toBe("Android is here");
    expect(message.html).toContain('<html lang="de" dir="ltr">');
    expect(message.html).toContain("<strong>ready</strong>");
    expect(hrefs(message.html).every((href) => href.startsWith(`${SITE_URL}/de/`))).toBe(true);
    const audience = await app.db.prepare("SELECT audience, audience_size FROM email_campaigns").first<{ audience: string; audience_size: number }>();
    expect(audience).toEqual({ audience: JSON.stringify({ segment: "android", language: "de" }), audience_size: 1 });
  });

  it("the preview and the test copy are in the language chosen for them", async () => {
    const preview = await (await post(fields({ intent: "preview", previewLanguage: "ja" }))).text();
    expect(preview).toContain("lang=&quot;ja&quot;");
    expect(decodeHtml(preview.replaceAll("<!-- -->", ""))).toContain("Shown as someone who signed up in Japanese gets it.");
    await post(fields({ intent: "test", previewLanguage: "ja" }));
    await deliver();
    const message = await onlyDelivery();
    expect(message.to).toEqual([OWNER.email]);
    expect(message.html).toContain('<html lang="ja" dir="ltr">');
    expect(hrefs(message.html).every((href) => href.startsWith(`${SITE_URL}/ja/`))).toBe(true);
  });

  it("the beta invitation's review shows and tests it in the language chosen, and each tester gets theirs", async () => {
    await app.db.prepare("INSERT INTO site_settings (key, value) VALUES ('testflight_url', 'https://testflight.apple.com/join/AbCd1234')").run();
    await app.db.prepare("UPDATE waitlist SET intent = 'beta_testing', line_seq = id").run();
    const invite = (over: Record<string, string>) => app.fetch(adminPost("/admin/beta-testers", { mode: "next", count: "3", request: crypto.randomUUID(), ...over }, cookie));
    const review = await (await invite({ intent: "review-invite", previewLanguage: "fr" })).text();
    expect(review).toContain("lang=&quot;fr&quot;");
    expect(decodeHtml(review.replaceAll("<!-- -->", ""))).toContain("Shown as a tester who signed up in French gets it");
    expect((await invite({ intent: "review-invite", previewLanguage: "xx" })).status).toBe(400);
    await invite({ intent: "test-invite", previewLanguage: "fr" });
    expect(await outboxLanguages()).toEqual([{ kind: "invitation", language: "fr" }]);
    await app.db.prepare("DELETE FROM email_outbox").run();
    expect((await invite({ intent: "invite" })).status).toBe(302);
    await deliver();
    const langs = Object.fromEntries((await standin.deliveries()).map((d) => [d.to[0], /<html lang="([^"]+)"/.exec(d.html ?? "")?.[1]]));
    expect(langs).toEqual({ "en1@example.test": "en", "en2@example.test": "en", "de1@example.test": "de" });
  });

  it("refuses a language it does not have (400), sending nothing", async () => {
    const refused: Record<string, string>[] = [{ language: "xx" }, { previewLanguage: "klingon", intent: "preview" }];
    for (const over of refused) {
      expect((await post(fields(over))).status).toBe(400);
    }
    expect((await app.db.prepare("SELECT count(*) AS n FROM email_outbox").first<{ n: number }>())!.n).toBe(0);
  });
});

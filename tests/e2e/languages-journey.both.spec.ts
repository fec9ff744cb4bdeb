/**
 * A visitor in each of the site's languages, end to end in Chromium, with and without JavaScript
 * (this file runs in both projects; issue 32): `/` with the language's Accept-Language lands on its
 * /home; joining there sends the confirmation in that language; its link confirms on that language's
 * page, and the status page speaks it; the switcher then shows the same page in another language.
 * Email is on in a stack of this file's own (email-stack.ts); the "inbox" is the Resend stand-in.
 */
import { expect, test, type Browser } from "@playwright/test";
import { siteConfig } from "~/config/site";
import { i18nFor } from "~/lib/i18n/catalogues.server";
import { LANGUAGES, languageName, languageTag, localizedPath, type Lang } from "~/lib/i18n/languages";
import type { MessageId, MessageValues } from "~/lib/i18n/message-id";
import { linkInMail, startEmailStack, type EmailStack } from "./email-stack";
import { uniqueEmail, waitForHydration, waitlistSection, waitlistSubmit } from "./helpers";

let stack: EmailStack;
test.beforeAll(async () => {
  test.setTimeout(180_000);
  stack = await startEmailStack();
});
test.afterAll(async () => {
  await stack?.close();
});

const appName = siteConfig.appName;
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** A visitor whose browser asks for `lang` first, who has answered the cookie banner before. */
async function visitorIn(browser: Browser, lang: Lang, javaScriptEnabled: boolean) {
  const tag = languageTag(lang);
  const context = await browser.newContext({
    javaScriptEnabled,
    locale: tag,
    extraHTTPHeaders: { "Accept-Language": `${tag},${tag.split("-")[0]};q=0.9,en;q=0.5` },
  });
  await context.addInitScript(() => {
    localStorage.setItem("cookie-consent", JSON.stringify({ necessary: true, analytics: false, marketing: false, functional: false }));
    localStorage.setItem("cookie-consent-date", "2026-01-01T00:00:00.000Z");
  });
  return context.newPage();
}

for (const { code: lang } of LANGUAGES) {
  test(`${languageName(lang)}: / lands on its /home; joining, the confirmation email, confirming and the status page are in ${lang}; the switcher keeps the page`, async ({ browser, javaScriptEnabled }) => {
    const t = (id: MessageId, values?: MessageValues) => i18nFor(lang)._(id, values);
    const page = await visitorIn(browser, lang, javaScriptEnabled);
    const settle = async () => {
      if (javaScriptEnabled) await waitForHydration(page);
    };

    await page.goto(`${stack.origin}/`);
    await expect(page).toHaveURL(`${stack.origin}${localizedPath(lang, "/home")}`);
    await expect(page.locator("html")).toHaveAttribute("lang", languageTag(lang));
    await settle();

    const email = uniqueEmail(`lang-${lang}`);
    const section = waitlistSection(page);
    await section.getByLabel(t("waitlist.form.emailLabel")).fill(email);
    await waitlistSubmit(page).click();
    await expect(page.getByTestId("waitlist-welcome").getByRole("heading", { name: t("waitlist.welcome.pendingHeading") })).toBeVisible();
    expect((await stack.db.prepare("SELECT language FROM waitlist WHERE email = ?1").bind(email).first<{ language: string }>())?.language).toBe(lang);

    const mail = await stack.mailTo(email, new RegExp(`^${escape(t("email.confirmation.subject", { appName }))}$`));
    expect(mail.html).toContain(`<html lang="${languageTag(lang)}"`);
    const confirmLink = linkInMail(mail, `${stack.origin}${localizedPath(lang, "/waitlist/confirm")}?`);

    await page.goto(confirmLink);
    await settle();
    await expect(page.locator("html")).toHaveAttribute("lang", languageTag(lang));
    await expect(page.getByRole("heading", { level: 1, name: t("status.confirm.title") })).toBeVisible();
    await page.getByRole("button", { name: t("status.confirm.button") }).click();
    await expect(page).toHaveURL(new RegExp(`^${escape(stack.origin + localizedPath(lang, "/waitlist/status"))}\\?`));
    // "You're #3 in line", whatever the place: the message with a number where the place goes.
    const placeTitle = new RegExp(`^${escape(t("status.place.title", { place: "§" })).replace("§", "[\\d.,\\s]+")}$`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(placeTitle);

    // Another language, by the switcher: the same page (the token comes along), its words and <html lang>.
    const other: Lang = lang === "ja" ? "de" : "ja";
    const statusUrl = new URL(page.url());
    await page.locator("footer .language-switcher summary").click();
    await page.locator("footer .language-switcher").getByRole("button", { name: languageName(other), exact: true }).click();
    await expect(page).toHaveURL(`${stack.origin}${localizedPath(other, "/waitlist/status")}${statusUrl.search}`);
    await expect(page.locator("html")).toHaveAttribute("lang", languageTag(other));
    const otherTitle = new RegExp(`^${escape(i18nFor(other)._("status.place.title", { place: "§" })).replace("§", "[\\d.,\\s]+")}$`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(otherTitle);
    await page.context().close();
  });
}

/**
 * The sign-up forms as the server renders them (what a visitor without JavaScript sees): the
 * confirmation line of the success screens (pendingConfirmation, double opt-in) and the human check's
 * note when Turnstile is on (ADR 0033). Rendered inside a data router whose root route hands out
 * Turnstile's configuration, as the app's root loader does.
 */
import { createElement as h, type ReactElement } from "react";
import { renderToString } from "react-dom/server";
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from "react-router-dom/server";
import { describe, expect, it } from "vitest";
import { NotifyForm } from "~/features/notify/NotifyForm";
import { WaitlistSection } from "~/features/waitlist/WaitlistSection";
import type { SignUpSent } from "~/features/waitlist/sign-up-schema";
import { formFailure, type PublicFormAnswer } from "~/lib/public-form-answer";
import { HUMAN_CHECK_MESSAGES, notifySuccessMessage, WAITLIST_FORM_MESSAGES, WAITLIST_SIGNED_UP_TEXT } from "~/lib/messages";
import { WAITLIST_TEXT } from "../support/spec-texts";
import { i18nFor } from "~/lib/i18n/catalogues.server";
import { StaticI18nProvider } from "~/lib/i18n/react";
import type { TurnstileClientConfig } from "~/lib/turnstile";
import { englishT } from "../support/english";

const TURNSTILE: TurnstileClientConfig = { siteKey: "0xSTANDIN000000000000AA", scriptUrl: "https://challenges.cloudflare.com/turnstile/v0/api.js" };

async function render(element: ReactElement, turnstile: TurnstileClientConfig | null = null, path = "/waitlist"): Promise<string> {
  const routes = [{ id: "root", path: "/", loader: () => ({ turnstile }), children: [{ path: path.slice(1), element }] }];
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(`http://127.0.0.1${path}`));
  if (context instanceof Response) throw new Error(`unexpected response ${context.status}`);
  const router = createStaticRouter(handler.dataRoutes, context);
  return renderToString(h(StaticI18nProvider, { lang: "en", i18n: i18nFor("en"), children: h(StaticRouterProvider, { router, context, hydrate: false }) }));
}

/** The visible text, roughly: React's text separators dropped, tags spaced, entities decoded, spaces folded. */
const text = (html: string) =>
  html
    .replace(/<!-- -->/g, "")
    .replace(/<[^>]+>/g, " ")
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ");

const waitlist = (initialResult?: PublicFormAnswer<SignUpSent>) =>
  h(WaitlistSection, { renderedAt: 0, attribution: { referrer: "direct", utm_source: "none", utm_medium: "none", utm_campaign: "none" }, initialResult, headingLevel: 1 });
const notify = (initialResult?: PublicFormAnswer<SignUpSent>) => h(NotifyForm, { request: { platform: "android", intent: "waitlist" }, renderedAt: 0, initialResult });

describe("the waitlist's welcome screen", () => {
  it("leads with 'Check your inbox to confirm' while the sign-up is pending, and keeps the spec's three steps under it", async () => {
    const raw = await render(waitlist({ state: "success", firstName: "Ada", email: "ada@example.com", pendingConfirmation: true }));
    const html = text(raw);
    expect(/<h2[^>]*>([^<]*)<\/h2>/.exec(raw)?.[1]).toBe(WAITLIST_SIGNED_UP_TEXT.pendingHeading);
    // The address the link went to, with or without JavaScript: the action's answer carries it.
    expect(html).toContain(text(englishT("common.forms.confirmationSentTo", { email: "ada@example.com" }).replace(/<\/?address>/g, " ")));
    expect(html).toContain(WAITLIST_SIGNED_UP_TEXT.pendingNextSteps);
    for (const step of WAITLIST_TEXT.nextSteps) expect(html).toContain(step);
    // Nothing says the person is on the list before they have confirmed.
    expect(html).not.toContain("on the list");
    expect(html).not.toContain("Welcome");
  });

  it("welcomes at once when the sign-up is not pending (email off)", async () => {
    for (const result of [{ state: "success", firstName: null, email: "ada@example.com" }, { state: "success", firstName: null, email: "ada@example.com", pendingConfirmation: false }] as const) {
      const html = text(await render(waitlist(result)));
      expect(html).toContain(WAITLIST_SIGNED_UP_TEXT.joinedHeading);
      expect(html).toContain(WAITLIST_SIGNED_UP_TEXT.joinedNextSteps);
      expect(html).not.toContain("confirmation link");
    }
  });
});

describe("the waitlist form's answer to an address already on the list", () => {
  const duplicate = (messages: string[]): PublicFormAnswer<SignUpSent> => ({
    state: "error",
    message: messages[0]!,
    reply: { status: "error", initialValue: { email: "ada@example.com" }, error: { email: messages } },
  });

  it("shows the spec's message exactly, and beside it that the link went out again when it did", async () => {
    const resent = text(await render(waitlist(duplicate([WAITLIST_FORM_MESSAGES.duplicate, WAITLIST_SIGNED_UP_TEXT.confirmationResent]))));
    expect(resent).toContain(`${WAITLIST_FORM_MESSAGES.duplicate} ${WAITLIST_SIGNED_UP_TEXT.confirmationResent}`);
    const notResent = text(await render(waitlist(duplicate([WAITLIST_FORM_MESSAGES.duplicate]))));
    expect(notResent).toContain(WAITLIST_FORM_MESSAGES.duplicate);
    expect(notResent).not.toContain(WAITLIST_SIGNED_UP_TEXT.confirmationResent);
  });
});

describe("the notification form's success", () => {
  it("adds the confirmation line under the spec's success message while pending", async () => {
    const html = text(await render(notify({ state: "success", firstName: "Ada", email: "ada@example.com", pendingConfirmation: true }), null, "/notify"));
    expect(html).toContain(notifySuccessMessage("Android", "waitlist"));
    // The address is in <strong>: text() spaces tags.
    expect(html).toContain(`${englishT("common.forms.confirmationSentTitle")} ${text(englishT("common.forms.confirmationSentTo", { email: "ada@example.com" }).replace(/<\/?address>/g, " "))}`);
  });

  it("shows only the spec's message when not pending", async () => {
    const html = text(await render(notify({ state: "success", firstName: "Ada", email: "ada@example.com" }), null, "/notify"));
    expect(html).toContain(notifySuccessMessage("Android", "waitlist"));
    expect(html).not.toContain("confirmation link");
  });

  it("shows the action's refusal of the whole form above its button, and each field's under the field", async () => {
    const refused = text(await render(notify(formFailure(HUMAN_CHECK_MESSAGES.missing)), null, "/notify"));
    expect(refused).toContain(HUMAN_CHECK_MESSAGES.missing);
    const name = "Please enter just your name, without links or web addresses";
    const field = await render(notify({ state: "error", message: name, reply: { status: "error", error: { name: [name] } } }), null, "/notify");
    expect(field).toMatch(new RegExp(`aria-invalid="true"[^>]*>.*${name}`));
  });
});

describe("the human check in the forms", () => {
  it("says, for visitors without JavaScript, that the form needs it, only when Turnstile is on", async () => {
    for (const [element, path] of [
      [waitlist(), "/waitlist"],
      [notify(), "/notify"],
    ] as const) {
      const on = await render(element, TURNSTILE, path);
      expect(on).toContain("<noscript>");
      expect(text(on)).toContain(englishT("common.forms.humanCheckNoScript"));
      expect(on).toContain('data-human-check="waiting"');
      const off = await render(element, null, path);
      expect(off).not.toContain("<noscript>");
      expect(off).not.toContain("data-human-check");
    }
  });

  it("renders nothing from Turnstile's host: no script, no frame, no site key in the form's HTML", async () => {
    const html = await render(waitlist(), TURNSTILE);
    expect(html).not.toContain("challenges.cloudflare.com");
    expect(html).not.toContain(TURNSTILE.siteKey);
    expect(html).not.toContain("<iframe");
  });
});

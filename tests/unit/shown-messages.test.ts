/**
 * The spec's error catalogue in the page's language (lib/messages.ts): messages travel in English and
 * are translated where a visitor reads them. Every catalogue text must read exactly as the spec words
 * it in English, and a form must show an action's refusal in the page's language.
 */
import { setupI18n } from "@lingui/core";
import { createElement as h } from "react";
import { renderToString } from "react-dom/server";
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from "react-router-dom/server";
import { describe, expect, it } from "vitest";
import { ContactForm } from "~/features/contact/ContactForm";
import { catalogue } from "~/lib/i18n/catalogues.server";
import type { MessageId } from "~/lib/i18n/message-id";
import { StaticI18nProvider } from "~/lib/i18n/react";
import { CONTACT_FORM_MESSAGES, RATE_LIMIT_MESSAGE, SHOWN_MESSAGES, shownMessage, VALIDATION_MESSAGES } from "~/lib/messages";
import { formFailure } from "~/lib/public-form-answer";
import { englishT } from "../support/english";

const idOf = (shown: MessageId | { id: MessageId }) => (typeof shown === "string" ? shown : shown.id);

describe("the error catalogue's translations", () => {
  it("has an English catalogue text equal to each message as it travels (the spec's exact words)", () => {
    for (const [text, shown] of SHOWN_MESSAGES) {
      expect(typeof shown === "string" ? englishT(shown) : englishT(shown.id, shown.values), text).toBe(text);
    }
  });

  it("covers every message of common.errors, so none is left for translators that nothing shows", () => {
    const mapped = new Set([...SHOWN_MESSAGES.values()].map(idOf));
    const catalogued = Object.keys(catalogue("en")).filter((id) => id.startsWith("common.errors."));
    expect(catalogued.filter((id) => !mapped.has(id as MessageId))).toEqual([]);
  });

  it("reads a catalogue text through the page's translation, and anything else as it is", () => {
    const t = (id: MessageId, values?: Record<string, string | number>) => `«${id}${values ? JSON.stringify(values) : ""}»`;
    expect(shownMessage(t, VALIDATION_MESSAGES.invalidEmail)).toBe("«common.errors.invalidEmail»");
    expect(shownMessage(t, CONTACT_FORM_MESSAGES.messageTooLong)).toBe('«common.errors.messageTooLong{"max":5000}»');
    expect(shownMessage(t, "ada@example.com")).toBe("ada@example.com");
  });
});

describe("a form's messages on a page in another language", () => {
  // A stand-in German catalogue (compiled form), as a translator's de.json would give.
  const german = setupI18n({
    locale: "de",
    messages: {
      de: {
        "common.errors.rateLimited": ["Zu viele Versuche von deiner Verbindung. Bitte warte ein paar Minuten."],
        "common.errors.subjectTooLong": ["Bitte kürze den Betreff auf ", ["max", "number"], " Zeichen."],
        "common.errors.messageTooLong": ["Bitte kürze deine Nachricht auf ", ["max", "number"], " Zeichen."],
      },
    },
  });

  async function renderContact(answer: ReturnType<typeof formFailure>) {
    const routes = [{ id: "root", path: "/", children: [{ path: "de/contact", element: h(ContactForm, { renderedAt: 0, pageAnswer: answer }) }] }];
    const handler = createStaticHandler(routes);
    const context = await handler.query(new Request("http://127.0.0.1/de/contact"));
    if (context instanceof Response) throw new Error(`unexpected response ${context.status}`);
    const router = createStaticRouter(handler.dataRoutes, context);
    return renderToString(h(StaticI18nProvider, { lang: "de", i18n: german, children: h(StaticRouterProvider, { router, context, hydrate: false }) }));
  }

  it("shows the action's English refusal, of the form and of its fields, in the page's language", async () => {
    const formRefused = await renderContact(formFailure(RATE_LIMIT_MESSAGE));
    expect(formRefused).toContain("Zu viele Versuche von deiner Verbindung. Bitte warte ein paar Minuten.");
    expect(formRefused).not.toContain(RATE_LIMIT_MESSAGE);

    const fieldsRefused = await renderContact(
      formFailure(CONTACT_FORM_MESSAGES.checkFields, {
        status: "error",
        error: { subject: [CONTACT_FORM_MESSAGES.subjectTooLong], message: [CONTACT_FORM_MESSAGES.messageTooLong] },
      }),
    );
    expect(fieldsRefused).toContain("Bitte kürze den Betreff auf 150 Zeichen.");
    // Numbers by the language's rules.
    expect(fieldsRefused).toContain("Bitte kürze deine Nachricht auf 5.000 Zeichen.");
    expect(fieldsRefused).not.toContain(CONTACT_FORM_MESSAGES.subjectTooLong);
  });
});

/**
 * How an enhanced public form reaches its page's action (ADR 0051): a POST to the page with Remix's
 * data parameter, answered by the action as JSON. A fetch of our own rather than Remix's fetcher, so
 * the same form works on a page that ships only its islands (ADR 0060), where no Remix router runs.
 */
import { splitLanguage } from "~/lib/i18n/languages";
import type { PublicFormAnswer, Unanswered } from "~/lib/public-form-answer";

/** The route whose action answers each page's form, in every language (Remix route ids). */
const PUBLIC_FORM_ROUTES: Readonly<Record<string, string>> = {
  "/contact": "routes/($lang).contact",
  "/notify": "routes/($lang).notify",
  "/waitlist": "routes/($lang).waitlist",
  "/waitlist/link": "routes/($lang).waitlist_.link",
};

/** Where the enhanced form posts `action` ("/de/waitlist?ref=x"): the same page, asking for data. */
export function publicFormDataUrl(action: string, base: string): URL {
  const url = new URL(action, base);
  const routeId = PUBLIC_FORM_ROUTES[splitLanguage(url.pathname).path];
  if (!routeId) throw new Error(`No public form answers at ${url.pathname}`);
  url.searchParams.set("_data", routeId);
  return url;
}

function isAnswer(value: unknown): value is PublicFormAnswer {
  return typeof value === "object" && value !== null && ["idle", "success", "error"].includes((value as { state?: unknown }).state as string);
}

/**
 * Sends the form and reads the action's answer. A request that got none comes back as "unanswered",
 * with why in the terms of the spec's catalogue (section 8): the form shows that message.
 */
export async function postPublicForm<Success extends object>(action: string, formData: FormData): Promise<PublicFormAnswer<Success> | Unanswered> {
  let response: Response;
  try {
    // Form-encoded, as the same form sent without JavaScript.
    const body = new URLSearchParams([...formData].map(([name, value]) => [name, String(value)]));
    response = await fetch(publicFormDataUrl(action, window.location.href), { method: "POST", body, credentials: "same-origin" });
  } catch (error) {
    // fetch() rejects only when no answer came.
    return { state: "unanswered", reason: `network: ${(error as Error).message}` };
  }
  // Our actions answer 4xx with an answer; a 5xx with none is the server's (or something in between).
  const answer: unknown = await response.json().catch(() => undefined);
  if (isAnswer(answer)) return answer as PublicFormAnswer<Success>;
  return { state: "unanswered", reason: response.status >= 500 ? "server error" : "unexpected answer" };
}

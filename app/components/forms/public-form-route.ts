/**
 * What a route whose page holds a public form exports beside its action (ADR 0051):
 *
 *   export const clientAction = publicFormClientAction;
 *   export const shouldRevalidate = publicFormShouldRevalidate;
 *   export const headers = publicFormHeaders;
 */
import type { HeadersFunction } from "@remix-run/cloudflare";
import type { ClientActionFunctionArgs, ShouldRevalidateFunction } from "@remix-run/react";
import { splitLanguage } from "~/lib/i18n/languages";
import type { PublicFormAnswer, Unanswered } from "~/lib/public-form-answer";

function isAnswer(value: unknown): value is PublicFormAnswer {
  return typeof value === "object" && value !== null && ["idle", "success", "error"].includes((value as { state?: unknown }).state as string);
}

/**
 * With JavaScript the form reaches its action through this. Without it, a request that got no answer
 * would replace the page with the error screen (ADR 0007); here it comes back to the form as
 * "unanswered", with why in the terms of the spec's catalogue (section 8), and the form shows that
 * message. It holds no text itself: a route module comes with its page's first load.
 */
export async function publicFormClientAction({ request, serverAction }: ClientActionFunctionArgs): Promise<PublicFormAnswer | Unanswered> {
  let answer: unknown;
  try {
    answer = await serverAction();
  } catch (error) {
    // A redirect, or a submission the router cancelled: the router's business.
    if (error instanceof Response || request.signal.aborted) throw error;
    // fetch() rejects with a TypeError only when no answer came; Remix throws an Error for any
    // error status its server did not send itself (a proxy's error page).
    return { state: "unanswered", reason: error instanceof TypeError ? `network: ${error.message}` : "server error" };
  }
  return isAnswer(answer) ? answer : { state: "unanswered", reason: "unexpected answer" };
}

/** The pages whose action answers a public form (ADR 0051), in every language. */
const PUBLIC_FORM_PAGES: ReadonlySet<string> = new Set(["/contact", "/waitlist", "/notify", "/waitlist/link"]);

/**
 * A public form changes nothing any loader shows: after one is sent, no data is reloaded (on /home
 * that would be the whole landing page's). Exported by every page with a loader that holds one.
 */
export const publicFormShouldRevalidate: ShouldRevalidateFunction = ({ formMethod, formAction, currentUrl, defaultShouldRevalidate }) => {
  const publicForm =
    formMethod?.toUpperCase() === "POST" && formAction !== undefined && PUBLIC_FORM_PAGES.has(splitLanguage(new URL(formAction, currentUrl).pathname).path);
  return publicForm ? false : defaultShouldRevalidate;
};

/** A page answering a form sent without JavaScript keeps the action's Retry-After (rate limited). */
export const publicFormHeaders: HeadersFunction = ({ actionHeaders, parentHeaders }) => {
  const headers = new Headers(parentHeaders);
  const retryAfter = actionHeaders.get("Retry-After");
  if (retryAfter) headers.set("Retry-After", retryAfter);
  return headers;
};

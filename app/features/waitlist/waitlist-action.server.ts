/**
 * The sign-up forms' action (ADR 0051): the waitlist form posts to /waitlist, the notify-me form to
 * /notify, and both pages answer with this. Without JavaScript the page renders the answer; with it,
 * the form's fetcher receives it as data.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { DATA_LAYER_MESSAGES, NOTIFY_TEXT, RATE_LIMIT_MESSAGE, WAITLIST_FORM_MESSAGES, WAITLIST_SIGNED_UP_TEXT, waitlistFormMessage } from "~/lib/messages";
import { isHoneypotFilled } from "~/lib/bot-trap";
import { disposableAddressProblem } from "~/lib/disposable-email.server";
import { turnstileProblem } from "~/lib/turnstile.server";
import { logWarn } from "~/lib/log.server";
import { formFailure, type PublicFormAnswer } from "~/lib/public-form-answer";
import { fieldsRefused, formAnswer, readFormFields, readPublicForm, submissionRefused } from "~/lib/public-form.server";
import { checkClientLimits, checkKeyedLimits, refundKeyedLimits, type LimitDecision, type LimitRule } from "~/lib/client-limiter.server";
import { clientNetwork } from "~/lib/client-id.server";
import { inboxKey } from "~/lib/inbox";
import { nudgeEmailDelivery } from "~/features/email/nudge.server";
import { recordAbConversions, signupVariants } from "~/features/analytics/ab-conversions.server";
import { emailSettings } from "~/lib/env.server";
import type { WAITLIST_SOURCES } from "~/lib/constants";
import type { Lang } from "~/lib/i18n/languages";
import { consentWordingFor } from "./consent-wording";
import { preferencesFor, UPDATES_CHOICE_FIELD } from "./sign-up-request";
import { notifySchema, TYPED_FIELDS, waitlistSchema, type SignUpSent } from "./sign-up-schema";
import { addToWaitlist, WaitlistError } from "./waitlist.server";
import { splitName } from "./waitlist-rules";

const ACTION_BY_SOURCE: Record<(typeof WAITLIST_SOURCES)[number], string> = {
  main_waitlist_section: "join_beta",
  notification_modal: "notify_me",
  promotion_page: "join_beta",
  promotion_blue_page: "join_beta",
};

type SignUpAnswer = PublicFormAnswer<SignUpSent>;

/**
 * The notify-me form shows its one generic message for a refusal (spec section 4), except those a
 * person can act on: a field's problem, a throwaway address, the human check.
 */
function refusalFor(form: "waitlist" | "notify", message: string): string {
  return form === "notify" ? NOTIFY_TEXT.genericError : message;
}

/** `lang`: the language of the page the form is on (pageLanguage), stored with the sign-up for its emails. */
export async function handleWaitlistSubmission(request: Request, context: AppLoadContext, lang: Lang) {
  const fields = await readFormFields(request);
  if (!fields) return formAnswer(formFailure(WAITLIST_FORM_MESSAGES.fallback), 400);

  // A filled honeypot: silently dropped, nothing stored, nothing shown (spec section 5).
  if (isHoneypotFilled(fields)) {
    logWarn("waitlist_trap_triggered", { source: fields.source?.slice(0, 40) });
    return formAnswer<SignUpAnswer>({ state: "idle" });
  }

  const form = fields.source === "notification_modal" ? "notify" : "waitlist";
  const submission = readPublicForm(fields, form === "notify" ? notifySchema : waitlistSchema);
  if (submission.status !== "success") {
    // A field the person cannot see was refused: the form was not sent as the page made it.
    const tampered = Object.keys(submission.error ?? {}).some((field) => !TYPED_FIELDS.has(field));
    return tampered ? submissionRefused(submission, WAITLIST_FORM_MESSAGES.fallback, 400) : fieldsRefused(submission);
  }
  const input = submission.value;
  const now = Date.now();
  const emailRefused = (messages: string[], status: number, headers?: HeadersInit) =>
    formAnswer<SignUpAnswer>(
      { state: "error", message: messages[0]!, reply: submission.reply({ fieldErrors: { email: messages } }) },
      status,
      headers,
    );
  const refused = (message: string, status: number, headers?: HeadersInit) =>
    submissionRefused(submission, refusalFor(form, message), status, headers);

  // Keeping bots out (ADR 0033): no throwaway addresses, and the human check when Turnstile is on.
  const disposable = disposableAddressProblem(input.email);
  if (disposable) return emailRefused([disposable], 400);
  const humanCheck = await turnstileProblem(request, fields, context.env);
  if (humanCheck) return submissionRefused(submission, humanCheck, 400);

  const doubleOptIn = emailSettings(context.env).enabled;
  const limit = await signUpLimits(request, context, doubleOptIn);
  if (limit.limited) return refused(RATE_LIMIT_MESSAGE, 429, { "Retry-After": String(limit.retryAfterSeconds) });
  // Confirmations to one inbox, whoever asks and however it is spelt (list bombing).
  const inboxSubject = `inbox:${inboxKey(input.email)}`;
  const inbox = doubleOptIn ? await checkKeyedLimits(context, inboxSubject, INBOX_CONFIRMATION_LIMITS) : { limited: false };
  // The inbox's share counts confirmations sent: a sign-up that sent none (already confirmed, not
  // stored, suppressed) gives its hit back, so a person whose first try failed can try again at once.
  const settleInbox = async (sent: boolean) => {
    if (doubleOptIn && !inbox.limited && !sent) await refundKeyedLimits(context, inboxSubject, INBOX_CONFIRMATION_LIMITS);
  };

  const { firstName, lastName } = splitName(input.name);
  const signedUp = (pendingConfirmation: boolean) =>
    formAnswer<SignUpAnswer>({ state: "success", firstName, email: input.email, ...(pendingConfirmation ? { pendingConfirmation } : {}) });
  // The A/B variants this visitor was shown: a conversion once the address is confirmed (ADR 0047).
  // Only a beta sign-up converts: a notify-me request asks for one platform's news (ADR 0048).
  const abVariants = input.intent === "beta_testing" ? await signupVariants(request, context) : null;
  try {
    const outcome = await addToWaitlist(
      context.cloudflare.env.DB,
      {
        email: input.email,
        firstName,
        lastName,
        source: input.source,
        intent: input.intent,
        metadata: {
          user_agent: (request.headers.get("User-Agent") ?? "unknown").slice(0, 512),
          referrer: input.referrer || "direct",
          timestamp: new Date(now).toISOString(),
          utm_source: input.utm_source,
          utm_medium: input.utm_medium,
          utm_campaign: input.utm_campaign,
          platform: input.platform,
          action: ACTION_BY_SOURCE[input.source],
        },
        consent: { form, page: consentPage(request), wording: consentWordingFor(form, input) },
        preferences: preferencesFor(input, input[UPDATES_CHOICE_FIELD] === "yes"),
        referredByCode: input.ref,
        abVariants,
        language: lang,
      },
      { doubleOptIn, now, suppressionSecret: context.env.SUPPRESSION_HASH_SECRET, confirmationAllowed: !inbox.limited },
    );
    await settleInbox(outcome.kind === "already" ? outcome.resent : outcome.confirmationQueued);
    if (outcome.kind === "already") {
      if (outcome.resent) nudgeEmailDelivery(context);
      const duplicate = waitlistFormMessage(DATA_LAYER_MESSAGES.duplicateEmail);
      if (form === "notify") return refused(duplicate, 409);
      // The spec's message stays exact; the form adds that a new link is on its way, only when one is.
      return emailRefused(outcome.resent ? [duplicate, WAITLIST_SIGNED_UP_TEXT.confirmationResent] : [duplicate], 409);
    }
    // A confirmed person asked for one more platform: done, nothing to confirm (list-requests.server.ts).
    if (outcome.kind === "updated") return signedUp(false);
    if (doubleOptIn) nudgeEmailDelivery(context);
    // Email off: the entry is confirmed already, and so is its A/B conversion.
    if (!doubleOptIn && abVariants) recordAbConversions(context, abVariants, consentPage(request), now);
    return signedUp(doubleOptIn);
  } catch (error) {
    if (error instanceof WaitlistError && error.kind === "inbox_busy") {
      const retryAfter = { "Retry-After": String(INBOX_RETRY_AFTER_SECONDS) };
      return form === "notify" ? refused(error.message, 429, retryAfter) : emailRefused([error.message], 429, retryAfter);
    }
    await settleInbox(false);
    const message = waitlistFormMessage(error instanceof WaitlistError ? error.message : "server error");
    if (error instanceof WaitlistError && error.kind === "duplicate") return form === "notify" ? refused(message, 409) : emailRefused([message], 409);
    return refused(message, 503);
  }
}

/**
 * Confirmation messages one client (an IPv4 address, an IPv6 /64) may cause per day while email is on:
 * enough for an office or a meetup behind one address, while the inbox limits protect each person.
 */
export const CONFIRMATIONS_PER_CLIENT_PER_DAY = 100;
/** An IPv6 /48 (one site, up to 65,536 /64s) counts as this many clients together. */
export const CLIENTS_PER_NETWORK = 4;
/** Confirmations one inbox may receive from sign-ups: 1 per 10 minutes and 3 a day, across every client. */
export const INBOX_CONFIRMATION_LIMITS = [
  { scope: "inbox-confirm-10m", max: 1, windowSeconds: 600, sliding: true },
  { scope: "inbox-confirm-day", max: 3, windowSeconds: 86_400, sliding: true },
] as const;
const INBOX_RETRY_AFTER_SECONDS = 600;

/**
 * The per-client sign-up limits (and, with double opt-in, the daily confirmations a client may cause),
 * counted for the client and, for IPv6, for its /48 as a whole.
 */
async function signUpLimits(request: Request, context: AppLoadContext, doubleOptIn: boolean): Promise<LimitDecision> {
  const perClient: LimitRule[] = [{ scope: "waitlist", max: context.env.WAITLIST_RATE_LIMIT_MAX, windowSeconds: context.env.WAITLIST_RATE_LIMIT_WINDOW_SECONDS }];
  if (doubleOptIn) perClient.push({ scope: "confirmation", max: CONFIRMATIONS_PER_CLIENT_PER_DAY, windowSeconds: 86_400 });
  const client = await checkClientLimits(request, context, perClient);
  const network = clientNetwork(request);
  if (client.limited || !network) return client;
  return checkKeyedLimits(context, network, perClient.map((rule) => ({ ...rule, max: rule.max * CLIENTS_PER_NETWORK })));
}

/** The page the form was on (proof of consent): the same-origin Referer's path, else where the form posted. */
function consentPage(request: Request): string {
  const target = new URL(request.url);
  try {
    const page = new URL(request.headers.get("Referer") ?? "");
    if (page.origin === target.origin) return page.pathname.slice(0, 512);
  } catch {
    // No Referer, or not a URL.
  }
  return target.pathname;
}

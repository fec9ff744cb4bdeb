/**
 * The waitlist submission, from form data to an answer. The /waitlist page action renders it for
 * forms sent without JavaScript; /api/waitlist returns it as JSON to the enhanced forms.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { z } from "zod";
import { WAITLIST_INTENTS, WAITLIST_PLATFORMS, WAITLIST_SOURCES } from "~/lib/constants";
import { DATA_LAYER_MESSAGES, NOTIFY_TEXT, RATE_LIMIT_MESSAGE, WAITLIST_FORM_MESSAGES, waitlistFormMessage } from "~/lib/messages";
import { isHoneypotFilled } from "~/lib/bot-trap";
import { disposableAddressProblem } from "~/lib/disposable-email.server";
import { turnstileProblem } from "~/lib/turnstile.server";
import { emailProblem, nameProblem } from "~/lib/field-rules";
import { logWarn } from "~/lib/log.server";
import { formAnswer, readFormFields } from "~/lib/public-form.server";
import { checkClientLimits, checkKeyedLimits, refundKeyedLimits, type LimitDecision, type LimitRule } from "~/lib/client-limiter.server";
import { clientNetwork } from "~/lib/client-id.server";
import { inboxKey } from "~/lib/inbox";
import { nudgeEmailDelivery } from "~/features/email/nudge.server";
import { recordAbConversions, signupVariants } from "~/features/analytics/ab-conversions.server";
import { emailSettings } from "~/lib/env.server";
import { consentWordingFor } from "./consent-wording";
import { REFERRAL_CODE_PATTERN } from "./referral-code";
import { preferencesFor, UPDATES_CHOICE_FIELD } from "./sign-up-request";
import { addToWaitlist, WaitlistError } from "./waitlist.server";
import { splitName, type WaitlistResult } from "./waitlist-rules";

const text = (max: number) => z.string().max(max).optional().default("");
const tracking = z
  .string()
  .trim()
  .max(200)
  .optional()
  .transform((value) => value || "none");

const submissionSchema = z.object({
  email: text(1000),
  name: text(1000),
  honeypot: text(1000),
  website: text(1000),
  submissionTime: z.string().max(20).optional(),
  source: z.enum(WAITLIST_SOURCES).default("main_waitlist_section"),
  intent: z.enum(WAITLIST_INTENTS).default("beta_testing"),
  platform: z.enum(WAITLIST_PLATFORMS).default("ios"),
  /** The notify form's "news and updates too" checkbox (sign-up-request.ts); anything but "yes" is no. */
  [UPDATES_CHOICE_FIELD]: z.string().max(20).optional(),
  referrer: z.string().trim().max(2048).optional(),
  utm_source: tracking,
  utm_medium: tracking,
  utm_campaign: tracking,
  /** The referral code of the link the visitor came through (/waitlist?ref=…); anything else is ignored. */
  ref: z
    .string()
    .optional()
    .transform((value) => (value && REFERRAL_CODE_PATTERN.test(value) ? value : null)),
});

const ACTION_BY_SOURCE: Record<(typeof WAITLIST_SOURCES)[number], string> = {
  main_waitlist_section: "join_beta",
  notification_modal: "notify_me",
  promotion_page: "join_beta",
  promotion_blue_page: "join_beta",
};

const answer = (result: WaitlistResult, status = 200, headers?: HeadersInit) => formAnswer(result, status, headers);

export async function handleWaitlistSubmission(request: Request, context: AppLoadContext) {
  const raw = await readFormFields(request);
  if (!raw) {
    return answer({ state: "error", message: WAITLIST_FORM_MESSAGES.fallback, field: null, values: { name: "", email: "" } }, 400);
  }
  const parsed = submissionSchema.safeParse(raw);
  const values = {
    name: typeof raw.name === "string" ? raw.name.slice(0, 200) : "",
    email: typeof raw.email === "string" ? raw.email.slice(0, 300) : "",
  };
  if (!parsed.success) {
    return answer({ state: "error", message: WAITLIST_FORM_MESSAGES.fallback, field: null, values }, 400);
  }
  const input = parsed.data;

  // A filled honeypot: silently dropped, nothing stored, nothing shown (spec section 5).
  const now = Date.now();
  if (isHoneypotFilled(input)) {
    logWarn("waitlist_trap_triggered", { source: input.source });
    return answer({ state: "idle" });
  }

  const emailError = emailProblem(input.email);
  if (emailError) return answer({ state: "error", message: emailError, field: "email", values }, 400);
  // The notification form requires a name as well (spec section 5).
  const nameError =
    input.source === "notification_modal" && !input.name.trim() ? NOTIFY_TEXT.nameRequired : nameProblem(input.name);
  if (nameError) return answer({ state: "error", message: nameError, field: "name", values }, 400);

  // Keeping bots out (ADR 0033): no throwaway addresses, and the human check when Turnstile is on.
  const disposable = disposableAddressProblem(input.email);
  if (disposable) return answer({ state: "error", message: disposable, field: "email", values }, 400);
  const humanCheck = await turnstileProblem(request, raw, context.env);
  if (humanCheck) return answer({ state: "error", message: humanCheck, field: null, values }, 400);

  const doubleOptIn = emailSettings(context.env).enabled;
  const limit = await signUpLimits(request, context, doubleOptIn);
  if (limit.limited) {
    return answer({ state: "error", message: RATE_LIMIT_MESSAGE, field: null, values }, 429, { "Retry-After": String(limit.retryAfterSeconds) });
  }
  // Confirmations to one inbox, whoever asks and however it is spelt (list bombing).
  const inboxSubject = `inbox:${inboxKey(input.email)}`;
  const inbox = doubleOptIn ? await checkKeyedLimits(context, inboxSubject, INBOX_CONFIRMATION_LIMITS) : { limited: false };
  // The inbox's share counts confirmations sent: a sign-up that sent none (already confirmed, not
  // stored, suppressed) gives its hit back, so a person whose first try failed can try again at once.
  const settleInbox = async (sent: boolean) => {
    if (doubleOptIn && !inbox.limited && !sent) await refundKeyedLimits(context, inboxSubject, INBOX_CONFIRMATION_LIMITS);
  };

  const { firstName, lastName } = splitName(input.name);
  const form = input.source === "notification_modal" ? "notify" : "waitlist";
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
        abVariants: doubleOptIn ? abVariants : null,
      },
      { doubleOptIn, now, suppressionSecret: context.env.SUPPRESSION_HASH_SECRET, confirmationAllowed: !inbox.limited },
    );
    await settleInbox(outcome.kind === "already" ? outcome.resent : outcome.confirmationQueued);
    if (outcome.kind === "already") {
      if (outcome.resent) nudgeEmailDelivery(context);
      // The spec's message stays exact; the form adds that a new link is on its way, only when one is.
      const resent = outcome.resent ? { confirmationResent: true as const } : {};
      return answer({ state: "error", message: waitlistFormMessage(DATA_LAYER_MESSAGES.duplicateEmail), field: "email", values, ...resent }, 409);
    }
    // A confirmed person asked for one more platform: done, nothing to confirm (list-requests.server.ts).
    if (outcome.kind === "updated") return answer({ state: "success", firstName });
    if (doubleOptIn) nudgeEmailDelivery(context);
    // Email off: the entry is confirmed already, and so is its A/B conversion.
    if (!doubleOptIn && abVariants) recordAbConversions(context, abVariants, consentPage(request), now);
    return answer(doubleOptIn ? { state: "success", firstName, pendingConfirmation: true } : { state: "success", firstName });
  } catch (error) {
    if (error instanceof WaitlistError && error.kind === "inbox_busy") {
      return answer({ state: "error", message: error.message, field: "email", values }, 429, { "Retry-After": String(INBOX_RETRY_AFTER_SECONDS) });
    }
    await settleInbox(false);
    const message = error instanceof WaitlistError ? error.message : "server error";
    const status = error instanceof WaitlistError && error.kind === "duplicate" ? 409 : 503;
    return answer({ state: "error", message: waitlistFormMessage(message), field: status === 409 ? "email" : null, values }, status);
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

/**
 * The site's nudge after it queued a message (a sign-up's confirmation): tells the jobs Worker there
 * is mail, so it arrives within seconds instead of at the next cron minute. It never throws and never
 * delays the answer: the send runs after the response (waitUntil), and losing it costs at most a
 * minute, since the outbox row is the truth and the cron delivers it anyway.
 */
import { emailSettings, parseEmailEnv, type CloudflareEnv } from "~/lib/env.server";
import { errorText } from "~/lib/db.server";
import { logEmailWarn } from "./log.server";
import { deliverDueEmail } from "./sender.server";

export interface NudgeContext {
  cloudflare: { env: CloudflareEnv; ctx: { waitUntil(promise: Promise<unknown>): void } };
}

/** The queue message: only "there is mail". */
export const NUDGE_MESSAGE = { type: "deliver" } as const;

export function nudgeEmailDelivery(context: NudgeContext): void {
  try {
    const { env, ctx } = context.cloudflare;
    const failed = (error: unknown) => logEmailWarn("email_nudge_failed", { error: errorText(error) });
    if (env.EMAIL_QUEUE) {
      ctx.waitUntil(env.EMAIL_QUEUE.send(NUDGE_MESSAGE).catch(failed));
      return;
    }
    // No queue binding: with the development mailbox, deliver here, after the answer (local runs
    // without the jobs Worker still show the message at once). Never in production.
    const settings = emailSettings(parseEmailEnv(env));
    if (settings.enabled && settings.provider === "local-mailbox") {
      ctx.waitUntil(deliverDueEmail(env, { maxMessages: 100, deadlineMs: 5_000 }).then(() => undefined, failed));
    }
  } catch (error) {
    logEmailWarn("email_nudge_failed", { error: errorText(error) });
  }
}

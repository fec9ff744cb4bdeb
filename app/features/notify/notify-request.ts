import { WAITLIST_INTENTS, WAITLIST_PLATFORMS } from "~/lib/constants";
import type { NotifyRequest } from "./notify-types";

/**
 * The request a /notify URL names; an unknown platform or intent falls back to the general one.
 * Only the /notify loader uses it, so the browser bundle drops it (see waitlist-form-context.ts).
 */
export function notifyRequestFrom(params: URLSearchParams | FormData): NotifyRequest {
  const platform = String(params.get("platform") ?? "");
  const intent = String(params.get("intent") ?? "");
  return {
    platform: (WAITLIST_PLATFORMS as readonly string[]).includes(platform) ? (platform as NotifyRequest["platform"]) : "all_platforms",
    intent: (WAITLIST_INTENTS as readonly string[]).includes(intent) ? (intent as NotifyRequest["intent"]) : "waitlist",
  };
}

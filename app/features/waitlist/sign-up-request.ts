/**
 * What a sign-up asks for (issue 30, ADR 0048). The beta program (intent beta_testing: a place in line
 * once confirmed, invitations, news and updates), or a notify-me request (intent waitlist): one email
 * when its platform is ready, and news and updates only if the person ticks that choice. Shared by the
 * notify form (whether to offer the choice) and the server (what to store).
 */
import type { WAITLIST_INTENTS, WAITLIST_PLATFORMS } from "~/lib/constants";
import type { EmailPreferences } from "./waitlist.server";

export interface SignUpRequest {
  intent: (typeof WAITLIST_INTENTS)[number];
  platform: (typeof WAITLIST_PLATFORMS)[number];
}

/** The notify form's checkbox: present (value "yes") when the person chose news and updates as well. */
export const UPDATES_CHOICE_FIELD = "updates";

/**
 * Whether the form offers "news and updates" as a choice: on a request for a coming platform. The
 * iOS request ("Get Notified of Updates" on the roadmap) is a request for the updates themselves, and
 * a beta sign-up includes them (the waitlist form's promise).
 */
export function offersUpdatesChoice({ intent, platform }: SignUpRequest): boolean {
  return intent === "waitlist" && platform !== "ios";
}

/** The preferences a request stores: what the person asked for, nothing more. */
export function preferencesFor(request: SignUpRequest, updatesChosen: boolean): EmailPreferences {
  const { intent, platform } = request;
  const all = platform === "all_platforms";
  return {
    updates: offersUpdatesChoice(request) ? updatesChosen : true,
    invitations: intent === "beta_testing",
    android: all || platform === "android",
    macos: all || platform === "macos",
    chromeExtension: all || platform === "chrome_extension",
  };
}

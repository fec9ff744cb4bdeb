/**
 * What an entry asked for, and how its private pages say it (issue 30, ADR 0048): the beta program (a
 * place in line once confirmed), or notify-me (one email when a coming platform is ready), or both.
 * Shared by the servers that build the pages' views and the components that draw them.
 */
import { platformList, platformsWanted, whenReady, type PlatformSegment } from "~/features/email/segments";
import type { EntryPreferences } from "./entry-views";

export interface EntryRequest {
  /** The beta program: a place in line once confirmed, and beta invitations. */
  beta: boolean;
  /** The coming platforms it asked to hear about. */
  platforms: PlatformSegment[];
  /** News and updates. */
  updates: boolean;
}

export function requestOf(entry: { intent: string; preferences: EntryPreferences }): EntryRequest {
  return { beta: entry.intent === "beta_testing", platforms: platformsWanted(entry.preferences), updates: entry.preferences.updates };
}

/** A notify-me request's promise: "we'll email you when the Android app is ready". */
export function notifyPromise({ platforms, updates }: EntryRequest): string {
  if (platforms.length > 0) return `we'll email you ${whenReady(platforms)}`;
  return updates ? "we'll email you news and updates" : "we'll email you only what you choose on your status page";
}

/** What a notify-me request hears about: "the Android app", or "news and updates". */
export function notifySubject({ platforms }: EntryRequest): string {
  return platforms.length > 0 ? platformList(platforms) : "news and updates";
}

/** The first letter in capitals (a promise as a title). */
export const sentence = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** The private pages' eyebrow for a notify-me entry (a beta entry's is "Beta waitlist"). */
export const NOTIFY_EYEBROW = "Notify me";

/** What a notify-me entry's status page says under its promise. */
export const NOTIFY_STATUS_LEAD = "That's the email you asked for. You can add another platform, or news and updates, below.";

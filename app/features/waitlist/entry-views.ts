/**
 * What the private pages (/waitlist/confirm, /status, /unsubscribe) render: one state per page, the
 * loader's answer and the action's. Shared by the server modules that decide the state and the
 * components that draw it. "invalid" carries nothing: a page without a valid token shows nothing
 * about any entry.
 */
import type { EntryRequest } from "./entry-request";

/** The email preferences (migrations/0005 wants_*): news, beta invitations, and each coming platform. */
export interface EntryPreferences {
  updates: boolean;
  invitations: boolean;
  android: boolean;
  macos: boolean;
  chromeExtension: boolean;
}

/** The preference checkboxes: form field (= column) and the record's key (its words: status.preferences.<key>). */
export const PREFERENCE_FIELDS = [
  { field: "wants_updates", key: "updates" },
  { field: "wants_invitations", key: "invitations" },
  { field: "wants_android", key: "android" },
  { field: "wants_macos", key: "macos" },
  { field: "wants_chrome_extension", key: "chromeExtension" },
] as const satisfies readonly { field: string; key: keyof EntryPreferences }[];

/**
 * What someone rejoining from their status page agrees to, and its version: the proof of consent
 * records the version (status-page.server.ts). A change of the text needs a new version. The page
 * shows it as status.unsubscribed.rejoinConsent, in English this very text (a unit test holds them equal).
 */
export const REJOIN_WORDING = {
  version: "status-page-rejoin-v1",
  text: "Rejoin the waitlist: we may email you beta invitations and the updates you choose on this page, and you can leave again at any time.",
} as const;

export type ConfirmView =
  | { state: "invalid" }
  /** The link's time is up; a pending entry may ask for a new one. */
  | { state: "expired"; canResend: boolean; alreadyConfirmed: boolean; token: string }
  | { state: "ready"; token: string; firstName: string | null; rejoining: boolean; request: EntryRequest }
  | { state: "already_confirmed"; statusPath: string; request: EntryRequest }
  | { state: "resent"; outcome: "sent" | "too_soon" };

export type StatusView =
  | { state: "invalid" }
  | { state: "expired" }
  | { state: "deleted" }
  /** After "Sign out old links": names no one; the new link went to the inbox. */
  | { state: "signed_out" }
  | { state: "pending" }
  | { state: "unsubscribed"; token: string; email: string; unsubscribedAt: string | null; request: EntryRequest }
  | {
      state: "confirmed";
      token: string;
      email: string;
      firstName: string | null;
      /** Null when the entry has no place yet (confirmed before places existed, and never numbered). */
      place: { place: number; total: number } | null;
      referralCount: number;
      referralUrl: string | null;
      /** Places each confirmed referral moves the person ahead. */
      boost: number;
      preferences: EntryPreferences;
      unsubscribePath: string;
      /** Arrived here straight from confirming. */
      justConfirmed: boolean;
      /** Their beta invitation, once it went out: when, and the TestFlight link (issue 17). */
      invitation: { invitedAt: string; testflightUrl: string | null } | null;
      /** What they asked for: a notify-me entry's page speaks of its platforms, not of a place (ADR 0048). */
      request: EntryRequest;
      /** A notify-me person asked to join the beta and has its confirmation waiting in their inbox. */
      betaJoinPending: boolean;
    };

/** What a status page form answers when it does not redirect. */
export type StatusActionResult =
  | { intent: "preferences"; saved: true }
  | { intent: "delete"; error: "confirm_required" }
  | { intent: "resubscribe"; done: true }
  /** "Sign out old links" while no email can be sent: the links were left as they are. */
  | { intent: "sign-out"; error: "email_off" }
  /** No valid link, or the entry is not in a state that allows it: nothing changed. */
  | { intent: "refused" };

export type UnsubscribeView =
  | { state: "invalid" }
  /** pending: never confirmed, so it has no status page to choose emails on. */
  | { state: "ready"; token: string; pending: boolean }
  | { state: "unsubscribed" };

/**
 * What a kind of message is made of (ADR 0031). A kind (confirm, welcome, status_link, and later the
 * beta invitation and announcements) says what its payload is, whether it is still wanted, and what it
 * says as a list of blocks; the one layout turns blocks into the HTML and the plain-text part, so
 * every message escapes, links and looks alike.
 */
import type { SuppressionReason } from "../suppression.server";
import type { z } from "zod";
import type { WaitlistStatus } from "~/db/schema";
import type { Lang } from "~/lib/i18n/languages";
import type { EmailT } from "./words.server";

/** The waitlist entry a message is about, as templates see it. */
export interface EmailEntry {
  id: number;
  email: string;
  firstName: string | null;
  status: WaitlistStatus;
  referralCode: string | null;
  referralCount: number;
  /** Why they joined: "beta_testing" (the beta program) or "waitlist". */
  intent: string;
  /** The version its status and confirm links carry (ADR 0045). */
  linkVersion: number;
  preferences: { updates: boolean; invitations: boolean; android: boolean; macos: boolean; chromeExtension: boolean };
}

/** The waitlist's preference columns (migrations/0005 wants_*), as stored. */
export interface PreferenceColumns {
  wants_updates: number;
  wants_invitations: number;
  wants_android: number;
  wants_macos: number;
  wants_chrome_extension: number;
}

/** An entry's preferences from its columns: the one reading of wants_* for the sender and the private pages. */
export function preferencesOf(row: PreferenceColumns): EmailEntry["preferences"] {
  return {
    updates: row.wants_updates === 1,
    invitations: row.wants_invitations === 1,
    android: row.wants_android === 1,
    macos: row.wants_macos === 1,
    chromeExtension: row.wants_chrome_extension === 1,
  };
}

/**
 * What an invitation batch's or announcement's messages are rendered from (the email_campaigns row,
 * never edited after creation, so every render of a row is the same bytes).
 */
export interface CampaignContent {
  id: number;
  kind: "invitation" | "announcement";
  subject: string | null;
  bodyMarkdown: string | null;
  testflightUrl: string | null;
}

/** Links for this message, all absolute on SITE_URL; tokens issued when the message was queued. */
export interface MessageLinks {
  site: string;
  confirm(): Promise<string>;
  status(): Promise<string>;
  unsubscribe(): Promise<string>;
  /** The entry's referral link, when it has a code. */
  referral(): string | null;
}

export type Block =
  | { type: "paragraph"; text: string }
  /** A prominent figure, e.g. the place in line. */
  | { type: "highlight"; text: string }
  /** The message's one main action: a button in HTML, the label and URL in text. `secondary`: an outlined button, for a second action. */
  | { type: "button"; label: string; url: string; secondary?: true }
  /** A URL shown in full (to copy or share). */
  | { type: "link"; label: string; url: string }
  /** Small print. */
  | { type: "note"; text: string }
  /** A numbered list (install steps). */
  | { type: "steps"; items: string[] }
  /** A link off the site, shown as written (the TestFlight link). Only https; the kind vouches for it. */
  | { type: "external_button"; label: string; url: string }
  /** Rich text rendered from the owner's Markdown by markdown.server.ts, which escapes and checks it. */
  | { type: "markdown"; html: string; text: string };

export interface EmailContent {
  subject: string;
  /** The preview line inbox lists show after the subject. */
  preheader: string;
  heading: string;
  blocks: Block[];
  /** Why the reader gets this message (shown in the footer). */
  reason: string;
}

export interface RenderContext<P> {
  entry: EmailEntry;
  payload: P;
  links: MessageLinks;
  /** The row's invitation batch or announcement, when it belongs to one. */
  campaign: CampaignContent | null;
  /** The language the message is in (the outbox row's, ADR 0058), and its words. */
  lang: Lang;
  t: EmailT;
}

export interface EmailKind<P = unknown> {
  name: string;
  payload: z.ZodType<P>;
  /** Whether the message should still go out: the entry may have moved on since it was queued. */
  wanted(entry: EmailEntry, payload: P): boolean;
  /**
   * True only for a message that asks a person to give consent because they just asked for it (the
   * confirmation of a sign-up) to an address that unsubscribed: confirming is new consent. Never for a
   * bounced or complained address.
   */
  ignoresSuppression(payload: P, reason: SuppressionReason): boolean;
  content(context: RenderContext<P>): Promise<EmailContent>;
  /** True for a kind that is only ever sent as part of a campaign (it cannot render without one). */
  needsCampaign?: boolean;
}

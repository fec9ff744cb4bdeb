/**
 * Drizzle schema for D1. It mirrors migrations/*.sql (the SQL is the source of truth for
 * CHECKs and defaults; drizzle gives typed queries). tests/integration/schema-drift.test.ts
 * compares the two: tables, columns, defaults, keys and indexes.
 */
import { sql } from "drizzle-orm";
import { index, integer, primaryKey, sqliteTable, text, uniqueIndex, type AnySQLiteColumn } from "drizzle-orm/sqlite-core";

const nowIso = sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`;
const emptyJson = sql`'{}'`;

export const waitlistStatuses = ["pending", "confirmed", "unsubscribed"] as const;
export type WaitlistStatus = (typeof waitlistStatuses)[number];

export const waitlist = sqliteTable(
  "waitlist",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    email: text("email").notNull(),
    firstName: text("first_name"),
    lastName: text("last_name"),
    source: text("source").notNull().default("main_waitlist"),
    intent: text("intent").notNull().default("waitlist"),
    metadata: text("metadata", { mode: "json" }).$type<WaitlistMetadata>().notNull().default(emptyJson),
    createdAt: text("created_at").notNull().default(nowIso),
    // migrations/0005: double opt-in, proof of consent, place in line, referrals, preferences (ADR 0031).
    status: text("status", { enum: waitlistStatuses }).notNull().default("confirmed"),
    confirmedAt: text("confirmed_at"),
    consentAt: text("consent_at"),
    consentForm: text("consent_form"),
    consentPage: text("consent_page"),
    consentWording: text("consent_wording"),
    lineSeq: integer("line_seq"),
    referralCode: text("referral_code"),
    referredBy: integer("referred_by").references((): AnySQLiteColumn => waitlist.id, { onDelete: "set null" }),
    referralCreditedAt: text("referral_credited_at"),
    referralCount: integer("referral_count").notNull().default(0),
    wantsUpdates: integer("wants_updates", { mode: "boolean" }).notNull().default(true),
    wantsInvitations: integer("wants_invitations", { mode: "boolean" }).notNull().default(true),
    wantsAndroid: integer("wants_android", { mode: "boolean" }).notNull().default(false),
    wantsMacos: integer("wants_macos", { mode: "boolean" }).notNull().default(false),
    wantsChromeExtension: integer("wants_chrome_extension", { mode: "boolean" }).notNull().default(false),
    unsubscribedAt: text("unsubscribed_at"),
    confirmationSentAt: text("confirmation_sent_at"),
    // migrations/0006: when the beta invitation went out (set by a trigger on the outbox, ADR 0036).
    invitedAt: text("invited_at"),
    // migrations/0007: a come-back's consent, until its confirmation arrives.
    pendingConsentAt: text("pending_consent_at"),
    pendingConsentForm: text("pending_consent_form"),
    pendingConsentPage: text("pending_consent_page"),
    pendingConsentWording: text("pending_consent_wording"),
    // migrations/0008: the version of its status (and confirmation) links; "Sign out old links" adds one (ADR 0045).
    linkVersion: integer("link_version").notNull().default(0),
    // migrations/0010: the A/B variants a pending sign-up saw, cleared when its confirmation counts them (ADR 0047).
    abVariants: text("ab_variants", { mode: "json" }).$type<Record<string, string>>(),
    // migrations/0009: when a confirmed notify-me person asked to join the beta, until they confirm it (ADR 0048).
    betaJoinRequestedAt: text("beta_join_requested_at"),
    // migrations/0012: when the entry was imported from a CSV file (ADR 0053); NULL for a sign-up.
    importedAt: text("imported_at"),
    // migrations/0011: the owner's priority, honoured first by the one order of the line (ADR 0052).
    priority: integer("priority").notNull().default(0),
    // migrations/0014: the A/B variants a beta sign-up was shown, never cleared: the funnel's split (ADR 0055).
    signupVariants: text("signup_variants", { mode: "json" }).$type<Record<string, string>>(),
    // migrations/0016: the language the person signed up in, checked by isLang in the app (ADR 0058).
    language: text("language").notNull().default("en"),
  },
  (t) => [
    uniqueIndex("waitlist_email_unique").on(t.email),
    index("waitlist_created_at_idx").on(t.createdAt),
    index("waitlist_intent_source_idx").on(t.intent, t.source),
    uniqueIndex("waitlist_referral_code_unique").on(t.referralCode),
    uniqueIndex("waitlist_line_seq_unique").on(t.lineSeq),
    index("waitlist_status_idx").on(t.status, t.createdAt),
    index("waitlist_referred_by_idx").on(t.referredBy),
    // migrations/0015: the testers table and person page at 50,000 entries (ADR 0056).
    index("waitlist_line_order_idx")
      .on(sql`-${t.priority}`, sql`${t.lineSeq} - ${t.referralCount} * 5`, t.lineSeq)
      .where(sql`${t.status} = 'confirmed' AND ${t.intent} = 'beta_testing' AND ${t.lineSeq} IS NOT NULL`),
    index("waitlist_utm_source_idx").on(sql`json_extract(${t.metadata}, '$.utm_source')`),
    index("waitlist_source_idx").on(t.source),
    // migrations/0016: the testers table's language filter.
    index("waitlist_language_idx").on(t.language),
    index("waitlist_invitable_idx")
      .on(t.id)
      .where(sql`${t.status} = 'confirmed' AND ${t.intent} = 'beta_testing' AND ${t.lineSeq} IS NOT NULL AND ${t.wantsInvitations} = 1 AND ${t.invitedAt} IS NULL`),
    index("waitlist_invited_idx").on(t.status).where(sql`${t.invitedAt} IS NOT NULL`),
    index("waitlist_intent_created_at_idx").on(t.intent, t.createdAt),
  ],
);

/** The owner's notes about a person (migrations/0011, ADR 0052). */
export const waitlistNotes = sqliteTable(
  "waitlist_notes",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    waitlistId: integer("waitlist_id")
      .notNull()
      .references(() => waitlist.id, { onDelete: "cascade" }),
    adminId: integer("admin_id").references(() => adminUsers.id, { onDelete: "set null" }),
    adminEmail: text("admin_email").notNull(),
    body: text("body").notNull(),
    createdAt: text("created_at").notNull().default(nowIso),
  },
  (t) => [index("waitlist_notes_waitlist_idx").on(t.waitlistId, t.createdAt)],
);

export interface WaitlistMetadata {
  user_agent: string;
  referrer: string;
  timestamp: string;
  utm_source: string;
  utm_medium: string;
  utm_campaign: string;
  platform: string;
  action: string;
}

export const reviewPlatforms = ["app_store", "reddit", "other"] as const;
export type ReviewPlatform = (typeof reviewPlatforms)[number];

export const customerReviews = sqliteTable(
  "customer_reviews",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    title: text("title").notNull(),
    content: text("content").notNull(),
    authorName: text("author_name").notNull(),
    authorPlatform: text("author_platform", { enum: reviewPlatforms }).notNull(),
    rating: integer("rating"),
    imageUrl: text("image_url"),
    isActive: integer("is_active", { mode: "boolean" }).notNull().default(true),
    isFeatured: integer("is_featured", { mode: "boolean" }).notNull().default(false),
    sortOrder: integer("sort_order").notNull().default(0),
    createdAt: text("created_at").notNull().default(nowIso),
  },
  (t) => [index("customer_reviews_order_idx").on(t.isActive, t.sortOrder, sql`${t.createdAt} desc`)],
);

export const siteSettings = sqliteTable("site_settings", {
  key: text("key").primaryKey(),
  value: text("value").notNull(),
  updatedAt: text("updated_at").notNull().default(nowIso),
});

export const contactSubmissions = sqliteTable(
  "contact_submissions",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    name: text("name").notNull(),
    email: text("email").notNull(),
    subject: text("subject").notNull(),
    message: text("message").notNull(),
    isRead: integer("is_read", { mode: "boolean" }).notNull().default(false),
    metadata: text("metadata", { mode: "json" }).$type<Record<string, string>>().notNull().default(emptyJson),
    createdAt: text("created_at").notNull().default(nowIso),
  },
  (t) => [index("contact_submissions_created_at_idx").on(t.createdAt), index("contact_submissions_unread_idx").on(t.isRead, t.createdAt)],
);

export const adminUsers = sqliteTable("admin_users", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  email: text("email").notNull().unique("admin_users_email_unique"),
  name: text("name"),
  passwordHash: text("password_hash").notNull(),
  role: text("role", { enum: ["owner", "admin"] }).notNull().default("admin"),
  isDisabled: integer("is_disabled", { mode: "boolean" }).notNull().default(false),
  createdAt: text("created_at").notNull().default(nowIso),
  updatedAt: text("updated_at").notNull().default(nowIso),
  lastLoginAt: text("last_login_at"),
});

export const adminSessions = sqliteTable(
  "admin_sessions",
  {
    id: text("id").primaryKey(),
    adminId: integer("admin_id")
      .notNull()
      .references(() => adminUsers.id, { onDelete: "cascade" }),
    createdAt: text("created_at").notNull().default(nowIso),
    lastSeenAt: text("last_seen_at").notNull().default(nowIso),
    expiresAt: text("expires_at").notNull(),
    userAgent: text("user_agent"),
  },
  (t) => [index("admin_sessions_admin_idx").on(t.adminId), index("admin_sessions_expires_idx").on(t.expiresAt)],
);

export const analyticsEvents = sqliteTable(
  "analytics_events",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    name: text("name").notNull(),
    occurredAt: text("occurred_at").notNull(),
    receivedAt: text("received_at").notNull().default(nowIso),
    path: text("path"),
    consent: text("consent", { enum: ["anonymous", "analytics"] }).notNull().default("anonymous"),
    visitorHash: text("visitor_hash"),
    sessionId: text("session_id"),
    referrerHost: text("referrer_host"),
    utmSource: text("utm_source"),
    utmMedium: text("utm_medium"),
    utmCampaign: text("utm_campaign"),
    properties: text("properties", { mode: "json" }).$type<Record<string, unknown>>().notNull().default(emptyJson),
  },
  // migrations/0001 and 0004. The analytics page (app/features/admin/analytics/analytics-queries.mjs) reads its counts from
  // analyticsDailyCounts below and its web vitals through analytics_events_web_vitals_idx.
  (t) => [
    index("analytics_events_time_idx").on(t.occurredAt),
    index("analytics_events_name_time_idx").on(t.name, t.occurredAt),
    index("analytics_events_web_vitals_idx")
      .on(t.name, t.path, sql`json_extract(${t.properties}, '$.metric')`, t.occurredAt, sql`json_extract(${t.properties}, '$.value')`)
      .where(sql`${t.name} = 'web_vital'`),
  ],
);

/**
 * Events per UTC day, name and facet value (migrations/0004, WITHOUT ROWID): a rollup of
 * analytics_events that its triggers keep up to date and the analytics page reads (ADR 0023).
 * Nothing writes it from code.
 */
export const analyticsDailyCounts = sqliteTable(
  "analytics_daily_counts",
  {
    name: text("name").notNull(),
    facet: text("facet").notNull(),
    day: text("day").notNull(),
    value: text("value").notNull(),
    n: integer("n").notNull(),
  },
  (t) => [primaryKey({ columns: [t.name, t.facet, t.day, t.value] })],
);

export const rateLimits = sqliteTable(
  "rate_limits",
  {
    bucket: text("bucket").primaryKey(),
    windowStart: integer("window_start").notNull(),
    hits: integer("hits").notNull(),
  },
  (t) => [index("rate_limits_window_idx").on(t.windowStart)],
);

export const adminAuditLog = sqliteTable(
  "admin_audit_log",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    adminId: integer("admin_id").references(() => adminUsers.id, { onDelete: "set null" }),
    adminEmail: text("admin_email").notNull(),
    action: text("action").notNull(),
    target: text("target"),
    details: text("details", { mode: "json" }).$type<Record<string, unknown>>().notNull().default(emptyJson),
    createdAt: text("created_at").notNull().default(nowIso),
  },
  (t) => [index("admin_audit_log_created_at_idx").on(t.createdAt)],
);

/** migrations/0005: every message is a row here before the companion Worker sends it (ADR 0031). */
export const emailOutboxStatuses = ["queued", "sending", "sent", "failed", "cancelled"] as const;
/** What the provider's webhook reported after it accepted a message (migrations/0006), weakest first. */
export const emailDeliveryEvents = ["delivered", "bounced", "complained"] as const;
export type EmailDeliveryEvent = (typeof emailDeliveryEvents)[number];
export type EmailOutboxStatus = (typeof emailOutboxStatuses)[number];

export const emailOutbox = sqliteTable(
  "email_outbox",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    idempotencyKey: text("idempotency_key").notNull(),
    kind: text("kind").notNull(),
    recipient: text("recipient").notNull(),
    waitlistId: integer("waitlist_id").references(() => waitlist.id, { onDelete: "cascade" }),
    payload: text("payload", { mode: "json" }).$type<Record<string, unknown>>().notNull().default(emptyJson),
    status: text("status", { enum: emailOutboxStatuses }).notNull().default("queued"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: text("next_attempt_at").notNull().default(nowIso),
    claimId: text("claim_id"),
    claimedUntil: text("claimed_until"),
    batchKey: text("batch_key"),
    lastError: text("last_error"),
    providerId: text("provider_id"),
    createdAt: text("created_at").notNull().default(nowIso),
    sentAt: text("sent_at"),
    // migrations/0006 (ADR 0036): the invitation batch or announcement, and the provider's report.
    campaignId: integer("campaign_id").references((): AnySQLiteColumn => emailCampaigns.id, { onDelete: "set null" }),
    deliveryEvent: text("delivery_event", { enum: emailDeliveryEvents }),
    deliveryEventAt: text("delivery_event_at"),
    // migrations/0016 (ADR 0058): the language the message renders in, copied from its entry when queued.
    language: text("language"),
  },
  (t) => [
    uniqueIndex("email_outbox_idempotency_key_unique").on(t.idempotencyKey),
    index("email_outbox_due_idx").on(t.status, t.nextAttemptAt),
    index("email_outbox_waitlist_idx").on(t.waitlistId),
    index("email_outbox_created_at_idx").on(t.createdAt),
    index("email_outbox_batch_key_idx").on(t.batchKey).where(sql`${t.batchKey} IS NOT NULL`),
    index("email_outbox_campaign_idx").on(t.campaignId, t.status, t.deliveryEvent).where(sql`${t.campaignId} IS NOT NULL`),
    index("email_outbox_delivery_problem_idx").on(t.deliveryEvent, t.deliveryEventAt).where(sql`${t.deliveryEvent} IN ('bounced', 'complained')`),
    index("email_outbox_provider_id_idx").on(t.providerId).where(sql`${t.providerId} IS NOT NULL`),
    uniqueIndex("email_outbox_one_invitation_unique").on(t.waitlistId).where(sql`${t.kind} = 'invitation' AND ${t.status} <> 'cancelled'`),
  ],
);

export const emailCampaignKinds = ["invitation", "announcement"] as const;
export type EmailCampaignKind = (typeof emailCampaignKinds)[number];

/** An invitation batch or an announcement: what its outbox rows are rendered from, and who they go to (migrations/0006). */
export const emailCampaigns = sqliteTable(
  "email_campaigns",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    kind: text("kind", { enum: emailCampaignKinds }).notNull(),
    requestKey: text("request_key").notNull(),
    audience: text("audience", { mode: "json" }).$type<Record<string, unknown>>().notNull(),
    audienceSize: integer("audience_size").notNull(),
    subject: text("subject"),
    bodyMarkdown: text("body_markdown"),
    testflightUrl: text("testflight_url"),
    cursor: integer("cursor").notNull().default(0),
    queuedCount: integer("queued_count").notNull().default(0),
    queuedAt: text("queued_at"),
    adminId: integer("admin_id").references(() => adminUsers.id, { onDelete: "set null" }),
    adminEmail: text("admin_email").notNull(),
    createdAt: text("created_at").notNull().default(nowIso),
    purgedCounts: text("purged_counts", { mode: "json" }).$type<Record<string, number>>().notNull().default(emptyJson),
  },
  (t) => [uniqueIndex("email_campaigns_request_key_unique").on(t.requestKey), index("email_campaigns_kind_idx").on(t.kind, t.createdAt)],
);

/** The provider's webhook calls already handled, by svix-id: a replay is refused (migrations/0006). */
export const emailWebhookCalls = sqliteTable(
  "email_webhook_calls",
  {
    svixId: text("svix_id").primaryKey(),
    eventType: text("event_type").notNull(),
    receivedAt: text("received_at").notNull().default(nowIso),
  },
  (t) => [index("email_webhook_calls_received_at_idx").on(t.receivedAt)],
);

/** The shared pace of provider requests: one row, the next free slot (migrations/0005, ADR 0031). */
export const emailSendPacing = sqliteTable("email_send_pacing", {
  id: integer("id").primaryKey(),
  nextSlotMs: integer("next_slot_ms").notNull(),
});

export const emailSuppressionReasons = ["unsubscribed", "complained", "bounced", "manual"] as const;

/** Keyed hashes of addresses never to be mailed again (migrations/0005). */
export const emailSuppressions = sqliteTable("email_suppressions", {
  emailHash: text("email_hash").primaryKey(),
  reason: text("reason", { enum: emailSuppressionReasons }).notNull(),
  createdAt: text("created_at").notNull().default(nowIso),
  comebackRequestedAt: text("comeback_requested_at"),
});

/**
 * The referral ledger (migrations/0008, ADR 0045): keyed hashes of the inboxes whose confirmation ever
 * credited a referrer, so a referral counts once per person, ever.
 */
export const referralCredits = sqliteTable(
  "referral_credits",
  {
    inboxHash: text("inbox_hash").primaryKey(),
    waitlistId: integer("waitlist_id").references(() => waitlist.id, { onDelete: "set null" }),
  },
  (t) => [index("referral_credits_waitlist_idx").on(t.waitlistId)],
);

/** Development only: what the local mailbox provider delivered (migrations/0005). */
export const devMailbox = sqliteTable(
  "dev_mailbox",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    messageId: text("message_id").notNull(),
    recipient: text("recipient").notNull(),
    sender: text("sender").notNull(),
    subject: text("subject").notNull(),
    html: text("html").notNull(),
    text: text("text").notNull(),
    headers: text("headers", { mode: "json" }).$type<Record<string, string>>().notNull().default(emptyJson),
    createdAt: text("created_at").notNull().default(nowIso),
  },
  (t) => [index("dev_mailbox_created_at_idx").on(t.createdAt), uniqueIndex("dev_mailbox_message_id_unique").on(t.messageId)],
);

/** migrations/0012 (ADR 0053): an uploaded CSV file, read once, until it is imported or expires. */
export const waitlistImportStatuses = ["ready", "importing", "imported"] as const;

export const waitlistImports = sqliteTable(
  "waitlist_imports",
  {
    id: text("id").primaryKey(),
    adminId: integer("admin_id").references(() => adminUsers.id, { onDelete: "cascade" }),
    fileName: text("file_name").notNull(),
    status: text("status", { enum: waitlistImportStatuses }).notNull().default("ready"),
    claimedUntil: text("claimed_until"),
    counts: text("counts", { mode: "json" }).$type<Record<string, unknown>>().notNull().default(emptyJson),
    result: text("result", { mode: "json" }).$type<Record<string, unknown>>(),
    createdAt: text("created_at").notNull().default(nowIso),
    expiresAt: text("expires_at").notNull(),
    importedAt: text("imported_at"),
  },
  (t) => [index("waitlist_imports_expires_at_idx").on(t.expiresAt)],
);

/** One row of an uploaded file: its outcome, why, and the person to add (migrations/0012). */
export const waitlistImportRows = sqliteTable(
  "waitlist_import_rows",
  {
    importId: text("import_id")
      .notNull()
      .references(() => waitlistImports.id, { onDelete: "cascade" }),
    line: integer("line").notNull(),
    outcome: text("outcome", { enum: ["add", "duplicate", "suppressed", "invalid"] }).notNull(),
    reason: text("reason").notNull(),
    email: text("email").notNull(),
    name: text("name").notNull(),
    person: text("person", { mode: "json" }).$type<Record<string, unknown>>(),
  },
  (t) => [primaryKey({ columns: [t.importId, t.line] }), index("waitlist_import_rows_outcome_idx").on(t.importId, t.outcome, t.line)],
);

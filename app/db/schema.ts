/**
 * Drizzle schema for D1. It mirrors migrations/*.sql (the SQL is the source of truth for
 * CHECKs and defaults; drizzle gives typed queries). tests/integration/schema-drift.test.ts
 * compares the two: tables, columns, defaults, keys and indexes.
 */
import { sql } from "drizzle-orm";
import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";

const nowIso = sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`;
const emptyJson = sql`'{}'`;

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
  },
  (t) => [
    uniqueIndex("waitlist_email_unique").on(t.email),
    index("waitlist_created_at_idx").on(t.createdAt),
    index("waitlist_intent_source_idx").on(t.intent, t.source),
  ],
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
  // migrations/0001 and 0004. The analytics page (app/lib/admin/analytics-queries.mjs) reads its counts from
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

/**
 * The dashboard's figures: one D1 batch, the email outbox's summary (another batch) and the audit log
 * alongside it, plus the KV read for A/B tests.
 */
import { json, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { and, count, desc, eq, gte, lt, sql } from "drizzle-orm";
import { contactSubmissions, customerReviews, siteSettings, waitlist, waitlistStatuses, type WaitlistStatus } from "~/db/schema";
import { recentAuditEntries } from "~/features/admin/audit.server";
import { betaTesterSql, NOTIFY_ME_SQL } from "~/features/email/audiences.server";
import { loadEmailSummary } from "~/features/admin/email/email.server";
import { requireAdmin } from "~/features/admin/session.server";
import { readAbTestConfig } from "~/lib/ab-tests.server";
import { DASHBOARD_CHART_DAYS } from "~/lib/constants";
import { createDb } from "~/lib/db.server";
import type { EmailEnv } from "~/lib/env.server";
import { parseBoolean, SETTING_DEFAULTS, type SettingKey } from "~/lib/settings.server";

const DAY_MS = 86_400_000;

const isoDaysAgo = (now: number, days: number) => new Date(now - days * DAY_MS).toISOString();
const utcDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

export async function loadDashboard(d1: D1Database, kv: KVNamespace, env: EmailEnv, now = Date.now()) {
  const db = createDb(d1);
  const day = sql<string>`substr(${waitlist.createdAt}, 1, 10)`;
  const chartStart = `${utcDay(now - (DASHBOARD_CHART_DAYS - 1) * DAY_MS)}T00:00:00.000Z`;
  // Beta sign-ups and notify-me requests are two lists, counted apart (ADR 0048); the sign-up figures are the beta's.
  const beta = eq(waitlist.intent, "beta_testing");
  const sum = (condition: string) => sql<number>`coalesce(sum(${sql.raw(condition)}), 0)`;
  const [totals, byStatus, last7, previous7, last30, byIntent, bySource, daily, dailyNotifyMe, notifyMe, contacts, reviews, settings] = await db.batch([
    db.select({ n: count(), testers: sum(betaTesterSql()) }).from(waitlist).where(beta),
    db.select({ status: waitlist.status, n: count() }).from(waitlist).where(beta).groupBy(waitlist.status),
    db.select({ n: count() }).from(waitlist).where(and(beta, gte(waitlist.createdAt, isoDaysAgo(now, 7)))),
    db.select({ n: count() }).from(waitlist).where(and(beta, gte(waitlist.createdAt, isoDaysAgo(now, 14)), lt(waitlist.createdAt, isoDaysAgo(now, 7)))),
    db.select({ n: count() }).from(waitlist).where(and(beta, gte(waitlist.createdAt, isoDaysAgo(now, 30)))),
    db.select({ key: waitlist.intent, n: count() }).from(waitlist).groupBy(waitlist.intent).orderBy(desc(count())),
    db.select({ key: waitlist.source, n: count() }).from(waitlist).groupBy(waitlist.source).orderBy(desc(count())),
    db.select({ day, n: count() }).from(waitlist).where(and(beta, gte(waitlist.createdAt, chartStart))).groupBy(day),
    // Notify-me requests by the day their entry was made (the table keeps no date for a platform asked for later).
    db.select({ day, n: count() }).from(waitlist).where(and(sql.raw(NOTIFY_ME_SQL), gte(waitlist.createdAt, chartStart))).groupBy(day),
    db
      .select({
        n: count(),
        android: sum("waitlist.wants_android"),
        macos: sum("waitlist.wants_macos"),
        chromeExtension: sum("waitlist.wants_chrome_extension"),
        alsoBeta: sum("waitlist.intent = 'beta_testing'"),
      })
      .from(waitlist)
      .where(sql.raw(NOTIFY_ME_SQL)),
    db
      .select({ total: count(), unread: sql<number>`coalesce(sum(case when ${contactSubmissions.isRead} = 0 then 1 else 0 end), 0)` })
      .from(contactSubmissions),
    db
      .select({
        total: count(),
        active: sql<number>`coalesce(sum(${customerReviews.isActive}), 0)`,
        featured: sql<number>`coalesce(sum(case when ${customerReviews.isActive} = 1 and ${customerReviews.isFeatured} = 1 then 1 else 0 end), 0)`,
      })
      .from(customerReviews),
    db.select().from(siteSettings),
  ]);
  const [abTests, audit, email] = await Promise.all([readAbTestConfig(kv), recentAuditEntries(d1), loadEmailSummary(d1, env, now)]);
  const statusCounts = Object.fromEntries(waitlistStatuses.map((status) => [status, 0])) as Record<WaitlistStatus, number>;
  for (const row of byStatus) statusCounts[row.status] = row.n;

  const betaPerDay = new Map(daily.map((row) => [row.day, row.n]));
  const notifyMePerDay = new Map(dailyNotifyMe.map((row) => [row.day, row.n]));
  const dates = Array.from({ length: DASHBOARD_CHART_DAYS }, (_, i) => utcDay(now - (DASHBOARD_CHART_DAYS - 1 - i) * DAY_MS));
  // Two lists, two series (ADR 0048): someone on both is in both.
  const chart = {
    dates,
    beta: dates.map((date) => betaPerDay.get(date) ?? 0),
    notifyMe: dates.map((date) => notifyMePerDay.get(date) ?? 0),
  };
  const stored = new Map(settings.map((row) => [row.key, row.value]));
  const settingValue = (key: SettingKey) => parseBoolean(stored.get(key) ?? SETTING_DEFAULTS[key]);

  return {
    signups: {
      total: totals[0]?.n ?? 0,
      last7: last7[0]?.n ?? 0,
      previous7: previous7[0]?.n ?? 0,
      last30: last30[0]?.n ?? 0,
      byIntent,
      bySource,
      byStatus: statusCounts,
      /** Confirmed beta sign-ups: the beta testers, as the line, invitations and segments count them. */
      testers: Number(totals[0]?.testers ?? 0),
    },
    notifyMe: {
      total: notifyMe[0]?.n ?? 0,
      android: Number(notifyMe[0]?.android ?? 0),
      macos: Number(notifyMe[0]?.macos ?? 0),
      chromeExtension: Number(notifyMe[0]?.chromeExtension ?? 0),
      alsoBeta: Number(notifyMe[0]?.alsoBeta ?? 0),
    },
    email,
    chart,
    contacts: { total: contacts[0]?.total ?? 0, unread: Number(contacts[0]?.unread ?? 0) },
    reviews: { total: reviews[0]?.total ?? 0, active: Number(reviews[0]?.active ?? 0), featured: Number(reviews[0]?.featured ?? 0) },
    settings: {
      show_customer_reviews: settingValue("show_customer_reviews"),
      promotion_as_entry_page: settingValue("promotion_as_entry_page"),
    },
    abTests: Object.entries(abTests).map(([name, test]) => ({ name, enabled: test.enabled, variants: test.variants.length })),
    audit,
  };
}

export async function loadDashboardPage({ request, context }: LoaderFunctionArgs) {
  await requireAdmin(request, context);
  return json(await loadDashboard(context.cloudflare.env.DB, context.cloudflare.env.CONFIG, context.env));
}

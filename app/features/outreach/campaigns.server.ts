/**
 * The owner's campaigns (issue 17, ADR 0036): a beta invitation batch or an announcement is one
 * email_campaigns row and one outbox row per recipient, delivered by the same paced sender as every
 * other message (features/email). This module creates a campaign, writes its outbox rows, counts
 * audiences and delivery, and queues test copies.
 *
 * Never twice:
 * - the form carries a request key (one per form shown): the campaign row is unique by it, so a double
 *   click, a reload or a retried request finds the same campaign and only resumes its queueing;
 * - each recipient's outbox row is unique by its idempotency key (`<kind>:<campaign>:<entry>`), and an
 *   invitation is also unique per person across batches (email_outbox_one_invitation_unique);
 * - queueing advances a cursor in the same D1 batch as the rows it wrote, guarded by the cursor it
 *   read, so two requests resuming at once never count a chunk twice.
 *
 * Large audiences are queued a chunk at a time (QUEUE_CHUNK rows: one read, then one batch of two
 * statements, whose only bound list is one JSON parameter), within a time budget; what is left is
 * resumed by the next post of the same form or the "Resume" button, from the cursor.
 */
import { INVITABLE_PEOPLE_SQL, INVITATION_AUDIENCE, INVITATION_IN_OUTBOX_SQL, SEGMENT_AUDIENCES, SEGMENTS, type Segment } from "~/features/email/audiences.server";
import type { TestCopy } from "~/features/email/campaign-content.server";
import { outboxInsert } from "~/features/email/outbox.server";
import type { EmailCampaignKind } from "~/db/schema";
import { inLineSql, lineOrderSql } from "~/features/waitlist/place-in-line.server";
import { readReferralBoost } from "~/lib/settings.server";
import { isLang, LANGUAGES, type Lang } from "~/lib/i18n/languages";

/** Outbox rows written per chunk. */
export const QUEUE_CHUNK = 500;
/** How long one request keeps queueing before it answers (the rest is resumed). */
export const QUEUE_BUDGET_MS = 15_000;
/** The most testers one "invite the next N" may name. */
export const MAX_INVITATION_BATCH = 10_000;

/** A segment, optionally only its people in one language (ADR 0058); the next testers in line; ticked rows. */
export type Audience = { segment: Segment; language?: Lang } | { next: number } | { ids: number[] };

export interface Campaign {
  id: number;
  kind: EmailCampaignKind;
  requestKey: string;
  audience: Audience;
  audienceSize: number;
  subject: string | null;
  bodyMarkdown: string | null;
  testflightUrl: string | null;
  cursor: number;
  queuedCount: number;
  queuedAt: string | null;
  adminEmail: string;
  createdAt: string;
}

interface CampaignRow {
  id: number;
  kind: EmailCampaignKind;
  request_key: string;
  audience: string;
  audience_size: number;
  subject: string | null;
  body_markdown: string | null;
  testflight_url: string | null;
  cursor: number;
  queued_count: number;
  queued_at: string | null;
  admin_email: string;
  created_at: string;
}

const CAMPAIGN_COLUMNS = "id, kind, request_key, audience, audience_size, subject, body_markdown, testflight_url, cursor, queued_count, queued_at, admin_email, created_at";

function parseAudience(text: string): Audience {
  const value = JSON.parse(text) as Record<string, unknown>;
  if (typeof value.segment === "string" && (SEGMENTS as readonly string[]).includes(value.segment)) {
    return { segment: value.segment as Segment, ...(isLang(value.language) ? { language: value.language } : {}) };
  }
  if (typeof value.next === "number") return { next: value.next };
  if (Array.isArray(value.ids)) return { ids: value.ids.filter((id): id is number => Number.isSafeInteger(id)) };
  throw new Error("campaign: unreadable audience");
}

function toCampaign(row: CampaignRow): Campaign {
  return {
    id: row.id,
    kind: row.kind,
    requestKey: row.request_key,
    audience: parseAudience(row.audience),
    audienceSize: row.audience_size,
    subject: row.subject,
    bodyMarkdown: row.body_markdown,
    testflightUrl: row.testflight_url,
    cursor: row.cursor,
    queuedCount: row.queued_count,
    queuedAt: row.queued_at,
    adminEmail: row.admin_email,
    createdAt: row.created_at,
  };
}

export async function findCampaign(db: D1Database, where: { id: number } | { requestKey: string }): Promise<Campaign | null> {
  const row =
    "id" in where
      ? await db.prepare(`SELECT ${CAMPAIGN_COLUMNS} FROM email_campaigns WHERE id = ?1`).bind(where.id).first<CampaignRow>()
      : await db.prepare(`SELECT ${CAMPAIGN_COLUMNS} FROM email_campaigns WHERE request_key = ?1`).bind(where.requestKey).first<CampaignRow>();
  return row ? toCampaign(row) : null;
}

/**
 * Who the audience picks from `waitlist` (its SQL condition), and in which order it is queued: by id
 * (a segment, the ticked rows), or by place in line (the next testers: the status page's order itself,
 * lineOrderSql, boost included).
 */
function audienceQuery(kind: EmailCampaignKind, audience: Audience): { where: string; order: "id" | "place" } {
  if ("segment" in audience) return { where: `${SEGMENT_AUDIENCES[audience.segment].sql}${audience.language ? ` AND ${languageSql(audience.language)}` : ""}`, order: "id" };
  const invitable = INVITATION_AUDIENCE.sql;
  if (kind !== "invitation") throw new Error("campaign: only invitations pick people by place or by row");
  if ("next" in audience) return { where: `${invitable} AND ${inLineSql("waitlist")}`, order: "place" };
  return { where: `${invitable} AND id IN (SELECT value FROM json_each(?9))`, order: "id" };
}

/** How many people an audience reaches now (what the page shows before sending). */
export async function audienceSize(db: D1Database, kind: EmailCampaignKind, audience: Audience): Promise<number> {
  const { where } = audienceQuery(kind, audience);
  // D1 refuses a parameter the statement does not use: the list of ids is bound only when it is one.
  const ids = "ids" in audience ? [JSON.stringify(audience.ids)] : [];
  const row = await db
    .prepare(`SELECT count(*) AS n FROM (SELECT 1 FROM waitlist WHERE ${where.replaceAll("?9", "?2")} LIMIT ?1)`)
    .bind("next" in audience ? audience.next : -1, ...ids)
    .first<{ n: number }>();
  return row?.n ?? 0;
}

/**
 * A person's language as a condition: a literal, as the segments' conditions are (no parameters), safe
 * because it is one of the site's codes.
 */
function languageSql(language: Lang): string {
  if (!isLang(language)) throw new Error("campaign: unknown language");
  return `language = '${language}'`;
}

export interface AudienceCounts {
  /** Every segment's size, whatever the language. */
  segments: Record<Segment, number>;
  /** Every segment's size among the people of each language. */
  byLanguage: Record<Lang, Record<Segment, number>>;
  invitable: number;
  invited: number;
}

/** Every segment's size (in all and per language) and the number of testers who can be invited, in one pass over the confirmed entries. */
export async function audienceCounts(db: D1Database): Promise<AudienceCounts> {
  const sums = SEGMENTS.map((segment) => `coalesce(sum(${SEGMENT_AUDIENCES[segment].sql}), 0) AS ${segment}`).join(", ");
  const { results } = await db
    .prepare(
      `SELECT language, ${sums}, coalesce(sum(${INVITATION_AUDIENCE.sql}), 0) AS invitable, coalesce(sum(invited_at IS NOT NULL), 0) AS invited
         FROM waitlist WHERE status = 'confirmed' GROUP BY language`,
    )
    .all<Record<Segment | "invitable" | "invited", number> & { language: string }>();
  const total = (pick: (row: (typeof results)[number]) => number) => results.reduce((sum, row) => sum + pick(row), 0);
  const sizes = (rows: typeof results) => Object.fromEntries(SEGMENTS.map((segment) => [segment, rows.reduce((sum, row) => sum + row[segment], 0)])) as Record<Segment, number>;
  const byLanguage = Object.fromEntries(LANGUAGES.map(({ code }) => [code, sizes(results.filter((row) => row.language === code))])) as Record<Lang, Record<Segment, number>>;
  return { segments: sizes(results), byLanguage, invitable: total((row) => row.invitable), invited: total((row) => row.invited) };
}

/** How many people a segment reaches now, in one language or all. */
export function segmentSize(counts: AudienceCounts, segment: Segment, language?: Lang): number {
  return language ? counts.byLanguage[language][segment] : counts.segments[segment];
}

/**
 * The invitation panel's numbers, each counted over an index of its own (migrations/0015) rather than
 * every confirmed entry: who can be invited (INVITATION_AUDIENCE: the invitable people less those with
 * an invitation in the outbox, at most one each by email_outbox_one_invitation_unique, read from the
 * outbox's side: CROSS JOIN keeps that order), and who was.
 */
export async function invitationCounts(db: D1Database): Promise<{ invitable: number; invited: number }> {
  const row = await db
    .prepare(
      `SELECT (SELECT count(*) FROM waitlist INDEXED BY waitlist_invitable_idx WHERE ${INVITABLE_PEOPLE_SQL})
            - (SELECT count(*) FROM email_outbox AS o INDEXED BY email_outbox_one_invitation_unique CROSS JOIN waitlist
                WHERE waitlist.id = o.waitlist_id AND ${INVITATION_IN_OUTBOX_SQL} AND ${INVITABLE_PEOPLE_SQL}) AS invitable,
              (SELECT count(*) FROM waitlist INDEXED BY waitlist_invited_idx WHERE invited_at IS NOT NULL AND status = 'confirmed') AS invited`,
    )
    .first<{ invitable: number; invited: number }>();
  return { invitable: row?.invitable ?? 0, invited: row?.invited ?? 0 };
}

/** The first testers an "invite the next N" would reach, in that order, for the owner to see before sending. */
export async function nextInLine(db: D1Database, limit: number): Promise<{ id: number; email: string; name: string }[]> {
  const { where } = audienceQuery("invitation", { next: limit });
  const { results } = await db
    .prepare(
      `SELECT id, email, trim(coalesce(first_name, '') || ' ' || coalesce(last_name, '')) AS name FROM waitlist
        WHERE ${where} ORDER BY ${lineOrderSql("waitlist", "?2")} LIMIT ?1`,
    )
    .bind(limit, await readReferralBoost(db))
    .all<{ id: number; email: string; name: string }>();
  return results;
}

export interface NewCampaign {
  kind: EmailCampaignKind;
  requestKey: string;
  audience: Audience;
  audienceSize: number;
  subject?: string | null;
  bodyMarkdown?: string | null;
  testflightUrl?: string | null;
}

/**
 * The campaign for this request key: created now with its audit row (one batch), or the one an earlier
 * post of the same form created (`created` false: nothing new is written).
 */
export async function createCampaign(
  db: D1Database,
  admin: { id: number; email: string },
  campaign: NewCampaign,
  auditAction: string,
): Promise<{ campaign: Campaign; created: boolean }> {
  const [inserted] = await db.batch([
    db
      .prepare(
        `INSERT INTO email_campaigns (kind, request_key, audience, audience_size, subject, body_markdown, testflight_url, admin_id, admin_email)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9) ON CONFLICT (request_key) DO NOTHING RETURNING id`,
      )
      .bind(
        campaign.kind,
        campaign.requestKey,
        JSON.stringify(campaign.audience),
        campaign.audienceSize,
        campaign.subject ?? null,
        campaign.bodyMarkdown ?? null,
        campaign.testflightUrl ?? null,
        admin.id,
        admin.email,
      ),
    // The audit row only when the campaign is new (changes() of the insert above).
    db
      .prepare(
        `INSERT INTO admin_audit_log (admin_id, admin_email, action, target, details)
         SELECT ?1, ?2, ?3, 'campaign #' || last_insert_rowid(), json_object('audience', json(?4), 'audience_size', ?5, 'subject', ?6) WHERE changes() > 0`,
      )
      .bind(admin.id, admin.email, auditAction, JSON.stringify(campaign.audience), campaign.audienceSize, campaign.subject ?? null),
  ]);
  const found = await findCampaign(db, { requestKey: campaign.requestKey });
  if (!found) throw new Error("campaign: not found after its insert");
  return { campaign: found, created: (inserted?.results.length ?? 0) > 0 };
}

export interface QueueProgress {
  campaign: Campaign;
  /** Rows written by this call. */
  written: number;
  /** Every recipient has an outbox row. */
  done: boolean;
}

/**
 * Writes the campaign's outbox rows from its cursor, a chunk at a time, until every recipient has one
 * or the budget is spent. Safe to run again at any time and from two requests at once: a chunk is
 * written only if the campaign's cursor is still the one it was picked at.
 *
 * The cursor is the last id written for an audience in id order. For the next testers in line it
 * counts chunks instead: each chunk takes the first in line who have no invitation yet (the audience
 * leaves out anyone with one), so a resumed campaign goes on from the line as it is then.
 */
export async function queueCampaign(db: D1Database, start: Campaign, { budgetMs = QUEUE_BUDGET_MS, chunk = QUEUE_CHUNK, clock = Date.now } = {}): Promise<QueueProgress> {
  let campaign = start;
  let written = 0;
  const deadline = clock() + budgetMs;
  const { where, order } = audienceQuery(campaign.kind, campaign.audience);
  // D1 refuses a parameter the statement does not use: the list of ids is bound only when it is one.
  const ids = "ids" in campaign.audience ? [JSON.stringify(campaign.audience.ids)] : [];
  const target = "next" in campaign.audience ? campaign.audience.next : null;
  const payload = "segment" in campaign.audience ? JSON.stringify({ segment: campaign.audience.segment }) : "{}";
  const boost = order === "place" ? await readReferralBoost(db) : 0;
  // At least one chunk per call (a request always makes progress), then more while the budget lasts.
  for (let first = true; campaign.queuedAt === null && (first || clock() < deadline); first = false) {
    const limit = Math.max(target === null ? chunk : Math.min(chunk, target - campaign.queuedCount), 0);
    const picking =
      order === "place"
        ? db.prepare(`SELECT id FROM waitlist WHERE ${where} ORDER BY ${lineOrderSql("waitlist", "?2")} LIMIT ?1`).bind(limit, boost)
        : db.prepare(`SELECT id FROM waitlist WHERE ${where} AND id > ?1 ORDER BY id LIMIT ?2`.replaceAll("?9", "?3")).bind(campaign.cursor, limit, ...ids);
    const picked = (await picking.all<{ id: number }>()).results.map((row) => row.id);
    const last = order === "place" ? campaign.cursor + 1 : (picked.at(-1) ?? campaign.cursor);
    // The audience is exhausted when a chunk comes back short (or the next-N target is met below).
    const exhausted = picked.length < limit || limit <= 0;
    const now = new Date(clock()).toISOString();
    const [insert] = await db.batch([
      // In the order picked (the place in line, or the id), and only from the cursor this chunk was picked at.
      db
        .prepare(
          `INSERT INTO email_outbox (idempotency_key, kind, recipient, payload, waitlist_id, campaign_id, language)
           SELECT ?1 || ':' || ?2 || ':' || id, ?1, email, ?4, id, ?2, language FROM waitlist
            WHERE id IN (SELECT value FROM json_each(?3)) AND ${where.replaceAll("?9", "?6")}
              AND EXISTS (SELECT 1 FROM email_campaigns WHERE id = ?2 AND cursor = ?5 AND queued_at IS NULL)
            ORDER BY (SELECT key FROM json_each(?3) WHERE value = waitlist.id)
           ON CONFLICT DO NOTHING`,
        )
        .bind(campaign.kind, campaign.id, JSON.stringify(picked), payload, campaign.cursor, ...ids),
      // Guarded by the cursor this chunk started from: a second request resuming at once counts nothing twice.
      db
        .prepare(
          `UPDATE email_campaigns SET cursor = ?2, queued_count = queued_count + changes(),
                  queued_at = CASE WHEN ?4 OR queued_count + changes() >= ?5 THEN ?6 END
            WHERE id = ?1 AND cursor = ?3 AND queued_at IS NULL`,
        )
        .bind(campaign.id, last, campaign.cursor, exhausted ? 1 : 0, target ?? Number.MAX_SAFE_INTEGER, now),
    ]);
    written += insert?.meta.changes ?? 0;
    // Read back rather than assumed: another request may have advanced it meanwhile; go on from there.
    const refreshed = await findCampaign(db, { id: campaign.id });
    if (!refreshed) throw new Error("campaign: gone while queueing");
    campaign = refreshed;
  }
  return { campaign, written, done: campaign.queuedAt !== null };
}

/** A test copy of a campaign's message to an admin's own address, in the language chosen: an outbox row of its own, no entry. */
export function testCopyInsert(db: D1Database, to: string, content: TestCopy & { segment?: Segment }, language: Lang): D1PreparedStatement {
  const { segment, ...testCopy } = content;
  return outboxInsert(db, {
    idempotencyKey: `test:${content.kind}:${crypto.randomUUID()}`,
    kind: content.kind,
    recipient: to,
    payload: { testCopy, ...(segment ? { segment } : {}) },
    language,
  });
}

export interface DeliveryCounts {
  /** Queued or being sent. */
  queued: number;
  sent: number;
  failed: number;
  /** Not sent on purpose: the person left, changed their preferences or is suppressed. */
  skipped: number;
  delivered: number;
  bounced: number;
  complained: number;
}

const EMPTY_COUNTS: DeliveryCounts = { queued: 0, sent: 0, failed: 0, skipped: 0, delivered: 0, bounced: 0, complained: 0 };

/** Each campaign's delivery counts (from its outbox rows through their index, plus what the 90-day clean-up purged). */
export async function deliveryCounts(db: D1Database, campaignIds: number[]): Promise<Map<number, DeliveryCounts>> {
  const counts = new Map<number, DeliveryCounts>(campaignIds.map((id) => [id, { ...EMPTY_COUNTS }]));
  if (campaignIds.length === 0) return counts;
  const list = JSON.stringify(campaignIds);
  const [live, purged] = await db.batch<{ id: number; status?: string; event?: string | null; n?: number; purged?: string }>([
    db
      .prepare(
        `SELECT campaign_id AS id, status, delivery_event AS event, count(*) AS n FROM email_outbox
          WHERE campaign_id IN (SELECT value FROM json_each(?1)) GROUP BY campaign_id, status, delivery_event`,
      )
      .bind(list),
    db.prepare("SELECT id, purged_counts AS purged FROM email_campaigns WHERE id IN (SELECT value FROM json_each(?1))").bind(list),
  ]);
  for (const row of live?.results ?? []) {
    const c = counts.get(row.id);
    if (!c || row.n === undefined) continue;
    if (row.status === "queued" || row.status === "sending") c.queued += row.n;
    else if (row.status === "sent") c.sent += row.n;
    else if (row.status === "failed") c.failed += row.n;
    else if (row.status === "cancelled") c.skipped += row.n;
    if (row.event === "delivered") c.delivered += row.n;
    else if (row.event === "bounced") c.bounced += row.n;
    else if (row.event === "complained") c.complained += row.n;
  }
  for (const row of purged?.results ?? []) {
    const c = counts.get(row.id);
    if (!c || !row.purged) continue;
    const p = JSON.parse(row.purged) as Partial<Record<string, number>>;
    c.sent += p.sent ?? 0;
    c.failed += p.failed ?? 0;
    c.skipped += p.cancelled ?? 0;
    c.delivered += p.delivered ?? 0;
    c.bounced += p.bounced ?? 0;
    c.complained += p.complained ?? 0;
  }
  return counts;
}

/** The latest campaigns of a kind, newest first, with their delivery counts. */
export async function listCampaigns(db: D1Database, kind: EmailCampaignKind, limit = 20): Promise<(Campaign & { counts: DeliveryCounts })[]> {
  const { results } = await db
    .prepare(`SELECT ${CAMPAIGN_COLUMNS} FROM email_campaigns WHERE kind = ?1 ORDER BY created_at DESC, id DESC LIMIT ?2`)
    .bind(kind, limit)
    .all<CampaignRow>();
  const campaigns = results.map(toCampaign);
  const counts = await deliveryCounts(
    db,
    campaigns.map((c) => c.id),
  );
  return campaigns.map((c) => ({ ...c, counts: counts.get(c.id) ?? { ...EMPTY_COUNTS } }));
}

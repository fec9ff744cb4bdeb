/**
 * The beta list (the `waitlist` table) for the admin: one filter model read from the URL, used by
 * the page, its CSV export and the redirect after a deletion, so all three always agree.
 * Every value a person typed reaches SQL as a bound parameter.
 */
import { json, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { and, asc, count, desc, eq, gte, inArray, isNotNull, isNull, lte, max, sql, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import { z } from "zod";
import { waitlist, waitlistStatuses } from "~/db/schema";
import { redirectWithFlash } from "~/features/admin/flash.server";
import { adminAction, answerSaveFailure, parseId, saveFailedRedirect } from "~/features/admin/guard.server";
import { isoDayParam, loadListPage, pageParam, withQuery } from "~/features/admin/list-page.server";
import { requireAdmin } from "~/features/admin/session.server";
import { ADMIN_PATHS } from "~/features/admin/ui/admin-nav";
import { WAITLIST_INTENTS } from "~/lib/constants";
import { createDb } from "~/lib/db.server";
import { logError } from "~/lib/log.server";
import { CSV_BOM, csvRow } from "./csv";
import { INVITATION_MESSAGES, INVITE_INTENTS, invitationAction, loadInvitations, MAX_SELECTED, selectedIds } from "./invitations.server";
import { CAMPAIGN_INTENTS } from "~/features/admin/campaigns/campaign-actions.server";
import { betaTesterSql } from "~/features/email/audiences.server";
import { PLATFORM_SEGMENTS, platformsWanted, type PlatformSegment } from "~/features/email/segments";
import { boostLiteral, inLineSql, lineIndexFrom, lineOrderTerms, linePlacesSql } from "~/features/waitlist/place-in-line.server";
import { readReferralBoost } from "~/lib/settings.server";
import { BULK_INTENTS, bulkAction, deleteBetaTester, findBetaTester, TESTER_MESSAGES, type BulkIntent } from "./tester-actions.server";
import { formRefusal } from "~/features/admin/form-schema";
import { adminLanguageName, adminLanguageOptions } from "~/features/admin/language-names";
import { LANGUAGES } from "~/lib/i18n/languages";

export const BETA_TESTERS_PAGE_SIZE = 25;
export const BETA_TESTERS_EXPORT_LIMIT = 100_000;
/** Rows per D1 query while streaming an export: the whole file is never held in memory. */
const EXPORT_CHUNK = 2_000;
/** The filter selects offer the first values A to Z; the URL still accepts any other. */
const FILTER_OPTIONS_LIMIT = 100;

export const BETA_TESTER_SORTS = ["created_at", "place", "referrals", "email", "name"] as const;
export type BetaTesterSort = (typeof BETA_TESTER_SORTS)[number];
export type SortDirection = "asc" | "desc";
const INTENT_FILTERS = ["all", ...WAITLIST_INTENTS] as const;
/** Pending (not confirmed yet), confirmed, unsubscribed (ADR 0031). */
export const STATUS_FILTERS = ["all", ...waitlistStatuses] as const;
/** The coming platforms a person asked to hear about (notify-me). */
const PLATFORM_FILTERS = ["all", ...PLATFORM_SEGMENTS] as const;
const INVITED_FILTERS = ["all", "yes", "no"] as const;
/** The language a person signed up in (ADR 0058). */
const LANGUAGE_FILTERS = ["all", ...LANGUAGES.map((l) => l.code)] as const;

/**
 * The columns beyond the default ones (email, name, status, place, referrals, referred by, invited,
 * signed up) that the owner can switch on; the table fits 1280 px with the defaults alone (ADR 0052).
 */
export const OPTIONAL_COLUMNS = ["language", "intent", "platform", "source", "utm", "confirmed", "priority"] as const;
export type OptionalColumn = (typeof OPTIONAL_COLUMNS)[number];

/** Newest first for dates, most referrals first, first place first, A to Z for text. */
export function defaultDirection(sort: BetaTesterSort): SortDirection {
  return sort === "created_at" || sort === "referrals" ? "desc" : "asc";
}

const filterSchema = z.object({
  q: z
    .string()
    .trim()
    .transform((value) => value.slice(0, 200))
    .catch(""),
  intent: z.enum(INTENT_FILTERS).catch("all"),
  status: z.enum(STATUS_FILTERS).catch("all"),
  source: z.string().trim().max(200).catch(""),
  utm: z.string().trim().max(200).catch(""),
  from: isoDayParam,
  to: isoDayParam,
  platform: z.enum(PLATFORM_FILTERS).catch("all"),
  invited: z.enum(INVITED_FILTERS).catch("all"),
  language: z.enum(LANGUAGE_FILTERS).catch("all"),
  sort: z.enum(BETA_TESTER_SORTS).catch("created_at"),
  dir: z.enum(["asc", "desc"]).optional().catch(undefined),
  page: pageParam,
});

export interface BetaTesterFilters {
  q: string;
  intent: (typeof INTENT_FILTERS)[number];
  status: (typeof STATUS_FILTERS)[number];
  source: string;
  utm: string;
  from: string;
  to: string;
  platform: (typeof PLATFORM_FILTERS)[number];
  invited: (typeof INVITED_FILTERS)[number];
  language: (typeof LANGUAGE_FILTERS)[number];
  sort: BetaTesterSort;
  dir: SortDirection;
  page: number;
  /** The optional columns switched on (`col=` in the URL, repeated). */
  cols: OptionalColumn[];
}

/** The filters in a URL. Anything invalid falls back to its default: a bad link never fails. */
export function parseBetaTesterFilters(params: URLSearchParams): BetaTesterFilters {
  const raw = Object.fromEntries(Object.keys(filterSchema.shape).map((key) => [key, params.get(key) ?? undefined]));
  const parsed = filterSchema.parse(raw);
  const cols = OPTIONAL_COLUMNS.filter((col) => params.getAll("col").includes(col));
  return { ...parsed, dir: parsed.dir ?? defaultDirection(parsed.sort), cols };
}

/** The URL parameters for these filters (defaults left out), optionally changed. */
export function betaTesterFilterParams(filters: BetaTesterFilters, changes: Partial<BetaTesterFilters> = {}): URLSearchParams {
  const f = { ...filters, ...changes };
  const params = new URLSearchParams();
  if (f.q) params.set("q", f.q);
  if (f.intent !== "all") params.set("intent", f.intent);
  if (f.status !== "all") params.set("status", f.status);
  if (f.source) params.set("source", f.source);
  if (f.utm) params.set("utm", f.utm);
  if (f.from) params.set("from", f.from);
  if (f.to) params.set("to", f.to);
  if (f.platform !== "all") params.set("platform", f.platform);
  if (f.invited !== "all") params.set("invited", f.invited);
  if (f.language !== "all") params.set("language", f.language);
  if (f.sort !== "created_at") params.set("sort", f.sort);
  if (f.dir !== defaultDirection(f.sort)) params.set("dir", f.dir);
  if (f.page > 1) params.set("page", String(f.page));
  for (const col of f.cols) params.append("col", col);
  return params;
}

const metadataField = (key: string) => sql<string | null>`json_extract(${waitlist.metadata}, ${`$.${key}`})`;
// The path is a literal, not a bound value, so the expression is waitlist_utm_source_idx's own (migrations/0015).
const utmSource = sql<string | null>`json_extract(${waitlist.metadata}, '$.utm_source')`;
const fullName = sql<string>`trim(coalesce(${waitlist.firstName}, '') || ' ' || coalesce(${waitlist.lastName}, ''))`;
const referrer = alias(waitlist, "referrer");

// Each JSON field needs its own alias: D1 returns rows keyed by column name, and unnamed
// json_extract() columns would all share one name.
const columns = {
  id: waitlist.id,
  email: waitlist.email,
  firstName: waitlist.firstName,
  lastName: waitlist.lastName,
  intent: waitlist.intent,
  source: waitlist.source,
  createdAt: waitlist.createdAt,
  status: waitlist.status,
  confirmedAt: waitlist.confirmedAt,
  consentAt: waitlist.consentAt,
  consentForm: waitlist.consentForm,
  consentPage: waitlist.consentPage,
  consentWording: waitlist.consentWording,
  referralCount: waitlist.referralCount,
  referredById: waitlist.referredBy,
  referredByEmail: sql<string | null>`${referrer.email}`.as("referred_by_email"),
  priority: waitlist.priority,
  invitedAt: waitlist.invitedAt,
  wantsInvitations: waitlist.wantsInvitations,
  // The line's own rule (ADR 0048): a notify-me entry is listed here, but is no beta tester.
  betaTester: sql<number>`${sql.raw(betaTesterSql())}`.as("beta_tester"),
  wantsAndroid: waitlist.wantsAndroid,
  wantsMacos: waitlist.wantsMacos,
  wantsChromeExtension: waitlist.wantsChromeExtension,
  utmSource: sql<string | null>`${utmSource}`.as("utm_source"),
  utmMedium: metadataField("utm_medium").as("utm_medium"),
  utmCampaign: metadataField("utm_campaign").as("utm_campaign"),
  platform: metadataField("platform").as("platform"),
  referrer: metadataField("referrer").as("referrer"),
  userAgent: metadataField("user_agent").as("user_agent"),
  language: waitlist.language,
};

function whereClause(f: BetaTesterFilters): SQL | undefined {
  const conditions: SQL[] = [];
  if (f.q) {
    // A substring test, not LIKE: D1 refuses LIKE patterns over 50 bytes, and `%` or `_` typed
    // into the box are simply characters to find (no wildcards, so nothing to escape).
    const needle = f.q.toLowerCase();
    conditions.push(sql`(instr(${waitlist.email}, ${needle}) > 0 or instr(lower(${fullName}), ${needle}) > 0)`);
  }
  if (f.intent !== "all") conditions.push(eq(waitlist.intent, f.intent));
  if (f.status !== "all") conditions.push(eq(waitlist.status, f.status));
  if (f.source) conditions.push(eq(waitlist.source, f.source));
  if (f.utm) conditions.push(sql`${utmSource} = ${f.utm}`);
  // created_at is a UTC ISO timestamp with milliseconds, so whole days compare as text (and use its index).
  if (f.from) conditions.push(gte(waitlist.createdAt, `${f.from}T00:00:00.000Z`));
  if (f.to) conditions.push(lte(waitlist.createdAt, `${f.to}T23:59:59.999Z`));
  if (f.platform !== "all") conditions.push(eq({ android: waitlist.wantsAndroid, macos: waitlist.wantsMacos, chrome_extension: waitlist.wantsChromeExtension }[f.platform], true));
  if (f.invited === "yes") conditions.push(isNotNull(waitlist.invitedAt));
  if (f.invited === "no") conditions.push(isNull(waitlist.invitedAt));
  if (f.language !== "all") conditions.push(eq(waitlist.language, f.language));
  return and(...conditions);
}

/**
 * The order, with the id as a tie-breaker so pages never overlap. Nameless people sort last, and so do
 * people with no place in line when sorting by place: that order is the line's own (lineOrderTerms),
 * with the referral boost `boost` (a whole number from the settings).
 */
function orderBy(f: BetaTesterFilters, boost: number): SQL[] {
  const direction = f.dir === "asc" ? asc : desc;
  switch (f.sort) {
    case "place":
      return [
        asc(sql.raw(`NOT (${inLineSql("waitlist")})`)),
        ...lineOrderTerms("waitlist", boostLiteral(boost)).map((term) => direction(sql.raw(term))),
        direction(waitlist.id),
      ];
    case "referrals":
      return [direction(waitlist.referralCount), direction(waitlist.id)];
    case "email":
      return [direction(waitlist.email)];
    case "name":
      return [asc(sql`${fullName} = ''`), direction(sql`lower(${fullName})`), direction(waitlist.id)];
    default:
      return [direction(waitlist.createdAt), direction(waitlist.id)];
  }
}

export async function listBetaTesters(d1: D1Database, filters: BetaTesterFilters) {
  const db = createDb(d1);
  const where = whereClause(filters);
  const boost = await readReferralBoost(d1);
  const [totals, sources, utmSources] = await db.batch([
    db.select({ n: count() }).from(waitlist).where(where),
    db.all<{ value: string | null }>(distinctValues("source")),
    db.all<{ value: string | null }>(distinctValues("json_extract(metadata, '$.utm_source')")),
  ]);
  const total = totals[0]?.n ?? 0;
  const pageCount = Math.max(1, Math.ceil(total / BETA_TESTERS_PAGE_SIZE));
  // A page past the end (an old link, or the last row of the last page deleted) shows the last page.
  const page = Math.min(filters.page, pageCount);
  const offset = (page - 1) * BETA_TESTERS_PAGE_SIZE;
  const { rows, places } =
    filters.sort === "place"
      ? await placeSortedPage(d1, where, filters.dir, boost, offset)
      : await (async () => {
          const rows = await db
            .select(columns)
            .from(waitlist)
            .leftJoin(referrer, eq(referrer.id, waitlist.referredBy))
            .where(where)
            .orderBy(...orderBy(filters, boost))
            .limit(BETA_TESTERS_PAGE_SIZE)
            .offset(offset);
          return { rows, places: await placesOf(d1, rows, boost) };
        })();
  const sorted = (values: (string | null)[]) =>
    values.filter((v): v is string => typeof v === "string").sort((a, b) => a.localeCompare(b, "en"));
  return {
    rows: rows.map((row) => ({ ...row, place: places.get(row.id) ?? null, languageName: adminLanguageName(row.language) })),
    total,
    page,
    pageCount,
    sources: sorted(sources.map((r) => r.value)),
    utmSources: sorted(utmSources.map((r) => r.value)),
  };
}

/**
 * The first distinct values (A to Z) of an indexed expression on waitlist (migrations/0015): one step
 * down its index per value (the least value greater than the last), never a read of every row.
 */
function distinctValues(indexed: string): SQL {
  return sql.raw(`WITH RECURSIVE v(value) AS (
      SELECT min(${indexed}) FROM waitlist
      UNION ALL SELECT (SELECT min(${indexed}) FROM waitlist WHERE ${indexed} > v.value) FROM v WHERE v.value IS NOT NULL LIMIT ${FILTER_OPTIONS_LIMIT + 1}
    ) SELECT value FROM v WHERE value IS NOT NULL LIMIT ${FILTER_OPTIONS_LIMIT}`);
}

/**
 * A page sorted by place: the people in line first, read in the line's order from its index (no sort of
 * the line, ADR 0056), then everyone else by the same terms, as orderBy has it. Unfiltered, a place is
 * the row's position (the order is total); filtered, the page's rows are placed in the whole line.
 */
async function placeSortedPage(d1: D1Database, where: SQL | undefined, dir: SortDirection, boost: number, offset: number) {
  const db = createDb(d1);
  const direction = dir === "asc" ? asc : desc;
  const terms = lineOrderTerms("waitlist", boostLiteral(boost)).map((term) => direction(sql.raw(term)));
  const inLine = sql.raw(inLineSql("waitlist"));
  // Drizzle's builder cannot name an index: the line's ids are read in a statement of its own, then their rows.
  const lineIndex = sql.raw(lineIndexFrom("waitlist"));
  const [counted] = await db.all<{ n: number }>(sql`SELECT count(*) AS n FROM ${lineIndex} WHERE ${and(where, inLine)}`);
  const inLineTotal = counted?.n ?? 0;
  const lineIds =
    offset < inLineTotal
      ? (
          await db.all<{ id: number }>(
            sql`SELECT waitlist.id AS id FROM ${lineIndex} WHERE ${and(where, inLine)} ORDER BY ${sql.join(terms, sql`, `)} LIMIT ${BETA_TESTERS_PAGE_SIZE} OFFSET ${offset}`,
          )
        ).map((row) => row.id)
      : [];
  const lineRows = lineIds.length
    ? await db.select(columns).from(waitlist).leftJoin(referrer, eq(referrer.id, waitlist.referredBy)).where(inArray(waitlist.id, lineIds))
    : [];
  const inLineRows = lineIds.flatMap((id) => lineRows.filter((row) => row.id === id));
  const others =
    inLineRows.length < BETA_TESTERS_PAGE_SIZE
      ? await db
          .select(columns)
          .from(waitlist)
          .leftJoin(referrer, eq(referrer.id, waitlist.referredBy))
          .where(and(where, sql`NOT (${inLine})`))
          .orderBy(...terms, direction(waitlist.id))
          .limit(BETA_TESTERS_PAGE_SIZE - inLineRows.length)
          .offset(Math.max(0, offset - inLineTotal))
      : [];
  const places = where
    ? await placesOf(d1, inLineRows, boost)
    : new Map(inLineRows.map((row, i) => [row.id, dir === "asc" ? offset + i + 1 : inLineTotal - offset - i]));
  return { rows: [...inLineRows, ...others], places };
}

/** The places in line of these rows (those in line), in one pass over the line in its own order. */
async function placesOf(d1: D1Database, rows: { id: number; betaTester: number }[], boost: number): Promise<Map<number, number>> {
  const ids = rows.filter((row) => row.betaTester).map((row) => row.id);
  if (ids.length === 0) return new Map();
  const { results } = await d1
    .prepare(`WITH line AS (${linePlacesSql(boostLiteral(boost))}) SELECT id, place FROM line WHERE id IN (SELECT value FROM json_each(?1))`)
    .bind(JSON.stringify(ids))
    .all<{ id: number; place: number }>();
  return new Map(results.map((row) => [row.id, row.place]));
}

export const BETA_TESTERS_CSV_HEADER = [
  "email",
  "first_name",
  "last_name",
  "intent",
  "source",
  "utm_source",
  "utm_medium",
  "utm_campaign",
  "platform",
  "referrer",
  "user_agent",
  "created_at",
  // Double opt-in and proof of consent (ADR 0031): a single-opt-in entry is confirmed with no confirmed_at.
  "status",
  "confirmed_at",
  "consent_at",
  "consent_form",
  "consent_page",
  "consent_wording",
  "referral_count",
  // Issue 30: whether the row is a beta tester (confirmed, in line), and the platforms it asked to hear about.
  "beta_tester",
  "notify_me",
  // Issue 32: the language of the person's emails, as a code the import reads back.
  "language",
] as const;

/**
 * Every row matching the filters (up to BETA_TESTERS_EXPORT_LIMIT) as a CSV byte stream, read
 * from D1 a chunk at a time (tests pass smaller sizes). The first chunk is read before the stream is returned, so an
 * unavailable database fails the request instead of producing a truncated file.
 */
export async function betaTestersCsv(
  d1: D1Database,
  filters: BetaTesterFilters,
  { limit = BETA_TESTERS_EXPORT_LIMIT, chunk = EXPORT_CHUNK }: { limit?: number; chunk?: number } = {},
): Promise<ReadableStream<Uint8Array>> {
  const db = createDb(d1);
  const boost = await readReferralBoost(d1);
  // Rows that arrive during the export would shift later chunks' offsets; leave them out.
  const [top] = await db.select({ id: max(waitlist.id) }).from(waitlist);
  const where = and(whereClause(filters), lte(waitlist.id, top?.id ?? 0));
  const chunkAt = (offset: number) =>
    db
      .select(columns)
      .from(waitlist)
      .leftJoin(referrer, eq(referrer.id, waitlist.referredBy))
      .where(where)
      .orderBy(...orderBy(filters, boost))
      .limit(Math.min(chunk, limit - offset))
      .offset(offset);

  const encoder = new TextEncoder();
  let offset = 0;
  let next: Awaited<ReturnType<typeof chunkAt>> | null = await chunkAt(0);
  return new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(encoder.encode(CSV_BOM + csvRow(BETA_TESTERS_CSV_HEADER)));
    },
    async pull(controller) {
      try {
        const rows = next ?? (await chunkAt(offset));
        next = null;
        offset += rows.length;
        const text = rows
          .map((r) =>
            csvRow([
              r.email,
              r.firstName,
              r.lastName,
              r.intent,
              r.source,
              r.utmSource,
              r.utmMedium,
              r.utmCampaign,
              r.platform,
              r.referrer,
              r.userAgent,
              r.createdAt,
              r.status,
              r.confirmedAt,
              r.consentAt,
              r.consentForm,
              r.consentPage,
              r.consentWording,
              r.referralCount,
              r.betaTester ? "yes" : "no",
              notifyMeOf(r).join(" "),
              r.language,
            ]),
          )
          .join("");
        if (text) controller.enqueue(encoder.encode(text));
        if (rows.length < chunk || offset >= limit) controller.close();
      } catch (error) {
        logError("beta_testers_export_failed", error, { offset });
        controller.error(error);
      }
    },
  });
}

/** The coming platforms a row asked to hear about, as the announcement segments name them. */
function notifyMeOf(row: { wantsAndroid: boolean; wantsMacos: boolean; wantsChromeExtension: boolean }): PlatformSegment[] {
  return platformsWanted({ android: row.wantsAndroid, macos: row.wantsMacos, chromeExtension: row.wantsChromeExtension });
}

const BETA_TESTERS_PATH = ADMIN_PATHS.betaTesters;

export async function loadBetaTesters({ request, context }: LoaderFunctionArgs) {
  const [{ list, filters, confirm }, invite] = await Promise.all([
    loadListPage(request, context, { parseFilters: parseBetaTesterFilters, rows: listBetaTesters, find: findBetaTester }),
    loadInvitations(context),
  ]);

  // Links are built here, where the filter model lives, so the page and the export always agree.
  const sortLinks = Object.fromEntries(
    BETA_TESTER_SORTS.map((sort) => {
      const active = filters.sort === sort;
      const dir = active ? (filters.dir === "asc" ? "desc" : "asc") : defaultDirection(sort);
      return [sort, { href: withQuery(BETA_TESTERS_PATH, betaTesterFilterParams(filters, { sort, dir, page: 1 })), active, next: dir }];
    }),
  ) as Record<BetaTesterSort, { href: string; active: boolean; next: SortDirection }>;
  const here = betaTesterFilterParams(filters);
  // The filter form carries the sort (its select) and keeps a direction the header links chose.
  const keepDir = filters.dir !== defaultDirection(filters.sort) ? filters.dir : null;
  const filtered = Boolean(
    filters.q ||
      filters.intent !== "all" ||
      filters.status !== "all" ||
      filters.source ||
      filters.utm ||
      filters.from ||
      filters.to ||
      filters.platform !== "all" ||
      filters.invited !== "all" ||
      filters.language !== "all",
  );
  return json({
    filters,
    filtered,
    rows: list.rows,
    total: list.total,
    page: list.page,
    pageCount: list.pageCount,
    sources: list.sources,
    utmSources: list.utmSources,
    statuses: waitlistStatuses,
    platforms: PLATFORM_SEGMENTS,
    languages: adminLanguageOptions(),
    confirm,
    sortLinks,
    hereHref: withQuery(BETA_TESTERS_PATH, here),
    hereQuery: here.toString(),
    exportHref: withQuery(`${BETA_TESTERS_PATH}.csv`, betaTesterFilterParams(filters, { page: 1 })),
    exportCapped: list.total > BETA_TESTERS_EXPORT_LIMIT ? BETA_TESTERS_EXPORT_LIMIT : null,
    keepDir,
    invite,
  });
}

const INVITATION_INTENTS: readonly string[] = [...INVITE_INTENTS, ...CAMPAIGN_INTENTS];

/**
 * Deletes one sign-up (from the confirmation panel), or one of the invitation intents
 * (invitations.server.ts); then back to the same filters, sort and page.
 */
export const betaTestersAction = adminAction(async ({ request, context, session, fields }) => {
  const back = withQuery(BETA_TESTERS_PATH, betaTesterFilterParams(parseBetaTesterFilters(new URL(request.url).searchParams)));
  if ((BULK_INTENTS as readonly string[]).includes(fields.intent ?? "")) {
    const ids = selectedIds(fields);
    // Marked as the bulk bar's, so the page shows it there rather than in the invitation panel.
    if (ids.length === 0) return json({ ...formRefusal(TESTER_MESSAGES.noneTicked), bulk: true as const }, { status: 400 });
    if (ids.length > MAX_SELECTED) return json({ ...formRefusal(INVITATION_MESSAGES.tooManySelected), bulk: true as const }, { status: 400 });
    const bulk = async () => {
      const outcome = await bulkAction(context, session.admin, fields.intent as BulkIntent, ids, fields.confirmed === "yes");
      return "flash" in outcome ? redirectWithFlash(request, context, back, outcome.flash) : json(outcome);
    };
    return answerSaveFailure({ event: "admin_beta_testers_bulk_failed", intent: fields.intent }, bulk, () => saveFailedRedirect(request, context, back));
  }
  if (INVITATION_INTENTS.includes(fields.intent ?? "")) {
    const invite = async () => {
      const answer = await invitationAction(context, session.admin, fields);
      return answer instanceof Response ? answer : redirectWithFlash(request, context, back, answer.flash);
    };
    return answerSaveFailure({ event: "admin_invitation_action_failed", intent: fields.intent }, invite, () => saveFailedRedirect(request, context, back));
  }
  if (fields.intent !== "delete") {
    return redirectWithFlash(request, context, back, { kind: "error", message: "That action is not available on this page." });
  }
  const id = parseId(fields.id);
  const save = async () => {
    const deleted = id ? await deleteBetaTester(context.cloudflare.env.DB, session.admin, id) : null;
    if (!deleted) {
      return redirectWithFlash(request, context, back, { kind: "error", message: "That beta tester no longer exists." });
    }
    return redirectWithFlash(request, context, back, { kind: "success", message: `Removed ${deleted.email} from the beta list.` });
  };
  return answerSaveFailure({ event: "admin_beta_testers_action_failed", intent: fields.intent }, save, () => saveFailedRedirect(request, context, back));
});

/** The beta list as a CSV download, with the same filters and order as the page. */
export async function loadBetaTestersCsv({ request, context }: LoaderFunctionArgs) {
  await requireAdmin(request, context);
  const filters = parseBetaTesterFilters(new URL(request.url).searchParams);
  const body = await betaTestersCsv(context.cloudflare.env.DB, filters);
  const day = new Date().toISOString().slice(0, 10);
  return new Response(body, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="beta-testers-${day}.csv"`,
    },
  });
}

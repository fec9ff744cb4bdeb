/**
 * Waitlist rows and the links an email carries to the private entry pages (/waitlist/confirm, /status,
 * /unsubscribe), for the pages' tests in workerd (a D1 binding) and against the dev server from Node
 * (its D1 through the Local Explorer): both have D1's statement shape.
 */
import { confirmUrl, statusUrl, unsubscribeUrl, type LinkKeys, type LinkPurpose } from "~/features/email/links.server";

/** What seeding needs of a D1 database. */
export interface SeedableD1 {
  prepare(sql: string): { bind(...values: unknown[]): { first<Row>(): Promise<Row | null> } };
}

export interface EntrySeed {
  email?: string;
  firstName?: string | null;
  status?: "pending" | "confirmed" | "unsubscribed";
  lineSeq?: number | null;
  referralCode?: string;
  referredBy?: number | null;
  referralCount?: number;
  unsubscribedAt?: string | null;
  wantsAndroid?: boolean;
  /** "beta_testing" (the default: a beta sign-up) or "waitlist" (a notify-me request). */
  intent?: "beta_testing" | "waitlist";
}

let seeded = 0;

/**
 * A waitlist row as the sign-up (or an earlier confirmation) leaves it; answers its id. The values go
 * in as one JSON text, the one kind of parameter the Local Explorer's D1 API takes besides strings.
 */
export async function seedEntry(db: SeedableD1, entry: EntrySeed = {}): Promise<number> {
  seeded++;
  const status = entry.status ?? "pending";
  const values = {
    email: entry.email ?? `person${seeded}@example.com`,
    firstName: entry.firstName === undefined ? `Person${seeded}` : entry.firstName,
    status,
    confirmedAt: status === "pending" ? null : "2026-01-02T00:00:00.000Z",
    lineSeq: entry.lineSeq ?? null,
    referralCode: entry.referralCode ?? `code${String(seeded).padStart(6, "0")}`,
    referredBy: entry.referredBy ?? null,
    referralCount: entry.referralCount ?? 0,
    unsubscribedAt: entry.unsubscribedAt ?? null,
    wantsAndroid: entry.wantsAndroid ? 1 : 0,
    intent: entry.intent ?? "beta_testing",
  };
  const row = await db
    .prepare(
      `INSERT INTO waitlist (email, first_name, status, confirmed_at, line_seq, referral_code, referred_by, referral_count, unsubscribed_at,
                             wants_android, intent, consent_at, consent_form, consent_page, consent_wording, metadata)
       SELECT v ->> '$.email', v ->> '$.firstName', v ->> '$.status', v ->> '$.confirmedAt', v ->> '$.lineSeq', v ->> '$.referralCode',
              v ->> '$.referredBy', v ->> '$.referralCount', v ->> '$.unsubscribedAt', v ->> '$.wantsAndroid', v ->> '$.intent',
              '2026-01-01T00:00:00.000Z', 'main_waitlist_section', '/home', 'waitlist-v1', '{}'
       FROM (SELECT ?1 AS v)
       RETURNING id`,
    )
    .bind(JSON.stringify(values))
    .first<{ id: number }>();
  return row!.id;
}

/** A line of `count` confirmed beta testers numbered 1..count; answers their ids in order. */
export async function seedConfirmedLine(db: SeedableD1, count: number): Promise<number[]> {
  const ids: number[] = [];
  for (let i = 1; i <= count; i++) ids.push(await seedEntry(db, { status: "confirmed", lineSeq: i }));
  return ids;
}

const MAKERS = {
  confirm: (keys: LinkKeys, id: number, issuedAt: number, linkVersion: number) => confirmUrl(keys, { id, linkVersion }, issuedAt),
  status: (keys: LinkKeys, id: number, issuedAt: number, linkVersion: number) => statusUrl(keys, { id, linkVersion }, issuedAt),
  unsubscribe: (keys: LinkKeys, id: number, issuedAt: number) => unsubscribeUrl(keys, id, issuedAt),
} as const;
/** How long each kind of link lives, in hours, as the product promises it (ADR 0031). */
const LIFETIME_HOURS = { confirm: 48, status: 365 * 24, unsubscribe: 365 * 24 } as const;

/** The links of the site whose link keys are `keys`, as page paths. */
export function entryLinks(keys: LinkKeys) {
  /**
   * The page path with a link of `purpose` for entry `id`, as an email carries it (issued now unless
   * said; status and confirm links with the entry's link version, 0 unless said).
   */
  const linkPath = async (purpose: LinkPurpose, id: number, issuedAt = Date.now(), linkVersion = 0): Promise<string> => {
    const url = new URL(await MAKERS[purpose](keys, id, issuedAt, linkVersion));
    return `${url.pathname}${url.search}`;
  };
  /** The same link, expired a minute ago. */
  const expiredPath = (purpose: LinkPurpose, id: number) => linkPath(purpose, id, Date.now() - LIFETIME_HOURS[purpose] * 3_600_000 - 60_000);
  return { linkPath, expiredPath };
}

/** The token a link path carries. */
export const tokenIn = (path: string) => new URL(path, "http://localhost").searchParams.get("token")!;

/** A page's HTML without the comments React puts between adjacent text nodes ("#<!-- -->4"), apostrophes unescaped. */
export const pageText = async (response: Response) => (await response.text()).replace(/<!-- -->/g, "").replace(/&#x27;/g, "'");

/**
 * A page's HTML without its scripts: what it shows. The loader data in a script carries every message
 * of the page's namespaces (the browser renders with them), so "the page does not say X" reads this.
 */
export const shownMarkup = (html: string) => html.replace(/<script\b[\s\S]*?<\/script>/g, "");

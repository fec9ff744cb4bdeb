/**
 * The background sender (ADR 0031): claims due outbox rows, renders them, and sends them through the
 * provider's batch endpoint, paced across every sender, until the outbox is empty, `maxMessages` were
 * handled or the deadline comes. The jobs Worker runs it on its cron and on each queue message.
 *
 * At most once per message, even with two senders at once or a crash mid-send:
 * - a row is claimed by one sender at a time (one atomic UPDATE … RETURNING, with a lease);
 * - before a batch request, its rows are pinned to it (batch_key, which is also the request's
 *   Idempotency-Key). When the outcome is unknown (timeout, 5xx, crash), the rows stay pinned and go out
 *   again only as that same batch, rendered to the same bytes (tokens are issued at the row's creation
 *   time), under that key: the provider answers the first result and sends nothing twice;
 * - when the request was certainly refused (429, 4xx), the pin is dropped and the rows may join any batch.
 */
import { emailSettings, parseEmailEnv, type EmailSettings, type JobsEnv } from "~/lib/env.server";
import { readOutreachSettings } from "~/lib/settings.server";
import { loadCampaignContents, testCopyOf } from "./campaign-content.server";
import { logEmailError, logEmailInfo } from "./log.server";
import {
  claimDue,
  markCancelled,
  markFailed,
  markRetry,
  markSent,
  pinBatch,
  releaseClaim,
  retryDelayMs,
  type Claim,
  type OutboxRow,
} from "./outbox.server";
import { holdSlotsUntil, pacingIntervalMs, reserveSlot } from "./pacing.server";
import { createEmailProvider, fromWithName, MAX_BATCH_SIZE, type EmailMessage, type EmailProvider, type ProviderFailure } from "./provider.server";
import { DEFAULT_REQUEST_TIMEOUT_MS } from "./resend.server";
import { normaliseAddress, suppressedAmong } from "./suppression.server";
import { findKind } from "./templates/kinds.server";
import { renderMessage } from "./templates/render.server";
import { DEFAULT_LANG, isLang } from "~/lib/i18n/languages";
import { preferencesOf, type EmailEntry, type PreferenceColumns } from "./templates/types.server";

export interface DeliverOptions {
  /** The time, or a clock (ms since the epoch). A number starts a clock there that runs in real time. */
  now?: number | (() => number);
  /** Waits; tests may replace it. */
  sleep?: (ms: number) => Promise<void>;
  /** Messages handled at most in this run (default 1,000). */
  maxMessages?: number;
  /** No request starts after this many ms from the start (default 25 s). */
  deadlineMs?: number;
  /** Messages per request, at most 100 (default 100). */
  batchSize?: number;
  /** Bounds each provider request (default 10 s). */
  requestTimeoutMs?: number;
  /** Another provider than the settings name (tests). */
  provider?: EmailProvider;
  /** Randomness for the retry jitter, in [0, 1). */
  random?: () => number;
}

export interface DeliveryReport {
  enabled: boolean;
  claimed: number;
  sent: number;
  retried: number;
  failed: number;
  cancelled: number;
  /** Claimed but handed back untried (out of time). */
  released: number;
  /** Requests made to the provider. */
  requests: number;
  /** 429 answers waited out within the run. */
  rateLimited: number;
}

export const DEFAULT_DELIVERY = { maxMessages: 1000, deadlineMs: 25_000, batchSize: MAX_BATCH_SIZE } as const;

/** Extra lease beyond the deadline and the last request's timeout, for the writes after it. */
const LEASE_MARGIN_MS = 15_000;
/** A 429 asking for a longer wait ends the run for its rows; shorter ones are waited out. */
const MAX_IN_RUN_WAIT_MS = 10_000;
/** A batch whose outcome is unknown is never re-sent after this: providers keep an Idempotency-Key 24 h. */
const IDEMPOTENCY_WINDOW_MS = 23 * 3_600_000;

type Enabled = Extract<EmailSettings, { enabled: true }>;

interface Group {
  batchKey: string;
  rows: OutboxRow[];
  messages: EmailMessage[];
}

/** Delivers due email; never throws for a provider's failure (those are recorded on the rows). */
export async function deliverDueEmail(env: JobsEnv, options: DeliverOptions = {}): Promise<DeliveryReport> {
  const report: DeliveryReport = { enabled: false, claimed: 0, sent: 0, retried: 0, failed: 0, cancelled: 0, released: 0, requests: 0, rateLimited: 0 };
  const settings = emailSettings(parseEmailEnv(env));
  if (!settings.enabled) return report;
  report.enabled = true;
  const run = new SenderRun(env.DB, settings, options, report);
  try {
    await run.deliver();
  } catch (error) {
    logEmailError("email_delivery_failed", error, summary(report));
    throw error;
  }
  if (report.claimed > 0) logEmailInfo("email_delivery", summary(report));
  return report;
}

const summary = (report: DeliveryReport) => ({ ...report });

class SenderRun {
  readonly #clock: () => number;
  readonly #sleep: (ms: number) => Promise<void>;
  readonly #provider: EmailProvider;
  readonly #deadlineAt: number;
  readonly #intervalMs: number;
  readonly #timeoutMs: number;
  readonly #maxMessages: number;
  readonly #batchSize: number;
  readonly #random: () => number;
  /** The From of this run's messages (the sender's display name setting, read once per run). */
  #from: Promise<string> | undefined;

  constructor(
    private readonly db: D1Database,
    private readonly settings: Enabled,
    options: DeliverOptions,
    private readonly report: DeliveryReport,
  ) {
    const start = options.now;
    const offset = typeof start === "number" ? start - Date.now() : 0;
    this.#clock = typeof start === "function" ? start : () => Date.now() + offset;
    this.#sleep = options.sleep ?? ((ms) => new Promise((resolve) => setTimeout(resolve, ms)));
    this.#timeoutMs = options.requestTimeoutMs ?? DEFAULT_REQUEST_TIMEOUT_MS;
    this.#provider = options.provider ?? createEmailProvider(settings, db, { requestTimeoutMs: this.#timeoutMs });
    this.#deadlineAt = this.#clock() + (options.deadlineMs ?? DEFAULT_DELIVERY.deadlineMs);
    this.#intervalMs = pacingIntervalMs(settings.ratePerSecond);
    this.#maxMessages = options.maxMessages ?? DEFAULT_DELIVERY.maxMessages;
    this.#batchSize = Math.min(Math.max(options.batchSize ?? DEFAULT_DELIVERY.batchSize, 1), MAX_BATCH_SIZE);
    this.#random = options.random ?? Math.random;
  }

  async deliver(): Promise<void> {
    while (this.report.claimed < this.#maxMessages) {
      const now = this.#clock();
      if (now >= this.#deadlineAt) return;
      const claim = await claimDue(this.db, {
        limit: Math.min(this.#batchSize, this.#maxMessages - this.report.claimed),
        leaseMs: this.#deadlineAt - now + this.#timeoutMs + LEASE_MARGIN_MS,
        now,
      });
      if (claim.rows.length === 0) return;
      this.report.claimed += claim.rows.length;
      const finished = await this.#deliverClaim(claim);
      if (!finished) return;
    }
  }

  /** Sends what the claim holds; false when time ran out and the rest was handed back. */
  async #deliverClaim(claim: Claim): Promise<boolean> {
    const groups = await this.#prepare(claim);
    for (const [index, group] of groups.entries()) {
      const sent = await this.#sendGroup(claim, group);
      if (!sent) {
        const untried = groups.slice(index).flatMap((g) => g.rows.map((row) => row.id));
        await releaseClaim(this.db, claim.claimId, untried).run();
        this.report.released += untried.length;
        return false;
      }
    }
    return true;
  }

  /**
   * Decides each claimed row: pinned rows are rendered again as they were (no new checks: the same
   * request must go out again); fresh rows are checked (kind, entry, still wanted, suppression),
   * rendered, cut into batches and pinned to them. The decisions and pins are written, in one batch,
   * before any request.
   */
  async #prepare(claim: Claim): Promise<Group[]> {
    const now = this.#clock();
    const keys = this.settings; // siteUrl and tokenSecret: the LinkKeys
    const [entries, campaigns, from] = await Promise.all([this.#entries(claim.rows), loadCampaignContents(this.db, claim.rows), this.#runFrom()]);
    const fresh = claim.rows.filter((row) => row.batchKey === null);
    const suppressed = await suppressedAmong(this.db, this.settings.suppressionSecret, fresh.map((row) => row.recipient));
    const writes: D1PreparedStatement[] = [];
    const cancel = (row: OutboxRow, reason: string) => {
      writes.push(markCancelled(this.db, claim.claimId, [row.id], reason));
      this.report.cancelled++;
    };
    const fail = (row: OutboxRow, reason: string) => {
      writes.push(markFailed(this.db, claim.claimId, [row.id], reason));
      this.report.failed++;
    };

    const pinned = new Map<string, Group>();
    const ready: { row: OutboxRow; message: EmailMessage }[] = [];
    for (const row of claim.rows) {
      const kind = findKind(row.kind);
      // A test copy (an admin's own address, no entry) is rendered for a sample person, from its payload.
      const testCopy = row.waitlistId === null ? testCopyOf(row.payload) : null;
      const entry = testCopy ? "sample" : row.waitlistId === null ? undefined : entries.get(row.waitlistId);
      const campaign = testCopy ?? (row.campaignId === null ? null : (campaigns.get(row.campaignId) ?? null));
      if (!kind) {
        fail(row, `unknown_kind: ${row.kind.slice(0, 40)}`);
        continue;
      }
      if (!entry) {
        cancel(row, "entry_gone: the waitlist entry no longer exists");
        continue;
      }
      const payload = kind.payload.safeParse(row.payload);
      if (!payload.success || (kind.needsCampaign && !campaign)) {
        fail(row, "invalid_payload");
        continue;
      }
      if (row.batchKey === null) {
        if (entry !== "sample" && !kind.wanted(entry, payload.data)) {
          cancel(row, `not_wanted: the entry is ${entry.status}`);
          continue;
        }
        const suppression = suppressed.get(normaliseAddress(row.recipient));
        if (suppression && !kind.ignoresSuppression(payload.data, suppression)) {
          cancel(row, "suppressed");
          continue;
        }
      }
      let message: EmailMessage;
      try {
        message = await renderMessage(kind, { to: row.recipient, entry, payload: payload.data, issuedAt: row.createdAt, keys, campaign, from, lang: isLang(row.language) ? row.language : DEFAULT_LANG });
      } catch (error) {
        logEmailError("email_render_failed", error, { outboxId: row.id, kind: row.kind });
        fail(row, "render_failed");
        continue;
      }
      if (row.batchKey === null) {
        ready.push({ row, message });
      } else {
        const group = pinned.get(row.batchKey) ?? { batchKey: row.batchKey, rows: [], messages: [] };
        group.rows.push(row);
        group.messages.push(message);
        pinned.set(row.batchKey, group);
      }
    }

    const groups = [...pinned.values()];
    for (let i = 0; i < ready.length; i += this.#batchSize) {
      const chunk = ready.slice(i, i + this.#batchSize);
      const group: Group = { batchKey: newBatchKey("b1", now), rows: chunk.map((c) => c.row), messages: chunk.map((c) => c.message) };
      writes.push(pinBatch(this.db, claim.claimId, group.rows.map((row) => row.id), group.batchKey));
      groups.push(group);
    }
    if (writes.length > 0) await this.db.batch(writes);
    return groups;
  }

  /**
   * EMAIL_FROM under the sender's display name (an admin setting): read once per run, so every message
   * of a run, and a batch sent again, carries the same From. A failed read keeps EMAIL_FROM.
   */
  #runFrom(): Promise<string> {
    this.#from ??= readOutreachSettings(this.db).then(
      (stored) => fromWithName(this.settings.from, stored.senderName),
      () => this.settings.from,
    );
    return this.#from;
  }

  async #entries(rows: OutboxRow[]): Promise<Map<number, EmailEntry>> {
    const ids = [...new Set(rows.map((row) => row.waitlistId).filter((id): id is number => id !== null))];
    if (ids.length === 0) return new Map();
    const { results } = await this.db
      .prepare(
        `SELECT id, email, first_name, status, referral_code, referral_count, intent, link_version,
                wants_updates, wants_invitations, wants_android, wants_macos, wants_chrome_extension
           FROM waitlist WHERE id IN (SELECT value FROM json_each(?1))`,
      )
      .bind(JSON.stringify(ids))
      .all<EntryRow>();
    return new Map(results.map((r) => [r.id, toEntry(r)]));
  }

  /** One batch request, paced, with short 429s waited out; false when there was no time left to send it. */
  async #sendGroup(claim: Claim, group: Group): Promise<boolean> {
    const ids = group.rows.map((row) => row.id);
    if (this.#clock() - batchKeyTime(group.batchKey) > IDEMPOTENCY_WINDOW_MS) {
      await markFailed(this.db, claim.claimId, ids, "uncertain_outcome: the batch went out more than 23 h ago and may have been delivered; not sent again").run();
      this.report.failed += ids.length;
      return true;
    }
    for (;;) {
      const slot = await reserveSlot(this.db, { now: this.#clock(), intervalMs: this.#intervalMs });
      if (slot >= this.#deadlineAt || slot + this.#timeoutMs + LEASE_MARGIN_MS / 2 > claim.claimedUntil) return false;
      const wait = slot - this.#clock();
      if (wait > 0) await this.#sleep(wait);
      const results = await this.#provider.sendBatch(group.messages, { idempotencyKey: group.batchKey });
      this.report.requests++;
      const failure = results.find((r) => !r.ok)?.error;
      if (!failure) {
        await markSent(this.db, group.rows.map((row, i) => ({ id: row.id, providerId: (results[i] as { id: string }).id })), this.#clock()).run();
        this.report.sent += ids.length;
        return true;
      }
      const now = this.#clock();
      const retryAfter = failure.retryAfterMs ?? 0;
      if (failure.code === "rate_limited" && retryAfter <= MAX_IN_RUN_WAIT_MS && now + retryAfter < this.#deadlineAt) {
        // Every sender waits: the next slot is after retry-after. The same request goes again.
        await holdSlotsUntil(this.db, { now, until: now + retryAfter }).run();
        this.report.rateLimited++;
        continue;
      }
      if (failure.code === "rate_limited") await holdSlotsUntil(this.db, { now, until: now + retryAfter }).run();
      await this.#recordFailure(claim, group, failure, now);
      return true;
    }
  }

  async #recordFailure(claim: Claim, group: Group, failure: ProviderFailure, now: number): Promise<void> {
    const ids = group.rows.map((row) => row.id);
    const what = `${failure.code}: ${failure.detail}`;
    if (failure.code === "idempotency_conflict") {
      // This key went out before with other bytes (an entry changed or left the batch since): the
      // provider has that earlier request and its outcome. Sending it again under a new key could
      // deliver twice, so it is recorded as sent, unconfirmed, and visible as such in last_error.
      await markSent(this.db, group.rows.map((row) => ({ id: row.id, providerId: null })), now, `unconfirmed: ${what}`).run();
      this.report.sent += ids.length;
      return;
    }
    if (!failure.retryable) {
      if (group.rows.length > 1) {
        // The provider refuses a whole batch for one bad message: each goes again alone, attempt given back.
        await this.db.batch([
          ...group.rows.map((row) => pinBatch(this.db, claim.claimId, [row.id], newBatchKey("s1", now))),
          releaseClaim(this.db, claim.claimId, ids),
        ]);
        this.report.released += ids.length;
        return;
      }
      await markFailed(this.db, claim.claimId, ids, what).run();
      this.report.failed += ids.length;
      return;
    }
    // Retryable. With an unknown outcome the batch stays whole (pinned) and shares one decision;
    // otherwise each row counts its own attempts.
    const cohorts = failure.uncertain ? [group.rows] : byAttempts(group.rows);
    const jitter = this.#random();
    const writes = cohorts.map((rows) => {
      const attempts = Math.min(...rows.map((row) => row.attempts));
      const rowIds = rows.map((row) => row.id);
      if (attempts >= this.settings.maxAttempts) {
        this.report.failed += rowIds.length;
        return markFailed(this.db, claim.claimId, rowIds, `${what} (after ${attempts} attempts)`);
      }
      this.report.retried += rowIds.length;
      const at = now + Math.max(retryDelayMs(attempts, jitter), failure.retryAfterMs ?? 0);
      return markRetry(this.db, claim.claimId, rowIds, { at, error: what, keepBatch: failure.uncertain });
    });
    await this.db.batch(writes);
  }
}

interface EntryRow extends PreferenceColumns {
  id: number;
  email: string;
  first_name: string | null;
  status: EmailEntry["status"];
  referral_code: string | null;
  referral_count: number;
  intent: string;
  link_version: number;
}

function toEntry(r: EntryRow): EmailEntry {
  return {
    id: r.id,
    email: r.email,
    firstName: r.first_name,
    status: r.status,
    referralCode: r.referral_code,
    referralCount: r.referral_count,
    intent: r.intent,
    linkVersion: r.link_version,
    preferences: preferencesOf(r),
  };
}

function byAttempts(rows: OutboxRow[]): OutboxRow[][] {
  const cohorts = new Map<number, OutboxRow[]>();
  for (const row of rows) cohorts.set(row.attempts, [...(cohorts.get(row.attempts) ?? []), row]);
  return [...cohorts.values()];
}

/** A provider Idempotency-Key for a new batch: "b1" (a batch) or "s1" (one message alone), its time, a random id. */
function newBatchKey(prefix: "b1" | "s1", now: number): string {
  return `${prefix}.${Math.floor(now).toString(36)}.${crypto.randomUUID()}`;
}

function batchKeyTime(batchKey: string): number {
  const time = parseInt(batchKey.split(".")[1] ?? "", 36);
  return Number.isFinite(time) ? time : 0;
}

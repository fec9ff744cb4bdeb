/**
 * The email tests' world, in workerd: the runner's D1 with the project's migrations, a Resend
 * stand-in of this file's own on 127.0.0.1 (standins.ts), and the variables that point the email
 * code at it. The companion Worker's consumers and cron in the runner (test-worker.ts) see the same
 * variables while the harness is in use. Log lines are captured, so a test can assert that none
 * carries an address.
 */
import { afterAll, afterEach, beforeEach, expect, vi } from "vitest";
import { outboxInsert, type OutboxMessage } from "~/features/email/outbox.server";
import type { JobsEnv } from "~/lib/env.server";
import { migrate, runner } from "./app";
import { emailVariables } from "./email-variables";
import { changeJobsEnv } from "./jobs-hooks";
import { startResendStandin, type ResendStandin } from "./standins";

export interface EmailHarness {
  db: D1Database;
  standin: ResendStandin;
  /** The jobs Worker's environment, pointed at the stand-in; `overrides` change variables. */
  env(overrides?: Record<string, string>): JobsEnv;
  /** Adds beta sign-ups (person{i}@example.com) and answers their ids in order. */
  addEntries(count: number, fields?: { status?: "pending" | "confirmed" | "unsubscribed"; from?: number; createdAt?: string }): Promise<number[]>;
  /** Queues one message per entry id. */
  queue(kind: OutboxMessage["kind"], ids: number[], payload?: Record<string, unknown>): Promise<void>;
  outbox(): Promise<OutboxState[]>;
  /** Every log line written so far (console.log/warn/error). */
  logs: string[];
  clear(): Promise<void>;
  dispose(): Promise<void>;
}

export interface OutboxState {
  id: number;
  idempotency_key: string;
  recipient: string;
  kind: string;
  status: string;
  attempts: number;
  next_attempt_at: string;
  claimed_until: string | null;
  batch_key: string | null;
  last_error: string | null;
  provider_id: string | null;
  sent_at: string | null;
}

export const addressOf = (i: number) => `person${i}@example.com`;

export async function createEmailHarness(): Promise<EmailHarness> {
  const standin = await startResendStandin({ ratePerSecond: 0 });
  const db = runner.DB;
  await migrate();
  const logs: string[] = [];
  for (const method of ["log", "warn", "error", "info"] as const) {
    const original = console[method].bind(console);
    vi.spyOn(console, method).mockImplementation((...args: unknown[]) => {
      logs.push(args.map(String).join(" "));
      if (process.env.EMAIL_TEST_LOGS) original(...args);
    });
  }

  return {
    db,
    standin,
    logs,
    env: (overrides = {}) => ({ DB: db, ...emailVariables(standin), ...overrides }),
    async addEntries(count, { status = "pending", from = 0, createdAt } = {}) {
      const numbers = Array.from({ length: count }, (_, i) => from + i);
      await db
        .prepare(
          `INSERT INTO waitlist (email, first_name, status, referral_code, metadata, created_at, confirmed_at, line_seq, intent)
           SELECT 'person' || value || '@example.com', 'Person ' || value, ?2, 'ref' || printf('%08d', value), '{}',
                  coalesce(?3, strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
                  CASE WHEN ?2 = 'confirmed' THEN strftime('%Y-%m-%dT%H:%M:%fZ', 'now') END,
                  CASE WHEN ?2 = 'confirmed' THEN value + 1 END, 'beta_testing'
           FROM json_each(?1)`,
        )
        .bind(JSON.stringify(numbers), status, createdAt ?? null)
        .run();
      const { results } = await db
        .prepare("SELECT id FROM waitlist WHERE email IN (SELECT 'person' || value || '@example.com' FROM json_each(?1)) ORDER BY id")
        .bind(JSON.stringify(numbers))
        .all<{ id: number }>();
      return results.map((r) => r.id);
    },
    async queue(kind, ids, payload = {}) {
      const { results } = await db
        .prepare("SELECT id, email FROM waitlist WHERE id IN (SELECT value FROM json_each(?1))")
        .bind(JSON.stringify(ids))
        .all<{ id: number; email: string }>();
      await db.batch(results.map((row) => outboxInsert(db, { idempotencyKey: `${kind}:${row.id}:${crypto.randomUUID()}`, kind, recipient: row.email, waitlist: { id: row.id }, payload })));
    },
    async outbox() {
      const { results } = await db.prepare("SELECT * FROM email_outbox ORDER BY id").all<OutboxState>();
      return results;
    },
    async clear() {
      await db.batch(["email_outbox", "waitlist", "email_suppressions", "email_send_pacing", "dev_mailbox"].map((table) => db.prepare(`DELETE FROM ${table}`)));
      await standin.reset();
      await standin.setFaults({ down: false });
    },
    async dispose() {
      await standin.close();
    },
  };
}

/**
 * One harness per test file, cleared between tests; the runner's consumers and cron send through
 * its stand-in too. At the end, no log line may carry an address.
 */
export function emailHarnessPerFile(): () => EmailHarness {
  let harness: EmailHarness | undefined;
  beforeEach(async () => {
    harness ??= await createEmailHarness();
    await harness.clear();
    const variables = emailVariables(harness.standin);
    changeJobsEnv((env) => ({ ...env, ...variables }));
  });
  afterEach(async () => {
    // A held answer (a test that failed before releasing it) must not hold the next test up.
    await harness?.standin.setFaults({ hold: false });
    await harness?.standin.whenIdle();
  });
  afterAll(async () => {
    if (!harness) return;
    const leaks = harness.logs.filter((line) => /[^\s"'<>@]+@[^\s"'<>@]+\.[a-z]{2,}/i.test(line));
    await harness.dispose();
    vi.restoreAllMocks();
    expect(leaks).toEqual([]);
  });
  return () => harness!;
}

/** Per address, how many messages the stand-in delivered. */
export async function deliveryCounts(standin: ResendStandin): Promise<Map<string, number>> {
  const counts = new Map<string, number>();
  for (const delivery of await standin.deliveries()) for (const to of delivery.to) counts.set(to, (counts.get(to) ?? 0) + 1);
  return counts;
}

/**
 * A local stack with email ON, for the end-to-end tests of double opt-in and the private waitlist
 * pages. The suite's own server runs with email off (APP_ENV=test, no provider), so these tests start
 * their own stack in this worker: the same local stack `npm start` runs (scripts/local-stack/, site
 * and jobs Worker in one Miniflare, the email queue between them), on a fresh state directory, with
 * EMAIL_API_* pointed at the Resend stand-in (scripts/lib/resend-standin.mjs), which also runs here.
 * The test reads what was "sent" from the stand-in, as a person reads their inbox, and can look into
 * the stack's D1.
 */
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { expect } from "@playwright/test";
import { applyMigrations, MIGRATIONS_DIR_BY_BINDING } from "../../scripts/lib/d1-migrations.mjs";
import { startLocalStack, type LocalStack } from "../../scripts/local-stack/index.mjs";
import { startResendStandin, type ResendStandin, type StandinDelivery } from "../../scripts/lib/resend-standin.mjs";

/** Known here, so a test can sign links the way the site does (an expired one, say). */
export const E2E_EMAIL_TOKEN_SECRET = "e2e-email-token-secret-0123456789abcdef";
/** The provider webhook's signing secret, so a test can sign a delivery report as Resend does. */
export const E2E_WEBHOOK_SECRET = `whsec_${Buffer.from("e2e webhook signing secret, 32 bytes!").toString("base64")}`;

export interface EmailStack {
  origin: string;
  db: D1Database;
  standin: ResendStandin;
  /** The newest message to `address` whose subject matches, once it has arrived (the queue delivers within seconds). */
  mailTo(address: string, subject: RegExp): Promise<StandinDelivery>;
  close(): Promise<void>;
}

export async function startEmailStack(): Promise<EmailStack> {
  const standin = await startResendStandin({ ratePerSecond: 0 });
  mkdirSync("tests/.tmp", { recursive: true });
  const stateDir = mkdtempSync("tests/.tmp/e2e-email-stack-");
  let stack: LocalStack | undefined;
  try {
    stack = await startLocalStack({
      port: 0,
      stateDir,
      devVars: false,
      // Delivery follows the site's queue nudge, as in production; the test never waits for a cron minute.
      crons: false,
      logLevel: "warn",
      vars: {
        APP_ENV: "test",
        EMAIL_API_KEY: standin.apiKey,
        EMAIL_API_URL: standin.url,
        EMAIL_FROM: "LinkVault <hello@linkvault.example>",
        EMAIL_TOKEN_SECRET: E2E_EMAIL_TOKEN_SECRET,
        SUPPRESSION_HASH_SECRET: "e2e-suppression-secret-0123456789abcdef",
        EMAIL_WEBHOOK_SECRET: E2E_WEBHOOK_SECRET,
        EMAIL_SEND_RATE_PER_SECOND: "50",
        WAITLIST_RATE_LIMIT_MAX: "100000",
      },
    });
  } catch (error) {
    await standin.close();
    rmSync(stateDir, { recursive: true, force: true });
    throw error;
  }
  // Every database, the analytics one too: the pages' beacons reach the consumer.
  for (const [binding, dir] of Object.entries(MIGRATIONS_DIR_BY_BINDING)) {
    await applyMigrations((await stack.mf.getD1Database(binding, "site")) as unknown as D1Database, dir);
  }
  const db = (await stack.mf.getD1Database("DB", "site")) as unknown as D1Database;
  const running = stack;
  return {
    origin: running.url.origin,
    db,
    standin,
    async mailTo(address, subject) {
      const find = () => standin.deliveries.filter((d) => d.to.includes(address) && subject.test(d.subject)).at(-1);
      await expect.poll(() => find()?.id, { timeout: 30_000, message: `a message to ${address} matching ${subject}` }).toBeTruthy();
      return find()!;
    },
    async close() {
      await running.close();
      await standin.close();
      rmSync(stateDir, { recursive: true, force: true });
    },
  };
}

/** The first link in a message's HTML that starts with `prefix` (an absolute URL), unescaped. */
export function linkInMail(mail: StandinDelivery, prefix: string): string {
  const escaped = prefix.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  const match = new RegExp(`href="(${escaped}[^"]*)"`).exec(mail.html ?? "");
  if (!match) throw new Error(`no link starting with ${prefix} in "${mail.subject}"`);
  return match[1]!.replace(/&amp;/g, "&");
}

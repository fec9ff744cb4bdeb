/**
 * A dev server with email ON, for the end-to-end tests of double opt-in and the private waitlist
 * pages. The suite's own server runs with email off (APP_ENV=test, no provider), so these tests start
 * their own in this worker: what `npm start` runs (the site and the companion Worker in one wrangler
 * process, the email queue between them), on fresh state, with EMAIL_API_* pointed at the Resend
 * stand-in (scripts/lib/resend-standin.mjs), which also runs here. The test reads what was "sent" from
 * the stand-in, as a person reads their inbox, and can look into the server's D1.
 */
import { expect, type Browser, type Page } from "@playwright/test";
import { freePort } from "../../scripts/lib/free-port.mjs";
import type { ExplorerD1 } from "../../scripts/lib/dev-server.mjs";
import { startResendStandin, type ResendStandin, type StandinDelivery } from "../../scripts/lib/resend-standin.mjs";
import { startFreshDevServer } from "../support/fresh-dev-server.mjs";
import { WAITLIST_ACTION } from "./helpers";

/** Known here, so a test can sign links the way the site does (an expired one, say). */
export const E2E_EMAIL_TOKEN_SECRET = "e2e-email-token-secret-0123456789abcdef";
/** The provider webhook's signing secret, so a test can sign a delivery report as Resend does. */
export const E2E_WEBHOOK_SECRET = `whsec_${Buffer.from("e2e webhook signing secret, 32 bytes!").toString("base64")}`;

/** A waitlist row, the columns the tests look at. */
export interface WaitlistEntryRow {
  id: number;
  status: string;
  referral_count: number;
  referral_code: string;
  referred_by: number | null;
}

export interface EmailStack {
  origin: string;
  db: ExplorerD1;
  /** The analytics database (ANALYTICS_DB). */
  analytics: ExplorerD1;
  standin: ResendStandin;
  /** The newest message to `address` whose subject matches, once it has arrived (the queue delivers within seconds). */
  mailTo(address: string, subject: RegExp): Promise<StandinDelivery>;
  /** Signs `email` up over plain HTTP, as the enhanced waitlist form sends it; fails unless it is answered 200. */
  signUp(email: string, fields?: Record<string, string>): Promise<void>;
  /** The waitlist row of `email`, or null. */
  entry(email: string): Promise<WaitlistEntryRow | null>;
  close(): Promise<void>;
}

export async function startEmailStack(): Promise<EmailStack> {
  const standin = await startResendStandin({ ratePerSecond: 0 });
  let server;
  try {
    server = await startFreshDevServer({
      name: "e2e-email-stack",
      port: await freePort(),
      // Delivery follows the site's queue nudge, as in production; the test never waits for a cron minute.
      crons: false,
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
    throw error;
  }
  const running = server;
  const db = running.d1("DB");
  return {
    origin: running.origin,
    db,
    analytics: running.d1("ANALYTICS_DB"),
    standin,
    async mailTo(address, subject) {
      const find = () => standin.deliveries.filter((d) => d.to.includes(address) && subject.test(d.subject)).at(-1);
      await expect.poll(() => find()?.id, { timeout: 30_000, message: `a message to ${address} matching ${subject}` }).toBeTruthy();
      return find()!;
    },
    async signUp(email, fields = {}) {
      const form = { email, submissionTime: String(Date.now() - 10_000), source: "main_waitlist_section", intent: "beta_testing", ...fields };
      const answer = await fetch(`${running.origin}${WAITLIST_ACTION}`, { method: "POST", headers: { Origin: running.origin }, body: new URLSearchParams(form) });
      expect(answer.status, `signing up ${email}`).toBe(200);
    },
    entry(email) {
      return db
        .prepare("SELECT id, status, referral_count, referral_code, referred_by FROM waitlist WHERE email = ?1")
        .bind(email)
        .first<WaitlistEntryRow>();
    },
    async close() {
      await running.stop();
      await standin.close();
    },
  };
}

/** A new person in their own browser (no shared cookies), a returning visitor as far as the cookie banner goes. */
export async function newPerson(browser: Browser, javaScriptEnabled: boolean, viewport?: { width: number; height: number }): Promise<Page> {
  const context = await browser.newContext({ javaScriptEnabled, ...(viewport ? { viewport } : {}) });
  await context.addInitScript(() => {
    localStorage.setItem("cookie-consent", JSON.stringify({ necessary: true, analytics: false, marketing: false, functional: false }));
    localStorage.setItem("cookie-consent-date", "2026-01-01T00:00:00.000Z");
  });
  return context.newPage();
}

/** The first link in a message's HTML that starts with `prefix` (an absolute URL), unescaped. */
export function linkInMail(mail: StandinDelivery, prefix: string): string {
  const escaped = prefix.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  const match = new RegExp(`href="(${escaped}[^"]*)"`).exec(mail.html ?? "");
  if (!match) throw new Error(`no link starting with ${prefix} in "${mail.subject}"`);
  return match[1]!.replace(/&amp;/g, "&");
}

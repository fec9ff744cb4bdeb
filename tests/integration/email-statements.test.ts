/**
 * What email costs in D1 statements, per person (issue 16: a sign-up and its confirmation; issue 17: an
 * announcement), counted by a probe in front of the real DB (d1-probe.ts): the site's request, then the
 * delivery as the companion Worker runs it (deliverDueEmail) through the Resend stand-in, until every
 * message is out. `npm run bench` reports these counts from the tests' annotations (its "statements"
 * section, scripts/bench/statements.mjs).
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { deliverDueEmail } from "~/features/email/sender.server";
import { adminPost, createAdminUser, OWNER, signIn } from "../support/admin";
import { createTestApp, formPost, runner, type TestApp, SIGN_UP_ACTION } from "../support/app";
import { d1Probe } from "../support/d1-probe";
import { emailVariables } from "../support/email-variables";
import { publishCount } from "../support/statement-counts";
import { startResendStandin, type ResendStandin } from "../support/standins";

/** Two full provider batches of confirmations (the sender sends up to 100 messages a request). */
const SIGN_UPS = 200;
/** An announcement to this many confirmed people, with as many others on the list who must get nothing. */
const RECIPIENTS = 2_000;

let app: TestApp;
let cookie: string;
let standin: ResendStandin;
let vars: Record<string, string>;

beforeAll(async () => {
  standin = await startResendStandin({ ratePerSecond: 0 });
  vars = emailVariables(standin);
  // The site's production bindings but the email queue: the test runs the sender itself, on a probed DB.
  app = await createTestApp({ ...vars, RATE_LIMITER: runner.RATE_LIMITER, ANALYTICS_QUEUE: runner.ANALYTICS_QUEUE });
  await createAdminUser(app.db, { email: OWNER.email });
  cookie = await signIn(app);
});
afterAll(async () => {
  await app.dispose();
  await standin.close();
});
beforeEach(async () => {
  await app.settle();
  await app.db.batch(["email_outbox", "email_campaigns", "waitlist", "email_send_pacing"].map((table) => app.db.prepare(`DELETE FROM ${table}`)));
  await standin.reset();
});

/** The companion Worker's sender on `db`, run after run until the outbox has nothing due; the messages it sent. */
async function deliverAll(db: D1Database): Promise<number> {
  let sent = 0;
  for (;;) {
    const report = await deliverDueEmail({ DB: db, ...vars }, { deadlineMs: 60_000 });
    if (report.claimed === 0) return sent;
    sent += report.sent;
  }
}

describe("D1 statements per person, counted at the binding", () => {
  it(`${SIGN_UPS} sign-ups with email on: 3 statements each in 1 call (the entry, its confirmation, the come-back mark); delivering their confirmations, under 0.1 statement per sign-up`, async ({ annotate }) => {
    const request = d1Probe(app.db);
    const signUp = app.withEnv({ DB: request.db });
    for (let i = 0; i < SIGN_UPS; i++) {
      const answer = await signUp(formPost(SIGN_UP_ACTION, { email: `count-${i}@example.com`, submissionTime: String(Date.now() - 5_000) }, `198.18.200.${(i % 250) + 1}`));
      expect(answer.status).toBe(200);
    }
    await app.settle();
    expect({ statements: request.statements, calls: request.calls }).toEqual({ statements: 3 * SIGN_UPS, calls: SIGN_UPS });

    const delivery = d1Probe(app.db);
    expect(await deliverAll(delivery.db)).toBe(SIGN_UPS);
    expect((await standin.deliveries()).length).toBe(SIGN_UPS);
    expect(delivery.statements / SIGN_UPS).toBeLessThan(0.1);
    const signUps = { count: SIGN_UPS, unit: "sign-ups" };
    await publishCount(annotate, "sign-ups with email on, the request: DB", request, signUps);
    await publishCount(annotate, "sign-ups with email on, delivering the confirmations (claim, check, pin, pace, mark): DB", delivery, signUps);
  });

  it(`an announcement to ${RECIPIENTS.toLocaleString("en")} people: the post, under 0.02 statement per recipient; its delivery, under 0.1`, async ({ annotate }) => {
    // Confirmed people who asked for Android, and as many who asked for macOS only.
    await app.db
      .prepare(
        `INSERT INTO waitlist (email, first_name, status, line_seq, intent, metadata, referral_code, wants_android, wants_macos, confirmed_at)
         SELECT 'reader' || value || '@example.com', 'Reader', 'confirmed', value, 'waitlist', '{}', 'r' || printf('%09d', value),
                value <= ?2, value > ?2, strftime('%Y-%m-%dT%H:%M:%fZ', 'now')
           FROM json_each(?1)`,
      )
      .bind(JSON.stringify(Array.from({ length: 2 * RECIPIENTS }, (_, i) => i + 1)), RECIPIENTS)
      .run();

    const post = d1Probe(app.db);
    const fields = { intent: "send", subject: "LinkVault for Android is here", body: "The **Android** app is ready.\n\n[Read more](/blog)", segment: "android", request: crypto.randomUUID() };
    const sent = await app.withEnv({ DB: post.db })(adminPost("/admin/announcements", fields, cookie));
    expect(sent.status).toBe(302);
    await app.settle();
    expect(post.statements / RECIPIENTS).toBeLessThan(0.02);

    const delivery = d1Probe(app.db);
    expect(await deliverAll(delivery.db)).toBe(RECIPIENTS);
    const recipients = (await standin.deliveries()).flatMap((message) => message.to);
    expect(new Set(recipients).size).toBe(RECIPIENTS);
    expect(recipients.every((to) => Number(/^reader(\d+)@/.exec(to)?.[1]) <= RECIPIENTS)).toBe(true);
    expect(delivery.statements / RECIPIENTS).toBeLessThan(0.1);
    const perRecipient = { count: RECIPIENTS, unit: "recipients" };
    await publishCount(annotate, "an announcement, the owner's post (campaign, outbox rows): DB", post, perRecipient);
    await publishCount(annotate, "an announcement, its delivery (claim, check, pin, pace, mark): DB", delivery, perRecipient);
  });
});

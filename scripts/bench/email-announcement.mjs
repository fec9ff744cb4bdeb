// The announcement section of `npm run bench` (issue 17): a 10,000-recipient announcement through
// the dev server (the site and the companion Worker as `npm start` runs them) to the Resend stand-in
// on 127.0.0.1, which enforces Resend's default 2 requests/s. The owner sends it from the
// announcements page (a real form post, signed in); the sender, woken by the queue, delivers it in
// batches of 100, paced. Reported: that every recipient got exactly one message (and no one outside
// the segment any), the time from the post to the last message at the stand-in, the post's own time
// (it queues the 10,000 outbox rows), and the announcements page's load time idle and while the
// announcement goes out, side by side. Its D1 statements per recipient are the statements section's.
import { hashPassword } from "../../app/features/admin/password-hash.mjs";
import { startResendStandin } from "../lib/resend-standin.mjs";
import { startBenchServer } from "./server.mjs";
import { median, percentile } from "./stats.mjs";

export const RECIPIENTS = 10_000;
/** People outside the segment, who must get nothing. */
const OTHERS = 2_000;
const OWNER = { email: "bench-owner@example.test", password: "bench owner password 2026" };
const EMAIL_VARS = { EMAIL_FROM: "LinkVault <hello@linkvault.example>", EMAIL_TOKEN_SECRET: "bench-email-token-secret-0123456789abcd", SUPPRESSION_HASH_SECRET: "bench-suppression-secret-0123456789abcd" };
const PAGE = "/admin/announcements";
const IDLE_SAMPLES = 20;

/** `count` confirmed people from `from`, wanting Android (or only macOS), in one statement per 2,000. */
async function seedPeople(db, { from, count, android }) {
  for (let start = from; start < from + count; start += 2_000) {
    const values = Array.from({ length: Math.min(2_000, from + count - start) }, (_, i) => start + i);
    await db
      .prepare(
        `INSERT INTO waitlist (email, first_name, status, line_seq, intent, metadata, referral_code, wants_android, wants_macos, confirmed_at)
         SELECT 'bench' || value || '@example.com', 'Reader', 'confirmed', value, 'waitlist', '{}', 'b' || printf('%09d', value), ?2, 1 - ?2,
                strftime('%Y-%m-%dT%H:%M:%fZ', 'now')
           FROM json_each(?1)`,
      )
      .bind(JSON.stringify(values), android ? 1 : 0)
      .run();
  }
}

const announcement = (request) =>
  new URLSearchParams({
    intent: "send",
    subject: "LinkVault for Android is here",
    body: "The **Android** app is ready.\n\n- Save links from any app\n- Find them again in a second\n\n[Read more](/blog)",
    segment: "android",
    request,
  });

/** Signs the owner in through the login form; the session cookie. */
async function signIn(send) {
  const response = await send("/admin/login", { method: "POST", body: new URLSearchParams({ email: OWNER.email, password: OWNER.password, redirectTo: "/admin/dashboard" }) });
  const cookie = (response.headers.get("set-cookie") ?? "").split(/,(?=\s*[^;,]+=)/).map((c) => c.trim()).find((c) => c.startsWith("lv_admin=") || c.startsWith("__Host-lv_admin="));
  if (response.status !== 302 || !cookie) throw new Error(`bench: sign-in answered ${response.status}`);
  return cookie.split(";")[0];
}

/**
 * { recipients, exactlyOnce, strays, finishMs, postMs, idle, during, requests, rateLimited }; the
 * server's state lives in `<workDir>/announcement`.
 */
export async function measureAnnouncement({ workDir, logFile, progress = () => {} }) {
  const standin = await startResendStandin({ ratePerSecond: 2 });
  let server;
  try {
    // No cron ticker: the queue alone drives delivery, so the measure is the announcement's own pace.
    server = await startBenchServer({
      workDir,
      name: "announcement",
      logFile,
      vars: { ...EMAIL_VARS, APP_ENV: "test", EMAIL_API_KEY: standin.apiKey, EMAIL_API_URL: standin.url, EMAIL_SEND_RATE_PER_SECOND: "2" },
    });
    const db = server.d1("DB");
    await seedPeople(db, { from: 1, count: RECIPIENTS, android: true });
    await seedPeople(db, { from: RECIPIENTS + 1, count: OTHERS, android: false });
    await db.prepare("INSERT INTO admin_users (email, password_hash, role) VALUES (?1, ?2, 'owner')").bind(OWNER.email, await hashPassword(OWNER.password)).run();
    const origin = server.origin;
    const send = (path, init = {}) =>
      fetch(new URL(path, origin), {
        redirect: "manual",
        ...init,
        headers: { Origin: origin, "Content-Type": "application/x-www-form-urlencoded", "CF-Connecting-IP": "198.18.7.7", ...(init.headers ?? {}) },
      });
    const cookie = await signIn(send);
    const loadPage = async () => {
      const started = performance.now();
      const response = await send(PAGE, { headers: { Cookie: cookie, Accept: "text/html" } });
      await response.text();
      if (response.status !== 200) throw new Error(`bench: ${PAGE} answered ${response.status}`);
      return performance.now() - started;
    };

    progress(`announcement: the announcements page idle (${IDLE_SAMPLES} loads)`);
    await loadPage();
    const idle = [];
    for (let i = 0; i < IDLE_SAMPLES; i++) idle.push(await loadPage());

    progress(`announcement: sending to ${RECIPIENTS.toLocaleString("en")} people at 2 requests/s, loading the page meanwhile`);
    const sentAt = Date.now();
    const postStarted = performance.now();
    const posted = await send(PAGE, { method: "POST", body: announcement(crypto.randomUUID()), headers: { Cookie: cookie, Accept: "text/html" } });
    const postMs = performance.now() - postStarted;
    if (posted.status !== 302) throw new Error(`bench: sending the announcement answered ${posted.status}: ${(await posted.text()).slice(0, 300)}`);
    const during = [];
    const deadline = Date.now() + 15 * 60_000;
    while (standin.deliveries.length < RECIPIENTS) {
      if (Date.now() > deadline) throw new Error(`bench: only ${standin.deliveries.length} of ${RECIPIENTS} messages arrived within 15 minutes`);
      during.push(await loadPage());
    }
    await standin.whenIdle();
    const finishMs = Math.max(...standin.deliveries.map((d) => d.at)) - sentAt;

    const perRecipient = new Map();
    for (const delivery of standin.deliveries) for (const to of delivery.to) perRecipient.set(to, (perRecipient.get(to) ?? 0) + 1);
    const wanted = (address) => {
      const n = Number(/^bench(\d+)@/.exec(address)?.[1]);
      return n >= 1 && n <= RECIPIENTS;
    };
    const exactlyOnce = [...perRecipient].filter(([to, n]) => wanted(to) && n === 1).length;
    const strays = [...perRecipient.keys()].filter((to) => !wanted(to)).length;
    return {
      recipients: RECIPIENTS,
      others: OTHERS,
      exactlyOnce,
      duplicates: [...perRecipient.values()].filter((n) => n > 1).length,
      strays,
      finishMs,
      postMs,
      idle: { p50: median(idle), p99: percentile(idle, 99), n: idle.length },
      during: { p50: median(during), p99: percentile(during, 99), n: during.length },
      requests: standin.requests.filter((r) => r.status === 200).length,
      rateLimited: standin.requests.filter((r) => r.status === 429).length,
    };
  } finally {
    await server?.stop();
    await standin.close();
  }
}

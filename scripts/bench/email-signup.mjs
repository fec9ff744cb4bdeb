// The email section of `npm run bench` (issue 16): sign-up to confirmation on the dev server (the
// site and the companion Worker as `npm start` runs them) with the provider pointed at the Resend
// stand-in on 127.0.0.1, rate-limited to Resend's default 2 requests/s. Rounds of 50 concurrent
// sign-ups (each from its own address); for each, the time from sending the form to the confirmation
// reaching the stand-in. The path is the production one: outbox row, queue nudge, consumer, paced
// batch send. The D1 statements of a sign-up and its delivery are the statements section's.
import { startResendStandin } from "../lib/resend-standin.mjs";
import { startBenchServer } from "./server.mjs";
import { median, percentile } from "./stats.mjs";

const CONCURRENT_SIGN_UPS = 50;
const ROUNDS = 3;
const signUpBody = (email) => new URLSearchParams({ email, submissionTime: String(Date.now() - 5_000) });

/** Waits until `ready()` or throws after `ms` (generous: this machine may be busy). */
async function until(ready, ms, what) {
  const deadline = Date.now() + ms;
  while (!ready()) {
    if (Date.now() > deadline) throw new Error(`bench: ${what} did not happen within ${ms / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** { samples (ms), p50, p99, rounds, concurrency }; the server's state lives in `<workDir>/email`. */
export async function measureSignUpToConfirmation({ workDir, logFile }) {
  const standin = await startResendStandin({ ratePerSecond: 2 });
  let server;
  const samples = [];
  try {
    // No cron ticker: only the nudge delivers, so the measure is the fast path, not the one-minute safety net.
    server = await startBenchServer({
      workDir,
      name: "email",
      logFile,
      vars: { APP_ENV: "development", EMAIL_FROM: "LinkVault <hello@linkvault.example>", WAITLIST_RATE_LIMIT_MAX: "100000", EMAIL_API_KEY: standin.apiKey, EMAIL_API_URL: standin.url },
    });
    for (let round = 0; round < ROUNDS; round++) {
      const sentAt = new Map();
      await Promise.all(
        Array.from({ length: CONCURRENT_SIGN_UPS }, async (_, i) => {
          const email = `bench-${round}-${i}@example.com`;
          sentAt.set(email, Date.now());
          const response = await fetch(new URL("/waitlist?_data=routes%2F(%24lang).waitlist", server.origin), {
            method: "POST",
            headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: server.origin, "CF-Connecting-IP": `198.18.${round}.${i + 1}` },
            body: signUpBody(email),
          });
          if (response.status !== 200) throw new Error(`bench: a sign-up answered ${response.status}: ${await response.text()}`);
        }),
      );
      const deliveredAt = () => new Map(standin.deliveries.flatMap((d) => d.to.filter((to) => sentAt.has(to)).map((to) => [to, d.at])));
      await until(() => deliveredAt().size === sentAt.size, 120_000, "every confirmation reaching the stand-in");
      for (const [email, at] of deliveredAt()) samples.push(at - sentAt.get(email));
    }
  } finally {
    await server?.stop();
    await standin.close();
  }
  return { samples, p50: median(samples), p99: percentile(samples, 99), rounds: ROUNDS, concurrency: CONCURRENT_SIGN_UPS };
}

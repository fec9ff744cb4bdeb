/**
 * The per-account limit on password checks (ADR 0016, ADR 0034): signing in and changing one's own
 * password share one counter per admin email, across every client.
 *
 * Each check is counted atomically (one D1 upsert) *before* the password is verified, and refused
 * over the limit. Reading the count, verifying and only then counting a failure let attempts sent at
 * the same moment all pass the read before any of them counted. A verified password clears the count.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { keyedHash } from "~/lib/client-id.server";
import { hitRateLimit, resetRateLimit, type RateLimitRule } from "~/lib/rate-limit.server";

export type PasswordCheck =
  | { allowed: true; /** Forgets the account's count: call once the password verified. */ verified(): Promise<void> }
  | { allowed: false; retryAfterSeconds: number };

function accountRule(context: AppLoadContext): RateLimitRule {
  return {
    scope: "admin_login_account",
    max: context.env.ADMIN_LOGIN_ACCOUNT_RATE_LIMIT_MAX,
    windowSeconds: context.env.ADMIN_LOGIN_RATE_LIMIT_WINDOW_SECONDS,
  };
}

/** Counts one password check of `email`'s account; refused when the window's limit is used up. */
export async function claimPasswordCheck(context: AppLoadContext, email: string): Promise<PasswordCheck> {
  const d1 = context.cloudflare.env.DB;
  const rule = accountRule(context);
  // Keyed, like client buckets: the table never holds an admin's address.
  const key = await keyedHash(context.env.IP_HASH_SECRET, `admin:${email.trim().toLowerCase()}`);
  const counted = await hitRateLimit(d1, rule, key);
  if (!counted.allowed) return { allowed: false, retryAfterSeconds: counted.retryAfterSeconds };
  return { allowed: true, verified: () => resetRateLimit(d1, rule, key) };
}

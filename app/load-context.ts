import type { AppEnv, CloudflareEnv } from "~/lib/env.server";
import type { PrecomputedAbAssignment } from "~/server/edge-cache";

declare module "@remix-run/cloudflare" {
  interface AppLoadContext {
    cloudflare: {
      env: CloudflareEnv;
      ctx: { waitUntil(promise: Promise<unknown>): void };
      cf?: unknown;
    };
    /** Validated variables (app/lib/env.server.ts). */
    env: AppEnv;
    /** Per-request CSP nonce for inline scripts. */
    cspNonce: string;
    /** Set when the edge cache already assigned the A/B variants (its cache key depends on them). */
    abAssignment?: PrecomputedAbAssignment;
    /** Set by the edge cache: the content version its key used (every admin change bumps it). */
    contentVersion?: string;
  }
}

export {};

import type { AppEnv, CloudflareEnv } from "~/lib/env.server";

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
  }
}

export {};

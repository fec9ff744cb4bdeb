/**
 * Runs before every integration test file (vitest.config.ts, `setupFiles`), so a file that starts a
 * Miniflare of its own (the email harness, the local stack, a new one) gets the same robust bridge.
 */
import { freshConnectionsToWorkerd } from "../../scripts/lib/workerd-bridge.mjs";

freshConnectionsToWorkerd();

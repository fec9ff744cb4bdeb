/**
 * A clock that does not move, for a test whose outcome would otherwise depend on how fast the machine
 * is: a fixed rate-limit window that could roll over between the request that fills it and the one
 * that must be refused, or a form that must be an exact number of milliseconds old when it arrives.
 * The app under test runs in this process (tests/support/miniflare.ts), so its Date.now()
 * reads this clock too.
 *
 * Only Date is replaced: timers, Miniflare and the network keep real time, so nothing waits forever.
 * The real clock comes back when the test ends, passed or failed.
 */
import { onTestFinished, vi } from "vitest";

/** Freezes Date at `at` (default: now) until the end of the current test; answers that instant. */
export function freezeClock(at: number = Date.now()): number {
  vi.useFakeTimers({ toFake: ["Date"], now: at });
  onTestFinished(() => {
    vi.useRealTimers();
  });
  return at;
}

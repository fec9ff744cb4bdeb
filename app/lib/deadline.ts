/**
 * Deadlines for reads a page can do without (ADR 0021). A read that has not answered in time counts
 * as failed, so the caller's usual fallback applies; the read itself is not cancelled, only no longer
 * awaited. Never for writes: a slow write that lands is a success, and answering an error while it
 * may still land would tell a visitor "failed" about a sign-up that was stored.
 */

/**
 * How long the public pages wait for an optional D1 read (the reviews, the reviews setting, the
 * entry-page setting) before falling back. Far above a healthy read (a few ms to ~100 ms), small
 * next to the 2 s a visitor would otherwise stare at a blank page. ADR 0021 explains the number.
 * The default of the PUBLIC_READ_DEADLINE_MS variable: the test harnesses raise it, because their D1
 * is reached through a bridge that a loaded machine slows far past a real D1 (issue 18).
 */
export const PUBLIC_READ_DEADLINE_MS = 500;

export class DeadlineExceededError extends Error {
  constructor(what: string, ms: number) {
    super(`${what} did not answer within ${ms} ms`);
    this.name = "DeadlineExceededError";
  }
}

/** `work`'s result, or a DeadlineExceededError once `ms` have passed without one. */
export function withDeadline<T>(work: PromiseLike<T>, ms: number, what = "read"): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const expired = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new DeadlineExceededError(what, ms)), ms);
  });
  return Promise.race([work, expired]).finally(() => clearTimeout(timer));
}

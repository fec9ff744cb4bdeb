/**
 * How a test that counts D1 statements publishes a count for `npm run bench`: an annotation (Vitest's
 * `annotate`) of type `figure` and message "<n> statements in <m> calls[ for <count> <unit>]", which
 * scripts/bench/statements.mjs reads back and reports, and no other figure.
 */
import type { TestContext } from "vitest";

export function publishCount(
  annotate: TestContext["annotate"],
  figure: string,
  { statements, calls }: { statements: number; calls: number },
  per?: { count: number; unit: string },
): Promise<unknown> {
  return annotate(`${statements} statements in ${calls} calls${per ? ` for ${per.count} ${per.unit}` : ""}`, figure);
}

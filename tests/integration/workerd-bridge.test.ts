/**
 * The test harness itself under load (issue 18): when this process stalls, D1 calls from Node still
 * reach workerd and answer, and a write lands exactly once. Without freshConnectionsToWorkerd
 * (scripts/lib/workerd-bridge.mjs) every call of the second burst fails with "fetch failed <- other
 * side closed" although its row was written: workerd closed the idle connections during the stall.
 */
import { afterAll, beforeAll, expect, it } from "vitest";
import { createEmptyD1 } from "../support/miniflare";

let d1: Awaited<ReturnType<typeof createEmptyD1>>;
beforeAll(async () => {
  d1 = await createEmptyD1();
  await d1.db.exec("CREATE TABLE bridge_calls (burst INTEGER NOT NULL, n INTEGER NOT NULL)");
});
afterAll(() => d1.dispose());

/** Blocks the event loop, as a machine that does not schedule this process for that long. */
function stall(ms: number) {
  const until = Date.now() + ms;
  while (Date.now() < until);
}

const BURST = 32;
const burst = (n: number) =>
  Promise.allSettled(Array.from({ length: BURST }, (_, i) => d1.db.prepare("INSERT INTO bridge_calls (burst, n) VALUES (?1, ?2)").bind(n, i).run()));
const failures = (results: PromiseSettledResult<unknown>[]) =>
  results.flatMap((r) => (r.status === "rejected" ? [`${(r.reason as Error).message} <- ${String((r.reason as { cause?: unknown }).cause)}`] : []));
const rows = async (n: number) => (await d1.db.prepare("SELECT count(*) AS c FROM bridge_calls WHERE burst = ?1").bind(n).first<{ c: number }>())!.c;

it("answers every D1 call after the process stalled past workerd's idle timeout, and writes each row once", async () => {
  // Many connections in use, then idle while the process stalls longer than workerd keeps them (5 s).
  expect(failures(await burst(1))).toEqual([]);
  stall(6_000);
  expect(failures(await burst(2))).toEqual([]);
  expect(await rows(2)).toBe(BURST);
});

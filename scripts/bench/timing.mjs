// Sequential request timing against the local server: wall clock from Node, and CPU time of the
// workerd processes (see workerd-cpu.mjs) for each request.
import { get } from "./http.mjs";

/**
 * Sends `warmup` then `samples` rounds of one GET per target, one request at a time. Targets are
 * interleaved (and their order rotated each round) so slow drift in machine load affects all of
 * them alike, which is what makes subtracting a baseline meaningful.
 *
 * Returns, per target: { path, status, wallMs: number[], cpuMs: number[] } (cpuMs empty without a
 * meter). A request's CPU is the meter's increase from its start to the next request's start, so
 * work workerd finishes after the last byte (stream teardown, waitUntil) is still counted.
 */
export async function sampleTargets({ origin, targets, warmup, samples, cpuMeter }) {
  const results = targets.map((target) => ({ ...target, status: undefined, wallMs: [], cpuMs: [] }));

  let sent = 0;
  const send = async (result) => {
    // pathFor(n): a target whose URL changes per request (e.g. to miss a cache every time).
    const response = await get(new URL(result.pathFor ? result.pathFor(sent++) : result.path, origin));
    result.status ??= response.status;
    if (response.status !== result.status) {
      throw new Error(`GET ${result.path} returned ${response.status} after returning ${result.status}`);
    }
  };

  for (let round = 0; round < warmup; round++) {
    for (const result of results) await send(result);
  }

  let previous = null; // { result, cpuAtStart }
  const closePrevious = (cpuNow) => {
    if (previous && cpuMeter) previous.result.cpuMs.push(cpuNow - previous.cpuAtStart); // NaN if workerd restarted
  };
  for (let round = 0; round < samples; round++) {
    for (let i = 0; i < results.length; i++) {
      const result = results[(round + i) % results.length];
      const cpuAtStart = cpuMeter ? cpuMeter.read() : NaN;
      closePrevious(cpuAtStart);
      const start = process.hrtime.bigint();
      await send(result);
      result.wallMs.push(Number(process.hrtime.bigint() - start) / 1e6);
      previous = { result, cpuAtStart };
    }
  }
  closePrevious(cpuMeter ? cpuMeter.read() : NaN);
  for (const result of results) result.cpuMs = result.cpuMs.filter(Number.isFinite);
  return results;
}

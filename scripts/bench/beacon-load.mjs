// The analytics load of the pipeline section, in a worker thread of its own so that sending it never
// delays the main thread's sign-up timings (both share the bench's process; before, one event loop did
// both, and a sign-up's answer waited behind the flood's own JSON and socket work).
//
// Two shapes (workerData.mode):
// - "paced": beacons offered at a fixed rate, whatever the answers (visitors arrive on their own
//   schedule, as at a launch), each visitor its own address, at most MAX_IN_FLIGHT waiting; a beacon
//   that would exceed it is counted as not offered (the stack was not keeping up).
// - "flood": `clients` clients posting back to back, each waiting for its answer: the most the stack
//   can take, which by construction leaves no idle CPU.
// On "stop" it waits for the answers in flight and posts its figures back.
import { parentPort, workerData } from "node:worker_threads";
import { beacon } from "./beacons.mjs";
import { postOnce } from "./http.mjs";

const MAX_IN_FLIGHT = 256;
const { origin, round, mode, beaconsPerSecond, clients, eventsPerBeacon } = workerData;
const url = new URL("/api/events", origin);
const latencies = [];
const statuses = new Map();
let accepted = 0;
let sent = 0;
let dropped = 0;
let stopping = false;
const inFlight = new Set();

function send(n, address) {
  const body = JSON.stringify(beacon(n, eventsPerBeacon));
  const started = performance.now();
  sent++;
  return postOnce(url, body, { "Content-Type": "application/json", Origin: origin, "CF-Connecting-IP": address })
    .catch((error) => ({ status: `error: ${error.message}` }))
    .then((response) => {
      latencies.push(performance.now() - started);
      statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
      if (response.status === 202) accepted += JSON.parse(response.body).accepted;
      if (latencies.length % 20 === 0) parentPort.postMessage({ answered: latencies.length });
    });
}

const address = (n) => `198.18.${round}.${(n % 250) + 1}`;
const started = performance.now();
let finished;
if (mode === "paced") {
  finished = (async () => {
    let offered = 0;
    while (!stopping) {
      const due = Math.floor(((performance.now() - started) / 1000) * beaconsPerSecond);
      for (; offered < due; offered++) {
        if (inFlight.size >= MAX_IN_FLIGHT) {
          dropped++;
          continue;
        }
        const request = send(offered, address(offered));
        inFlight.add(request);
        request.then(() => inFlight.delete(request));
      }
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    await Promise.all(inFlight);
  })();
} else {
  finished = Promise.all(
    Array.from({ length: clients }, async (_, c) => {
      for (let n = 0; !stopping; n++) await send(n, address(c));
    }),
  );
}

parentPort.on("message", async (message) => {
  if (message !== "stop") return;
  const offeredMs = performance.now() - started;
  stopping = true;
  await finished;
  parentPort.postMessage({ done: true, latencies, statuses: Object.fromEntries(statuses), accepted, sent, dropped, ms: offeredMs });
});

// Instruments for the local stack, for tests and the benchmark only (never `npm start`): they are
// added through startLocalStack's `extendWorkers` option, so production code has no hook for them.
//
//   d1Probe      a wrapped binding in front of a worker's D1 binding: it counts the statements each
//                worker runs and, on demand, fails them (before the real call, or after it, as when
//                the reply of a committed batch is lost).
//   consumerGate a consumer in front of a queue: it hands each batch to the jobs worker's real
//                queue() handler and applies its answer, so the test can stop the consumer (batches
//                wait, as in a queue with no running consumer) and start it again, and knows which
//                messages were acknowledged.
//
//   const probe = d1Probe({ worker: "jobs", binding: "ANALYTICS_DB" });
//   const gate = consumerGate({ queue: "linkvault-analytics" });
//   const stack = await startLocalStack({ extendWorkers: (w) => gate.extend(probe.extend(w)) });
import { Response } from "miniflare";

const json = (body) => new Response(JSON.stringify(body), { headers: { "Content-Type": "application/json" } });

// The wrapped binding's module: a D1Database whose calls ask Node (PROBE) first. Statements handed
// to the real batch() must be the real ones, so the wrapper keeps them, with their bound values (a
// fault can target the batch that carries a given text, e.g. a beacon id).
const D1_PROBE_MODULE = `
export default function (env) {
  const real = new WeakMap();
  // Node names the text a targeted fault looks for; the statements' values are searched here, in full.
  async function ask(kind, count, texts) {
    const target = await (await env.PROBE.fetch("http://probe/target")).text();
    const hit = target !== "" && texts.some((text) => text.includes(target));
    const response = await env.PROBE.fetch("http://probe/" + kind, { method: "POST", body: JSON.stringify({ count, hit }) });
    return (await response.json()).action;
  }
  function failure(action) {
    return new Error(action === "fail-after" ? "D1_ERROR: injected failure after the commit (reply lost)" : "D1_ERROR: injected failure (database unavailable)");
  }
  async function run(kind, count, texts, call) {
    const action = await ask(kind, count, texts);
    if (action === "fail") throw failure(action);
    const result = await call();
    if (action === "fail-after") throw failure(action);
    return result;
  }
  function wrap(statement, sql, values) {
    const texts = [sql, ...values.map(String)];
    const proxy = {
      bind: (...bound) => wrap(statement.bind(...bound), sql, bound),
      first: (...args) => run("statement", 1, texts, () => statement.first(...args)),
      all: (...args) => run("statement", 1, texts, () => statement.all(...args)),
      run: (...args) => run("statement", 1, texts, () => statement.run(...args)),
      raw: (...args) => run("statement", 1, texts, () => statement.raw(...args)),
    };
    real.set(proxy, { statement, texts });
    return proxy;
  }
  return {
    prepare: (sql) => wrap(env.INNER.prepare(sql), sql, []),
    batch(statements) {
      const inner = statements.map((s) => real.get(s));
      return run("batch", inner.length, inner.flatMap((s) => s.texts), () => env.INNER.batch(inner.map((s) => s.statement)));
    },
    exec: (sql) => run("statement", 1, [sql], () => env.INNER.exec(sql)),
    dump: () => env.INNER.dump(),
  };
}
`;

/**
 * A probe in front of one worker's D1 binding. Counts: `statements` (every statement, a batch's
 * each), `calls`. Faults: `failFor(ms)` (every call fails until then), `failBatchContaining(text,
 * times)` (the batch whose statements carry `text` fails `times` times, then passes),
 * `loseReplyOnce()` (the next batch commits, then its caller sees an error).
 */
export function d1Probe({ worker, binding }) {
  const name = `d1-probe-${worker}-${binding}`.toLowerCase();
  const state = {
    statements: 0,
    calls: 0,
    failures: 0,
    failUntil: 0,
    target: null,
    loseReply: false,
    lostReplies: 0,
  };
  async function decide(request) {
    const kind = new URL(request.url).pathname.slice(1);
    const { count, hit } = await request.json();
    state.calls++;
    if (Date.now() < state.failUntil) {
      state.failures++;
      return "fail";
    }
    if (kind === "batch" && hit && state.target && state.target.times > 0) {
      state.target.times--;
      state.target.failed++;
      state.failures++;
      return "fail";
    }
    state.statements += count;
    if (kind === "batch" && state.loseReply) {
      state.loseReply = false;
      state.lostReplies++;
      return "fail-after";
    }
    return "pass";
  }
  return {
    state,
    /** A worker with the same database, unprobed, for reading it from Node: mf.getD1Database(binding, probe.reader). */
    reader: `${name}-reader`,
    failFor(ms) {
      state.failUntil = Date.now() + ms;
    },
    failBatchContaining(text, times) {
      state.target = { text, times, failed: 0 };
    },
    loseReplyOnce() {
      state.loseReply = true;
    },
    resetCounts() {
      state.statements = 0;
      state.calls = 0;
    },
    /** The workers with `worker`'s `binding` behind the probe. */
    extend(workers) {
      const target = workers.find((w) => w.name === worker);
      if (!target) throw new Error(`no worker ${worker}`);
      const databaseId = target.d1Databases?.[binding];
      if (!databaseId) throw new Error(`worker ${worker} has no D1 binding ${binding}`);
      const otherDatabases = Object.fromEntries(Object.entries(target.d1Databases).filter(([name]) => name !== binding));
      return [
        ...workers.map((w) => (w === target ? { ...w, d1Databases: otherDatabases, wrappedBindings: { ...w.wrappedBindings, [binding]: name } } : w)),
        {
          name,
          modules: [{ type: "ESModule", path: `${name}.mjs`, contents: D1_PROBE_MODULE }],
          d1Databases: { INNER: databaseId },
          serviceBindings: {
            PROBE: async (request) => {
              if (new URL(request.url).pathname === "/target") return new Response(state.target && state.target.times > 0 ? state.target.text : "");
              return json({ action: await decide(request) });
            },
          },
        },
        {
          name: `${name}-reader`,
          modules: true,
          script: "export default { fetch: () => new Response(null, { status: 404 }) };",
          compatibilityDate: "2024-09-23",
          d1Databases: { [binding]: databaseId },
        },
      ];
    },
  };
}

// The gate's consumer: waits while Node says the consumer is stopped, hands the batch to the jobs
// worker's real queue() handler (a service binding's queue(), as the queue broker itself calls a
// consumer), then applies its answer message by message and tells Node what was acknowledged.
const GATE_MODULE = `
export default {
  async queue(batch, env) {
    await env.GATE.fetch("http://gate/enter", { method: "POST" });
    const messages = batch.messages.map((m) => ({ id: m.id, timestamp: m.timestamp, body: m.body, attempts: m.attempts }));
    let result;
    try {
      result = await env.JOBS.queue(batch.queue, messages);
    } catch (error) {
      result = { outcome: "exception", retryBatch: { retry: true } };
    }
    const acked = [];
    if (result.outcome !== "ok" || result.retryBatch?.retry) {
      batch.retryAll(result.retryBatch?.delaySeconds === undefined ? undefined : { delaySeconds: result.retryBatch.delaySeconds });
    } else {
      const retries = new Map((result.retryMessages ?? []).map((r) => [r.msgId, r.delaySeconds]));
      for (const message of batch.messages) {
        if (retries.has(message.id)) {
          const delaySeconds = retries.get(message.id);
          message.retry(delaySeconds === undefined ? undefined : { delaySeconds });
        } else {
          message.ack();
          acked.push(message.id);
        }
      }
    }
    await env.GATE.fetch("http://gate/leave", { method: "POST", body: JSON.stringify({ acked, delivered: messages.length }) });
  },
};
`;

/**
 * A stoppable consumer of `queue` in front of the jobs worker (which stops consuming it itself), with
 * the jobs worker's own consumer settings (batch size, retries, dead-letter queue). `stop()` makes
 * arriving batches wait; `start()` lets them through. `state.acked` holds the acknowledged ids.
 */
export function consumerGate({ queue, jobsWorker = "jobs" }) {
  const name = `consumer-gate-${queue}`;
  const state = { stopped: false, waiting: 0, inFlight: 0, batches: 0, delivered: 0, acked: new Set() };
  let release = null;
  let released = Promise.resolve();
  async function handle(request) {
    const path = new URL(request.url).pathname;
    if (path === "/enter") {
      state.waiting++;
      while (state.stopped) await released;
      state.waiting--;
      state.inFlight++;
      return json({});
    }
    const { acked, delivered } = await request.json();
    state.inFlight--;
    state.batches++;
    state.delivered += delivered;
    for (const id of acked) state.acked.add(id);
    return json({});
  }
  return {
    state,
    stop() {
      if (state.stopped) return;
      state.stopped = true;
      released = new Promise((resolve) => (release = resolve));
    },
    start() {
      state.stopped = false;
      release?.();
    },
    extend(workers) {
      const jobs = workers.find((w) => w.name === jobsWorker);
      const settings = jobs?.queueConsumers?.[queue];
      if (!settings) throw new Error(`worker ${jobsWorker} does not consume ${queue}`);
      const otherConsumers = Object.fromEntries(Object.entries(jobs.queueConsumers).filter(([name]) => name !== queue));
      return [
        ...workers.map((w) => (w === jobs ? { ...w, queueConsumers: otherConsumers } : w)),
        {
          name,
          modules: [{ type: "ESModule", path: `${name}.mjs`, contents: GATE_MODULE }],
          compatibilityDate: "2024-09-23",
          compatibilityFlags: ["service_binding_extra_handlers"],
          queueConsumers: { [queue]: settings },
          serviceBindings: { JOBS: jobsWorker, GATE: handle },
        },
      ];
    },
  };
}

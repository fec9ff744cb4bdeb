// The local stack in two workerd processes (ADR 0040): the analytics path in a process of its own,
// so that a flood of beacons never shares a JavaScript thread with sign-ups, as in production, where
// the site and the companion Worker never share one.
//
//   site process       the site (everything but the analytics paths), the jobs worker's email queue
//                      consumers and its crons, the limiter objects of the site's forms; sole opener
//                      of the site's database (DB) and the email queues.
//   analytics process  the site's code for the analytics paths (/api/events, passed on by the site
//                      process), the analytics queue, its consumer and dead-letter queue, the
//                      limiter objects of the collector; sole opener of ANALYTICS_DB.
//
// Why each resource has one owner: Miniflare connects a queue only to a consumer in the same
// instance, and a local D1 file takes one writing process (two workerd processes on one file: the
// second's writes fail at once with SQLITE_BUSY, measured in ADR 0037). So a binding to what the
// other process owns is a stand-in that reaches the owner through its gateway: a worker on a port of
// its own, on 127.0.0.1, that answers only requests carrying the stack's random key.
//
// - A D1 database owned elsewhere is workerd's own D1 client (cloudflare-internal:d1-api, the class
//   of any D1 binding) whose transport is the owner's gateway, which hands each request to the real
//   binding's transport. So every D1 call, its results, metadata and errors, is exactly D1's.
// - A queue owned elsewhere is a producer whose send() and sendBatch() the owner's gateway repeats
//   on the real producer. Bodies cross as JSON (the site sends JSON bodies only).
// - The cron runs in the site process: the analytics jobs reach ANALYTICS_DB through its stand-in,
//   so their statements run in the analytics process anyway.
import { randomBytes } from "node:crypto";

/**
 * What the analytics process owns, by binding name in the wrangler configs: the site paths it
 * answers, the D1 databases it alone opens, the queues it alone consumes (with their dead-letter
 * queues). The path is the collector's (COLLECTOR_PATH, app/features/analytics/collector.server.ts).
 */
export const ANALYTICS_PROCESS = Object.freeze({ paths: ["/api/events"], d1Bindings: ["ANALYTICS_DB"], queueBindings: ["ANALYTICS_QUEUE"] });

/** The header a gateway request carries the stack's key in. */
const KEY_HEADER = "X-Local-Stack-Key";
/** A D1 database id no stand-in ever queries: its binding only lends the stand-ins D1's client class. */
const D1_CLIENT_TEMPLATE_ID = "local-stack-d1-client-template";
/** The site worker's binding to the analytics process, in the site process. */
export const ANALYTICS_PROCESS_BINDING = "LOCAL_STACK_ANALYTICS_PROCESS";

const COMPATIBILITY_DATE = "2024-09-23";

/**
 * The nice value of the analytics process's threads (the site's keep 0): on a shared CPU, Linux then
 * gives the site's process about nine times its share (weights 1024 and 110), and the analytics
 * process still has all the CPU the site leaves idle.
 */
export const ANALYTICS_PROCESS_NICENESS = 10;

// Sends a request to the other process, again on "Network connection lost". workerd keeps idle
// connections to the other process for reuse, and the other process closes a connection that has
// been idle 5 s: a request sent on one at that moment fails before the other process reads it
// (measured: after each pause of about 5 s under load, a few per hundred; the events stored always
// equalled those accepted). Each failure discards that connection, so a few more tries reach a
// fresh one. Any other error is the caller's. `init.body` is a string, an ArrayBuffer or null, so
// that every try sends it whole.
export const SEND_ACROSS = `
async function sendAcross(target, url, init) {
  for (let attempt = 1; ; attempt++) {
    try {
      return await target.fetch(new Request(url, init));
    } catch (error) {
      if (attempt === 10 || !String(error?.message).includes("Network connection lost")) throw error;
    }
  }
}
`;
/**
 * The most of a body the site process passes on: twice the site's limit (MAX_REQUEST_BODY_BYTES,
 * 64 KB), so the analytics process still refuses a larger one by its size (413) as the site does,
 * and small enough that it never waits for the other process to read it (a refusal does not read on).
 */
export const MAX_PASSED_BODY_BYTES = 128 * 1024;

// The first `limit` bytes of a stream (all of it if shorter), as one ArrayBuffer.
const READ_AT_MOST = `
async function readAtMost(stream, limit) {
  const reader = stream.getReader();
  const chunks = [];
  let length = 0;
  while (length < limit) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    length += value.byteLength;
  }
  if (length >= limit) await reader.cancel();
  const bytes = new Uint8Array(Math.min(length, limit));
  let offset = 0;
  for (const chunk of chunks) {
    const part = chunk.subarray(0, bytes.byteLength - offset);
    bytes.set(part, offset);
    offset += part.byteLength;
  }
  return bytes.buffer;
}
`;

// A gateway: D1 requests to /d1/<binding>/<D1 endpoint> go to that binding's own transport (the
// `fetcher` workerd's D1 client keeps); POST /queue { binding, op, body | messages, options } sends
// on that producer. Only the bindings in EXPOSED, only with the key.
const GATEWAY_MODULE = `
const encoder = new TextEncoder();
async function hasKey(request, key) {
  const given = encoder.encode(request.headers.get("${KEY_HEADER}") ?? "");
  const expected = encoder.encode(key);
  return given.byteLength === expected.byteLength && crypto.subtle.timingSafeEqual(given, expected);
}
export default {
  async fetch(request, env) {
    if (!(await hasKey(request, env.GATEWAY_KEY))) return new Response("no such gateway", { status: 403 });
    const url = new URL(request.url);
    const [, kind, binding, ...rest] = url.pathname.split("/");
    if (kind === "d1" && env.EXPOSED.d1.includes(binding)) {
      const headers = new Headers(request.headers);
      headers.delete("${KEY_HEADER}");
      const inner = new Request("http://d1/" + rest.join("/") + url.search, { method: request.method, headers, body: request.body });
      return env[binding].fetcher.fetch(inner);
    }
    if (kind === "queue" && env.EXPOSED.queues.includes(binding) && request.method === "POST") {
      const { op, body, messages, options } = await request.json();
      try {
        if (op === "send") await env[binding].send(body, options);
        else if (op === "sendBatch") await env[binding].sendBatch(messages, options);
        else return new Response("no such queue operation", { status: 400 });
      } catch (error) {
        return new Response(String(error?.message ?? error), { status: 502 });
      }
      return new Response(null, { status: 204 });
    }
    return new Response("not exposed here", { status: 404 });
  },
};
`;

// A D1 database owned by the other process: D1's own client over the owner's gateway.
const REMOTE_D1_MODULE = `${SEND_ACROSS}
export default function (env) {
  const D1Database = env.TEMPLATE.constructor;
  return new D1Database({
    async fetch(input, init) {
      const request = new Request(input, init);
      const url = new URL(request.url);
      const headers = new Headers(request.headers);
      headers.set("${KEY_HEADER}", env.GATEWAY_KEY);
      const body = request.body === null ? null : await request.arrayBuffer();
      return sendAcross(env.GATEWAY, "http://gateway/d1/" + env.BINDING + url.pathname + url.search, { method: request.method, headers, body });
    },
  });
}
`;

// A queue owned by the other process: its producer, over the owner's gateway.
const REMOTE_QUEUE_MODULE = `${SEND_ACROSS}
export default function (env) {
  async function call(op, payload) {
    const response = await sendAcross(env.GATEWAY, "http://gateway/queue/" + env.BINDING, {
      method: "POST",
      headers: { "${KEY_HEADER}": env.GATEWAY_KEY, "Content-Type": "application/json" },
      body: JSON.stringify({ op, ...payload }),
    });
    if (!response.ok) throw new Error("queue " + env.BINDING + ": " + (await response.text()));
  }
  return {
    send: (body, options) => call("send", { body, options }),
    sendBatch: (messages, options) => call("sendBatch", { messages, options }),
  };
}
`;

/** The analytics process's entry: the site's code for its paths, 404 for anything else. */
export function analyticsEntrySource() {
  return [
    'import pagesFunction from "./index.js";',
    `const paths = new Set(${JSON.stringify(ANALYTICS_PROCESS.paths)});`,
    "export default {",
    "  fetch(request, env, ctx) {",
    "    if (paths.has(new URL(request.url).pathname)) return pagesFunction.fetch(request, env, ctx);",
    '    return new Response("This process answers the analytics paths only.", { status: 404 });',
    "  },",
    "};",
  ].join("\n");
}

/**
 * The site process's entry around `site` (a module worker): the analytics paths go to the
 * analytics process as they came; should it not answer, the collector's own 503.
 */
export function forwardingEntrySource(siteExpression) {
  return [
    SEND_ACROSS,
    READ_AT_MOST,
    `const site = ${siteExpression};`,
    `const analyticsPaths = new Set(${JSON.stringify(ANALYTICS_PROCESS.paths)});`,
    "export default {",
    "  async fetch(request, env, ctx) {",
    "    if (!analyticsPaths.has(new URL(request.url).pathname)) return site.fetch(request, env, ctx);",
    // Uncompressed between the processes: the site process's entry encodes the answer as its
    // client asked, exactly as for its own answers.
    "    const headers = new Headers(request.headers);",
    '    headers.set("Accept-Encoding", "identity");',
    // The body is read whole (at most MAX_PASSED_BODY_BYTES + 1), to be sent again if need be.
    '    headers.delete("Content-Length");',
    "    try {",
    `      const body = request.body === null ? null : await readAtMost(request.body, ${MAX_PASSED_BODY_BYTES + 1});`,
    `      return await sendAcross(env.${ANALYTICS_PROCESS_BINDING}, request.url, { method: request.method, headers, body });`,
    "    } catch {",
    '      return Response.json({ error: "Events cannot be stored right now." }, { status: 503, headers: { "Retry-After": "60" } });',
    "    }",
    "  },",
    "};",
  ].join("\n");
}

/** The ports and key of a two-process stack: its gateways' and the analytics process's own port. */
export async function splitPlan(freePort) {
  return {
    key: randomBytes(32).toString("hex"),
    gatewayPorts: { site: await freePort(), analytics: await freePort() },
    analyticsPort: await freePort(),
  };
}

/** Every queue a worker consumes, with the dead-letter queues of each, and theirs. */
function withDeadLetterQueues(queues, consumers) {
  const all = new Set(queues);
  for (const queue of all) {
    const deadLetter = consumers[queue]?.deadLetterQueue;
    if (deadLetter) all.add(deadLetter);
  }
  return all;
}

/**
 * What each process owns, read from the site worker's bindings (which name the analytics D1 ids and
 * queue) and the jobs worker's consumers (which name the dead-letter queues): { d1Ids, queues } of
 * the analytics process; everything else is the site process's.
 */
export function analyticsOwnership(site, jobs) {
  const d1Ids = new Set(ANALYTICS_PROCESS.d1Bindings.map((binding) => site.d1Databases?.[binding]).filter(Boolean));
  const queues = withDeadLetterQueues(
    ANALYTICS_PROCESS.queueBindings.map((binding) => site.queueProducers?.[binding]?.queueName).filter(Boolean),
    jobs.queueConsumers ?? {},
  );
  return { d1Ids, queues };
}

const queueName = (producer) => (typeof producer === "string" ? producer : producer.queueName);

/**
 * The workers of one process (`side`: "site" or "analytics") from the one-process workers: each
 * keeps what its process owns; a D1 binding or queue producer owned by the other process becomes a
 * stand-in over the other's gateway; a process consumes only the queues it owns. Adds this process's
 * gateway (for what the other process binds) and the stand-ins' workers.
 */
export function processWorkers(workers, side, { ownership, plan }) {
  const ownsD1 = (id) => ownership.d1Ids.has(id) === (side === "analytics");
  const ownsQueue = (name) => ownership.queues.has(name) === (side === "analytics");
  const other = side === "site" ? "analytics" : "site";
  const gatewayService = { external: { address: `127.0.0.1:${plan.gatewayPorts[other]}`, http: {} } };
  const standIns = new Map();
  const exposed = { d1: new Map(), queues: new Map() };

  const adapted = workers.map((worker) => {
    const d1Databases = {};
    const queueProducers = {};
    const wrappedBindings = { ...worker.wrappedBindings };
    for (const [binding, id] of Object.entries(worker.d1Databases ?? {})) {
      if (ownsD1(id)) {
        d1Databases[binding] = id;
        exposed.d1.set(binding, id);
      } else {
        const name = `remote-d1-${binding}`;
        standIns.set(name, standInWorker(name, REMOTE_D1_MODULE, binding, { d1Databases: { TEMPLATE: D1_CLIENT_TEMPLATE_ID } }));
        wrappedBindings[binding] = name;
      }
    }
    for (const [binding, producer] of Object.entries(worker.queueProducers ?? {})) {
      if (ownsQueue(queueName(producer))) {
        queueProducers[binding] = producer;
        exposed.queues.set(binding, producer);
      } else {
        const name = `remote-queue-${binding}`;
        standIns.set(name, standInWorker(name, REMOTE_QUEUE_MODULE, binding));
        wrappedBindings[binding] = name;
      }
    }
    const queueConsumers = Object.fromEntries(Object.entries(worker.queueConsumers ?? {}).filter(([name]) => ownsQueue(name)));
    return withOptional({ ...worker }, { d1Databases, queueProducers, queueConsumers, wrappedBindings });
  });

  function standInWorker(name, source, binding, extra = {}) {
    // No compatibility date: a wrapped binding runs with that of the worker that has it.
    return {
      name,
      modules: [{ type: "ESModule", path: `${name}.mjs`, contents: source }],
      bindings: { GATEWAY_KEY: plan.key, BINDING: binding },
      serviceBindings: { GATEWAY: gatewayService },
      ...extra,
    };
  }

  const gateway = {
    name: `${side}-gateway`,
    compatibilityDate: COMPATIBILITY_DATE,
    modules: [{ type: "ESModule", path: "gateway.mjs", contents: GATEWAY_MODULE }],
    unsafeDirectSockets: [{ host: "127.0.0.1", port: plan.gatewayPorts[side] }],
    bindings: { GATEWAY_KEY: plan.key, EXPOSED: { d1: [...exposed.d1.keys()], queues: [...exposed.queues.keys()] } },
    d1Databases: Object.fromEntries(exposed.d1),
    queueProducers: Object.fromEntries(exposed.queues),
  };
  return [...adapted, gateway, ...standIns.values()];
}

/** `worker` with each of `maps` set, or left out when empty (Miniflare trips on some empty maps). */
function withOptional(worker, maps) {
  for (const [key, value] of Object.entries(maps)) {
    if (Object.keys(value).length > 0) worker[key] = value;
    else delete worker[key];
  }
  return worker;
}

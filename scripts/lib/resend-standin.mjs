// A stand-in for Resend's HTTP API on 127.0.0.1 (RESEARCH-cf.md §5), so tests, end-to-end runs and
// `npm run bench` exercise the real provider code without the network. It speaks the real shapes:
//
// - POST /emails (one message) and POST /emails/batch (an array of 1 to 100), answering { id } and
//   { data: [{ id }, …] }; errors as { statusCode, name, message };
// - bearer auth: no key → 401 missing_api_key, another key → 403 invalid_api_key;
// - validation → 422 (validation_error, missing_required_field, invalid_from_address); a batch is
//   validated strictly (one bad message refuses the whole batch);
// - Idempotency-Key: the same key and body → the original answer, nothing delivered again; the same key
//   and another body → 409 invalid_idempotent_request; the same key while the first request still
//   runs → 409 concurrent_idempotent_requests; a key over 256 characters → 400 invalid_idempotency_key.
//   Answers 2xx and 4xx are remembered for the key; 429 and 5xx are not (the request may be retried);
// - rate limit: a fixed one-second window (default 2 requests/s, as Resend's default), with
//   ratelimit-limit/-policy/-remaining/-reset on every answer and 429 rate_limit_exceeded with
//   retry-after;
// - fault modes set from the test: down (connection refused, or 503), 429 always or for the next N
//   requests (with a chosen retry-after), slow (the message is
//   accepted at once, the answer comes after N ms), held (accepted at once, the answer comes when the
//   test releases it: no race with a slow machine), fail the next N requests (500), refuse recipients.
//
// Every delivered message is recorded (to, from, subject, html, text, headers, reply_to, time), and
// every request (time, path, status, key, message count), so tests can assert "exactly once" and
// measure the pace. Out of process, GET /_standin/deliveries, GET /_standin/requests,
// POST /_standin/faults (JSON) and POST /_standin/reset do the same over HTTP.
//
// CLI: node scripts/lib/resend-standin.mjs [--port 8851] [--rate 2] [--key re_test_key]
import { createHash, randomUUID } from "node:crypto";
import { createServer } from "node:http";

export const STANDIN_API_KEY = "re_standin_0123456789";

const ADDRESS = /^[^\s<>@"]+@[^\s<>@"]+\.[^\s<>@"]+$/;
const FROM = /^(?:[^<>"\r\n]{1,256} <[^\s<>@"]+@[^\s<>@"]+\.[^\s<>@"]+>|[^\s<>@"]+@[^\s<>@"]+\.[^\s<>@"]+)$/;

const error = (statusCode, name, message) => ({ status: statusCode, body: { statusCode, name, message } });

function recipients(to) {
  return Array.isArray(to) ? to : typeof to === "string" ? [to] : null;
}

/** The 422 for one message object, or null when it is valid. */
function validateMessage(message, { batch, refused }) {
  if (!message || typeof message !== "object" || Array.isArray(message)) return error(422, "validation_error", "Invalid email object.");
  for (const field of ["from", "to", "subject"]) {
    if (message[field] === undefined || message[field] === "") return error(422, "missing_required_field", `Missing \`${field}\` field.`);
  }
  if (typeof message.from !== "string" || !FROM.test(message.from)) {
    return error(422, "invalid_from_address", "Invalid `from` field. The email address needs to follow the `email@example.com` or `Name <email@example.com>` format.");
  }
  const to = recipients(message.to);
  if (!to || to.length === 0 || to.length > 50 || !to.every((address) => typeof address === "string" && ADDRESS.test(address))) {
    return error(422, "validation_error", "Invalid `to` field. The email address needs to follow the `email@example.com` or `Name <email@example.com>` format.");
  }
  if (to.some((address) => refused.has(address.toLowerCase()))) return error(422, "validation_error", "Invalid `to` field.");
  if (typeof message.subject !== "string") return error(422, "validation_error", "Invalid `subject` field.");
  if (typeof message.html !== "string" && typeof message.text !== "string") return error(422, "validation_error", "Missing `html` or `text` field.");
  if (message.reply_to !== undefined && !(recipients(message.reply_to) ?? [null]).every((a) => typeof a === "string" && ADDRESS.test(a))) {
    return error(422, "validation_error", "Invalid `reply_to` field.");
  }
  if (message.headers !== undefined && (typeof message.headers !== "object" || Array.isArray(message.headers) || !Object.values(message.headers).every((v) => typeof v === "string"))) {
    return error(422, "validation_error", "Invalid `headers` field.");
  }
  if (batch && (message.attachments !== undefined || message.scheduled_at !== undefined)) {
    return error(422, "validation_error", "`attachments` and `scheduled_at` are not supported in the batch endpoint.");
  }
  return null;
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Starts the stand-in. `port` 0 picks a free one; `ratePerSecond` is the limit per one-second window
 * (0: no limit); `apiKey` the accepted key.
 */
export async function startResendStandin({ port = 0, host = "127.0.0.1", apiKey = STANDIN_API_KEY, ratePerSecond = 2, now = () => Date.now() } = {}) {
  const deliveries = [];
  const requests = [];
  const keys = new Map(); // Idempotency-Key → { fingerprint, state: "running" | "done", status, body }
  let inFlight = 0;
  let idleWaiters = [];
  let window = { start: 0, count: 0 };
  const faults = { down: false, always429: false, limitNext: 0, retryAfterSeconds: 1, delayMs: 0, failNext: 0, failStatus: 500, refuse: new Set() };
  // While held, accepted messages get their answer only on release (setFaults({ hold: false }) or reset()).
  let hold = null; // { released: Promise, release() } while held
  const sockets = new Set();
  function setHold(on) {
    if (on && !hold) {
      let release;
      const released = new Promise((resolve) => (release = resolve));
      hold = { released, release };
    } else if (!on && hold) {
      hold.release();
      hold = null;
    }
  }

  function rateLimitHeaders(remaining, at) {
    const reset = Math.max(1, Math.ceil((window.start + 1000 - at) / 1000));
    return ratePerSecond > 0
      ? { "ratelimit-limit": String(ratePerSecond), "ratelimit-policy": `${ratePerSecond};w=1`, "ratelimit-remaining": String(Math.max(0, remaining)), "ratelimit-reset": String(reset) }
      : {};
  }

  /** Counts the request in the current window; false when over the limit. */
  function takeRateLimit(at) {
    if (ratePerSecond <= 0) return { allowed: true, remaining: Infinity };
    const start = Math.floor(at / 1000) * 1000;
    if (window.start !== start) window = { start, count: 0 };
    if (window.count >= ratePerSecond) return { allowed: false, remaining: 0 };
    window.count++;
    return { allowed: true, remaining: ratePerSecond - window.count };
  }

  async function handleApi(request, rawBody, at) {
    const path = request.url.split("?")[0];
    const batch = path === "/emails/batch";
    if (request.method !== "POST" || (path !== "/emails" && !batch)) return { ...error(request.method === "POST" ? 404 : 405, request.method === "POST" ? "not_found" : "method_not_allowed", "Not found."), count: 0 };
    const auth = request.headers.authorization ?? "";
    if (!auth.startsWith("Bearer ")) {
      return error(401, "missing_api_key", "Missing API key in the authorization header. Include the following header Authorization: Bearer YOUR_API_KEY in the request.");
    }
    if (auth.slice(7) !== apiKey) return error(403, "invalid_api_key", "API key is invalid");
    const limit = takeRateLimit(at);
    const headers = rateLimitHeaders(limit.remaining, at);
    const limitedNow = faults.limitNext > 0;
    if (limitedNow) faults.limitNext--;
    if (!limit.allowed || faults.always429 || limitedNow) {
      const retryAfter = limit.allowed ? faults.retryAfterSeconds : 1;
      return { ...error(429, "rate_limit_exceeded", `Too many requests. You can only make ${ratePerSecond} requests per second. See rate limit response headers for more information. Or contact support to increase rate limit.`), headers: { ...headers, "retry-after": String(retryAfter) } };
    }
    if (faults.down === "503") return { ...error(503, "application_error", "Service unavailable."), headers };
    if (faults.failNext > 0) {
      faults.failNext--;
      return { ...error(faults.failStatus, "internal_server_error", "An unexpected error occurred."), headers };
    }
    let body;
    try {
      body = JSON.parse(rawBody);
    } catch {
      return { ...error(422, "validation_error", "Invalid JSON body."), headers };
    }
    const messages = batch ? body : [body];
    if (batch && (!Array.isArray(body) || body.length === 0 || body.length > 100)) {
      return { ...error(422, "validation_error", "The batch must be an array of 1 to 100 emails."), headers };
    }
    const key = request.headers["idempotency-key"];
    const fingerprint = createHash("sha256").update(`${path}\n${rawBody}`).digest("hex");
    if (key !== undefined) {
      if (key.length < 1 || key.length > 256) return { ...error(400, "invalid_idempotency_key", "The key must be between 1-256 chars."), headers };
      const seen = keys.get(key);
      if (seen && seen.fingerprint !== fingerprint) {
        return { ...error(409, "invalid_idempotent_request", "Same idempotency key used with a different request payload. Change your idempotency key or payload."), headers };
      }
      if (seen?.state === "running") {
        return { ...error(409, "concurrent_idempotent_requests", "Same idempotency key used while original request is still in progress. Try the request again later."), headers };
      }
      if (seen) return { status: seen.status, body: seen.body, headers, replayed: true, count: messages.length };
    }
    const remember = (answer) => {
      if (key !== undefined && answer.status < 500 && answer.status !== 429) keys.set(key, { fingerprint, state: "done", status: answer.status, body: answer.body });
      else if (key !== undefined) keys.delete(key);
      return { ...answer, headers, count: messages.length };
    };
    for (const message of messages) {
      const refused = validateMessage(message, { batch, refused: faults.refuse });
      if (refused) return remember(refused);
    }
    if (key !== undefined) keys.set(key, { fingerprint, state: "running" });
    const ids = messages.map((message) => {
      const id = randomUUID();
      deliveries.push({
        id,
        at,
        idempotencyKey: key ?? null,
        to: recipients(message.to),
        from: message.from,
        reply_to: message.reply_to ?? null,
        subject: message.subject,
        html: message.html ?? null,
        text: message.text ?? null,
        headers: message.headers ?? {},
      });
      return id;
    });
    // Slow: the messages are accepted (delivered) now, the answer comes later.
    if (faults.delayMs > 0) await sleep(faults.delayMs);
    if (hold) await hold.released;
    return remember({ status: 200, body: batch ? { data: ids.map((id) => ({ id })) } : { id: ids[0] } });
  }

  async function handleControl(request, rawBody) {
    const path = request.url.split("?")[0];
    if (path === "/_standin/deliveries") return { status: 200, body: deliveries };
    if (path === "/_standin/requests") return { status: 200, body: requests };
    if (path === "/_standin/reset" && request.method === "POST") {
      api.reset();
      return { status: 200, body: { ok: true } };
    }
    if (path === "/_standin/faults" && request.method === "POST") {
      await api.setFaults(JSON.parse(rawBody || "{}"));
      return { status: 200, body: { ok: true } };
    }
    return { status: 404, body: { error: "unknown control path" } };
  }

  const server = createServer((request, response) => {
    const chunks = [];
    request.on("data", (chunk) => chunks.push(chunk));
    request.on("end", async () => {
      const at = now();
      const rawBody = Buffer.concat(chunks).toString("utf8");
      const control = request.url.startsWith("/_standin/");
      if (!control) inFlight++;
      let answer;
      try {
        answer = control ? await handleControl(request, rawBody) : await handleApi(request, rawBody, at);
      } catch (caught) {
        answer = error(500, "internal_server_error", String(caught));
      }
      if (!control) {
        requests.push({ at, path: request.url, status: answer.status, idempotencyKey: request.headers["idempotency-key"] ?? null, messages: answer.count ?? 0, replayed: Boolean(answer.replayed) });
        inFlight--;
        if (inFlight === 0) for (const resolve of idleWaiters.splice(0)) resolve();
      }
      if (response.destroyed) return;
      response.writeHead(answer.status, { "Content-Type": "application/json", ...(answer.headers ?? {}) });
      response.end(JSON.stringify(answer.body));
    });
  });
  server.on("connection", (socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });

  const listen = (p) => new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(p, host, () => {
      server.off("error", reject);
      resolve(server.address().port);
    });
  });
  const boundPort = await listen(port);
  const stopListening = () => new Promise((resolve) => {
    server.close(() => resolve());
    for (const socket of sockets) socket.destroy();
  });

  const api = {
    url: `http://${host}:${boundPort}`,
    port: boundPort,
    apiKey,
    /** Every message delivered, in order. */
    deliveries,
    /** Every API request answered, in order (time, path, status, key, message count, replayed). */
    requests,
    /**
     * Fault modes: { down: false | "refuse" | "503", always429, limitNext (the next N requests answer
     * 429), retryAfterSeconds (for those), delayMs, hold (answers wait for hold: false), failNext (the next N answer failStatus, 500),
     * refuse: [addresses answered 422] }.
     */
    async setFaults(next) {
      if ("always429" in next) faults.always429 = Boolean(next.always429);
      if ("limitNext" in next) faults.limitNext = Number(next.limitNext) || 0;
      if ("retryAfterSeconds" in next) faults.retryAfterSeconds = Number(next.retryAfterSeconds) || 1;
      if ("delayMs" in next) faults.delayMs = Number(next.delayMs) || 0;
      if ("hold" in next) setHold(Boolean(next.hold));
      if ("failNext" in next) faults.failNext = Number(next.failNext) || 0;
      if ("failStatus" in next) faults.failStatus = Number(next.failStatus) || 500;
      if ("refuse" in next) faults.refuse = new Set((next.refuse ?? []).map((a) => String(a).toLowerCase()));
      if ("down" in next && next.down !== faults.down) {
        const wasRefusing = faults.down === "refuse";
        faults.down = next.down || false;
        if (faults.down === "refuse") await stopListening();
        else if (wasRefusing) await listen(boundPort);
      }
    },
    setRate(n) {
      ratePerSecond = n;
    },
    /** Forgets deliveries, requests, keys and faults. */
    reset() {
      deliveries.length = 0;
      requests.length = 0;
      keys.clear();
      window = { start: 0, count: 0 };
      Object.assign(faults, { always429: false, limitNext: 0, retryAfterSeconds: 1, delayMs: 0, failNext: 0, failStatus: 500, refuse: new Set() });
      setHold(false);
    },
    /** Resolves once no API request is being handled. */
    whenIdle() {
      return inFlight === 0 ? Promise.resolve() : new Promise((resolve) => idleWaiters.push(resolve));
    },
    async close() {
      if (faults.down !== "refuse") await stopListening();
    },
  };
  return api;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const arg = (name, fallback) => {
    const i = process.argv.indexOf(`--${name}`);
    return i > 0 ? process.argv[i + 1] : fallback;
  };
  const standin = await startResendStandin({ port: Number(arg("port", 0)), ratePerSecond: Number(arg("rate", 2)), apiKey: arg("key", STANDIN_API_KEY) });
  console.log(`Resend stand-in on ${standin.url} (key ${standin.apiKey})`);
  const stop = () => standin.close().then(() => process.exit(0));
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
}

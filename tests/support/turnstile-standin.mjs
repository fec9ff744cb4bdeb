// A stand-in for Cloudflare Turnstile on 127.0.0.1 (RESEARCH-cf.md §6), so tests exercise the real
// widget loading, CSP and siteverify code without the network. It speaks the real shapes:
//
// - GET /turnstile/v0/api.js: a script that defines window.turnstile with render, reset, remove,
//   getResponse, isExpired and ready. Explicit rendering: render(container | "#selector", { sitekey,
//   action, theme, size, callback, "error-callback", "expired-callback", "response-field",
//   "response-field-name" }) puts an iframe from this origin into the container (as the real widget
//   does, so the page's frame-src is exercised) and calls `callback(token)` when the frame is solved.
//   With "response-field" (the default) it also adds the hidden input cf-turnstile-response.
//   An unknown site key calls "error-callback" with 110100, as Cloudflare does.
// - GET /turnstile/v0/widget: the iframe. Widget modes (setModes({ widget })): "auto" solves at once,
//   "interactive" waits for a click on its checkbox, "fail" reports error 300030.
// - POST /turnstile/v0/siteverify, form-encoded or JSON (secret, response, remoteip, idempotency_key),
//   always answering JSON: { success, challenge_ts, hostname, "error-codes", action, cdata }, with
//   missing-input-secret, invalid-input-secret, missing-input-response, invalid-input-response and
//   timeout-or-duplicate (a token is single-use and lives 300 s; the same idempotency_key replays the
//   first answer). Verify modes (setModes({ verify })): "ok", "503", "internal-error" (200 with that
//   code), "hang" (never answers), "garbage" (200, not JSON).
//
// Every request is logged (method, path, time) and every siteverify call recorded with its fields and
// answer. Tests in this process call issueToken() to mint a token without a browser; out of process,
// GET /__standin/requests, DELETE /__standin/requests and POST /__standin/modes (JSON) do the same.
//
// CLI: node tests/support/turnstile-standin.mjs [--port 8861]   (site key and secret: see below)
import { randomBytes } from "node:crypto";
import { createServer } from "node:http";

export const STANDIN_SITE_KEY = "0xSTANDIN000000000000AA";
export const STANDIN_SECRET_KEY = "0xSTANDIN-secret-0000000000000000AA";
const TOKEN_LIFETIME_MS = 300_000;

const API_JS = String.raw`(function () {
  var origin = new URL(document.currentScript.src).origin;
  var widgets = {};
  var next = 0;
  function find(container) {
    return typeof container === "string" ? document.querySelector(container) : container;
  }
  function frameUrl(id) {
    var w = widgets[id];
    var query = new URLSearchParams({ sitekey: w.options.sitekey || "", action: w.options.action || "", theme: w.options.theme || "auto", size: w.options.size || "normal", widget: id, round: String(w.round) });
    return origin + "/turnstile/v0/widget?" + query;
  }
  function setToken(w, token) {
    w.token = token;
    if (w.input) w.input.value = token;
  }
  window.addEventListener("message", function (event) {
    if (event.origin !== origin || !event.data || event.data.turnstileStandin !== true) return;
    var w = widgets[event.data.widget];
    if (!w) return;
    if (event.data.event === "token") {
      setToken(w, event.data.token);
      if (w.options.callback) w.options.callback(event.data.token);
    } else if (event.data.event === "error") {
      setToken(w, "");
      var handled = w.options["error-callback"] && w.options["error-callback"](event.data.code);
      if (!handled) console.error("[Cloudflare Turnstile] Error: " + event.data.code + ".");
    }
  });
  window.turnstile = {
    render: function (container, options) {
      var element = find(container);
      if (!element) throw new Error("[Cloudflare Turnstile] Could not find the container.");
      var id = "cf-chl-widget-" + (++next);
      var w = (widgets[id] = { element: element, options: options || {}, token: "", round: 0 });
      var size = w.options.size || "normal";
      var frame = document.createElement("iframe");
      frame.title = "Widget containing a Cloudflare security challenge";
      frame.setAttribute("style", "border:0;display:block;overflow:hidden;" + (size === "compact" ? "width:150px;height:140px;" : size === "flexible" ? "width:100%;min-width:300px;height:65px;" : "width:300px;height:65px;"));
      w.frame = frame;
      frame.src = frameUrl(id);
      element.appendChild(frame);
      if (w.options["response-field"] !== false) {
        w.input = document.createElement("input");
        w.input.type = "hidden";
        w.input.name = w.options["response-field-name"] || "cf-turnstile-response";
        element.appendChild(w.input);
      }
      return id;
    },
    reset: function (id) {
      var w = widgets[id];
      if (!w) return;
      w.round++;
      setToken(w, "");
      w.frame.src = frameUrl(id);
    },
    remove: function (id) {
      var w = widgets[id];
      if (!w) return;
      w.frame.remove();
      if (w.input) w.input.remove();
      delete widgets[id];
    },
    getResponse: function (id) {
      var w = widgets[id];
      return w ? w.token : undefined;
    },
    isExpired: function () {
      return false;
    },
    ready: function (callback) {
      callback();
    },
  };
})();`;

function widgetPage({ token, mode, widget, theme, size, siteKeyKnown }) {
  const payload = JSON.stringify({ token, mode: siteKeyKnown ? mode : "badkey", widget }).replace(/</g, "\\u003c");
  const scheme = theme === "dark" ? "dark" : theme === "light" ? "light" : "light dark";
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="color-scheme" content="${scheme}"><title>Turnstile stand-in</title>
<style>
  html, body { margin: 0; height: 100%; font: 14px system-ui, sans-serif; }
  .box { box-sizing: border-box; height: 100%; display: flex; align-items: center; gap: 10px; padding: 0 14px; border: 1px solid #d0d0d0; background: #fafafa; color: #232323; }
  .compact { flex-direction: column; justify-content: center; text-align: center; }
  @media (prefers-color-scheme: dark) { .box { background: #232323; color: #f0f0f0; border-color: #666; } }
  .mark { width: 22px; height: 22px; border-radius: 50%; background: #1c7d3c; color: #fff; display: inline-flex; align-items: center; justify-content: center; font-weight: 700; }
  .brand { margin-left: auto; font-size: 11px; opacity: 0.7; }
  .compact .brand { margin: 0; }
  label { display: flex; align-items: center; gap: 8px; cursor: pointer; }
  input { width: 22px; height: 22px; margin: 0; }
</style></head><body><div class="box${size === "compact" ? " compact" : ""}" id="box"></div>
<script>
  var data = ${payload};
  var box = document.getElementById("box");
  function send(message) { message.turnstileStandin = true; message.widget = data.widget; parent.postMessage(message, "*"); }
  function solved() { box.innerHTML = '<span class="mark" aria-hidden="true">&#10003;</span><span>Success!</span><span class="brand">Turnstile stand-in</span>'; send({ event: "token", token: data.token }); }
  if (data.mode === "badkey") { box.textContent = "Invalid site key"; send({ event: "error", code: "110100" }); }
  else if (data.mode === "fail") { box.textContent = "Verification failed"; send({ event: "error", code: "300030" }); }
  else if (data.mode === "interactive") {
    box.innerHTML = '<label><input type="checkbox" id="human"> <span>Verify you are human</span></label><span class="brand">Turnstile stand-in</span>';
    document.getElementById("human").addEventListener("change", solved);
  } else { solved(); }
</script></body></html>`;
}

function readBody(request) {
  return new Promise((resolve) => {
    const chunks = [];
    request.on("data", (chunk) => chunks.push(chunk));
    request.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
  });
}

function parseFields(body, contentType) {
  if ((contentType ?? "").includes("application/json")) {
    try {
      const value = JSON.parse(body);
      return value && typeof value === "object" ? Object.fromEntries(Object.entries(value).map(([k, v]) => [k, String(v)])) : {};
    } catch {
      return null;
    }
  }
  return Object.fromEntries(new URLSearchParams(body));
}

/** Starts the stand-in; resolves with its addresses, logs and controls (see tests/support/turnstile-standin.d.mts). */
export function startTurnstileStandin(options = {}) {
  const host = options.host ?? "127.0.0.1";
  const siteKey = options.siteKey ?? STANDIN_SITE_KEY;
  const secretKey = options.secretKey ?? STANDIN_SECRET_KEY;
  const now = options.now ?? Date.now;
  const modes = { widget: "auto", verify: "ok" };
  const requests = [];
  const verifications = [];
  /** token -> { action, hostname, issuedAt, firstUse: { idempotencyKey, answer } | null } */
  const tokens = new Map();
  const hanging = new Set();

  function issueToken({ action = "", hostname = "127.0.0.1" } = {}) {
    const token = `standin.${randomBytes(24).toString("base64url")}`;
    tokens.set(token, { action, hostname, issuedAt: now(), firstUse: null });
    return token;
  }

  function verify(fields) {
    const codes = [];
    if (!fields.secret) codes.push("missing-input-secret");
    else if (fields.secret !== secretKey) codes.push("invalid-input-secret");
    if (!fields.response) codes.push("missing-input-response");
    if (codes.length) return { success: false, "error-codes": codes };
    const entry = tokens.get(fields.response);
    if (!entry) return { success: false, "error-codes": ["invalid-input-response"] };
    if (entry.firstUse) {
      if (fields.idempotency_key && fields.idempotency_key === entry.firstUse.idempotencyKey) return entry.firstUse.answer;
      return { success: false, "error-codes": ["timeout-or-duplicate"] };
    }
    const answer =
      now() - entry.issuedAt > TOKEN_LIFETIME_MS
        ? { success: false, "error-codes": ["timeout-or-duplicate"] }
        : { success: true, challenge_ts: new Date(entry.issuedAt).toISOString(), hostname: entry.hostname, "error-codes": [], action: entry.action, cdata: "" };
    entry.firstUse = { idempotencyKey: fields.idempotency_key || null, answer };
    return answer;
  }

  const server = createServer(async (request, response) => {
    const url = new URL(request.url ?? "/", `http://${host}`);
    const body = await readBody(request);
    const send = (status, content, type = "application/json") => {
      response.writeHead(status, { "Content-Type": type, "Cache-Control": "no-store", "Access-Control-Allow-Origin": "*" });
      response.end(typeof content === "string" ? content : JSON.stringify(content));
    };
    if (url.pathname === "/__standin/requests") {
      if (request.method === "DELETE") requests.length = 0;
      return send(200, requests);
    }
    if (url.pathname === "/__standin/modes" && request.method === "POST") {
      Object.assign(modes, JSON.parse(body || "{}"));
      return send(200, modes);
    }
    requests.push({ method: request.method, path: url.pathname, at: now() });

    if (url.pathname === "/turnstile/v0/api.js" && request.method === "GET") return send(200, API_JS, "text/javascript; charset=utf-8");
    if (url.pathname === "/turnstile/v0/widget" && request.method === "GET") {
      const referer = request.headers.referer;
      const hostname = referer ? new URL(referer).hostname : "127.0.0.1";
      const known = url.searchParams.get("sitekey") === siteKey;
      const token = known ? issueToken({ action: url.searchParams.get("action") ?? "", hostname }) : "";
      const page = widgetPage({
        token,
        mode: modes.widget,
        widget: url.searchParams.get("widget") ?? "",
        theme: url.searchParams.get("theme") ?? "auto",
        size: url.searchParams.get("size") ?? "normal",
        siteKeyKnown: known,
      });
      return send(200, page, "text/html; charset=utf-8");
    }
    if (url.pathname === "/turnstile/v0/siteverify") {
      if (request.method !== "POST") return send(405, { success: false, "error-codes": ["bad-request"] });
      const fields = parseFields(body, request.headers["content-type"]);
      const record = { at: now(), fields: fields ?? {}, answer: null };
      verifications.push(record);
      if (modes.verify === "hang") {
        hanging.add(response);
        response.on("close", () => hanging.delete(response));
        return;
      }
      if (modes.verify === "503") return send(503, "<html><body>Service unavailable</body></html>", "text/html");
      if (modes.verify === "garbage") return send(200, "<html>not json</html>", "text/html");
      if (modes.verify === "internal-error") {
        record.answer = { success: false, "error-codes": ["internal-error"] };
        return send(200, record.answer);
      }
      record.answer = fields ? verify(fields) : { success: false, "error-codes": ["bad-request"] };
      return send(200, record.answer);
    }
    return send(404, { error: "not a stand-in endpoint" });
  });

  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, host, () => {
      const { port } = server.address();
      const origin = `http://${host}:${port}`;
      resolve({
        origin,
        port,
        siteKey,
        secretKey,
        scriptUrl: `${origin}/turnstile/v0/api.js`,
        verifyUrl: `${origin}/turnstile/v0/siteverify`,
        requests,
        verifications,
        issueToken,
        setModes(next) {
          Object.assign(modes, next);
        },
        reset() {
          requests.length = 0;
          verifications.length = 0;
          Object.assign(modes, { widget: "auto", verify: "ok" });
        },
        close() {
          for (const pending of hanging) pending.destroy();
          server.closeAllConnections?.();
          return new Promise((done) => server.close(() => done()));
        },
      });
    });
  });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const portArg = process.argv.indexOf("--port");
  const standin = await startTurnstileStandin({ port: portArg === -1 ? 8861 : Number(process.argv[portArg + 1]) });
  console.log(`Turnstile stand-in on ${standin.origin}`);
  console.log(`  TURNSTILE_SITE_KEY=${standin.siteKey}`);
  console.log(`  TURNSTILE_SECRET_KEY=${standin.secretKey}`);
  console.log(`  TURNSTILE_SCRIPT_URL=${standin.scriptUrl}`);
  console.log(`  TURNSTILE_VERIFY_URL=${standin.verifyUrl}`);
}

// Stand-ins for the third-party analytics services (GA4's gtag.js and collect endpoint, Amplitude's
// HTTP API and session-replay endpoints) on 127.0.0.1, so the end-to-end tests exercise the real
// loading and consent code without the network. The e2e server is configured with these URLs
// (thirdPartyBindings); playwright.config.ts starts the server in its global setup. Every request is
// logged; tests read and clear the log over HTTP (GET / DELETE /__log).
import { createServer } from "node:http";

export const GA_MEASUREMENT_ID = "G-E2ETEST01";
export const AMPLITUDE_API_KEY = "e2eamplitudekey0001";

/** The stand-ins listen next to the site: site port + 1, unless E2E_THIRD_PARTY_PORT says otherwise. */
export function thirdPartyPort(sitePort) {
  return Number(process.env.E2E_THIRD_PARTY_PORT ?? Number(sitePort) + 1);
}

export function thirdPartyOrigin(sitePort) {
  return `http://127.0.0.1:${thirdPartyPort(sitePort)}`;
}

/** The --binding pairs that point the site's analytics at the stand-ins. */
export function thirdPartyBindings(sitePort) {
  const origin = thirdPartyOrigin(sitePort);
  return [
    `GA_MEASUREMENT_ID=${GA_MEASUREMENT_ID}`,
    `GA_SCRIPT_URL=${origin}/gtag/js`,
    `AMPLITUDE_API_KEY=${AMPLITUDE_API_KEY}`,
    `AMPLITUDE_SERVER_URL=${origin}/2/httpapi`,
    "AMPLITUDE_SESSION_REPLAY=true",
    `AMPLITUDE_REPLAY_CONFIG_URL=${origin}/config`,
    `AMPLITUDE_REPLAY_TRACK_URL=${origin}/sessions/v2/track`,
  ];
}

// A tiny gtag.js: replays the dataLayer's config/event commands (and every later push) as beacons
// to /g/collect on its own origin, the way the real tag sends hits.
const FAKE_GTAG = `(function () {
  var src = new URL(document.currentScript.src);
  var dl = (window.dataLayer = window.dataLayer || []);
  function send(command) {
    var args = Array.prototype.slice.call(command);
    if (args[0] !== "config" && args[0] !== "event") return;
    var query = new URLSearchParams({ v: "2", tid: src.searchParams.get("id") || "", en: args[0] === "event" ? String(args[1]) : "config" });
    navigator.sendBeacon(src.origin + "/g/collect?" + query, JSON.stringify(args[2] || {}));
  }
  dl.forEach(send);
  var push = dl.push;
  dl.push = function () {
    for (var i = 0; i < arguments.length; i++) send(arguments[i]);
    return push.apply(dl, arguments);
  };
})();`;

const REPLAY_REMOTE_CONFIG = { configs: { sessionReplay: { sr_sampling_config: { sample_rate: 1, capture_enabled: true } } } };

const cors = {
  "Access-Control-Allow-Origin": "*",
  "Access-Control-Allow-Methods": "GET, POST, OPTIONS",
  "Access-Control-Allow-Headers": "*",
  "Access-Control-Max-Age": "600",
};

/** Starts the stand-ins; resolves with { origin, close }. */
export function startThirdParties(port) {
  const log = [];
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? "/", "http://127.0.0.1");
    const chunks = [];
    request.on("data", (chunk) => chunks.push(chunk));
    request.on("end", () => {
      const send = (status, body, type = "application/json") => {
        response.writeHead(status, { ...cors, "Content-Type": type, "Cache-Control": "no-store" });
        response.end(typeof body === "string" ? body : JSON.stringify(body));
      };
      if (url.pathname === "/__log") {
        if (request.method === "DELETE") log.length = 0;
        return send(200, log);
      }
      if (request.method === "OPTIONS") {
        response.writeHead(204, cors);
        return response.end();
      }
      const body = Buffer.concat(chunks).toString("utf8");
      log.push({ method: request.method, path: url.pathname, query: Object.fromEntries(url.searchParams), body, at: Date.now() });
      if (url.pathname === "/gtag/js") return send(200, FAKE_GTAG, "text/javascript");
      if (url.pathname === "/g/collect") return send(204, "");
      if (url.pathname === "/2/httpapi") {
        let events = 0;
        try {
          events = JSON.parse(body).events.length;
        } catch {
          // Counted as zero.
        }
        return send(200, { code: 200, events_ingested: events, payload_size_bytes: body.length, server_upload_time: Date.now() });
      }
      if (url.pathname.startsWith("/config")) return send(200, REPLAY_REMOTE_CONFIG);
      if (url.pathname === "/sessions/v2/track") return send(200, { code: 200 });
      return send(404, { error: "not a stand-in endpoint" });
    });
  });
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () =>
      resolve({
        origin: `http://127.0.0.1:${port}`,
        close: () => new Promise((done) => server.close(() => done())),
      }),
    );
  });
}

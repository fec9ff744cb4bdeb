// Load through the full HTTP stack (issue 7, "nothing lost"): 2,000 waitlist sign-ups from 50
// concurrent clients, then a storm of 200 concurrent sign-ups of one address, against the dev server
// (wrangler pages dev: the real Pages Function and companion Worker, a local D1). Each sign-up is the
// enhanced form's real POST; rows are counted in D1 afterwards, so "nothing lost" is checked where
// it matters, not inferred from the answers.
import { randomBytes } from "node:crypto";
import http from "node:http";
import { cpus, loadavg } from "node:os";
import { table } from "./report.mjs";
import { median, percentile } from "./stats.mjs";

export const LOAD = { signUps: 2000, clients: 50, storm: 200, alone: 20 };
/** Where the enhanced waitlist form posts: the /waitlist page's action, answered as Remix data (ADR 0051). */
const ENDPOINT = "/waitlist?_data=routes%2F(%24lang).waitlist";
const REQUEST_TIMEOUT_MS = 30_000;

/** Client n's address, sent as CF-Connecting-IP (198.18.0.0/15, the benchmarking range): distinct up to 131,072. */
const clientAddress = (n) => `198.${18 + ((n >> 16) & 1)}.${(n >> 8) & 255}.${n & 255}`;

/**
 * One form POST on `agent`; resolves with the status, the parsed JSON answer (null when it is not
 * JSON) and the milliseconds from sending to the last body byte. Never rejects: a network error
 * or a timeout comes back as status 0 with the error's text.
 */
function postForm(agent, origin, fields, clientIp) {
  const body = new URLSearchParams(fields).toString();
  const started = process.hrtime.bigint();
  const elapsed = () => Number(process.hrtime.bigint() - started) / 1e6;
  return new Promise((resolve) => {
    const request = http.request(
      new URL(ENDPOINT, origin),
      {
        method: "POST",
        agent,
        headers: {
          "Content-Type": "application/x-www-form-urlencoded",
          "Content-Length": Buffer.byteLength(body),
          // Same origin, as the site's own form sends it (the pipeline refuses cross-origin posts).
          Origin: origin,
          // wrangler's dev server keeps a CF-Connecting-IP the client sends (it only fills in a
          // missing one), so each simulated visitor has its own rate-limit bucket, as on Cloudflare.
          "CF-Connecting-IP": clientIp,
          Accept: "application/json",
        },
      },
      (response) => {
        const chunks = [];
        response.on("data", (chunk) => chunks.push(chunk));
        response.on("error", (error) => resolve({ status: 0, answer: null, ms: elapsed(), error: String(error) }));
        response.on("end", () => {
          let answer = null;
          try {
            answer = JSON.parse(Buffer.concat(chunks).toString("utf8"));
          } catch {
            // An HTML error page (pipeline) or an empty body: counted by status.
          }
          resolve({ status: response.statusCode, answer, ms: elapsed() });
        });
      },
    );
    request.setTimeout(REQUEST_TIMEOUT_MS, () => request.destroy(new Error(`timed out after ${REQUEST_TIMEOUT_MS} ms`)));
    request.on("error", (error) => resolve({ status: 0, answer: null, ms: elapsed(), error: String(error.message ?? error) }));
    request.end(body);
  });
}

/** A sign-up as a person sends it: a form rendered ten seconds ago, no bot fields. */
const signUpFields = (email, n) => ({
  email,
  name: `Load Client${n}`,
  submissionTime: String(Date.now() - 10_000),
  source: "main_waitlist_section",
  intent: "beta_testing",
});

/** Status counts, failures and latency of a set of answers, over `wallMs` of wall clock. */
function summarise(answers, wallMs) {
  const statuses = {};
  for (const { status } of answers) statuses[status] = (statuses[status] ?? 0) + 1;
  const latencies = answers.map((a) => a.ms);
  return {
    requests: answers.length,
    statuses,
    successes: answers.filter((a) => a.status === 200 && a.answer?.state === "success").length,
    serverErrors: answers.filter((a) => a.status >= 500).length,
    networkErrors: answers.filter((a) => a.status === 0).length,
    firstError: answers.find((a) => a.error)?.error ?? null,
    p50Ms: median(latencies),
    p99Ms: percentile(latencies, 99),
    maxMs: Math.max(...latencies),
    wallMs,
    requestsPerSecond: answers.length / (wallMs / 1000),
  };
}

/**
 * Runs both loads against `origin` and returns plain data. `countWaitlistRows(emailPrefix)` must
 * resolve to the number of waitlist rows whose email starts with `emailPrefix` (see
 * waitlistRowCounter below); every address used here is new, under a prefix unique to this run.
 */
export async function measureLoad({ origin, countWaitlistRows, progress = () => {} }) {
  const run = randomBytes(4).toString("hex");
  const load = loadavg()[0];

  /** `total` sign-ups of new addresses under `prefix` from `clients` clients, one connection each. */
  async function signUpRun(prefix, total, clients, firstClient) {
    const answers = [];
    let next = 0;
    const started = process.hrtime.bigint();
    await Promise.all(
      Array.from({ length: clients }, async () => {
        // Each client keeps one connection, as a browser tab would.
        const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
        try {
          while (next < total) {
            const n = next++;
            answers.push(await postForm(agent, origin, signUpFields(`${prefix}${n}@bench.example`, n), clientAddress(firstClient + n)));
          }
        } finally {
          agent.destroy();
        }
      }),
    );
    const figures = summarise(answers, Number(process.hrtime.bigint() - started) / 1e6);
    return { ...figures, clients, rows: await countWaitlistRows(prefix) };
  }

  // For scale: one client alone, so the queueing under load can be told from the cost of a sign-up.
  progress(`load: ${LOAD.alone} sign-ups from one client, one at a time`);
  const alone = await signUpRun(`solo-${run}-`, LOAD.alone, 1, 0);
  progress(`load: ${LOAD.signUps} sign-ups from ${LOAD.clients} concurrent clients`);
  const signUps = await signUpRun(`load-${run}-`, LOAD.signUps, LOAD.clients, LOAD.alone);

  progress(`load: a storm of ${LOAD.storm} concurrent sign-ups of one address`);
  const stormEmail = `storm-${run}@bench.example`;
  const stormStarted = process.hrtime.bigint();
  const stormAnswers = await Promise.all(
    Array.from({ length: LOAD.storm }, async (_, i) => {
      // One connection each: all of them really are in flight at once.
      const agent = new http.Agent({ keepAlive: false });
      try {
        return await postForm(agent, origin, signUpFields(stormEmail, i), clientAddress(LOAD.alone + LOAD.signUps + i));
      } finally {
        agent.destroy();
      }
    }),
  );
  const storm = summarise(stormAnswers, Number(process.hrtime.bigint() - stormStarted) / 1e6);
  storm.duplicates = stormAnswers.filter((a) => a.status === 409).length;
  storm.rows = await countWaitlistRows(stormEmail);

  return { alone, signUps, storm, load, cpuCount: cpus().length };
}

/**
 * A countWaitlistRows for measureLoad: the waitlist rows whose email starts with a prefix, counted in
 * the dev server's own D1 (its Local Explorer API, so the read sees every write).
 */
export function waitlistRowCounter(server) {
  return async (emailPrefix) =>
    Number(await server.d1("DB").prepare("SELECT count(*) AS n FROM waitlist WHERE substr(email, 1, length(?1)) = ?1").bind(emailPrefix).first("n"));
}

const int = (n) => (Number.isFinite(n) ? Math.round(n).toLocaleString("en") : "n/a");
const fixed = (n) => (Number.isFinite(n) ? n.toFixed(0) : "n/a");
const statusList = (statuses) =>
  Object.entries(statuses)
    .map(([status, count]) => `${status === "0" ? "no answer" : status} ×${count}`)
    .join(", ");

/** The goals of issue 7 against `result`, as rows for a summary table. */
export function loadSummaryRows({ signUps, storm }) {
  const row = (figure, value, goal, met) => ({ figure, value, goal, status: met ? "met" : "missed" });
  return [
    row(`Sign-ups stored (${int(LOAD.signUps)} from ${LOAD.clients} clients)`, int(signUps.rows), `exactly ${int(LOAD.signUps)}`, signUps.rows === LOAD.signUps),
    row("Sign-ups: 5xx or unanswered", int(signUps.serverErrors + signUps.networkErrors), "0", signUps.serverErrors + signUps.networkErrors === 0),
    row(
      "Sign-up latency p50 / p99",
      `${fixed(signUps.p50Ms)} / ${fixed(signUps.p99Ms)} ms`,
      "reported",
      Number.isFinite(signUps.p50Ms) && Number.isFinite(signUps.p99Ms),
    ),
    row(`Storm: rows for one address (${LOAD.storm} at once)`, int(storm.rows), "exactly 1", storm.rows === 1),
    row("Storm: 5xx or unanswered", int(storm.serverErrors + storm.networkErrors), "0", storm.serverErrors + storm.networkErrors === 0),
  ];
}

/** The load section of the benchmark's stdout; `note` is its footnote marker. */
export function loadReport(result, { note = "(5)" } = {}) {
  const { alone, signUps, storm } = result;
  const line = (label, figures, concurrency) => [
    label,
    int(figures.requests),
    concurrency,
    statusList(figures.statuses),
    int(figures.serverErrors),
    fixed(figures.p50Ms),
    fixed(figures.p99Ms),
    fixed(figures.maxMs),
    fixed(figures.requestsPerSecond),
    int(figures.rows),
  ];
  const section = [
    `Load: waitlist sign-ups through the full HTTP stack ${note} · ms`,
    table(
      ["Run", "Requests", "Concurrent", "Answers (status ×count)", "5xx", "p50", "p99", "max", "req/s", "Rows"],
      [
        line(`${int(LOAD.signUps)} sign-ups, distinct addresses`, signUps, signUps.clients),
        line("Storm: one address", storm, LOAD.storm),
        line("For scale: one client alone", alone, 1),
      ],
      ["l", "r", "r", "l", "r", "r", "r", "r", "r", "r"],
    ),
    "Goals (informational)",
    ...loadSummaryRows(result).map((r) => `  ${r.status === "met" ? "PASS" : "FAIL"}  ${r.figure}: ${r.value} (goal: ${r.goal})`),
  ];
  const firstError = signUps.firstError ?? storm.firstError;
  if (firstError) section.push(`  first network error: ${firstError}`);
  const footnote = [
    `${note} Each sign-up is the enhanced waitlist form's POST ${ENDPOINT} (form-encoded, a distinct new address,`,
    "    same-origin Origin, its own CF-Connecting-IP so each client has its own rate-limit bucket), sent with",
    "    node:http from the same machine. Sign-ups: the clients each keep one keep-alive connection and take",
    "    the next address until all are sent. Storm: every request on its own connection, all started at once,",
    "    one address (the unique index decides: one welcome, the rest 409 'already in the program').",
    "    Latency = sending to the last body byte. Rows = waitlist rows for this run's addresses, counted",
    "    afterwards in the dev server's D1 (its Local Explorer API). req/s = requests / wall time of the run.",
    "    The load generator shares the machine with wrangler and workerd, so this measures the stack on this machine,",
    "    not Cloudflare's capacity.",
  ];
  if (result.load > result.cpuCount * 0.75) {
    footnote.push(
      `NOTE: load average was ${result.load.toFixed(1)} on ${result.cpuCount} CPUs as the load began: other work was competing, ` +
        "so latency and req/s are noisy.",
    );
  }
  return { section, footnote };
}

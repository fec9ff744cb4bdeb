#!/usr/bin/env node
// `npm run bench:render-against -- <worktree>`: the CPU of a cache-miss render of /home in this
// build and in another one (e.g. `git worktree add /tmp/base main && cd /tmp/base && npm ci && npm
// run build`), measured side by side in one run, so both see the same machine load. Each build is
// served by its own dev server (its own scripts/lib/dev-server.mjs) with a fresh D1 migrated and
// seeded by its own scripts; their requests are interleaved (the order rotated each round) and each
// build's CPU is read from its own workerd processes, as `npm run bench` reads it (footnote 2 of
// docs/benchmarks.md).
import { existsSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { loadavg, cpus } from "node:os";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { closeConnections, get } from "./http.mjs";
import { ms, table } from "./report.mjs";
import { productionVars, startBenchServer, stopAllServers } from "./server.mjs";
import { median, percentile } from "./stats.mjs";
import { createWorkerdCpuMeter } from "./workerd-cpu.mjs";

const WARMUP_ROUNDS = 30;
const SAMPLE_ROUNDS = Number(process.env.BENCH_ROUNDS ?? 300);
const RENDER_PATH = "/home";
const BASELINE_PATH = "/api/email/webhook";

const here = fileURLToPath(new URL("../..", import.meta.url));
const other = process.argv[2] ? resolve(process.argv[2]) : undefined;
if (!other || !existsSync(join(other, "build/index.js")) || !existsSync(join(other, "scripts/lib/dev-server.mjs"))) {
  console.error("usage: npm run bench:render-against -- <worktree with node_modules, a build and scripts/lib/dev-server.mjs>");
  process.exit(2);
}
process.chdir(here);
const progress = (message) => console.error(`render-against: ${message}`);
mkdirSync(join("tests", ".tmp"), { recursive: true });
const workDir = mkdtempSync(join("tests", ".tmp", "render-against-"));

async function serve(label, root) {
  progress(`${label}: migrating and seeding a fresh local D1, starting the dev server of ${root}`);
  const server = await startBenchServer({ workDir, name: label.replaceAll(" ", "-"), vars: productionVars(), logFile: join(workDir, `${label.replaceAll(" ", "-")}.log`), root });
  const meter = createWorkerdCpuMeter(server.child.pid);
  if (!meter) throw new Error("CPU time needs Linux /proc schedstat");
  return { label, dir: root, server, meter, samples: { render: [], baseline: [] }, previous: null };
}
async function main() {
  const builds = [await serve("this build", here), await serve("other build", other)];
  const targets = builds.flatMap((build) => [
    { build, kind: "render" },
    { build, kind: "baseline" },
  ]);
  let sent = 0;
  const send = async ({ build, kind }) => {
    const path = kind === "render" ? `${RENDER_PATH}?utm_source=render-against-${sent++}` : BASELINE_PATH;
    const response = await get(new URL(path, build.server.origin));
    if (response.status !== (kind === "render" ? 200 : 405)) throw new Error(`${build.label}: GET ${path} answered ${response.status}`);
  };
  progress(`${WARMUP_ROUNDS} warm-up + ${SAMPLE_ROUNDS} measured rounds`);
  const load = loadavg()[0];
  for (let round = 0; round < WARMUP_ROUNDS; round++) for (const target of targets) await send(target);
  for (let round = 0; round < SAMPLE_ROUNDS; round++) {
    for (let i = 0; i < targets.length; i++) {
      const target = targets[(round + i) % targets.length];
      const { build } = target;
      // A request's CPU runs from its start to the next request's start on the same server, so what
      // that server does after the response (the cache write) is counted, and nothing of the other.
      const now = build.meter.read();
      if (build.previous) build.samples[build.previous.kind].push(now - build.previous.cpuAtStart);
      build.previous = { kind: target.kind, cpuAtStart: now };
      await send(target);
    }
  }
  // The next request's start, for the last one of each server.
  await send({ build: builds[0], kind: "baseline" });
  await send({ build: builds[1], kind: "baseline" });
  for (const build of builds) build.samples[build.previous.kind].push(build.meter.read() - build.previous.cpuAtStart);

  const rows = builds.map(({ label, dir, samples }) => {
    const finite = (values) => values.filter(Number.isFinite);
    const baseline = finite(samples.baseline);
    const render = finite(samples.render).map((cpu) => cpu - median(baseline));
    return [`${label} (${dir})`, ms(median(render)), ms(percentile(render, 99)), ms(median(baseline)), ms(percentile(baseline, 99)), render.length];
  });
  console.log(
    [
      `Cache-miss render of ${RENDER_PATH}, CPU ms, two builds side by side · ${SAMPLE_ROUNDS} rounds after ${WARMUP_ROUNDS} warm-up, interleaved`,
      table(["Build", "render median", "render p99", "baseline median", "baseline p99", "samples"], rows, ["l", "r", "r", "r", "r", "r"]),
      `render = each GET ${RENDER_PATH}?utm_source=<unique> minus the median of its own build's GET ${BASELINE_PATH} (405);`,
      "CPU of the workerd processes of that build's server (see docs/benchmarks.md, footnote 2).",
      load > cpus().length * 0.75 ? `NOTE: load average was ${load.toFixed(1)} on ${cpus().length} CPUs as timing began: other work was competing.` : "",
    ]
      .filter(Boolean)
      .join("\n"),
  );
}

try {
  await main();
} catch (error) {
  console.error(`render-against: failed: ${error.stack ?? error}`);
  process.exitCode = 1;
} finally {
  await stopAllServers();
  closeConnections();
  rmSync(workDir, { recursive: true, force: true });
}

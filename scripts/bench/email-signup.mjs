// The email section of `npm run bench` (issue 16):
//
// 1. Sign-up to confirmation: the local stack (the site and the companion Worker in one Miniflare, as
//    `npm start` runs them) with the provider pointed at the Resend stand-in on 127.0.0.1, rate-limited
//    to Resend's default 2 requests/s. Rounds of 50 concurrent sign-ups (each from its own address);
//    for each, the time from sending the form to the confirmation reaching the stand-in. The path is
//    the production one: outbox row, queue nudge, consumer, paced batch send.
// 2. D1 statements per sign-up: the same code (request pipeline, Remix build, sender) run in Node over
//    a Miniflare D1 that counts every statement, split into the sign-up request and its delivery.
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { build as esbuild } from "esbuild";
import { Miniflare } from "miniflare";
import { applyMigrations } from "../lib/d1-migrations.mjs";
import { startResendStandin } from "../lib/resend-standin.mjs";
import { startLocalStack } from "../local-stack/index.mjs";
import { median, percentile } from "./stats.mjs";

const CONCURRENT_SIGN_UPS = 50;
const ROUNDS = 3;
const EMAIL_VARS = { EMAIL_FROM: "LinkVault <hello@linkvault.example>", WAITLIST_RATE_LIMIT_MAX: "100000" };
const signUpBody = (email) => new URLSearchParams({ email, submissionTime: String(Date.now() - 5_000) });

/** Waits until `ready()` or throws after `ms` (generous: this machine may be busy). */
async function until(ready, ms, what) {
  const deadline = Date.now() + ms;
  while (!ready()) {
    if (Date.now() > deadline) throw new Error(`bench: ${what} did not happen within ${ms / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** Part 1: { samples (ms), p50, p99, rounds, concurrency }. `stateDir` holds a migrated D1. */
export async function measureSignUpToConfirmation({ stateDir }) {
  const standin = await startResendStandin({ ratePerSecond: 2 });
  const stack = await startLocalStack({
    port: 0,
    stateDir,
    devVars: false,
    crons: false, // only the nudge delivers: the measure is the fast path, not the one-minute safety net
    logLevel: "error",
    vars: { ...EMAIL_VARS, APP_ENV: "development", EMAIL_API_KEY: standin.apiKey, EMAIL_API_URL: standin.url },
  });
  const samples = [];
  try {
    for (let round = 0; round < ROUNDS; round++) {
      const sentAt = new Map();
      await Promise.all(
        Array.from({ length: CONCURRENT_SIGN_UPS }, async (_, i) => {
          const email = `bench-${round}-${i}@example.com`;
          sentAt.set(email, Date.now());
          const response = await fetch(new URL("/api/waitlist", stack.url), {
            method: "POST",
            headers: { "Content-Type": "application/x-www-form-urlencoded", "CF-Connecting-IP": `198.18.${round}.${i + 1}` },
            body: signUpBody(email),
          });
          if (response.status !== 200) throw new Error(`bench: a sign-up answered ${response.status}: ${await response.text()}`);
        }),
      );
      const deliveredAt = () => new Map(standin.deliveries.flatMap((d) => d.to.filter((to) => sentAt.has(to)).map((to) => [to, d.at])));
      await until(() => deliveredAt().size === sentAt.size, 120_000, "every confirmation reaching the stand-in");
      for (const [email, at] of deliveredAt()) samples.push(at - sentAt.get(email));
    }
  } finally {
    await stack.close();
    await standin.close();
  }
  return { samples, p50: median(samples), p99: percentile(samples, 99), rounds: ROUNDS, concurrency: CONCURRENT_SIGN_UPS };
}

/** A D1 whose every statement (alone or in a batch) adds one to `counter.statements`. */
export function countingD1(db, counter) {
  const real = new WeakMap();
  const wrap = (statement) => {
    const proxy = new Proxy(statement, {
      get(target, property) {
        const value = Reflect.get(target, property, target);
        if (typeof value !== "function") return value;
        if (property === "bind") return (...values) => wrap(value.apply(target, values));
        if (["run", "all", "first", "raw"].includes(property)) {
          return (...args) => {
            counter.statements++;
            return value.apply(target, args);
          };
        }
        return value.bind(target);
      },
    });
    real.set(proxy, statement);
    return proxy;
  };
  return new Proxy(db, {
    get(target, property) {
      const value = Reflect.get(target, property, target);
      if (typeof value !== "function") return value;
      if (property === "prepare") return (sql) => wrap(target.prepare(sql));
      if (property === "batch") {
        return (statements) => {
          counter.statements += statements.length;
          return target.batch(statements.map((s) => real.get(s) ?? s));
        };
      }
      return value.bind(target);
    },
  });
}

/**
 * The app's request pipeline and sender, bundled for Node (the ~/ alias comes from tsconfig.json;
 * packages stay external), and the Remix build: the code the counted runs put in front of a D1.
 */
export async function appForNode(workDir) {
  const entry = join(workDir, "email-bench-entry.ts");
  const bundle = join(workDir, "email-bench-entry.mjs");
  mkdirSync(workDir, { recursive: true });
  const app = (path) => JSON.stringify(join(process.cwd(), "app", path));
  writeFileSync(
    entry,
    `export { createRequestPipeline } from ${app("server/pipeline")};\nexport { deliverDueEmail } from ${app("features/email/sender.server")};\n`,
  );
  const appDir = join(process.cwd(), "app");
  // esbuild 0.17 treats "~/…" as a package before it reads tsconfig paths: resolve the alias here.
  const appAlias = {
    name: "app-alias",
    setup(build) {
      build.onResolve({ filter: /^~\// }, (args) => build.resolve(`./${args.path.slice(2)}`, { kind: args.kind, resolveDir: appDir }));
    },
  };
  await esbuild({ entryPoints: [entry], outfile: bundle, bundle: true, platform: "node", format: "esm", packages: "external", plugins: [appAlias], logLevel: "error" });
  const { createRequestPipeline, deliverDueEmail } = await import(pathToFileURL(bundle).href);
  const remixBuild = await import(pathToFileURL(join(process.cwd(), "build", "index.js")).href);
  return { createRequestPipeline, deliverDueEmail, remixBuild };
}

/** Part 2: D1 statements per sign-up, { request, delivery, total, signUps }. */
export async function countStatementsPerSignUp({ workDir, signUps = 200 }) {
  const { createRequestPipeline, deliverDueEmail, remixBuild } = await appForNode(workDir);
  const { standin, env, counter, dispose } = await countingEmailWorld();
  try {
    const handle = createRequestPipeline(remixBuild);
    const pending = [];
    for (let i = 0; i < signUps; i++) {
      const request = new Request("http://127.0.0.1:8788/api/waitlist", {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded", "CF-Connecting-IP": `198.18.200.${(i % 250) + 1}` },
        body: signUpBody(`count-${i}@example.com`),
      });
      const response = await handle(request, { env, waitUntil: (p) => pending.push(p) });
      if (response.status !== 200) throw new Error(`bench: a counted sign-up answered ${response.status}`);
    }
    await Promise.all(pending);
    const request = counter.statements;
    counter.statements = 0;
    while (standin.deliveries.length < signUps) {
      const report = await deliverDueEmail(env, { maxMessages: 1000 });
      if (report.sent === 0 && standin.deliveries.length < signUps) throw new Error("bench: the sender stopped before every confirmation went out");
    }
    const delivery = counter.statements;
    return { signUps, request: request / signUps, delivery: delivery / signUps, total: (request + delivery) / signUps };
  } finally {
    await dispose();
  }
}

/**
 * What a counted run needs: a migrated Miniflare D1 (and KV) whose statements are counted, the Resend
 * stand-in without a rate limit, and the site's variables pointing at both. `seed(db)` runs first, uncounted.
 */
export async function countingEmailWorld(seed = async () => {}) {
  const standin = await startResendStandin({ ratePerSecond: 0 });
  const mf = new Miniflare({ modules: true, script: "export default { fetch() { return new Response(null, { status: 404 }); } }", d1Databases: { DB: "bench" }, kvNamespaces: { CONFIG: "bench" } });
  const db = await mf.getD1Database("DB");
  await applyMigrations(db);
  await seed(db);
  const counter = { statements: 0 };
  const env = {
    ...EMAIL_VARS,
    DB: countingD1(db, counter),
    CONFIG: await mf.getKVNamespace("CONFIG"),
    APP_ENV: "test",
    EMAIL_API_KEY: standin.apiKey,
    EMAIL_API_URL: standin.url,
    EMAIL_SEND_RATE_PER_SECOND: "100",
  };
  return {
    standin,
    env,
    counter,
    async dispose() {
      await mf.dispose();
      await standin.close();
    },
  };
}

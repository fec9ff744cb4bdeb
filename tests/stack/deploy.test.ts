/**
 * `npm run deploy` (scripts/deploy.mjs, ADR 0042) against a stand-in of Cloudflare's API on 127.0.0.1
 * (tests/support/cloudflare-api-standin.mjs): wrangler and the deploy's own calls both go there through
 * CLOUDFLARE_API_BASE_URL. A first deploy creates every resource, sets the secrets, migrates both
 * databases and deploys the companion Worker, then the site; a second one creates and changes nothing;
 * a preview gets resources of its own; a failed call names its step and the same command resumes.
 */
import { execFile } from "node:child_process";
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startCloudflareApiStandin, type CloudflareApiStandin, type RecordedRequest, type StandinState } from "../support/cloudflare-api-standin.mjs";

const ROOT = resolve(import.meta.dirname, "../..");
const WORK = resolve(ROOT, "tests/.tmp/deploy-test");
const SETTINGS = {
  SITE_URL: "https://linkvault.example",
  EMAIL_FROM: "LinkVault <hello@linkvault.example>",
  EMAIL_API_KEY: "re_standin_key_0123456789",
  EMAIL_WEBHOOK_SECRET: "whsec_standin0123456789",
  TURNSTILE_SITE_KEY: "0xSTANDIN-site-key",
  TURNSTILE_SECRET_KEY: "0xSTANDIN-secret-key",
};
const SETTING_NAMES = [...Object.keys(SETTINGS), "CLOUDFLARE_ACCOUNT_ID", "CLOUDFLARE_API_TOKEN", "CLOUDFLARE_API_KEY", "CLOUDFLARE_EMAIL", "CLOUDFLARE_API_BASE_URL"];
const QUEUES = ["linkvault-email", "linkvault-email-dlq", "linkvault-analytics", "linkvault-analytics-dlq"];
const MANUAL_STEPS = [/Custom domains → Set up a domain → linkvault\.example/, /verify linkvault\.example in Resend/, /https:\/\/linkvault\.example\/api\/email\/webhook for email\.delivered, email\.bounced and email\.complained/];

interface NodeRun {
  code: number;
  output: string;
}

/** Runs a Node script of the repository; never rejects. */
function node(args: string[], env: NodeJS.ProcessEnv = process.env): Promise<NodeRun> {
  return new Promise((done) => {
    execFile(process.execPath, args, { cwd: ROOT, env, maxBuffer: 64 * 1024 * 1024 }, (error, stdout, stderr) => {
      done({ code: error ? Number(error.code ?? 1) : 0, output: `${stdout}${stderr}` });
    });
  });
}

/** Runs `npm run deploy` as the owner would (node scripts/deploy.mjs) against `api`; never rejects. */
function deploy(api: CloudflareApiStandin, args: string[] = [], settings: Record<string, string> = SETTINGS): Promise<NodeRun> {
  const name = args.includes("preview") ? "preview" : "production";
  const settingsFile = resolve(WORK, `${name}.env`);
  writeFileSync(settingsFile, Object.entries(settings).map(([key, value]) => `${key}=${JSON.stringify(value)}`).join("\n"));
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const key of SETTING_NAMES) delete env[key];
  Object.assign(env, {
    CLOUDFLARE_API_BASE_URL: api.baseUrl,
    CLOUDFLARE_API_TOKEN: api.token,
    CLOUDFLARE_ACCOUNT_ID: api.accountId,
    // wrangler's own files (logs, caches of the account and project) stay in this test's directory.
    XDG_CONFIG_HOME: resolve(WORK, "config"),
    WRANGLER_CACHE_DIR: resolve(WORK, "cache"),
    WRANGLER_SEND_METRICS: "false",
    FORCE_COLOR: "0",
  });
  return node(["scripts/deploy.mjs", "--settings", settingsFile, "--work-dir", resolve(WORK, `work-${api.accountId}-${name}`), ...args], env);
}

/** The requests that create or change something (D1 queries are wrangler's migration checks). */
function writes(requests: RecordedRequest[]): string[] {
  return requests.filter((request) => request.method !== "GET" && !/^\/accounts\/[^/]+\/d1\/database\/[^/]+\/query$/.test(request.path)).map((request) => `${request.method} ${request.path}`);
}

/** The SQL sent to D1: on a run with nothing to migrate, only the migrations table's check and read. */
function sqlSent(requests: RecordedRequest[]): string[] {
  return requests.filter((request) => request.path.endsWith("/query")).map((request) => String((request.body as { sql: string }).sql).replace(/\s+/g, " ").trim());
}

const project = (state: StandinState) => state.projects.find((p) => p.name === "linkvault-site")!;
const worker = (state: StandinState) => state.workers.find((w) => w.name === "linkvault-jobs")!;
const idOf = (state: StandinState, name: string) => state.d1.find((db) => db.name === name)?.uuid;
const binding = (bindings: { name: string }[], name: string) => bindings.find((b) => b.name === name) as Record<string, unknown> | undefined;

const committedConfigs = () => ["wrangler.toml", "workers/jobs/wrangler.toml"].map((path) => readFileSync(resolve(ROOT, path), "utf8"));

let api: CloudflareApiStandin;
const started: CloudflareApiStandin[] = [];
async function standin(): Promise<CloudflareApiStandin> {
  const server = await startCloudflareApiStandin({ accountId: `${started.length}`.padStart(32, "a") });
  started.push(server);
  return server;
}

beforeAll(async () => {
  rmSync(WORK, { recursive: true, force: true });
  mkdirSync(WORK, { recursive: true });
  // The deploy builds only what changed: built once here, every run below finds it up to date.
  const build = await node(["scripts/build.mjs", "--if-changed"]);
  expect(build.code, build.output).toBe(0);
  api = await standin();
});
afterAll(async () => {
  await Promise.all(started.map((server) => server.stop()));
});

describe("npm run deploy (production)", () => {
  let first: NodeRun;
  let afterFirst: StandinState;
  const configsBefore = committedConfigs();

  beforeAll(async () => {
    first = await deploy(api);
    afterFirst = api.state();
  });

  it("creates both databases, the KV namespace, the four queues and the Pages project, and migrates both databases", () => {
    expect(first.output).toContain("✓ Resources: created");
    expect(first.code, first.output).toBe(0);
    expect(afterFirst.d1.map((db) => db.name).sort()).toEqual(["linkvault", "linkvault-analytics"]);
    for (const db of afterFirst.d1) expect(db.tables, db.name).toContain("d1_migrations");
    expect(afterFirst.d1.find((db) => db.name === "linkvault")!.tables).toEqual(expect.arrayContaining(["waitlist", "email_outbox", "admin_users"]));
    expect(afterFirst.d1.find((db) => db.name === "linkvault-analytics")!.tables).toEqual(expect.arrayContaining(["analytics_events"]));
    expect(afterFirst.kv.map((ns) => ns.title)).toEqual(["linkvault-site-config"]);
    expect(afterFirst.queues.map((q) => q.name).sort()).toEqual([...QUEUES].sort());
    expect(project(afterFirst).production_branch).toBe("main");
    expect(api.unhandled()).toEqual([]);
  });

  it("deploys the companion Worker first, with its consumers, cron, databases, production variables and no public address", () => {
    const requests = api.requests();
    const workerUpload = requests.findIndex((r) => r.method === "PUT" && r.path.endsWith("/workers/scripts/linkvault-jobs"));
    const siteDeployment = requests.findIndex((r) => r.method === "POST" && r.path.endsWith("/pages/projects/linkvault-site/deployments"));
    expect(workerUpload).toBeGreaterThan(-1);
    expect(siteDeployment).toBeGreaterThan(workerUpload);

    const jobs = worker(afterFirst);
    expect(jobs.schedules).toEqual(["* * * * *"]);
    expect(jobs.subdomain.enabled).toBe(false);
    expect(jobs.migrationTag).toBe("v1-client-rate-limiter");
    expect(binding(jobs.bindings, "DB")?.id).toBe(idOf(afterFirst, "linkvault"));
    expect(binding(jobs.bindings, "ANALYTICS_DB")?.id).toBe(idOf(afterFirst, "linkvault-analytics"));
    expect(binding(jobs.bindings, "APP_ENV")?.text).toBe("production");
    expect(binding(jobs.bindings, "SITE_URL")?.text).toBe(SETTINGS.SITE_URL);
    expect(binding(jobs.bindings, "EMAIL_FROM")?.text).toBe(SETTINGS.EMAIL_FROM);
    const consumers = Object.fromEntries(afterFirst.queues.map((q) => [q.name, q.consumers]));
    for (const name of QUEUES) expect(consumers[name]?.map((c) => c.script), name).toEqual(["linkvault-jobs"]);
    expect(consumers["linkvault-email"]?.[0]).toMatchObject({ dead_letter_queue: "linkvault-email-dlq", settings: { batch_size: 10, max_retries: 3 } });
    expect(consumers["linkvault-analytics"]?.[0]).toMatchObject({ dead_letter_queue: "linkvault-analytics-dlq", settings: { batch_size: 100, max_retries: 10 } });
  });

  it("deploys the site to production with the real ids and the owner's settings", () => {
    const [deployment, ...older] = project(afterFirst).deployments;
    expect(older).toEqual([]);
    expect(deployment).toMatchObject({ environment: "production", branch: "main" });
    const { bindings } = deployment!;
    expect(binding(bindings, "APP_ENV")?.text).toBe("production");
    expect(binding(bindings, "SITE_URL")?.text).toBe(SETTINGS.SITE_URL);
    expect(binding(bindings, "EMAIL_FROM")?.text).toBe(SETTINGS.EMAIL_FROM);
    expect(binding(bindings, "TURNSTILE_SITE_KEY")?.text).toBe(SETTINGS.TURNSTILE_SITE_KEY);
    expect(binding(bindings, "DB")?.id).toBe(idOf(afterFirst, "linkvault"));
    expect(binding(bindings, "ANALYTICS_DB")?.id).toBe(idOf(afterFirst, "linkvault-analytics"));
    expect(binding(bindings, "CONFIG")?.namespace_id).toBe(afterFirst.kv[0]?.id);
    expect(binding(bindings, "EMAIL_QUEUE")?.queue_name).toBe("linkvault-email");
    expect(binding(bindings, "ANALYTICS_QUEUE")?.queue_name).toBe("linkvault-analytics");
    expect(binding(bindings, "RATE_LIMITER")).toMatchObject({ class_name: "ClientRateLimiter", script_name: "linkvault-jobs" });
    // The real ids live in the generated configs only.
    expect(committedConfigs()).toEqual(configsBefore);
  });

  it("sets every secret, generated ones long and random, and the shared ones equal on the site and the Worker", () => {
    const site = project(afterFirst).deployment_configs.production.env_vars;
    const jobs = worker(afterFirst).secrets;
    for (const name of ["IP_HASH_SECRET", "SESSION_SECRET", "EMAIL_TOKEN_SECRET", "SUPPRESSION_HASH_SECRET"]) {
      expect(site[name]?.type, name).toBe("secret_text");
      expect(site[name]?.value.length, name).toBeGreaterThanOrEqual(32);
    }
    expect(site.EMAIL_API_KEY?.value).toBe(SETTINGS.EMAIL_API_KEY);
    expect(site.EMAIL_WEBHOOK_SECRET?.value).toBe(SETTINGS.EMAIL_WEBHOOK_SECRET);
    expect(site.TURNSTILE_SECRET_KEY?.value).toBe(SETTINGS.TURNSTILE_SECRET_KEY);
    expect(Object.keys(jobs).sort()).toEqual(["EMAIL_API_KEY", "EMAIL_TOKEN_SECRET", "SUPPRESSION_HASH_SECRET"]);
    for (const name of Object.keys(jobs)) expect(jobs[name], name).toBe(site[name]?.value);
    expect(site.IP_HASH_SECRET?.value).not.toBe(site.SESSION_SECRET?.value);
  });

  it("prints the site's address and the steps only a person can do", () => {
    expect(first.output).toContain(`The site: ${SETTINGS.SITE_URL} (until its domain is set up: https://linkvault-site.pages.dev)`);
    for (const step of MANUAL_STEPS) expect(first.output).toMatch(step);
  });

  it("run again, creates nothing, sets no secret and uploads nothing, and says so", async () => {
    api.clearRequests();
    const second = await deploy(api);
    expect(second.code, second.output).toBe(0);
    expect(writes(api.requests())).toEqual([]);
    for (const sql of sqlSent(api.requests())) expect(sql).toMatch(/^(CREATE TABLE IF NOT EXISTS "d1_migrations"|SELECT \* FROM "d1_migrations")/);
    expect(api.state()).toEqual(afterFirst);
    expect(api.unhandled()).toEqual([]);
    expect(second.output).toMatch(/Build: up to date/);
    expect(second.output).toMatch(/Resources: all 8 exist/);
    expect(second.output).toMatch(/Secrets: all in place/);
    expect(second.output).toMatch(/Migrations: DB up to date, ANALYTICS_DB up to date/);
    expect(second.output).toMatch(/Companion Worker: linkvault-jobs unchanged/);
    expect(second.output).toMatch(/Site: linkvault-site \(production\) unchanged/);
    expect(second.output).toContain(`The site: ${SETTINGS.SITE_URL}`);
    for (const step of MANUAL_STEPS) expect(second.output).toMatch(step);
  });
});

describe("npm run deploy -- --env preview", () => {
  let production: StandinState;
  let preview: NodeRun;
  let afterPreview: StandinState;

  beforeAll(async () => {
    production = api.state();
    api.clearRequests();
    preview = await deploy(api, ["--env", "preview"]);
    afterPreview = api.state();
  });

  it("creates databases and a namespace of its own, and no queue or Worker", () => {
    expect(preview.code, preview.output).toBe(0);
    expect(afterPreview.d1.map((db) => db.name).sort()).toEqual(["linkvault", "linkvault-analytics", "linkvault-analytics-preview", "linkvault-preview"]);
    for (const name of ["linkvault-preview", "linkvault-analytics-preview"]) expect(afterPreview.d1.find((db) => db.name === name)?.tables, name).toContain("d1_migrations");
    expect(afterPreview.kv.map((ns) => ns.title).sort()).toEqual(["linkvault-site-config", "linkvault-site-config-preview"]);
    expect(afterPreview.queues).toEqual(production.queues);
    expect(afterPreview.workers).toEqual(production.workers);
  });

  it("deploys the preview environment with its own ids, its own secrets and its address as SITE_URL", () => {
    const configs = project(afterPreview).deployment_configs;
    expect(configs.production).toEqual(project(production).deployment_configs.production);
    expect(Object.keys(configs.preview.env_vars).sort()).toEqual(["EMAIL_TOKEN_SECRET", "IP_HASH_SECRET", "SESSION_SECRET", "SUPPRESSION_HASH_SECRET"]);
    for (const [name, secret] of Object.entries(configs.preview.env_vars)) expect(secret.value, name).not.toBe(configs.production.env_vars[name]?.value);

    const deployment = project(afterPreview).deployments[0]!;
    expect(deployment).toMatchObject({ environment: "preview", branch: "preview" });
    expect(binding(deployment.bindings, "APP_ENV")?.text).toBe("development");
    expect(binding(deployment.bindings, "SITE_URL")?.text).toBe("https://preview.linkvault-site.pages.dev");
    expect(binding(deployment.bindings, "DB")?.id).toBe(idOf(afterPreview, "linkvault-preview"));
    expect(binding(deployment.bindings, "ANALYTICS_DB")?.id).toBe(idOf(afterPreview, "linkvault-analytics-preview"));
    for (const name of ["EMAIL_QUEUE", "ANALYTICS_QUEUE", "RATE_LIMITER", "TURNSTILE_SITE_KEY"]) expect(binding(deployment.bindings, name), name).toBeUndefined();
    expect(preview.output).toContain("The site: https://preview.linkvault-site.pages.dev");
    expect(preview.output).toContain("npm run admin:create -- --remote --env preview");
  });

  it("run again, creates and changes nothing", async () => {
    api.clearRequests();
    const again = await deploy(api, ["--env", "preview"]);
    expect(again.code, again.output).toBe(0);
    expect(writes(api.requests())).toEqual([]);
    expect(api.state()).toEqual(afterPreview);
    expect(again.output).toMatch(/Site: linkvault-site \(preview\) unchanged/);
  });
});

describe("a deploy that fails", () => {
  it("stops at the step that failed, says how to resume, and the same command then finishes without creating anything twice", async () => {
    const fresh = await standin();
    // The token lacks Workers Scripts: Edit (the API's answer to a scope it does not grant).
    fresh.failOn({ method: "PUT", path: /\/workers\/scripts\/linkvault-jobs$/, status: 403, code: 10000, message: "Authentication error" });
    const failed = await deploy(fresh);
    expect(failed.code).toBe(1);
    expect(failed.output).toContain("✗ Companion Worker failed");
    expect(failed.output).toContain("Authentication error [code: 10000]");
    expect(failed.output).toMatch(/stopped at step 8 of 9 \(Companion Worker\)/);
    expect(failed.output).toContain("run `npm run deploy` again");
    const stopped = fresh.state();
    expect(stopped.d1).toHaveLength(2);
    expect(project(stopped).deployments).toEqual([]);

    fresh.clearFailures();
    fresh.clearRequests();
    const resumed = await deploy(fresh);
    expect(resumed.code, resumed.output).toBe(0);
    const creations = writes(fresh.requests()).filter((write) => /^POST \/accounts\/[^/]+\/(d1\/database|storage\/kv\/namespaces|queues|pages\/projects)$/.test(write));
    expect(creations).toEqual([]);
    expect(resumed.output).toMatch(/Companion Worker: linkvault-jobs deployed/);
    expect(resumed.output).toMatch(/Site: linkvault-site \(production\) deployed/);
    const finished = fresh.state();
    expect(finished.d1.map((db) => db.uuid)).toEqual(stopped.d1.map((db) => db.uuid));
    expect(worker(finished).secrets.EMAIL_TOKEN_SECRET).toBe(project(finished).deployment_configs.production.env_vars.EMAIL_TOKEN_SECRET?.value);
  });

  it("refuses settings it cannot deploy before it calls the API", async () => {
    const fresh = await standin();
    const refused = await deploy(fresh, [], { SITE_URL: "http://linkvault.example/home", EMAIL_FROM: "", TURNSTILE_SITE_KEY: "0xonly-one-key" });
    expect(refused.code).toBe(1);
    expect(refused.output).toContain("✗ Settings failed");
    expect(refused.output).toContain("SITE_URL must start with https://");
    expect(refused.output).toContain("EMAIL_FROM is missing");
    expect(refused.output).toContain("TURNSTILE_SITE_KEY and TURNSTILE_SECRET_KEY go together");
    expect(fresh.requests()).toEqual([]);
  });
});

// A stand-in for Cloudflare's REST API (https://api.cloudflare.com/client/v4) on 127.0.0.1, for the
// deploy test: wrangler honours CLOUDFLARE_API_BASE_URL, and `npm run deploy` calls the same base. It
// speaks the real envelope ({ success, errors, messages, result, result_info }) and error codes for
// exactly the calls a deploy makes, and keeps state across them, so a second deploy sees what the
// first one created:
//
// - D1: list (by name), create, info, and SQL over /query and /raw, run by a real SQLite per database
//   (node:sqlite), so `wrangler d1 migrations apply --remote` creates its table and finds what it applied.
// - KV namespaces: list, create. Queues: list, create, info, and a Worker's consumers.
// - Pages: projects (list, get, create, PATCH of deployment_configs, which is how secrets are set),
//   upload tokens, the asset cache (check-missing, upload, upsert-hashes), deployments (multipart
//   form; stage "deploy" succeeds at once) and their list.
// - Workers: the service lookup, script upload (multipart: metadata with bindings, secrets, migrations,
//   annotations), settings, secrets (list, bulk PATCH), cron schedules, the workers.dev subdomain,
//   deployments and versions.
//
// Every request is recorded (method, path, query, JSON body or the form's field names). A call that no
// route answers gets the API's own 7003 and is recorded in `unhandled()`, so a test can insist on none.
// `failOn({ method, path })` makes matching calls fail with an API error, to test what a failed step says.
//
//   const api = await startCloudflareApiStandin();   // api.baseUrl: "http://127.0.0.1:<port>/client/v4"
//   ... run the deploy with CLOUDFLARE_API_BASE_URL=api.baseUrl ...
//   api.requests(); api.state(); await api.stop();
import { createHash, randomBytes, randomUUID } from "node:crypto";
import { createServer } from "node:http";
import { DatabaseSync } from "node:sqlite";

export const STANDIN_ACCOUNT_ID = "0123456789abcdef0123456789abcdef";
export const STANDIN_API_TOKEN = "standin-api-token-0000000000000000000000";

const hex32 = () => randomBytes(16).toString("hex");
const now = () => new Date().toISOString();
const base64url = (value) => Buffer.from(JSON.stringify(value)).toString("base64url");

class ApiError extends Error {
  constructor(status, code, message) {
    super(message);
    this.status = status;
    this.code = code;
  }
}

const notFound = (code, message) => new ApiError(404, code, message);

/** The envelope of every answer; `resultInfo` for paged lists. */
function envelope(result, resultInfo) {
  return { success: true, errors: [], messages: [], result, ...(resultInfo ? { result_info: resultInfo } : {}) };
}

/** One page of `items` as the API pages lists (`page`, `per_page` from the query). */
function paged(items, query, defaultPerPage = 20) {
  const perPage = Number(query.get("per_page") ?? defaultPerPage);
  const page = Number(query.get("page") ?? 1);
  const slice = items.slice((page - 1) * perPage, page * perPage);
  return { body: envelope(slice, { page, per_page: perPage, count: slice.length, total_count: items.length, total_pages: Math.max(1, Math.ceil(items.length / perPage)) }) };
}

/**
 * Runs D1 SQL the way the /query endpoint answers it: one result per statement, each with its rows.
 * node:sqlite's prepare() compiles the first statement of a string, so the rest is walked statement
 * by statement.
 */
function runSql(db, sql, params = []) {
  const results = [];
  let rest = sql;
  for (;;) {
    const remaining = rest.replace(/^(?:\s|;|--[^\n]*\n?|\/\*[\s\S]*?\*\/)+/, "");
    if (!remaining) break;
    const statement = db.prepare(remaining);
    const text = statement.sourceSQL;
    const started = performance.now();
    const rows = statement.columns().length > 0 ? statement.all(...params) : (statement.run(...params), []);
    results.push({
      results: rows.map((row) => ({ ...row })),
      success: true,
      meta: { served_by: "standin", duration: performance.now() - started, changes: 0, last_row_id: 0, changed_db: rows.length === 0, size_after: 0, rows_read: rows.length, rows_written: 0 },
    });
    const at = remaining.indexOf(text);
    rest = remaining.slice((at < 0 ? 0 : at) + text.length);
    if (!text) break;
  }
  return results;
}

function jwt(claims) {
  return `${base64url({ alg: "HS256", typ: "JWT" })}.${base64url(claims)}.${randomBytes(16).toString("base64url")}`;
}

/** A request's body: parsed JSON, or a multipart form's fields (files as their text), or text. */
async function readBody(request, raw) {
  const type = request.headers["content-type"] ?? "";
  if (raw.length === 0) return undefined;
  if (type.includes("application/json") || type.includes("merge-patch+json")) return JSON.parse(raw.toString("utf8"));
  if (type.includes("multipart/form-data")) {
    const form = await new Request("http://standin/", { method: "POST", headers: { "content-type": type }, body: raw }).formData();
    const fields = {};
    for (const [name, value] of form) fields[name] = typeof value === "string" ? value : await value.text();
    return fields;
  }
  const text = raw.toString("utf8");
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/**
 * Starts the stand-in. Options: `accountId` (STANDIN_ACCOUNT_ID), `token` (STANDIN_API_TOKEN: any other
 * bearer token gets 10000 "Authentication error"), `port` (0: any free port).
 */
export async function startCloudflareApiStandin({ accountId = STANDIN_ACCOUNT_ID, token = STANDIN_API_TOKEN, port = 0 } = {}) {
  const d1 = new Map(); // uuid → { uuid, name, created_at, db: its SQLite }
  const kv = new Map(); // id → { id, title }
  const queues = new Map(); // id → { queue_id, queue_name, created_on, modified_on, consumers: [] }
  const projects = new Map(); // name → Pages project
  const deployments = new Map(); // project name → deployments, newest first
  const assets = new Set(); // content hashes the Pages asset cache holds
  const uploadTokens = new Set();
  const workers = new Map(); // name → { created_on, versions (each with its secrets), deployments, schedules, subdomain, migrationTag }
  const recorded = [];
  const unhandled = [];
  const failures = [];

  const d1Result = (db) => ({ uuid: db.uuid, name: db.name, created_at: db.created_at, version: "production", num_tables: 0, file_size: 0, running_in_region: "WEUR", read_replication: { mode: "disabled" } });
  const queueResult = (queue) => ({
    queue_id: queue.queue_id,
    queue_name: queue.queue_name,
    created_on: queue.created_on,
    modified_on: queue.modified_on,
    producers_total_count: 0,
    producers: [],
    consumers_total_count: queue.consumers.length,
    consumers: queue.consumers,
    settings: { delivery_delay: 0, delivery_paused: false, message_retention_period: 345600 },
  });

  /** The API takes a database's name where its uuid goes. */
  const findD1 = (uuidOrName) => {
    const db = d1.get(uuidOrName) ?? [...d1.values()].find((candidate) => candidate.name === uuidOrName);
    if (!db) throw notFound(7404, `The database ${uuidOrName} could not be found`);
    return db;
  };
  const findQueue = (idOrName) => {
    const queue = queues.get(idOrName) ?? [...queues.values()].find((q) => q.queue_name === idOrName);
    if (!queue) throw notFound(11000, "Queue does not exist");
    return queue;
  };
  const findProject = (name) => {
    const project = projects.get(name);
    if (!project) throw notFound(8000007, `Project not found. The specified project name does not match any of your existing projects.`);
    return project;
  };
  const findWorker = (name) => {
    const worker = workers.get(name);
    if (!worker) throw notFound(10007, `This Worker does not exist on your account. [code: 10007]`);
    return worker;
  };
  const currentVersion = (worker) => {
    const deployment = worker.deployments[0];
    return deployment ? worker.versions.find((version) => version.id === deployment.versions[0].version_id) : undefined;
  };

  /**
   * A script upload (its multipart form): a new version with the metadata's bindings, secrets kept or
   * inherited as `keep_bindings` and "inherit" bindings say, Durable Object migrations checked against
   * the current tag. `PUT …/scripts/:name` also deploys it at once; `POST …/versions` does not.
   */
  function createVersion(name, fields) {
    const metadata = JSON.parse(fields.metadata ?? "{}");
    const worker = workers.get(name) ?? { created_on: now(), versions: [], deployments: [], secrets: new Map(), schedules: [], subdomain: { enabled: true, previews_enabled: true }, migrationTag: undefined };
    const previous = currentVersion(worker);
    const previousSecrets = previous?.secrets ?? new Map();
    const secrets = new Map(metadata.keep_bindings?.includes("secret_text") ? previousSecrets : []);
    const bindings = [];
    for (const binding of metadata.bindings ?? []) {
      if (binding.type === "secret_text") secrets.set(binding.name, { type: "secret_text", text: binding.text });
      else if (binding.type === "inherit") {
        if (previousSecrets.has(binding.name)) secrets.set(binding.name, previousSecrets.get(binding.name));
      } else bindings.push(binding);
    }
    if (metadata.migrations) {
      const { old_tag: oldTag, new_tag: newTag } = metadata.migrations;
      if ((oldTag ?? undefined) !== worker.migrationTag) throw new ApiError(400, 10079, `Migration tag precondition failed; current tag is ${worker.migrationTag ?? "none"}`);
      worker.migrationTag = newTag;
    }
    const version = {
      id: randomUUID(),
      number: worker.versions.length + 1,
      metadata: { created_on: now(), modified_on: now(), source: "wrangler", author_email: "owner@example.com" },
      annotations: { "workers/triggered_by": "upload", ...(metadata.annotations ?? {}) },
      resources: { bindings, script: { etag: createHash("sha256").update(fields[metadata.main_module] ?? "").digest("hex"), handlers: ["fetch", "queue", "scheduled"] } },
      startup_time_ms: 1,
      secrets,
    };
    worker.versions.unshift(version);
    workers.set(name, worker);
    return { worker, version };
  }

  function deployVersions(worker, versions, annotations = {}) {
    const deployment = { id: randomUUID(), source: "wrangler", strategy: "percentage", author_email: "owner@example.com", created_on: now(), annotations: { "workers/triggered_by": "deployment", ...annotations }, versions };
    worker.deployments.unshift(deployment);
    return deployment;
  }

  /** A version as the API answers it: its secrets' values are never shown. */
  const versionResult = (version) => {
    const shown = { ...version };
    delete shown.secrets;
    return shown;
  };

  function projectResult(project) {
    return { ...project, latest_deployment: (deployments.get(project.name) ?? [])[0] ?? null, canonical_deployment: (deployments.get(project.name) ?? []).find((d) => d.environment === "production") ?? null };
  }

  /** PATCH deployment_configs: env_vars merge by name; null deletes one. */
  function patchDeploymentConfigs(project, patch) {
    for (const [environment, config] of Object.entries(patch ?? {})) {
      const target = project.deployment_configs[environment];
      if (!target) throw new ApiError(400, 8000000, `Unknown environment ${environment}`);
      for (const [key, value] of Object.entries(config)) {
        if (key !== "env_vars") {
          target[key] = value;
          continue;
        }
        target.env_vars ??= {};
        for (const [name, variable] of Object.entries(value ?? {})) {
          if (variable === null) delete target.env_vars[name];
          else target.env_vars[name] = variable;
        }
      }
    }
  }

  const requireUploadToken = (request) => {
    const bearer = (request.headers.authorization ?? "").replace(/^Bearer /, "");
    if (!uploadTokens.has(bearer)) throw new ApiError(401, 8000013, "Authorization failed");
  };

  const account = `/accounts/${accountId}`;
  /** [method, path pattern (":name" segments), handler({ params, query, body, request }) → { body, status }]. */
  const routes = [
    ["GET", "/accounts", () => ({ body: envelope([{ id: accountId, name: "Stand-in account" }], { page: 1, per_page: 20, count: 1, total_count: 1 }) })],
    ["GET", "/user/tokens/verify", () => ({ body: envelope({ id: "standin", status: "active" }) })],
    ["GET", "/memberships", () => ({ body: envelope([{ id: "m", account: { id: accountId, name: "Stand-in account" } }]) })],

    // D1
    ["GET", `${account}/d1/database`, ({ query }) => {
      const name = query.get("name");
      const all = [...d1.values()].filter((db) => !name || db.name === name).map(d1Result);
      return paged(all, query, 1000);
    }],
    ["POST", `${account}/d1/database`, ({ body }) => {
      if ([...d1.values()].some((db) => db.name === body.name)) throw new ApiError(400, 7502, "A database with that name already exists");
      const db = { uuid: randomUUID(), name: body.name, created_at: now(), db: new DatabaseSync(":memory:") };
      d1.set(db.uuid, db);
      return { body: envelope(d1Result(db)) };
    }],
    ["GET", `${account}/d1/database/:uuid`, ({ params }) => ({ body: envelope(d1Result(findD1(params.uuid))) })],
    ["POST", `${account}/d1/database/:uuid/query`, ({ params, body }) => {
      try {
        return { body: envelope(runSql(findD1(params.uuid).db, body.sql, body.params)) };
      } catch (error) {
        if (error instanceof ApiError) throw error;
        throw new ApiError(400, 7500, `${error.message}: SQLITE_ERROR`);
      }
    }],
    ["POST", `${account}/d1/database/:uuid/raw`, ({ params, body }) => {
      try {
        const results = runSql(findD1(params.uuid).db, body.sql, body.params).map((result) => {
          const columns = result.results[0] ? Object.keys(result.results[0]) : [];
          return { ...result, results: { columns, rows: result.results.map((row) => columns.map((column) => row[column])) } };
        });
        return { body: envelope(results) };
      } catch (error) {
        if (error instanceof ApiError) throw error;
        throw new ApiError(400, 7500, `${error.message}: SQLITE_ERROR`);
      }
    }],

    // Workers KV
    ["GET", `${account}/storage/kv/namespaces`, ({ query }) => paged([...kv.values()].map((ns) => ({ ...ns, supports_url_encoding: true })), query, 20)],
    ["POST", `${account}/storage/kv/namespaces`, ({ body }) => {
      if ([...kv.values()].some((ns) => ns.title === body.title)) throw new ApiError(400, 10014, "A namespace with this account ID and title already exists");
      const ns = { id: hex32(), title: body.title };
      kv.set(ns.id, ns);
      return { body: envelope({ ...ns, supports_url_encoding: true }) };
    }],

    // Queues
    ["GET", `${account}/queues`, ({ query }) => {
      // `name` may repeat: the queues named by any of them.
      const names = query.getAll("name");
      return paged([...queues.values()].filter((q) => names.length === 0 || names.includes(q.queue_name)).map(queueResult), query, 100);
    }],
    ["POST", `${account}/queues`, ({ body }) => {
      if ([...queues.values()].some((q) => q.queue_name === body.queue_name)) throw new ApiError(400, 11009, "A queue with this name already exists");
      const queue = { queue_id: hex32(), queue_name: body.queue_name, created_on: now(), modified_on: now(), consumers: [] };
      queues.set(queue.queue_id, queue);
      return { body: envelope(queueResult(queue)) };
    }],
    ["GET", `${account}/queues/:id`, ({ params }) => ({ body: envelope(queueResult(findQueue(params.id))) })],
    ["GET", `${account}/queues/:id/consumers`, ({ params }) => ({ body: envelope(findQueue(params.id).consumers) })],
    ["POST", `${account}/queues/:id/consumers`, ({ params, body }) => {
      const queue = findQueue(params.id);
      if (queue.consumers.some((c) => c.script === body.script_name)) throw new ApiError(400, 11004, "This queue already has a consumer for that script");
      const consumer = { consumer_id: hex32(), type: body.type ?? "worker", script: body.script_name, dead_letter_queue: body.dead_letter_queue, settings: body.settings ?? {}, created_on: now() };
      queue.consumers.push(consumer);
      return { body: envelope(consumer) };
    }],
    ["PUT", `${account}/queues/:id/consumers/:consumerId`, ({ params, body }) => {
      const queue = findQueue(params.id);
      const consumer = queue.consumers.find((c) => c.consumer_id === params.consumerId);
      if (!consumer) throw notFound(11005, "Consumer does not exist");
      Object.assign(consumer, { dead_letter_queue: body.dead_letter_queue, settings: body.settings ?? {} });
      return { body: envelope(consumer) };
    }],

    // Pages
    ["GET", `${account}/pages/projects`, ({ query }) => paged([...projects.values()].map(projectResult), query, 10)],
    ["POST", `${account}/pages/projects`, ({ body }) => {
      if (projects.has(body.name)) throw new ApiError(409, 8000002, "A project with this name already exists. Choose a different project name.");
      const environmentConfig = (overrides = {}) => ({ env_vars: {}, compatibility_date: "2024-09-23", compatibility_flags: [], fail_open: true, always_use_latest_compatibility_date: false, build_image_major_version: 3, usage_model: "standard", wrangler_config_hash: undefined, ...overrides });
      const project = {
        id: randomUUID(),
        name: body.name,
        subdomain: `${body.name}.pages.dev`,
        domains: [`${body.name}.pages.dev`],
        production_branch: body.production_branch,
        created_on: now(),
        source: null,
        build_config: {},
        deployment_configs: { production: environmentConfig(body.deployment_configs?.production), preview: environmentConfig(body.deployment_configs?.preview) },
      };
      projects.set(project.name, project);
      deployments.set(project.name, []);
      return { body: envelope(projectResult(project)) };
    }],
    ["GET", `${account}/pages/projects/:name`, ({ params }) => ({ body: envelope(projectResult(findProject(params.name))) })],
    ["PATCH", `${account}/pages/projects/:name`, ({ params, body }) => {
      const project = findProject(params.name);
      patchDeploymentConfigs(project, body.deployment_configs);
      return { body: envelope(projectResult(project)) };
    }],
    ["GET", `${account}/pages/projects/:name/upload-token`, ({ params }) => {
      findProject(params.name);
      const uploadToken = jwt({ exp: Math.floor(Date.now() / 1000) + 3600, max_file_count_allowed: 20_000, accountId, projectName: params.name });
      uploadTokens.add(uploadToken);
      return { body: envelope({ jwt: uploadToken }) };
    }],
    ["POST", "/pages/assets/check-missing", ({ request, body }) => {
      requireUploadToken(request);
      return { body: envelope(body.hashes.filter((hash) => !assets.has(hash))) };
    }],
    ["POST", "/pages/assets/upload", ({ request, body }) => {
      requireUploadToken(request);
      for (const file of body) assets.add(file.key);
      return { body: envelope({ successful_key_count: body.length, unsuccessful_keys: [] }) };
    }],
    ["POST", "/pages/assets/upsert-hashes", ({ request }) => {
      requireUploadToken(request);
      return { body: envelope(null) };
    }],
    ["GET", `${account}/pages/projects/:name/deployments`, ({ params, query }) => {
      findProject(params.name);
      const env = query.get("env");
      return paged((deployments.get(params.name) ?? []).filter((d) => !env || d.environment === env), query, 25);
    }],
    ["POST", `${account}/pages/projects/:name/deployments`, async ({ params, body }) => {
      const project = findProject(params.name);
      const manifest = JSON.parse(body.manifest ?? "{}");
      const missing = Object.values(manifest).filter((hash) => !assets.has(hash));
      if (missing.length > 0) throw new ApiError(400, 8000096, `${missing.length} files in the manifest were never uploaded`);
      const branch = body.branch ?? project.production_branch;
      const environment = branch === project.production_branch ? "production" : "preview";
      const id = randomUUID();
      const short = id.slice(0, 8);
      const stage = { name: "deploy", status: "success", started_on: now(), ended_on: now() };
      const deployment = {
        id,
        short_id: short,
        project_id: project.id,
        project_name: project.name,
        environment,
        url: `https://${short}.${project.subdomain}`,
        created_on: now(),
        modified_on: now(),
        aliases: environment === "preview" ? [`https://${branch}.${project.subdomain}`] : [`https://${project.subdomain}`],
        latest_stage: stage,
        stages: [stage],
        deployment_trigger: { type: "ad_hoc", metadata: { branch, commit_hash: body.commit_hash ?? "", commit_message: body.commit_message ?? "", commit_dirty: body.commit_dirty === "true" } },
        production_branch: project.production_branch,
        files: Object.keys(manifest),
        has_functions: Boolean(body["_worker.bundle"]),
        wrangler_config_hash: body.wrangler_config_hash,
        pages_build_output_dir: body.pages_build_output_dir,
        bindings: body["_worker.bundle"] ? await bundleBindings(body["_worker.bundle"]) : [],
      };
      if (body.wrangler_config_hash) project.deployment_configs[environment].wrangler_config_hash = body.wrangler_config_hash;
      deployments.get(project.name).unshift(deployment);
      return { body: envelope(deployment) };
    }],
    ["GET", `${account}/pages/projects/:name/deployments/:id`, ({ params }) => {
      const deployment = (deployments.get(findProject(params.name).name) ?? []).find((d) => d.id === params.id);
      if (!deployment) throw notFound(8000009, "The deployment ID you have specified does not exist. Update the deployment ID and try again.");
      return { body: envelope(deployment) };
    }],

    // Workers
    ["GET", `${account}/workers/services/:name`, ({ params }) => {
      const worker = findWorker(params.name);
      const script = { id: params.name, tag: hex32(), tags: [], etag: currentVersion(worker)?.resources.script.etag, handlers: ["fetch", "queue", "scheduled"], created_on: worker.created_on, modified_on: now(), last_deployed_from: "wrangler", usage_model: "standard", ...(worker.migrationTag ? { migration_tag: worker.migrationTag } : {}) };
      return { body: envelope({ id: params.name, default_environment: { environment: "production", created_on: worker.created_on, modified_on: now(), script }, created_on: worker.created_on, modified_on: now(), environments: [] }) };
    }],
    ["GET", `${account}/workers/workers/:name`, ({ params }) => {
      const worker = findWorker(params.name);
      return { body: envelope({ id: params.name, name: params.name, created_on: worker.created_on, updated_on: now(), logpush: false, observability: null, subdomain: worker.subdomain, tags: [], tail_consumers: [] }) };
    }],
    ["PUT", `${account}/workers/scripts/:name`, ({ params, body }) => {
      const { worker, version } = createVersion(params.name, body);
      const deployment = deployVersions(worker, [{ version_id: version.id, percentage: 100 }], { "workers/triggered_by": "upload" });
      return { body: envelope({ id: params.name, etag: version.resources.script.etag, handlers: version.resources.script.handlers, created_on: worker.created_on, modified_on: now(), deployment_id: deployment.id, startup_time_ms: 1, usage_model: "standard" }) };
    }],
    ["POST", `${account}/workers/scripts/:name/versions`, ({ params, body }) => {
      findWorker(params.name);
      return { body: envelope(versionResult(createVersion(params.name, body).version)) };
    }],
    ["POST", `${account}/workers/scripts/:name/deployments`, ({ params, body }) => {
      const worker = findWorker(params.name);
      for (const { version_id: id } of body.versions) if (!worker.versions.some((v) => v.id === id)) throw notFound(10220, "Version not found");
      return { body: envelope(deployVersions(worker, body.versions, body.annotations)) };
    }],
    ["GET", `${account}/workers/scripts/:name/settings`, ({ params }) => {
      const worker = findWorker(params.name);
      return { body: envelope({ bindings: currentVersion(worker)?.resources.bindings ?? [], compatibility_date: "2024-09-23", compatibility_flags: [], logpush: false, observability: null, placement: {}, tail_consumers: [], usage_model: "standard" }) };
    }],
    ["PATCH", `${account}/workers/scripts/:name/script-settings`, ({ params }) => {
      findWorker(params.name);
      return { body: envelope({ logpush: false, observability: null, tail_consumers: [] }) };
    }],
    ["GET", `${account}/workers/scripts/:name/script-settings`, ({ params }) => {
      findWorker(params.name);
      return { body: envelope({ logpush: false, observability: null, tail_consumers: [] }) };
    }],
    ["GET", `${account}/workers/scripts/:name/secrets`, ({ params }) => ({ body: envelope([...(currentVersion(findWorker(params.name))?.secrets.keys() ?? [])].map((name) => ({ name, type: "secret_text" }))) })],
    ["GET", `${account}/workers/scripts/:name/schedules`, ({ params }) => ({ body: envelope({ schedules: findWorker(params.name).schedules }) })],
    ["PUT", `${account}/workers/scripts/:name/schedules`, ({ params, body }) => {
      const worker = findWorker(params.name);
      worker.schedules = body.map(({ cron }) => ({ cron, created_on: now(), modified_on: now() }));
      return { body: envelope({ schedules: worker.schedules }) };
    }],
    ["GET", `${account}/workers/subdomain`, () => ({ body: envelope({ subdomain: "standin" }) })],
    ["GET", `${account}/workers/scripts/:name/subdomain`, ({ params }) => ({ body: envelope(findWorker(params.name).subdomain) })],
    ["POST", `${account}/workers/scripts/:name/subdomain`, ({ params, body }) => {
      const worker = findWorker(params.name);
      worker.subdomain = { enabled: Boolean(body.enabled), previews_enabled: Boolean(body.previews_enabled ?? body.enabled) };
      return { body: envelope(worker.subdomain) };
    }],
    ["GET", `${account}/workers/scripts/:name/deployments`, ({ params }) => ({ body: envelope({ deployments: findWorker(params.name).deployments }) })],
    ["GET", `${account}/workers/scripts/:name/versions`, ({ params }) => {
      const worker = findWorker(params.name);
      return { body: envelope({ items: worker.versions.map(versionResult) }) };
    }],
    ["GET", `${account}/workers/scripts/:name/versions/:versionId`, ({ params }) => {
      const version = findWorker(params.name).versions.find((v) => v.id === params.versionId);
      if (!version) throw notFound(10220, "Version not found");
      return { body: envelope(versionResult(version)) };
    }],
    ["GET", `${account}/workers/domains/records`, () => ({ body: envelope([]) })],
    ["GET", `${account}/workers/domains`, () => ({ body: envelope([]) })],
  ];

  /** The bindings a Pages Function bundle declares: the "metadata" part of the multipart body it is. */
  async function bundleBindings(bundle) {
    const boundary = /^--(\S+)/.exec(bundle)?.[1];
    if (!boundary) return [];
    const form = await new Request("http://standin/", { method: "POST", headers: { "content-type": `multipart/form-data; boundary=${boundary}` }, body: bundle }).formData();
    const metadata = form.get("metadata");
    return metadata ? (JSON.parse(typeof metadata === "string" ? metadata : await metadata.text()).bindings ?? []) : [];
  }

  const compiled = routes.map(([method, pattern, handler]) => {
    const names = [];
    const regex = new RegExp(`^${pattern.replace(/:(\w+)/g, (_, name) => (names.push(name), "([^/]+)"))}$`);
    return { method, regex, names, handler };
  });

  const server = createServer(async (request, response) => {
    const chunks = [];
    for await (const chunk of request) chunks.push(chunk);
    const raw = Buffer.concat(chunks);
    const url = new URL(request.url, "http://standin");
    const path = url.pathname.replace(/^\/client\/v4/, "");
    const send = (status, body) => {
      response.writeHead(status, { "content-type": "application/json" });
      response.end(JSON.stringify(body));
    };
    const fail = (error) => send(error.status, { success: false, errors: [{ code: error.code, message: error.message }], messages: [], result: null });
    let body;
    try {
      body = await readBody(request, raw);
    } catch {
      body = raw.toString("utf8");
    }
    const entry = { method: request.method, path, query: Object.fromEntries(url.searchParams), body, at: Date.now() };
    recorded.push(entry);
    try {
      const isAssetCall = path.startsWith("/pages/assets/");
      const bearer = (request.headers.authorization ?? "").replace(/^Bearer /, "");
      if (!isAssetCall && bearer !== token) throw new ApiError(400, 10000, "Authentication error");
      const failure = failures.find((f) => f.method === request.method && (typeof f.path === "string" ? f.path === path : f.path.test(path)));
      if (failure) {
        entry.failed = true;
        throw new ApiError(failure.status ?? 500, failure.code ?? 10013, failure.message ?? "An unknown error has occurred. If this error persists, please file a report in the Cloudflare community forums.");
      }
      for (const route of compiled) {
        if (route.method !== request.method) continue;
        const match = route.regex.exec(path);
        if (!match) continue;
        const params = Object.fromEntries(route.names.map((name, index) => [name, decodeURIComponent(match[index + 1])]));
        const answer = await route.handler({ params, query: url.searchParams, body, request });
        return send(answer.status ?? 200, answer.body);
      }
      unhandled.push(entry);
      throw new ApiError(400, 7003, `Could not route to ${path}, perhaps your object identifier is invalid?`);
    } catch (error) {
      if (error instanceof ApiError) return fail(error);
      return fail(new ApiError(500, 10013, `stand-in error: ${error.message}`));
    }
  });
  await new Promise((resolve) => server.listen(port, "127.0.0.1", resolve));
  const origin = `http://127.0.0.1:${server.address().port}`;

  return {
    origin,
    baseUrl: `${origin}/client/v4`,
    accountId,
    token,
    /** Every request so far, in order. */
    requests: () => recorded.slice(),
    /** Requests no route answered (the API's 7003). */
    unhandled: () => unhandled.slice(),
    /** Forgets the recorded requests (not the state). */
    clearRequests: () => {
      recorded.length = 0;
      unhandled.length = 0;
    },
    /** Makes every matching call fail with an API error until `clearFailures()`. */
    failOn: (failure) => failures.push(failure),
    clearFailures: () => {
      failures.length = 0;
    },
    /** What exists, by name: databases, KV titles, queues, projects (with their env vars), Workers. */
    state: () => ({
      d1: [...d1.values()].map((db) => ({ uuid: db.uuid, name: db.name, tables: db.db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name").all().map((row) => row.name) })),
      kv: [...kv.values()].map((ns) => ({ ...ns })),
      queues: [...queues.values()].map((q) => ({ id: q.queue_id, name: q.queue_name, consumers: q.consumers.map((c) => ({ script: c.script, dead_letter_queue: c.dead_letter_queue, settings: c.settings })) })),
      projects: [...projects.values()].map((p) => ({ name: p.name, production_branch: p.production_branch, subdomain: p.subdomain, deployment_configs: structuredClone(p.deployment_configs), deployments: (deployments.get(p.name) ?? []).map((d) => ({ id: d.id, environment: d.environment, branch: d.deployment_trigger.metadata.branch, url: d.url, commit_message: d.deployment_trigger.metadata.commit_message, bindings: d.bindings, pages_build_output_dir: d.pages_build_output_dir })) })),
      workers: [...workers.entries()].map(([name, w]) => ({ name, secrets: Object.fromEntries([...(currentVersion(w)?.secrets ?? [])].map(([key, value]) => [key, value.text])), bindings: currentVersion(w)?.resources.bindings ?? [], schedules: w.schedules.map((s) => s.cron), subdomain: w.subdomain, migrationTag: w.migrationTag, versions: w.versions.map((v) => ({ id: v.id, annotations: v.annotations })), deployments: w.deployments.length })),
    }),
    stop: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

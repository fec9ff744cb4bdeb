// Finds each resource of a deploy plan by name and creates only what is missing, so a second run
// creates nothing. Answers the ids the generated configs need and what was created.
import { PRODUCTION_BRANCH } from "./plan.mjs";
import { unlessMissing } from "./cloudflare-api.mjs";

/** The API's "no such Pages project". */
const PAGES_PROJECT_NOT_FOUND = 8000007;

/**
 * Ensures everything `plan` names exists. Answers { databaseIds: {binding: id}, namespaceIds:
 * {binding: id}, project (the Pages project as the API describes it), created: [descriptions] }.
 */
export async function ensureResources(api, plan, { compatibilityDate }) {
  const [databases, namespaces, queues, project] = await Promise.all([
    api.list("@/d1/database", 100),
    api.list("@/storage/kv/namespaces", 100),
    plan.queues.length > 0 ? api.list("@/queues", 100) : [],
    unlessMissing(() => api.get(`@/pages/projects/${plan.project}`), [PAGES_PROJECT_NOT_FOUND]),
  ]);
  const created = [];

  const databaseIds = {};
  for (const { binding, name } of plan.databases) {
    let database = databases.find((db) => db.name === name);
    if (!database) {
      database = await api.post("@/d1/database", { name });
      created.push(`D1 database ${name}`);
    }
    databaseIds[binding] = database.uuid;
  }

  const namespaceIds = {};
  for (const { binding, title } of plan.namespaces) {
    let namespace = namespaces.find((ns) => ns.title === title);
    if (!namespace) {
      namespace = await api.post("@/storage/kv/namespaces", { title });
      created.push(`KV namespace ${title}`);
    }
    namespaceIds[binding] = namespace.id;
  }

  for (const name of plan.queues) {
    if (queues.some((queue) => queue.queue_name === name)) continue;
    await api.post("@/queues", { queue_name: name });
    created.push(`queue ${name}`);
  }

  let pagesProject = project;
  if (!pagesProject) {
    const environment = { compatibility_date: compatibilityDate };
    pagesProject = await api.post("@/pages/projects", { name: plan.project, production_branch: PRODUCTION_BRANCH, deployment_configs: { production: environment, preview: environment } });
    created.push(`Pages project ${plan.project}`);
  }

  return { databaseIds, namespaceIds, project: pagesProject, created };
}

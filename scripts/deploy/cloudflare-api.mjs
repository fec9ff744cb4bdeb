// The few Cloudflare API calls the deploy makes itself (look-ups by name, creating what is missing,
// a Pages project's secrets), with the credentials wrangler already has: CLOUDFLARE_API_TOKEN, else what
// `wrangler auth token` answers (`wrangler login`'s token, or an API key). CLOUDFLARE_API_BASE_URL moves the
// API, as it does for wrangler (the deploy test's stand-in).
import { wrangler } from "../lib/wrangler.mjs";

export const DEFAULT_API_BASE_URL = "https://api.cloudflare.com/client/v4";

/** An API error with the API's own codes (e.g. 8000007: no such Pages project; 10007: no such Worker). */
export class CloudflareApiError extends Error {
  constructor(method, path, status, errors) {
    const detail = errors.length > 0 ? errors.map(({ code, message }) => `${message} [code: ${code}]`).join("; ") : `HTTP ${status}`;
    super(`Cloudflare API ${method} ${path} failed: ${detail}`);
    this.status = status;
    this.codes = errors.map(({ code }) => code);
  }
}

/** wrangler's credentials: an API token from the environment (CI) first, as wrangler itself takes it. */
async function credentials() {
  if (process.env.CLOUDFLARE_API_TOKEN) return { Authorization: `Bearer ${process.env.CLOUDFLARE_API_TOKEN}` };
  let output;
  try {
    output = await wrangler(["auth", "token", "--json"], { quiet: true, input: "" });
  } catch {
    throw new Error("no Cloudflare credentials: run `npx wrangler login`, or set CLOUDFLARE_API_TOKEN (docs/deploy.md)");
  }
  const answer = JSON.parse(output.slice(output.indexOf("{")));
  if (answer.type === "api_key") return { "X-Auth-Key": answer.key, "X-Auth-Email": answer.email };
  return { Authorization: `Bearer ${answer.token}` };
}

/**
 * A client for one account. `accountId` may be null: then the login must see exactly one account.
 * Answers { accountId, get, post, patch, list }; paths after "/accounts/<id>" are written "@/…".
 */
export async function connect({ accountId = null, baseUrl = process.env.CLOUDFLARE_API_BASE_URL || DEFAULT_API_BASE_URL } = {}) {
  const headers = await credentials();

  async function call(method, path, body) {
    const resolved = path.replace(/^@/, `/accounts/${accountId}`);
    const response = await fetch(`${baseUrl}${resolved}`, {
      method,
      headers: { ...headers, ...(body === undefined ? {} : { "Content-Type": "application/json" }) },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(60_000),
    });
    const text = await response.text();
    let answer;
    try {
      answer = JSON.parse(text);
    } catch {
      throw new CloudflareApiError(method, resolved, response.status, [{ code: response.status, message: text.slice(0, 200) || response.statusText }]);
    }
    if (!response.ok || answer.success === false) throw new CloudflareApiError(method, resolved, response.status, answer.errors ?? []);
    return answer;
  }

  /** Every item of a paged list. */
  async function list(path, perPage = 100) {
    const items = [];
    for (let page = 1; ; page++) {
      const separator = path.includes("?") ? "&" : "?";
      const { result, result_info: info } = await call("GET", `${path}${separator}page=${page}&per_page=${perPage}`);
      items.push(...result);
      // An API that pages differently from `per_page` still says how many pages there are.
      const pages = info?.total_pages ?? (info?.total_count !== undefined && info?.per_page ? Math.ceil(info.total_count / info.per_page) : undefined);
      if (pages !== undefined ? page >= pages : result.length < perPage) return items;
    }
  }

  if (!accountId) {
    const accounts = await list("/accounts", 50);
    if (accounts.length !== 1) {
      const names = accounts.map(({ id, name }) => `${name} (${id})`).join(", ") || "none";
      throw new Error(`Set CLOUDFLARE_ACCOUNT_ID in deploy.env: your login sees ${accounts.length === 0 ? "no account" : `several accounts: ${names}`}.`);
    }
    accountId = accounts[0].id;
  }

  return {
    accountId,
    get: async (path) => (await call("GET", path)).result,
    post: async (path, body) => (await call("POST", path, body)).result,
    patch: async (path, body) => (await call("PATCH", path, body)).result,
    list,
  };
}

/** `fn()`, or `fallback` when the API answers one of `codes` (a look-up of something that may not exist). */
export async function unlessMissing(fn, codes, fallback = null) {
  try {
    return await fn();
  } catch (error) {
    if (error instanceof CloudflareApiError && error.codes.some((code) => codes.includes(code))) return fallback;
    throw error;
  }
}

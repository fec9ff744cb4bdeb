// Types for cloudflare-api-standin.mjs.
export const STANDIN_ACCOUNT_ID: string;
export const STANDIN_API_TOKEN: string;

export interface RecordedRequest {
  method: string;
  /** The path after /client/v4. */
  path: string;
  query: Record<string, string>;
  /** Parsed JSON, a multipart form's fields (files as text), or text. */
  body: unknown;
  at: number;
  /** Set when a failOn() rule answered it. */
  failed?: boolean;
}

export interface EnvironmentVariable {
  type: "plain_text" | "secret_text";
  value: string;
}

export interface WorkerBinding {
  name: string;
  type: string;
  [field: string]: unknown;
}

export interface StandinState {
  d1: { uuid: string; name: string; tables: string[] }[];
  kv: { id: string; title: string }[];
  queues: { id: string; name: string; consumers: { script: string; dead_letter_queue?: string; settings: Record<string, number> }[] }[];
  projects: {
    name: string;
    production_branch: string;
    subdomain: string;
    deployment_configs: Record<"production" | "preview", { env_vars: Record<string, EnvironmentVariable>; [field: string]: unknown }>;
    deployments: { id: string; environment: string; branch: string; url: string; commit_message: string; bindings: WorkerBinding[]; pages_build_output_dir?: string }[];
  }[];
  workers: {
    name: string;
    secrets: Record<string, string>;
    bindings: WorkerBinding[];
    schedules: string[];
    subdomain: { enabled: boolean; previews_enabled: boolean };
    migrationTag?: string;
    versions: { id: string; annotations: Record<string, string> }[];
    deployments: number;
  }[];
}

export interface Failure {
  method: string;
  path: string | RegExp;
  status?: number;
  code?: number;
  message?: string;
}

export interface CloudflareApiStandin {
  origin: string;
  /** What CLOUDFLARE_API_BASE_URL is set to. */
  baseUrl: string;
  accountId: string;
  token: string;
  requests(): RecordedRequest[];
  unhandled(): RecordedRequest[];
  clearRequests(): void;
  failOn(failure: Failure): void;
  clearFailures(): void;
  state(): StandinState;
  stop(): Promise<void>;
}

export function startCloudflareApiStandin(options?: { accountId?: string; token?: string; port?: number }): Promise<CloudflareApiStandin>;

// Types for fresh-dev-server.mjs.
import type { DevServer } from "../../scripts/lib/dev-server.mjs";

export interface AdminAccount {
  email: string;
  password: string;
  role?: "owner" | "admin";
}

export interface FreshDevServer extends DevServer {
  output(): string;
}

export function createAdminWithCli(stateDir: string, admin: AdminAccount): Promise<void>;
export function startFreshDevServer(options?: {
  name?: string;
  stateDir?: string;
  port?: number;
  vars?: Record<string, string>;
  crons?: boolean;
  admin?: AdminAccount;
  output?: (chunk: string) => void;
  https?: { keyFile: string; certificateFile: string };
}): Promise<FreshDevServer>;

// Types for e2e-server.mjs.
import type { FreshDevServer } from "../support/fresh-dev-server.mjs";

export function e2eVars(port: number): Record<string, string>;
export function startE2eServer(options: { port: number; vars?: Record<string, string>; name?: string; stateDir?: string; output?: (chunk: string) => void }): Promise<FreshDevServer>;

// Types for cron-ticker.mjs.
import type { ScheduledOutcome } from "./dev-server.mjs";

export const EXPLORER_API: string;
export const SCHEDULED_PATH: string;
export function runScheduled(origin: string, worker: string, scheduled?: { cron?: string; scheduledTime?: Date }): Promise<ScheduledOutcome>;
export function startCronTicker(options: { origin: string; worker: string; crons: string[]; log?: (message: string) => void }): { stop(): void };

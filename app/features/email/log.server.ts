/**
 * The email code's log lines: the server's log lines (app/lib/log.server.ts), which pass every
 * string through redactAddresses, so no address reaches a log even by mistake.
 */
import { logError, logInfo, logWarn } from "~/lib/log.server";

export const logEmailInfo = (event: string, fields: Record<string, unknown> = {}): void => logInfo(event, fields);

export const logEmailWarn = (event: string, fields: Record<string, unknown> = {}): void => logWarn(event, fields);

export const logEmailError = (event: string, error: unknown, fields: Record<string, unknown> = {}): void => logError(event, error, fields);

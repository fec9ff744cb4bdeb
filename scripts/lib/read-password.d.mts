// Types for read-password.mjs.
export function readPassword(options?: {
  input?: NodeJS.ReadableStream & { isTTY?: boolean; setRawMode?(mode: boolean): unknown };
  output?: NodeJS.WritableStream;
  prompt?: string;
  confirm?: boolean;
}): Promise<string>;

export function readLine(options?: { input?: NodeJS.ReadableStream & { isTTY?: boolean }; output?: NodeJS.WritableStream; prompt?: string }): Promise<string>;

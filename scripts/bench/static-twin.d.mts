// Types for static-twin.mjs.
export function withoutScripts(html: string): string;
export function startStaticTwin(origin: string, paths: string[]): Promise<{ origin: string; stop: () => Promise<void> }>;

// Types for secrets.mjs.
export const GENERATED_SECRETS: readonly string[];
export const SHARED_SECRETS: readonly string[];

type Settings = Partial<Record<string, string>>;

export function wantedSecrets(env: "production" | "preview", settings: Settings): { site: string[]; worker: string[] };

export function planSecrets(options: {
  env: "production" | "preview";
  settings: Settings;
  present: { site: string[]; worker: string[] };
  updateOwnerSecrets?: boolean;
}): { site: Record<string, string>; worker: Record<string, string>; notes: string[] };

// Types for settings.mjs.
export const DEFAULT_SETTINGS_FILE: string;

export interface SettingDescription {
  /** The environment that cannot deploy without it. */
  required?: "production";
  /** Becomes a secret of the deployables (else a variable, or the deploy's own). */
  secret?: boolean;
  help: string;
}

export const SETTINGS: Record<"SITE_URL" | "EMAIL_FROM" | "EMAIL_API_KEY" | "EMAIL_WEBHOOK_SECRET" | "TURNSTILE_SITE_KEY" | "TURNSTILE_SECRET_KEY" | "CLOUDFLARE_ACCOUNT_ID", SettingDescription>;

export function readSettings(options: { env: "production" | "preview"; file?: string; environment?: Record<string, string | undefined> }): {
  values: Partial<Record<keyof typeof SETTINGS, string>>;
  file: string;
};

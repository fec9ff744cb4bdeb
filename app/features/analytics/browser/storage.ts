/**
 * Session storage for the analytics layer (session id, A/B bookkeeping, web-vital entries). Storage
 * may be refused (private mode, quota, blocked): reads then return the fallback and writes do
 * nothing, so analytics degrades to "per page view" instead of failing.
 */
export type KeyValueStorage = Pick<Storage, "getItem" | "setItem" | "removeItem">;

export function sessionStore(): KeyValueStorage | null {
  try {
    return typeof window === "undefined" ? null : window.sessionStorage;
  } catch {
    return null;
  }
}

export function readJson<T>(storage: KeyValueStorage | null, key: string, fallback: T): T {
  try {
    const raw = storage?.getItem(key);
    if (!raw) return fallback;
    const value = JSON.parse(raw) as unknown;
    return typeof value === typeof fallback && value !== null ? (value as T) : fallback;
  } catch {
    return fallback;
  }
}

export function writeJson(storage: KeyValueStorage | null, key: string, value: unknown): void {
  try {
    storage?.setItem(key, JSON.stringify(value));
  } catch {
    // Quota or blocked storage: the value lives for this page view only.
  }
}

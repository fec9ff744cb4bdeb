/**
 * The site's languages (ADR 0057). Adding one is a line here and a catalogue `app/locales/<code>.json`
 * (docs/guide.md). English is the default: it keeps today's paths; every other language lives under
 * `/<code>/`.
 */
export const LANGUAGES = [
  { code: "en", hreflang: "en", name: "English" },
  { code: "de", hreflang: "de", name: "Deutsch" },
  { code: "fr", hreflang: "fr", name: "Français" },
  { code: "es", hreflang: "es", name: "Español" },
  { code: "pt-br", hreflang: "pt-BR", name: "Português (Brasil)" },
  { code: "ja", hreflang: "ja", name: "日本語" },
] as const;

export type Lang = (typeof LANGUAGES)[number]["code"];

export const DEFAULT_LANG: Lang = "en";

/** The first-party cookie that remembers the visitor's choice (strictly necessary: no consent). */
export const LANGUAGE_COOKIE = "lv_lang";

const CODES = new Set<string>(LANGUAGES.map((l) => l.code));

export function isLang(value: unknown): value is Lang {
  return typeof value === "string" && CODES.has(value);
}

/** The language's tag for `<html lang>`, hreflang and `Intl` (pt-br → pt-BR). */
export function languageTag(lang: Lang): string {
  return LANGUAGES.find((l) => l.code === lang)!.hreflang;
}

/** The language's own name, as the switcher shows it. */
export function languageName(lang: Lang): string {
  return LANGUAGES.find((l) => l.code === lang)!.name;
}

/**
 * A path in a language: English keeps the path, every other language gets its prefix
 * (`/home` → `/de/home`, `/` → `/de/`). Paths that are not pages (`/api/…`, `/build/…`) are the caller's concern.
 */
export function localizedPath(lang: Lang, path: string): string {
  if (lang === DEFAULT_LANG) return path;
  return path === "/" ? `/${lang}/` : `/${lang}${path}`;
}

/** The language a path is in, and the path without its prefix (`/de/home` → de, `/home`). */
export function splitLanguage(pathname: string): { lang: Lang; path: string } {
  const match = /^\/([a-z]{2}(?:-[a-z]{2})?)(\/.*)?$/.exec(pathname);
  if (match && match[1] !== DEFAULT_LANG && isLang(match[1])) return { lang: match[1], path: match[2] || "/" };
  return { lang: DEFAULT_LANG, path: pathname };
}

/**
 * The language for the neutral entry `/`: the saved choice, then the best `Accept-Language` match
 * (by quality, then order; a region falls back to its language, any Portuguese to pt-br), then English.
 */
export function negotiateLanguage(savedChoice: string | undefined, acceptLanguage: string | null): Lang {
  if (isLang(savedChoice)) return savedChoice;
  const ranges = (acceptLanguage ?? "")
    .split(",")
    .map((part, index) => {
      const [range = "", ...params] = part.trim().toLowerCase().split(";");
      const q = params.map((p) => /^\s*q=([0-9.]+)\s*$/.exec(p)?.[1]).find(Boolean);
      return { range: range.trim(), q: q === undefined ? 1 : Number(q), index };
    })
    .filter((r) => r.range && r.q > 0 && Number.isFinite(r.q))
    .sort((a, b) => b.q - a.q || a.index - b.index);
  for (const { range } of ranges) {
    if (isLang(range)) return range;
    const base = range.split("-")[0];
    if (base === "pt") return "pt-br";
    if (isLang(base)) return base;
  }
  return DEFAULT_LANG;
}

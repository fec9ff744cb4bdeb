/**
 * The app's released versions, oldest first: versions and the keys of their feature lines here, their
 * words in app/locales/<lang>.json under `roadmap.releases.<key>` (theme, summary, feature1…) and
 * `roadmap.status.live`. Read them with `localizedReleases(t)`, where `t` is `useT()` in a component or
 * `i18nFor(lang)._` on the server; tsc refuses a `t` whose catalogue lacks one of these ids. Shown by the
 * landing page's roadmap tabs and reusable by /features and /pricing. Every version listed here has
 * shipped ("Live").
 */
export const RELEASES = [
  { version: "v1.0", key: "v1-0", features: ["feature1", "feature2", "feature3", "feature4", "feature5"] },
  { version: "v1.5", key: "v1-5", features: ["feature1", "feature2", "feature3", "feature4"] },
  { version: "v2.0", key: "v2-0", features: ["feature1", "feature2", "feature3", "feature4", "feature5", "feature6"] },
] as const;

type ReleaseEntry = (typeof RELEASES)[number];
type ReleaseMessageId<R> = R extends { key: infer K extends string; features: readonly (infer F extends string)[] }
  ? `roadmap.releases.${K}.${"theme" | "summary" | F}`
  : never;

/** The message function the releases need: any `t` whose catalogue has every roadmap id. */
export type RoadmapTranslate = (id: ReleaseMessageId<ReleaseEntry> | "roadmap.status.live") => string;

export interface Release {
  /** Tab label, e.g. "v1.0". */
  version: string;
  /** Its element-id form, e.g. "v1-0". */
  key: string;
  /** The status badge ("Live"), in the page's language. */
  status: string;
  /** A few words on what the release was about. */
  theme: string;
  summary: string;
  features: readonly string[];
}

/** The releases, oldest first, in `t`'s language. */
export function localizedReleases(t: RoadmapTranslate): Release[] {
  return RELEASES.map((release) => {
    const id = (part: "theme" | "summary" | ReleaseEntry["features"][number]) => t(`roadmap.releases.${release.key}.${part}` as ReleaseMessageId<typeof release>);
    return {
      version: release.version,
      key: release.key,
      status: t("roadmap.status.live"),
      theme: id("theme"),
      summary: id("summary"),
      features: release.features.map((feature) => id(feature)),
    };
  });
}

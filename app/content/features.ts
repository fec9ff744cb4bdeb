/**
 * The app's features: slugs, icons, versions, groups and guides here, their words in
 * app/locales/<lang>.json under `features.items.<slug>` (title, summary, detail1, detail2, guide) and
 * `features.groups.<id>` (title, intro). Read them with `featureText(t, slug)`, `localizedFeatures(t)`
 * or `featureGroups(t)`, where `t` is `useT()` in a component or `i18nFor(lang)._` on the server; tsc
 * refuses a `t` whose catalogue lacks one of these ids. The landing page's feature grid shows
 * FEATURE_GRID; the /features page lists every entry, and each slug is its anchor there
 * (/features#<slug>).
 */

/** Which inline icon a feature is drawn with (the components map the key to an SVG). */
export type FeatureIcon = "folder" | "search" | "shield" | "qr" | "users" | "cloud" | "sparkles" | "lock" | "bell" | "link";

/** The headings /features groups the list under, in display order (FEATURE_GROUP_IDS). */
export const FEATURE_GROUP_IDS = ["capture", "organise", "share", "privacy-sync"] as const;
export type FeatureGroupId = (typeof FEATURE_GROUP_IDS)[number];

export const FEATURES = [
  { slug: "custom-categories", icon: "folder", since: "1.0", group: "organise", guide: "/tutorials/advanced-organization" },
  { slug: "instant-search", icon: "search", since: "1.0", group: "organise" },
  { slug: "link-sanitization", icon: "shield", since: "1.5", group: "capture", guide: "/link-sanitization" },
  { slug: "qr-codes", icon: "qr", since: "2.0", group: "share", guide: "/tutorials/qr-code-generation" },
  { slug: "collaborative-collections", icon: "users", since: "2.0", group: "share", guide: "/tutorials/collaborative-collections" },
  { slug: "cloud-sync", icon: "cloud", since: "2.0", group: "privacy-sync", guide: "/tutorials/advanced-sync" },
  { slug: "ai-categorisation", icon: "sparkles", since: "2.0", group: "capture" },
  { slug: "end-to-end-encryption", icon: "lock", since: "2.0", group: "privacy-sync" },
  { slug: "smart-reminders", icon: "bell", since: "2.0", group: "organise", guide: "/tutorials/smart-reminders" },
  { slug: "deep-links", icon: "link", since: "2.0", group: "share" },
] as const satisfies readonly {
  slug: string;
  icon: FeatureIcon;
  /** The app version that introduced it (see app/content/roadmap.ts). */
  since: "1.0" | "1.5" | "2.0";
  /** Which group of /features the feature is listed under. */
  group: FeatureGroupId;
  /** A page that goes deeper (a guide or tutorial), linked from the feature on /features. */
  guide?: string;
}[];

export type FeatureSlug = (typeof FEATURES)[number]["slug"];
type GuidedSlug = Extract<(typeof FEATURES)[number], { guide: string }>["slug"];

/** The message function the features need: any `t` whose catalogue has every feature id. */
export type FeatureTranslate = (
  id:
    | `features.items.${FeatureSlug}.${"title" | "summary" | "detail1" | "detail2"}`
    | `features.items.${GuidedSlug}.guide`
    | `features.groups.${FeatureGroupId}.${"title" | "intro"}`,
) => string;

/** A feature in one language, with its structure. */
export interface Feature {
  slug: FeatureSlug;
  title: string;
  /** One or two sentences: what it does for the person using it. */
  summary: string;
  icon: FeatureIcon;
  since: "1.0" | "1.5" | "2.0";
  group: FeatureGroupId;
  /** The longer description on /features: two short paragraphs, plain text. */
  details: readonly string[];
  guide?: { href: string; label: string };
}

export interface FeatureGroup {
  id: FeatureGroupId;
  title: string;
  intro: string;
}

const featureBySlug = (slug: FeatureSlug): (typeof FEATURES)[number] => FEATURES.find((f) => f.slug === slug)!;

/** A feature's words in `t`'s language (`guide`: the label of its guide link, when it has one). */
export function featureText(t: FeatureTranslate, slug: FeatureSlug) {
  const feature = featureBySlug(slug);
  return {
    title: t(`features.items.${slug}.title`),
    summary: t(`features.items.${slug}.summary`),
    details: [t(`features.items.${slug}.detail1`), t(`features.items.${slug}.detail2`)] as const,
    guide: "guide" in feature ? t(`features.items.${feature.slug}.guide`) : undefined,
  };
}

/** Features (all by default, in order) in `t`'s language. */
export function localizedFeatures(t: FeatureTranslate, slugs: readonly FeatureSlug[] = FEATURES.map((f) => f.slug)): Feature[] {
  return slugs.map((slug) => {
    const feature = featureBySlug(slug);
    const { title, summary, details, guide } = featureText(t, slug);
    return {
      slug,
      title,
      summary,
      icon: feature.icon,
      since: feature.since,
      group: feature.group,
      details,
      ...("guide" in feature && guide !== undefined ? { guide: { href: feature.guide, label: guide } } : {}),
    };
  });
}

/** The groups of /features in display order, in `t`'s language. */
export function featureGroups(t: FeatureTranslate): FeatureGroup[] {
  return FEATURE_GROUP_IDS.map((id) => ({ id, title: t(`features.groups.${id}.title`), intro: t(`features.groups.${id}.intro`) }));
}

/** The six cards of the landing page's feature grid, in display order. */
export const FEATURE_GRID: readonly FeatureSlug[] = [
  "custom-categories",
  "instant-search",
  "link-sanitization",
  "qr-codes",
  "collaborative-collections",
  "cloud-sync",
];

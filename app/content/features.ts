/**
 * The app's features, written once. The landing page's feature grid shows FEATURE_GRID; the
 * /features page lists every entry, and each entry's slug is its anchor there (/features#<slug>).
 */

/** Which inline icon a feature is drawn with (the components map the key to an SVG). */
export type FeatureIcon = "folder" | "search" | "shield" | "qr" | "users" | "cloud" | "sparkles" | "lock" | "bell" | "link";

export interface Feature {
  slug: string;
  title: string;
  /** One or two sentences: what it does for the person using it. */
  summary: string;
  icon: FeatureIcon;
  /** The app version that introduced it (see app/content/roadmap.ts). */
  since: "1.0" | "1.5" | "2.0";
}

export const FEATURES = [
  {
    slug: "custom-categories",
    title: "Custom categories",
    summary:
      "Sort links into categories you name, colour and order yourself: Reading, Recipes, Work, whatever fits how you think. Nothing is filed for you unless you ask.",
    icon: "folder",
    since: "1.0",
  },
  {
    slug: "instant-search",
    title: "Instant search",
    summary:
      "Type a few letters and matching titles, addresses, notes and tags appear as you type. The search runs on your device, so it works offline too.",
    icon: "search",
    since: "1.0",
  },
  {
    slug: "link-sanitization",
    title: "Link sanitization",
    summary:
      "Tracking parameters such as utm_source, fbclid and gclid are stripped the moment you save a link, so what you keep and share is the clean address.",
    icon: "shield",
    since: "1.5",
  },
  {
    slug: "qr-codes",
    title: "QR codes",
    summary:
      "Turn any saved link into a QR code to show a friend across the table, or scan one to save it straight into a category.",
    icon: "qr",
    since: "2.0",
  },
  {
    slug: "collaborative-collections",
    title: "Collaborative collections",
    summary:
      "Share a collection for a trip, a project or a reading group. Invite people as Owner, Editor or Viewer, and everyone sees new links as they are added.",
    icon: "users",
    since: "2.0",
  },
  {
    slug: "cloud-sync",
    title: "Cloud sync",
    summary:
      "Your library follows you between iPhone and iPad when you turn sync on, end-to-end encrypted. Leave it off and everything stays on the device.",
    icon: "cloud",
    since: "2.0",
  },
  {
    slug: "ai-categorisation",
    title: "AI categorisation",
    summary:
      "Suggests a category for each new link from its title and page content. You accept or change the suggestion; nothing moves without you.",
    icon: "sparkles",
    since: "2.0",
  },
  {
    slug: "end-to-end-encryption",
    title: "End-to-end encryption",
    summary:
      "Synced links and notes are encrypted on your device before they leave it, with keys only your devices hold. We cannot read your library.",
    icon: "lock",
    since: "2.0",
  },
  {
    slug: "smart-reminders",
    title: "Smart reminders",
    summary:
      "Saved something to read later? Ask for a nudge tonight, at the weekend or when you next open the app, and the link comes back to the top.",
    icon: "bell",
    since: "2.0",
  },
  {
    slug: "deep-links",
    title: "Deep links",
    summary:
      "Open a saved link directly in the app it belongs to, such as YouTube, Maps or a podcast player, instead of a browser tab.",
    icon: "link",
    since: "2.0",
  },
] as const satisfies readonly Feature[];

export type FeatureSlug = (typeof FEATURES)[number]["slug"];

const GRID_SLUGS: readonly FeatureSlug[] = [
  "custom-categories",
  "instant-search",
  "link-sanitization",
  "qr-codes",
  "collaborative-collections",
  "cloud-sync",
];

/** The six cards of the landing page's feature grid, in display order. */
export const FEATURE_GRID: readonly Feature[] = GRID_SLUGS.map((slug) => {
  const feature = FEATURES.find((f) => f.slug === slug);
  if (!feature) throw new Error(`Unknown feature ${slug}`);
  return feature;
});

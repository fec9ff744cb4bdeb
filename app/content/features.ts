/**
 * The app's features, written once. The landing page's feature grid shows FEATURE_GRID; the
 * /features page lists every entry, and each entry's slug is its anchor there (/features#<slug>).
 */

/** Which inline icon a feature is drawn with (the components map the key to an SVG). */
export type FeatureIcon = "folder" | "search" | "shield" | "qr" | "users" | "cloud" | "sparkles" | "lock" | "bell" | "link";

/** The headings /features groups the list under, in display order (FEATURE_GROUPS). */
export type FeatureGroupId = "capture" | "organise" | "share" | "privacy-sync";

export interface Feature {
  slug: string;
  title: string;
  /** One or two sentences: what it does for the person using it. */
  summary: string;
  icon: FeatureIcon;
  /** The app version that introduced it (see app/content/roadmap.ts). */
  since: "1.0" | "1.5" | "2.0";
  /** Which group of /features the feature is listed under. */
  group?: FeatureGroupId;
  /** The longer description on /features: a few short paragraphs, plain text. */
  details?: readonly string[];
  /** A page that goes deeper (a guide or tutorial), linked from the feature on /features. */
  guide?: { href: string; label: string };
}

export interface FeatureGroup {
  id: FeatureGroupId;
  title: string;
  intro: string;
}

/** The groups of /features, in display order; each feature names its group. */
export const FEATURE_GROUPS: readonly FeatureGroup[] = [
  {
    id: "capture",
    title: "Capture",
    intro: "Saving a link should take a moment and leave it better than you found it: clean, titled and in the right place.",
  },
  {
    id: "organise",
    title: "Organise",
    intro: "A library that keeps its shape as it grows, with a search that finds one link among thousands.",
  },
  {
    id: "share",
    title: "Share",
    intro: "Links are for passing on. Share them with one person across the table or build a collection with a whole group.",
  },
  {
    id: "privacy-sync",
    title: "Privacy & sync",
    intro: "Your library stays on your device unless you choose otherwise, and when it travels, nobody else can read it.",
  },
];

export const FEATURES = [
  {
    slug: "custom-categories",
    title: "Custom categories",
    summary:
      "Sort links into categories you name, colour and order yourself: Reading, Recipes, Work, whatever fits how you think. Nothing is filed for you unless you ask.",
    icon: "folder",
    since: "1.0",
    group: "organise",
    details: [
      "Create as many categories as you need, each with its own name and colour, and drag them into the order that makes sense to you. Every category shows how many links it holds, so you can see at a glance where your reading list has grown.",
      "A link can carry tags as well, for the things that cut across categories, and you can mark favourites to keep the few links you open every week at the top. Moving a batch of links to another category takes one selection, not one link at a time.",
    ],
    guide: { href: "/tutorials/advanced-organization", label: "Guide: advanced organisation" },
  },
  {
    slug: "instant-search",
    title: "Instant search",
    summary:
      "Type a few letters and matching titles, addresses, notes and tags appear as you type. The search runs on your device, so it works offline too.",
    icon: "search",
    since: "1.0",
    group: "organise",
    details: [
      "Results narrow with every letter you type and match titles, addresses, notes and tags, so the recipe you saved last spring turns up from the one word you remember about it.",
      "The search index lives on your iPhone or iPad. Nothing you type is sent anywhere, and it works the same on a plane as it does at home. Sort by date or title and filter to favourites when a category gets long.",
    ],
  },
  {
    slug: "link-sanitization",
    title: "Link sanitization",
    summary:
      "Tracking parameters such as utm_source, fbclid and gclid are stripped the moment you save a link, so what you keep and share is the clean address.",
    icon: "shield",
    since: "1.5",
    group: "capture",
    details: [
      "Links copied from newsletters, social apps and ads carry tracking parameters that tell the sender who clicked, where and when. When you save a link, the app removes the known ones, such as utm_source, utm_medium, utm_campaign, fbclid and gclid, before it reaches your library.",
      "It keeps what the page needs to work, like a search term or a video timestamp, and the link's detail view shows what was taken out. The cleaning happens on your device, and the clean address is also what you share.",
    ],
    guide: { href: "/link-sanitization", label: "How link sanitization works" },
  },
  {
    slug: "qr-codes",
    title: "QR codes",
    summary:
      "Turn any saved link into a QR code to show a friend across the table, or scan one to save it straight into a category.",
    icon: "qr",
    since: "2.0",
    group: "share",
    details: [
      "Every saved link can show itself as a QR code: hold up your phone and a friend scans it with their camera, no messaging app or phone number involved. It is the quickest way to hand over a link in person.",
      "It works the other way too. Scan a QR code on a poster, a menu or a slide and the link is saved straight into the category you choose, cleaned of trackers like any other link.",
    ],
    guide: { href: "/tutorials/qr-code-generation", label: "Tutorial: QR code generation" },
  },
  {
    slug: "collaborative-collections",
    title: "Collaborative collections",
    summary:
      "Share a collection for a trip, a project or a reading group. Invite people as Owner, Editor or Viewer, and everyone sees new links as they are added.",
    icon: "users",
    since: "2.0",
    group: "share",
    details: [
      "A collaborative collection is a shared category: plan a trip, gather research for a project or run a reading group, and new links appear for everyone as soon as someone adds them.",
      "Each member has a role. Owners manage the collection and who is in it, Editors add and change links, and Viewers read and open them. You can change someone's role or remove them at any time, and leaving a collection never touches your own library.",
    ],
    guide: { href: "/tutorials/collaborative-collections", label: "Tutorial: collaborative collections" },
  },
  {
    slug: "cloud-sync",
    title: "Cloud sync",
    summary:
      "Your library follows you between iPhone and iPad when you turn sync on, end-to-end encrypted. Leave it off and everything stays on the device.",
    icon: "cloud",
    since: "2.0",
    group: "privacy-sync",
    details: [
      "Sync is off until you turn it on in Settings. Once it is on, your links, categories, notes and tags stay the same on your iPhone and iPad, and changes made on one device appear on the other within moments.",
      "The app keeps working offline and catches up when you are back online. Everything that is synced is end-to-end encrypted first, and you can delete the synced copy from the app's settings whenever you like.",
    ],
    guide: { href: "/tutorials/advanced-sync", label: "Tutorial: advanced sync" },
  },
  {
    slug: "ai-categorisation",
    title: "AI categorisation",
    summary:
      "Suggests a category for each new link from its title and page content. You accept or change the suggestion; nothing moves without you.",
    icon: "sparkles",
    since: "2.0",
    group: "capture",
    details: [
      "When you save a link, the app reads its title and page content and suggests the category it most likely belongs in, learning from the categories you already have rather than inventing new ones.",
      "A suggestion is only ever a suggestion: you accept it with one tap or pick another category, and nothing is moved or renamed behind your back. Turn suggestions off entirely if you prefer to file everything yourself.",
    ],
  },
  {
    slug: "end-to-end-encryption",
    title: "End-to-end encryption",
    summary:
      "Synced links and notes are encrypted on your device before they leave it, with keys only your devices hold. We cannot read your library.",
    icon: "lock",
    since: "2.0",
    group: "privacy-sync",
    details: [
      "When sync is on, titles, addresses, notes and tags are encrypted on your device before anything is uploaded, with keys that only your devices hold. Our servers store data they cannot read, so there is nothing for us to look at, sell or hand over.",
      "Collaborative collections use the same protection: a collection's links are readable by its members and nobody else. With sync off, nothing leaves your device at all.",
    ],
  },
  {
    slug: "smart-reminders",
    title: "Smart reminders",
    summary:
      "Saved something to read later? Ask for a nudge tonight, at the weekend or when you next open the app, and the link comes back to the top.",
    icon: "bell",
    since: "2.0",
    group: "organise",
    details: [
      "Set a reminder as you save a link, or later from its detail view: tonight, this weekend, a date of your choosing, or simply the next time you open the app. It suits the article for a quiet Sunday and the recipe for Friday's dinner alike.",
      "When the time comes, the link moves back to the top of your library and, if you allow notifications, you get a gentle nudge. Reminders are scheduled on your device.",
    ],
    guide: { href: "/tutorials/smart-reminders", label: "Tutorial: smart reminders" },
  },
  {
    slug: "deep-links",
    title: "Deep links",
    summary:
      "Open a saved link directly in the app it belongs to, such as YouTube, Maps or a podcast player, instead of a browser tab.",
    icon: "link",
    since: "2.0",
    group: "share",
    details: [
      "A saved video opens in YouTube, a place opens in Maps and an episode opens in your podcast player, instead of a browser tab asking you to sign in again.",
      "When the right app is not installed, the link opens in your browser as usual, so nothing breaks. Links you share keep working the same way for the person who receives them.",
    ],
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

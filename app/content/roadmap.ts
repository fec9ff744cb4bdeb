/**
 * The app's released versions, oldest first. Shown by the landing page's roadmap tabs and
 * reusable by /features and /pricing. Every version listed here has shipped ("Live").
 */
export type ReleaseStatus = "Live";

export interface Release {
  /** Tab label and anchor, e.g. "v1.0". */
  version: string;
  status: ReleaseStatus;
  /** A few words on what the release was about. */
  theme: string;
  summary: string;
  features: readonly string[];
}

export const ROADMAP = [
  {
    version: "v1.0",
    status: "Live",
    theme: "The foundation",
    summary: "A fast, private place for the links you want to keep, on iPhone and iPad.",
    features: [
      "Save from Safari or any app through the share sheet",
      "Custom categories with your own names and colours",
      "Instant, on-device search across titles, addresses and notes",
      "Notes and favourites on every link",
      "Light and dark appearance that follows your system",
    ],
  },
  {
    version: "v1.5",
    status: "Live",
    theme: "Cleaner links",
    summary: "Links arrive without their trackers, and a large library stays easy to move around.",
    features: [
      "Link sanitization: utm_*, fbclid, gclid and similar parameters removed on save",
      "Advanced organisation: sort, filter and bulk-move links between categories",
      "Import a bookmarks file exported from Safari, Chrome or Firefox",
      "Export your whole library as a bookmarks file or CSV",
    ],
  },
  {
    version: "v2.0",
    status: "Live",
    theme: "Sync and share",
    summary: "Your library on every Apple device you own, and collections you can build with other people.",
    features: [
      "Cloud sync with end-to-end encryption",
      "Collaborative collections with Owner, Editor and Viewer roles",
      "AI categorisation suggestions you accept or change",
      "Smart reminders to come back to what you saved",
      "QR codes to share and to save links",
      "Deep links that open saved links in their own apps",
    ],
  },
] as const satisfies readonly Release[];

/**
 * The three parts of "How it works": the landing page shows them as tabs, /how-it-works can show
 * them in full. Each step is one thing the person does, then what the app does in response.
 */
export interface HowItWorksStep {
  title: string;
  detail: string;
}

export interface HowItWorksView {
  /** Stable id: used for element ids and by the component to pick the illustration. */
  id: "saving" | "organization" | "detail";
  /** The tab label. */
  label: string;
  /** The panel's heading. */
  heading: string;
  intro: string;
  steps: readonly HowItWorksStep[];
}

export const HOW_IT_WORKS = [
  {
    id: "saving",
    label: "Link Saving Flow",
    heading: "Save a link in two taps",
    intro: "You never have to copy and paste. Saving works from wherever you found the link.",
    steps: [
      {
        title: "Tap Share",
        detail: "In Safari, YouTube, Mail or any app with a share button, tap Share on the page you want to keep.",
      },
      {
        title: "Choose the app",
        detail: "Pick it from the share sheet. It cleans the address, fetches the title and suggests a category.",
      },
      {
        title: "Confirm or adjust",
        detail: "Keep the suggested category or pick another, add a note if you like, and tap Save.",
      },
    ],
  },
  {
    id: "organization",
    label: "Organization Interface",
    heading: "Find anything in seconds",
    intro: "Categories give your library a shape; search and filters get you straight to one link.",
    steps: [
      {
        title: "Browse by category",
        detail: "Every category shows its colour and how many links it holds. Reorder them by dragging.",
      },
      {
        title: "Search as you type",
        detail: "Results narrow with each letter, matching titles, addresses, notes and tags, even offline.",
      },
      {
        title: "Sort, filter and tidy",
        detail: "Sort by date or title, show only favourites, and move several links to another category at once.",
      },
    ],
  },
  {
    id: "detail",
    label: "Link Detail View",
    heading: "Everything about one link",
    intro: "Open any link to read your note, see where it came from and decide what to do with it.",
    steps: [
      {
        title: "See the clean address",
        detail: "The detail view shows the sanitised URL and how many tracking parameters were removed.",
      },
      {
        title: "Add context",
        detail: "Write a note, add tags or set a reminder so the link resurfaces when you need it.",
      },
      {
        title: "Open or share",
        detail: "Open it in its own app, share the clean link, or show a QR code to someone nearby.",
      },
    ],
  },
] as const satisfies readonly HowItWorksView[];

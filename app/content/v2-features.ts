/**
 * The six features of the V2 showcase (spec section 2), with real copy. Rendered by V2Showcase with
 * the data the landing loader passes, so the copy is not part of the client bundle.
 */
export interface V2Feature {
  id: string;
  name: string;
  summary: string;
  title: string;
  body: string;
  points: readonly string[];
  icon: string;
  roles?: readonly { name: string; can: string }[];
}

export const V2_FEATURES: readonly V2Feature[] = [
  {
    id: "cloud-sync",
    name: "Cloud sync",
    summary: "iPhone and iPad, always in step",
    title: "Your library on every device",
    body: "Links, categories, tags and notes stay in step across your iPhone and iPad. Save on one and it is waiting on the other a moment later.",
    points: [
      "Works offline: changes wait and sync when you reconnect",
      "Edits from two devices merge instead of overwriting",
      "Sync is off until you switch it on",
    ],
    icon: "M7 18a5 5 0 0 1-.5-9.97A6 6 0 0 1 18 9a4.5 4.5 0 0 1-.5 9H7z",
  },
  {
    id: "collaboration",
    name: "Collaboration",
    summary: "Shared collections with roles",
    title: "Collect links together",
    body: "Share a collection with a partner, a study group or your team, and choose what each person can do with it.",
    points: [],
    roles: [
      { name: "Owner", can: "Invites people, changes roles and can delete the collection." },
      { name: "Editor", can: "Adds, edits, tags and removes links in the collection." },
      { name: "Viewer", can: "Reads and opens links, and is told when new ones arrive." },
    ],
    icon: "M16 19v-1a4 4 0 0 0-4-4H6a4 4 0 0 0-4 4v1M9 10a3.5 3.5 0 1 0 0-7 3.5 3.5 0 0 0 0 7zM22 19v-1a4 4 0 0 0-3-3.87M16 3.13a3.5 3.5 0 0 1 0 6.75",
  },
  {
    id: "ai-organisation",
    name: "AI organisation",
    summary: "Categories and tags suggested",
    title: "Filing that does itself",
    body: "When you save a link, LinkVault reads its title and description and suggests a category and a few tags, based on how you already organise things.",
    points: [
      "Suggestions learn from the categories you use most",
      "Spots a link you have already saved",
      "Nothing is filed until you accept it with a tap",
    ],
    icon: "M12 3l1.8 4.7L18.5 9.5l-4.7 1.8L12 16l-1.8-4.7L5.5 9.5l4.7-1.8L12 3zM19 15l.9 2.1L22 18l-2.1.9L19 21l-.9-2.1L16 18l2.1-.9L19 15z",
  },
  {
    id: "privacy",
    name: "Privacy",
    summary: "End-to-end encryption",
    title: "Encrypted end to end",
    body: "What you sync or share is encrypted on your device before it leaves, with keys only you and the people you share with hold. We cannot read your links, and neither can anyone else.",
    points: [
      "End-to-end encryption for sync and shared collections",
      "Tracking parameters stripped before anything is saved",
      "No ads and no third-party trackers in the app",
    ],
    icon: "M6 11V8a6 6 0 1 1 12 0v3M5 11h14v10H5zM12 15v2",
  },
  {
    id: "smart-reminders",
    name: "Smart reminders",
    summary: "Come back to what you saved",
    title: "Read it when you meant to",
    body: "Set a reminder as you save a link, or let LinkVault nudge you about the ones you never opened, at a time that suits you.",
    points: [
      "One-tap presets: tonight, this weekend, next week",
      "An optional weekly digest of unread links",
      "Snooze or mark as read straight from the notification",
    ],
    icon: "M6 8a6 6 0 1 1 12 0c0 7 3 9 3 9H3s3-2 3-9M10.3 21a1.94 1.94 0 0 0 3.4 0",
  },
  {
    id: "universal-access",
    name: "Universal access",
    summary: "Deep links and QR codes",
    title: "Open anything from anywhere",
    body: "Every link and collection has a deep link that opens it straight in LinkVault, and a QR code you can show to share it in person.",
    points: [
      "Deep links open the exact link or collection",
      "Show a QR code to share a whole collection",
      "Scan a QR code to save the link inside it",
    ],
    icon: "M4 4h6v6H4zM14 4h6v6h-6zM4 14h6v6H4zM14 14h2v2h-2zM18 14h2v2h-2zM14 18h2v2h-2zM18 18h2v2h-2z",
  },
];

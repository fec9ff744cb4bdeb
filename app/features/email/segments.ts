/**
 * The announcement segments (issue 17) by name, in the order the admin lists them, with the words the
 * admin reads. Who is in each is decided in audiences.server.ts; this module is shared with the browser
 * (the announcement form's schema).
 */
export const SEGMENTS = ["beta_testers", "android", "macos", "chrome_extension", "updates"] as const;
export type Segment = (typeof SEGMENTS)[number];

export const SEGMENT_TEXT: Record<Segment, { label: string; description: string }> = {
  beta_testers: { label: "Confirmed beta testers", description: "Joined the beta program, confirmed their address, and keep beta invitations on." },
  android: { label: "Asked about Android", description: "Asked to hear when the Android app is ready." },
  macos: { label: "Asked about macOS", description: "Asked to hear when the Mac app is ready." },
  chrome_extension: { label: "Asked about the Chrome extension", description: "Asked to hear when the Chrome extension is ready." },
  updates: { label: "Everyone who wants updates", description: "Confirmed, with News and updates on." },
};

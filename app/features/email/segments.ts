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

/** The coming platforms a person can ask to hear about (notify-me), as segments. */
export const PLATFORM_SEGMENTS = ["android", "macos", "chrome_extension"] as const satisfies readonly Segment[];
export type PlatformSegment = (typeof PLATFORM_SEGMENTS)[number];

/** Each coming platform as a sentence names it. */
export const PLATFORM_NAMES: Record<PlatformSegment, string> = {
  android: "the Android app",
  macos: "the Mac app",
  chrome_extension: "the Chrome extension",
};

/** The platforms an entry's preferences ask about, in the segments' order. */
export function platformsWanted(preferences: { android: boolean; macos: boolean; chromeExtension: boolean }): PlatformSegment[] {
  const wanted: Record<PlatformSegment, boolean> = { android: preferences.android, macos: preferences.macos, chrome_extension: preferences.chromeExtension };
  return PLATFORM_SEGMENTS.filter((platform) => wanted[platform]);
}

/** "the Android app", "the Android app and the Mac app", "the Android app, the Mac app and the Chrome extension". */
export function platformList(platforms: readonly PlatformSegment[]): string {
  const names = platforms.map((platform) => PLATFORM_NAMES[platform]);
  return names.length < 2 ? (names[0] ?? "") : `${names.slice(0, -1).join(", ")} and ${names.at(-1)}`;
}

/** When a notify-me person hears from us: "when the Android app is ready", "as each of … is ready". */
export function whenReady(platforms: readonly PlatformSegment[]): string {
  return platforms.length === 1 ? `when ${platformList(platforms)} is ready` : `as each of ${platformList(platforms)} is ready`;
}

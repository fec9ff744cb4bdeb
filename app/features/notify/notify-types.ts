import type { WAITLIST_PLATFORMS } from "~/lib/constants";

export type NotifyPlatform = (typeof WAITLIST_PLATFORMS)[number];

export interface NotifyRequest {
  platform: NotifyPlatform;
  /** beta_testing from the beta-program button, waitlist otherwise (spec section 4). */
  intent: "beta_testing" | "waitlist";
}


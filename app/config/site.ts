/**
 * The one place the owner names the product. Everything visible that identifies the app
 * (name, store listing, social profiles, donation page) is read from here.
 */
export const siteConfig = {
  appName: "LinkVault",
  tagline: "Privacy-first bookmarks for iPhone and iPad",
  description:
    "LinkVault organises the links you save into categories you control, strips tracking parameters before they reach your library, and keeps everything on your device unless you choose to sync.",
  /** Canonical origin used for absolute URLs (Open Graph, sitemap, structured data). */
  siteUrl: "https://linkvault.app",
  appStoreUrl: "https://apps.apple.com/app/linkvault-link-organizer/id6450000000",
  donationUrl: "https://www.buymeacoffee.com/linkvault",
  social: {
    x: { label: "X", handle: "@linkvaultapp", url: "https://x.com/linkvaultapp" },
    instagram: { label: "Instagram", handle: "@linkvaultapp", url: "https://www.instagram.com/linkvaultapp" },
  },
  supportEmail: "support@linkvault.app",
  copyrightYear: 2025,
} as const;

export type SiteConfig = typeof siteConfig;

/**
 * The marketing claims of spec section 9, shown as the spec states them (reviews section,
 * promotion pages, pricing and download pages, the billing FAQ).
 */
export const MARKETING_CLAIMS = {
  averageRating: "4.9",
  users: "500+",
  freeTrialDays: 14,
  noCreditCard: true,
} as const;

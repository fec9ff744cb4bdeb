/**
 * The specification's constants (section 9) and limits, named as the spec names them.
 * Tests import these so a change here is a deliberate, visible change.
 */
export const SWIPE_THRESHOLD_PX = 50;
export const HEADER_CAROUSEL_INTERVAL_MS = 4000;
export const V2_SHOWCASE_INTERVAL_MS = 4000;
export const SCREENSHOTS_INTERVAL_MS = 5000;
export const REVIEWS_ROTATE_MS = 4000;
export const REVIEWS_FETCH_LIMIT = 20;
export const NOTIFY_MODAL_AUTO_CLOSE_MS = 3000;
export const IMPRESSION_DEDUPE_MS = 60_000;
export const COOKIE_BANNER_DELAY_MS = 2000;
export const COPIED_CONFIRMATION_MS = 2000;
export const PERFORMANCE_REPORT_DELAY_MS = 3000;

/** Page breakpoints in px (spec section 9); the mobile menu collapses below MOBILE_MENU. */
export const BREAKPOINTS = { sm: 640, lg: 1024, xl: 1280 } as const;
export const MOBILE_MENU_BREAKPOINT_PX = 1024;

export const DEFAULT_APP_RATING = { value: 4.8, count: 500 } as const;
/** Link-sanitization claims (spec section 2): the figures as the spec states them; the words are sanitizationClaims.<id>. */
export const SANITIZATION_CLAIMS = [
  { id: "blocked", figure: "90%" },
  { id: "faster", figure: "15%" },
  { id: "shorter", figure: "60%" },
] as const;

// Limits the spec leaves open (see docs/decisions/0005-waitlist-limits.md).
/** RFC 5321 caps a forward path at 256 octets including the angle brackets: 254 for the address. */
export const EMAIL_MAX_LENGTH = 254;
export const NAME_MAX_LENGTH = 100;
/** The contact form's subject and message (its inputs' maxlength and minlength too). */
export const CONTACT_SUBJECT_MAX_LENGTH = 150;
export const CONTACT_MESSAGE_MIN_LENGTH = 10;
export const CONTACT_MESSAGE_MAX_LENGTH = 5000;
/** Request bodies above this are refused with 413 before any parsing. */
export const MAX_REQUEST_BODY_BYTES = 64 * 1024;

export const WAITLIST_SOURCE_MAIN = "main_waitlist_section";
export const WAITLIST_INTENT_BETA = "beta_testing";
export const WAITLIST_DEFAULT_SOURCE = "main_waitlist";
export const WAITLIST_DEFAULT_INTENT = "waitlist";

/** Where a sign-up came from; anything else in a submission is refused. */
export const WAITLIST_SOURCES = [
  "main_waitlist_section",
  "notification_modal",
  "promotion_page",
  "promotion_blue_page",
] as const;
export const WAITLIST_INTENTS = ["beta_testing", "waitlist"] as const;
export const WAITLIST_PLATFORMS = ["ios", "android", "macos", "chrome_extension", "all_platforms"] as const;

/** Admin sessions end after this long without a request… */
export const ADMIN_SESSION_IDLE_SECONDS = 2 * 60 * 60;
/** …and at the latest this long after sign-in, however active. */
export const ADMIN_SESSION_ABSOLUTE_SECONDS = 12 * 60 * 60;
/** last_seen_at is written at most this often, so browsing the admin is not a write per request. */
export const ADMIN_SESSION_TOUCH_SECONDS = 60;
export const ADMIN_PASSWORD_MIN_LENGTH = 12;
export const ADMIN_PASSWORD_MAX_LENGTH = 256;
/** Days shown in the admin dashboard's daily sign-ups chart. */
export const DASHBOARD_CHART_DAYS = 30;

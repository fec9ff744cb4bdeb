/**
 * The spec's visible texts and error catalogue (sections 2, 5 and 8), in one place.
 */
export const WAITLIST_TEXT = {
  heading: "Join Our Beta Testing Program",
  submit: "Join Beta Testing",
  submitting: "Joining...",
  privacyNote: "No spam, ever. Just beta invitations and important updates.",
  benefits: ["Early Access", "Beta Testing", "Direct Communication", "V2 Features Included"],
  nextSteps: [
    "You'll receive beta invitations and updates",
    "Get early access to test new features",
    "Help us perfect the experience",
  ],
  share: "Share",
  backToHomepage: "Back to Homepage",
} as const;

export const VALIDATION_MESSAGES = {
  invalidEmail: "Please enter a valid email address",
  nameTooLong: "Please keep your name to 100 characters or fewer",
  emailTooLong: "Please enter a valid email address",
} as const;

/** Data-layer messages (spec section 8, "Data layer"). */
export const DATA_LAYER_MESSAGES = {
  duplicateEmail: "This email is already on our waitlist!",
  rlsPolicy: 'Please contact support and mention "RLS policy error".',
  unexpected: "An unexpected error occurred",
} as const;

/** Waitlist form messages, chosen by the content of the error message (spec section 8). */
export const WAITLIST_FORM_MESSAGES = {
  duplicate: "This email is already in our beta testing program!",
  invalidEmail: "Please enter a valid email address",
  network: "Network error. Please check your connection and try again.",
  server: "Server error. Our team has been notified. Please try again later.",
  configuration: "Server configuration issue. Please contact support.",
  fallback: "Something went wrong. Please try again later.",
} as const;

export const RATE_LIMIT_MESSAGE =
  "Too many attempts from your connection. Please wait a few minutes and try again.";

/**
 * Maps an error message to the message the waitlist form shows, exactly as the table in spec
 * section 8 reads: the first row whose text the message contains wins.
 */
export function waitlistFormMessage(errorMessage: string): string {
  const text = errorMessage.toLowerCase();
  if (text.includes("already on our waitlist")) return WAITLIST_FORM_MESSAGES.duplicate;
  if (text.includes("valid email")) return WAITLIST_FORM_MESSAGES.invalidEmail;
  if (text.includes("network") || text.includes("fetch")) return WAITLIST_FORM_MESSAGES.network;
  if (text.includes("server") || text.includes("500")) return WAITLIST_FORM_MESSAGES.server;
  if (text.includes("configuration")) return WAITLIST_FORM_MESSAGES.configuration;
  return WAITLIST_FORM_MESSAGES.fallback;
}

/** The notification modal (spec section 4): one generic error whatever went wrong. */
export const NOTIFY_TEXT = {
  /** The consent line under the notification modal's heading (NotifyIntro). */
  consentNote: "One email when it is ready. No spam, unsubscribe any time.",
  submit: "Notify Me",
  submitting: "Submitting...",
  genericError: "Something went wrong. Please try again.",
  nameRequired: "Please enter your name",
} as const;

export function notifySuccessMessage(platformLabel: string, intent: "beta_testing" | "waitlist"): string {
  return intent === "beta_testing"
    ? "You're in! We'll email your beta invitation soon."
    : `Thanks! We'll let you know as soon as ${platformLabel} is ready.`;
}

/**
 * The private pages a person on the waitlist reaches from an email: /waitlist/confirm, /status and
 * /unsubscribe (issue 16, ADR 0031).
 */
export const ENTRY_PAGE_TEXT = {
  invalidTitle: "This link doesn't work",
  invalidBody:
    "It may be incomplete, or it belongs to data that has been deleted. Open the newest email from us and use the link in it.",
  confirmTitle: "Confirm your email",
  confirmButton: "Confirm my email",
  confirming: "Confirming...",
  alreadyConfirmed: "Your email is already confirmed.",
  expiredConfirmTitle: "This confirmation link has expired",
  resendButton: "Send me a new link",
  resending: "Sending...",
  resent: "A new confirmation link is on its way. Open it within 48 hours.",
  resendTooSoon: "We sent you a link a few minutes ago. Please check your inbox and spam folder; you can ask again in 10 minutes.",
  justConfirmed: "Your email is confirmed. Welcome to the waitlist!",
  expiredStatusTitle: "This link has expired",
  pendingTitle: "Please confirm your email first",
  preferencesSaved: "Your email preferences are saved.",
  deleteConfirmRequired: "Please tick the box to confirm that your data should be deleted.",
  deletedTitle: "Your data has been deleted",
  resubscribed: "Welcome back! You're on the list again.",
  unsubscribeTitle: "Unsubscribe from our emails?",
  unsubscribeButton: "Unsubscribe",
  unsubscribing: "Unsubscribing...",
  unsubscribedTitle: "You're unsubscribed",
} as const;

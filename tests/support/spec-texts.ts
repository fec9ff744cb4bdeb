/**
 * Texts the spec (or an issue) words exactly, as a visitor reads them in English: tests compare the pages
 * with these literals, so a changed English catalogue (app/locales/en.json) fails them. The app itself
 * reads only the catalogue.
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

/** /waitlist opened from a referral link: a friend invited the visitor, never who. */
export const REFERRAL_INVITE_TEXT = {
  /** Above the form. */
  title: "A friend invited you to the beta.",
  /** The small print under the button. A referral counts once per person, ever (ADR 0045): "first" keeps it true for anyone who joined before. */
  credit: "Joining for the first time? Your sign-up counts for your friend once you confirm your email. They see a count, never who joined.",
} as const;

/**
 * The private pages a person on the waitlist reaches from an email: /waitlist/confirm, /status and
 * /unsubscribe (issue 16, ADR 0031).
 */
export const ENTRY_PAGE_TEXT = {
  invalidTitle: "This link doesn't work",
  invalidBody:
    "It may be incomplete, signed out, or belong to data that has been deleted. Open the newest email from us and use the link in it.",
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
  /** The same moment for a notify-me request (issue 30): it joined no waitlist. */
  justConfirmedNotify: "Your email is confirmed. Thanks for your interest!",
  expiredStatusTitle: "This link has expired",
  pendingTitle: "Please confirm your email first",
  preferencesSaved: "Your email preferences are saved.",
  deleteConfirmRequired: "Please tick the box to confirm that your data should be deleted.",
  deletedTitle: "Your data has been deleted",
  signedOutTitle: "Your old links are signed out",
  signedOutBody:
    "Every earlier link to your status page, the one you just used included, no longer works. We emailed a new one to the address you signed up with: it can take a few minutes, so check your spam folder too.",
  resubscribed: "Welcome back! You're on the list again.",
  unsubscribeTitle: "Unsubscribe from our emails?",
  unsubscribeButton: "Unsubscribe",
  unsubscribing: "Unsubscribing...",
  unsubscribedTitle: "You're unsubscribed",
} as const;

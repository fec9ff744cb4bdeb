/** What the admin sign-in says. One generic failure message: it never tells which part was wrong. */
export const ADMIN_LOGIN_MESSAGES = {
  invalid: "Email or password is incorrect.",
  missing: "Enter your email and password.",
  rateLimited: "Too many sign-in attempts. Please wait a few minutes and try again.",
  unavailable: "Sign-in is unavailable right now. Please try again shortly.",
  signedOut: "You have signed out.",
} as const;

/** The admin's page when D1 cannot answer (503): temporary, and nothing was half-done. */
export const ADMIN_UNAVAILABLE_MESSAGE =
  "The database is unavailable right now, so this admin page cannot load. Nothing was changed. Please try again in a moment.";

/** An admin change whose write failed. Each change is one D1 batch, so none of it landed. */
export const ADMIN_SAVE_FAILED_MESSAGE = "The change could not be saved: the database did not answer. Nothing changed; please try again.";

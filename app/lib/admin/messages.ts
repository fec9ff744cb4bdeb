/** What the admin sign-in says. One generic failure message: it never tells which part was wrong. */
export const ADMIN_LOGIN_MESSAGES = {
  invalid: "Email or password is incorrect.",
  missing: "Enter your email and password.",
  rateLimited: "Too many sign-in attempts. Please wait a few minutes and try again.",
  unavailable: "Sign-in is unavailable right now. Please try again shortly.",
  signedOut: "You have signed out.",
} as const;

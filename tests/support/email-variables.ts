/**
 * The email variables of the tests: a site on SITE_URL whose mail goes to a Resend stand-in, with
 * secrets of its own. Plain values, for the site in workerd and for a dev server started from Node.
 */
export const SITE_URL = "https://linkvault.example";
export const EMAIL_FROM = "LinkVault <hello@linkvault.example>";
/** The secret the links in the tests' email are signed with, so a test can sign one as the site does. */
export const EMAIL_TOKEN_SECRET = "token-secret-for-the-email-tests-000000";

const TEST_VARIABLES = {
  APP_ENV: "test",
  EMAIL_FROM,
  SITE_URL,
  EMAIL_TOKEN_SECRET,
  SUPPRESSION_HASH_SECRET: "suppression-secret-for-the-email-tests-0",
  EMAIL_SEND_RATE_PER_SECOND: "50",
};

/** The email variables pointing at `standin`, as a Worker's plain-text bindings. */
export const emailVariables = (standin: { apiKey: string; url: string }): Record<string, string> => ({
  ...TEST_VARIABLES,
  EMAIL_API_KEY: standin.apiKey,
  EMAIL_API_URL: standin.url,
});

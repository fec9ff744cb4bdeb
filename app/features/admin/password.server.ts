/**
 * Admin passwords: the policy and the PBKDF2 hashing (implemented once in password-hash.mjs, which
 * the admin:create CLI also runs).
 */
import { ADMIN_PASSWORD_MAX_LENGTH, ADMIN_PASSWORD_MIN_LENGTH } from "~/lib/constants";
import { hashPassword, verifyPassword } from "./password-hash.mjs";

export { hashPassword, verifyPassword };

/**
 * A hash of a random password nobody knows. Sign-in verifies against it when the email has no
 * (enabled) account, so a wrong email costs the same PBKDF2 time as a wrong password.
 */
export const UNKNOWN_ACCOUNT_HASH = "pbkdf2-sha256$100000$U/L4qbivrb6DP1pvsYon7Q==$+KHarrsmN9Xo2AcavHNFn7aK/qmJZXPqsUtILYL2/Ug=";

/** The policy's message for a new password, or null when it is acceptable. */
export function passwordProblem(password: string): string | null {
  if (password.length < ADMIN_PASSWORD_MIN_LENGTH) return `Use at least ${ADMIN_PASSWORD_MIN_LENGTH} characters.`;
  if (password.length > ADMIN_PASSWORD_MAX_LENGTH) return `Use at most ${ADMIN_PASSWORD_MAX_LENGTH} characters.`;
  return null;
}

/**
 * Admin passwords: the PBKDF2 hashing (implemented once in password-hash.mjs, which the admin:create
 * CLI also runs). The policy for a new password is the users page's schema (users/user-schemas.ts).
 */
import { hashPassword, verifyPassword } from "./password-hash.mjs";

export { hashPassword, verifyPassword };

/**
 * A hash of a random password nobody knows. Sign-in verifies against it when the email has no
 * (enabled) account, so a wrong email costs the same PBKDF2 time as a wrong password.
 */
export const UNKNOWN_ACCOUNT_HASH = "pbkdf2-sha256$100000$U/L4qbivrb6DP1pvsYon7Q==$+KHarrsmN9Xo2AcavHNFn7aK/qmJZXPqsUtILYL2/Ug=";

// The owner account the end-to-end server creates in its throwaway database (with `npm run admin:create`,
// the password on standard input).
export const E2E_ADMIN = { email: "e2e-owner@example.test", password: "e2e owner password 2026" };

// Types for admin-account.mjs.
export const E2E_ADMIN: { email: string; password: string };

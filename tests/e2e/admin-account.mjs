// The owner account the end-to-end server creates in its throwaway database.
export const E2E_ADMIN = { email: "e2e-owner@example.test", password: "e2e owner password 2026" };

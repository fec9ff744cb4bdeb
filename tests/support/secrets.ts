/**
 * Real-looking values for every secret, for tests that send requests to a host other than
 * localhost or 127.0.0.1: there the development values are refused (ADR 0034).
 */
export const DEPLOYED_SECRETS = {
  IP_HASH_SECRET: "ip-hash-secret-for-tests-on-other-hosts-000",
  SESSION_SECRET: "session-secret-for-tests-on-other-hosts-00",
  EMAIL_TOKEN_SECRET: "email-token-secret-for-tests-on-other-hosts",
  SUPPRESSION_HASH_SECRET: "suppression-secret-for-tests-on-other-hosts",
} as const;

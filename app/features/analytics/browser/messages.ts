/**
 * The analytics texts of spec section 8. Kept here rather than in ~/lib/messages so they load with
 * the lazy analytics code instead of the first-visit bundle.
 */
export const ANALYTICS_MESSAGES = {
  /** Shown (and logged) by the analytics boundary once more than ANALYTICS_ERROR_LIMIT errors occurred. */
  disabled: "Analytics system temporarily disabled due to errors.",
  batchNetworkError: "Network error occurred, event batch rejected",
  batchRetriesExceeded: "Event batch rejected due to exceeded retry count",
  batchRejected: "Event batch rejected",
  missingIds: "Events not sent due to missing device ID or api key",
  unexpected: "Unexpected error occurred",
  scriptFailed: "Analytics script failed to load",
} as const;

/** More errors than this and the analytics boundary switches analytics off (spec section 8). */
export const ANALYTICS_ERROR_LIMIT = 5;

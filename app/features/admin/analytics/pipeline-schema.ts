/**
 * What the analytics page says about its pipeline (dead letters), shared by the page and its action.
 * The retention of analytics data is set on the settings page (settings/analytics-retention-schema.ts).
 */
export const PIPELINE_MESSAGES = {
  replayed: (stored: number, invalid: number) =>
    `${stored.toLocaleString("en")} dead-lettered ${stored === 1 ? "message was" : "messages were"} stored again.` +
    (invalid > 0 ? ` ${invalid.toLocaleString("en")} ${invalid === 1 ? "is" : "are"} not a valid beacon and stayed.` : ""),
  nothingToReplay: "There is no dead-lettered message to replay.",
  unknownIntent: "That action is not available here.",
} as const;

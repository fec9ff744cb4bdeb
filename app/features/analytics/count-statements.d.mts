// Types for count-statements.mjs.
export const COUNT_NEW_EVENTS: readonly string[];

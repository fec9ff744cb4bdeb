// Types for count-statements.mjs.
export const DAILY_VALUES_CAP: number;
export const DAILY_VISITORS_CAP: number;
export const OTHER_VALUE: string;
export const OTHER_PAIR: string;
export const COUNT_NEW_EVENTS: readonly string[];

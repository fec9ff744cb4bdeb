/** What the development mailbox's page and its server share. */

/** The ?confirm= value that asks before emptying the mailbox. */
export const CLEAR_CONFIRM = "all";

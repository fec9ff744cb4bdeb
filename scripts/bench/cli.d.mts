// Types for cli.mjs.
export const SECTIONS: string[];
export const SERVER_SECTIONS: string[];
export const USAGE: string;
export function parseSections(argv: string[]): Set<string>;

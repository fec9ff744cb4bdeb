// Command line of `npm run bench`: which sections to run.

export const SECTIONS = ["js", "render", "lighthouse", "analytics"];
/** Sections that need the built site served by wrangler pages dev. */
export const SERVER_SECTIONS = ["js", "render", "lighthouse"];

export const USAGE = `usage: npm run bench [-- --only=<section>[,<section>…]]
sections: js (first-visit JavaScript), render (server render time of /home),
          lighthouse (Lighthouse mobile scores), analytics (the analytics page's
          queries over a million events in a Miniflare D1); all of them by default`;

/** The set of sections to run, from argv (without node and the script); throws on bad input. */
export function parseSections(argv) {
  let only = null;
  for (const arg of argv) {
    const match = /^--only=(.*)$/.exec(arg);
    if (!match) throw new Error(`unknown argument: ${arg}`);
    const names = match[1].split(",").map((name) => name.trim()).filter(Boolean);
    const unknown = names.filter((name) => !SECTIONS.includes(name));
    if (names.length === 0 || unknown.length) throw new Error(`unknown section: ${unknown.join(", ") || "(empty)"}`);
    only = new Set([...(only ?? []), ...names]);
  }
  return only ?? new Set(SECTIONS);
}

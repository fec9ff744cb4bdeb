// Command line of `npm run bench`: which sections to run.

export const SECTIONS = ["js", "render", "throughput", "lighthouse", "load", "analytics", "email", "statements", "announcement", "testers"];
/** Sections measured against one production-like dev server (wrangler pages dev). */
export const SERVER_SECTIONS = ["js", "render", "throughput", "lighthouse", "load"];

export const USAGE = `usage: npm run bench [-- --only=<section>[,<section>…]] [-- --save]
sections: js (first-visit JavaScript), render (server render time of /home),
          throughput (/home with the edge cache against a static file),
          lighthouse (Lighthouse mobile scores), load (2,000 sign-ups from 50 clients,
          200 concurrent sign-ups of one email), analytics (the analytics page's
          queries over a million events in a local D1), email (sign-up to confirmation
          under 50 concurrent sign-ups on the dev server),
          statements (D1 statements production pays: per sign-up with email off and on, per
          1,000 analytics events, per /api/events request, per announcement recipient, counted
          in workerd by the integration tests; the analytics consumer's batch size),
          announcement (a 10,000-recipient announcement through the dev server at the
          provider's 2 requests/s: exactly once, time to finish, the admin page's load time
          idle and meanwhile), testers (the admin's beta testers table and a person's
          page at 50,000 entries); all of them by default
--save    also writes the report, with the machine and date, to docs/benchmarks.md`;

/** The set of sections to run, from argv (without node and the script); throws on bad input. */
export function parseSections(argv) {
  let only = null;
  for (const arg of argv) {
    if (arg === "--save") continue;
    const match = /^--only=(.*)$/.exec(arg);
    if (!match) throw new Error(`unknown argument: ${arg}`);
    const names = match[1].split(",").map((name) => name.trim()).filter(Boolean);
    const unknown = names.filter((name) => !SECTIONS.includes(name));
    if (names.length === 0 || unknown.length) throw new Error(`unknown section: ${unknown.join(", ") || "(empty)"}`);
    only = new Set([...(only ?? []), ...names]);
  }
  return only ?? new Set(SECTIONS);
}

// A stack of the pipeline section's comparisons (analytics-pipeline.mjs) in a child process of the
// bench: a fresh Node process, so no Miniflare instance of the stack before it lingers in it. Started
// with fork(); argv[2] is the comparison's key in COMPARISONS, argv[3] a migrated state directory;
// the stack's options are the section's (benchStackOptions) and the comparison's.
// It posts { url } once it serves, answers "count" with { stored } (the events in its analytics
// database, -1 when a read fails), and closes its stack on "close".
import { startLocalStack } from "../local-stack/index.mjs";
import { benchStackOptions, COMPARISONS, storedEvents } from "./analytics-pipeline.mjs";

const [comparison, stateDir] = process.argv.slice(2);
const stack = await startLocalStack({ ...benchStackOptions(stateDir), ...COMPARISONS[comparison].options });
const analytics = await stack.analyticsMf.getD1Database("ANALYTICS_DB", "jobs");

process.on("message", async (message) => {
  if (message === "count") {
    process.send({ stored: await storedEvents(analytics) });
  } else if (message === "close") {
    await stack.close().catch(() => {});
    process.exit(0);
  }
});
process.send({ url: stack.url.origin });

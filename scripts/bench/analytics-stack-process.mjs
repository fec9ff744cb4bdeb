// A second local stack in a child process of its own, for the pipeline section's isolation
// comparison (analytics-pipeline.mjs): it runs in its own workerd process with databases of its own,
// so the beacons sent to it share nothing with the site under test but the machine (its cores and
// disk). Started with fork(); argv[2] is a migrated state directory; the stack's options are the
// section's (benchStackOptions).
// It posts { url } once it serves, answers "count" with { stored } (the events in its analytics
// database, -1 when a read fails), and closes its stack on "close".
import { startLocalStack } from "../local-stack/index.mjs";
import { benchStackOptions, storedEvents } from "./analytics-pipeline.mjs";

const stack = await startLocalStack(benchStackOptions(process.argv[2]));
const analytics = await stack.mf.getD1Database("ANALYTICS_DB", "jobs");

process.on("message", async (message) => {
  if (message === "count") {
    process.send({ stored: await storedEvents(analytics) });
  } else if (message === "close") {
    await stack.close().catch(() => {});
    process.exit(0);
  }
});
process.send({ url: stack.url.origin });

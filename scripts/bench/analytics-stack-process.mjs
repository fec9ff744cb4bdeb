// The one-process stack (everything in one workerd process, as the tests run it) in a child process
// of the bench, for the pipeline section's one-process comparison (analytics-pipeline.mjs): a fresh
// Node process, so no Miniflare instance of the stack under test lingers in it. Started with fork();
// argv[2] is a migrated state directory; the stack's options are the section's (benchStackOptions).
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

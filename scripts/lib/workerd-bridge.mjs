// Node talks to workerd over HTTP whenever it uses a Miniflare binding from Node: the proxies behind
// getD1Database(), getKVNamespace(), getWorker() (the local stack's cron), and dispatchFetch(). Miniflare
// sends those requests through an undici Pool that keeps connections alive between calls.
//
// workerd closes a connection that has been idle for 5 s. undici drops its own idle connections after
// 4 s, but on a timer of THIS process. When the event loop stalls (a loaded machine that does not
// schedule the process, a garbage collection, or Miniflare's own synchronous proxy calls, which block
// the main thread in Atomics.wait until workerd answers), undici has not yet dropped a connection that
// workerd has already closed, sends the next call on it, and the call fails with "fetch failed <- other
// side closed" (UND_ERR_SOCKET). Worse, workerd has already run it: a D1 write lands and reports a
// failure, so a retry would write twice. That is the "integration tests answer 503 under load" flake
// (issue 18); tests/integration/workerd-bridge.test.ts reproduces it by stalling the loop for 6 s.
//
// freshConnectionsToWorkerd() sends every such request on a connection of its own (`Connection: close`),
// so no idle connection exists to go stale. A call then fails only when workerd really fails. The cost
// is one loopback connect per call, lost in the noise of the proxy's own round trips.
//
// Miniflare's synchronous calls go through a worker thread with its own undici, which this cannot reach;
// that thread's event loop is idle between calls and drops its connection on time.
import { createRequire } from "node:module";

const PATCHED = Symbol.for("linkvault.freshConnectionsToWorkerd");

/** Idempotent: patches the undici that Miniflare itself loads (its own copy, or the shared one). */
export function freshConnectionsToWorkerd() {
  const require = createRequire(import.meta.url);
  const { Pool } = createRequire(require.resolve("miniflare"))("undici");
  if (Pool.prototype[PATCHED]) return;
  const dispatch = Pool.prototype.dispatch;
  Object.defineProperty(Pool.prototype, "dispatch", {
    configurable: true,
    writable: true,
    value: function dispatchOnFreshConnection(options, handler) {
      return dispatch.call(this, { ...options, reset: true }, handler);
    },
  });
  Pool.prototype[PATCHED] = true;
}

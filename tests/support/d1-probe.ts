/**
 * A probe in front of a real D1 binding: it sees every call the code under test makes (which
 * statements, with their bound values), counts them, and on demand refuses calls (an outage, or the
 * batches that carry a given text) or lets a batch commit and then fails its reply, as when the
 * answer of a committed write is lost on the way back. Every call it lets through runs on the real D1.
 */

/** One statement of a call, as it was prepared and bound. */
export interface D1Statement {
  sql: string;
  values: readonly unknown[];
}

/** One call to D1: `batch`, `exec`, `dump`, or a statement's `first`/`all`/`run`/`raw`. */
export interface D1Call {
  method: string;
  statements: readonly D1Statement[];
}

const STATEMENT_CALLS = new Set<string | symbol>(["first", "all", "run", "raw"]);

/**
 * The real D1 with every call (a statement's first/all/run/raw, the binding's batch/exec/dump)
 * passed through `around`, which is told what the call runs and decides when and whether it runs.
 */
export function aroundD1Calls(db: D1Database, around: <T>(call: () => Promise<T>, info: D1Call) => Promise<T>): D1Database {
  // Statements handed back to batch() must be the real ones: D1 reads their internals.
  const real = new WeakMap<object, { statement: D1PreparedStatement; shown: D1Statement }>();
  const wrapStatement = (statement: D1PreparedStatement, shown: D1Statement): D1PreparedStatement => {
    const proxy = new Proxy(statement, {
      get(target, property) {
        const value = Reflect.get(target, property, target);
        if (typeof value !== "function") return value;
        if (property === "bind") return (...values: unknown[]) => wrapStatement(value.apply(target, values), { sql: shown.sql, values });
        if (STATEMENT_CALLS.has(property)) return (...args: unknown[]) => around(() => value.apply(target, args), { method: String(property), statements: [shown] });
        return value.bind(target);
      },
    });
    real.set(proxy, { statement, shown });
    return proxy;
  };
  return new Proxy(db, {
    get(target, property) {
      const value = Reflect.get(target, property, target);
      if (typeof value !== "function") return value;
      if (property === "prepare") return (sql: string) => wrapStatement(target.prepare(sql), { sql, values: [] });
      if (property === "batch") {
        return (statements: D1PreparedStatement[]) => {
          const inner = statements.map((s) => real.get(s) ?? { statement: s, shown: { sql: "(a statement prepared elsewhere)", values: [] } });
          return around(() => target.batch(inner.map((s) => s.statement)), { method: "batch", statements: inner.map((s) => s.shown) });
        };
      }
      if (property === "exec") return (sql: string) => around(() => target.exec(sql), { method: "exec", statements: [{ sql, values: [] }] });
      if (property === "dump") return () => around(() => value.apply(target, []), { method: "dump", statements: [] });
      return value.bind(target);
    },
  });
}

/**
 * A D1 call's failure as D1 delivers it: from I/O, a turn of the event loop later. A rejection made
 * synchronously is reported as unhandled in workerd when a library adopts it a microtask late
 * (drizzle's batch does), though every caller handles it (vitest-dev/vitest#10960).
 */
export async function d1Failure(message: string): Promise<never> {
  await new Promise((resolve) => setTimeout(resolve, 0));
  throw new Error(message);
}

/** What became of a call: it ran, it was refused before reaching D1, or it ran and its caller got an error. */
export type D1Outcome = "ran" | "refused" | "reply lost";

export interface D1Probe {
  /** The binding to give the code under test. */
  db: D1Database;
  /** Calls that reached the real D1 (a lost reply's included), and their statements. */
  readonly calls: number;
  readonly statements: number;
  /** Calls refused before reaching D1. */
  readonly refused: number;
  /** Batches that committed and whose caller was told they failed. */
  readonly lostReplies: number;
  /** Calls `listener` with every call and its outcome, as it ends. */
  observe(listener: (call: D1Call, outcome: D1Outcome) => void): void;
  /** Refuses every call for `ms` from now, as when the database is unreachable. */
  failFor(ms: number): void;
  /** Refuses the next `times` batches whose statements carry `text` (in the SQL or a bound value); `refused` counts them. */
  refuseBatchesCarrying(text: string, times: number): { readonly refused: number };
  /** The next batch commits, then its caller sees an error. */
  loseNextReply(): void;
}

/** Whether one of the call's statements carries `text`, in its SQL or a bound value. */
export const callCarries = (call: D1Call, text: string) => call.statements.some((s) => s.sql.includes(text) || s.values.some((v) => String(v).includes(text)));

export function d1Probe(real: D1Database): D1Probe {
  const counts = { calls: 0, statements: 0, refused: 0, lostReplies: 0 };
  const listeners: ((call: D1Call, outcome: D1Outcome) => void)[] = [];
  let failUntil = 0;
  let target: { text: string; left: number; refused: number } | null = null;
  let loseReply = false;

  const decide = (call: D1Call): D1Outcome => {
    if (Date.now() < failUntil) return "refused";
    if (call.method === "batch" && target && target.left > 0 && callCarries(call, target.text)) {
      target.left--;
      target.refused++;
      return "refused";
    }
    if (call.method === "batch" && loseReply) {
      loseReply = false;
      return "reply lost";
    }
    return "ran";
  };
  const report = (call: D1Call, outcome: D1Outcome) => {
    for (const listener of listeners) listener(call, outcome);
  };

  const db = aroundD1Calls(real, async (run, call) => {
    const outcome = decide(call);
    if (outcome === "refused") {
      counts.refused++;
      report(call, outcome);
      return d1Failure("D1_ERROR: injected failure (database unavailable)");
    }
    counts.calls++;
    counts.statements += call.statements.length;
    const result = await run();
    report(call, outcome);
    if (outcome === "reply lost") {
      counts.lostReplies++;
      return d1Failure("D1_ERROR: injected failure after the commit (reply lost)");
    }
    return result;
  });

  return {
    db,
    get calls() {
      return counts.calls;
    },
    get statements() {
      return counts.statements;
    },
    get refused() {
      return counts.refused;
    },
    get lostReplies() {
      return counts.lostReplies;
    },
    observe: (listener) => void listeners.push(listener),
    failFor(ms) {
      failUntil = Date.now() + ms;
    },
    refuseBatchesCarrying(text, times) {
      const armed = { text, left: times, refused: 0 };
      target = armed;
      return {
        get refused() {
          return armed.refused;
        },
      };
    },
    loseNextReply() {
      loseReply = true;
    },
  };
}

// Where a tool call's time goes, statement by statement: every SQL statement
// run through a Db is timed (wall, around the backend call) and grouped by
// its text with IN lists folded; what is left of the call is JavaScript.
// Benchmarks only; the same in Node and in the benchmark worker.
import type { Db } from '../../worker/db/database';

export interface StatementTime {
  sql: string;
  ms: number;
  calls: number;
}

export interface StatementProfile {
  /** Records from now until stop(); clears what was recorded before. */
  start(): void;
  stop(): void;
  /** Statements recorded, most time first. */
  spent(): StatementTime[];
}

const METHODS = ['all', 'get', 'column', 'each', 'eachRaw', 'run'] as const;

/** Wraps the Db's statement methods in place (for the rest of the benchmark). */
export function profileStatements(db: Db): StatementProfile {
  const spent = new Map<string, StatementTime>();
  let recording = false;
  const target = db as unknown as Record<string, unknown>;
  for (const m of METHODS) {
    if (typeof target[m] !== 'function') continue;
    const orig = (target[m] as (...a: unknown[]) => unknown).bind(db);
    target[m] = (sql: string, ...rest: unknown[]) => {
      if (!recording) return orig(sql, ...rest);
      const t = performance.now();
      try {
        return orig(sql, ...rest);
      } finally {
        const key = sql.replace(/\s+/g, ' ').replace(/\?(,\?)+/g, '?…').slice(0, 150);
        const e = spent.get(key) ?? { sql: key, ms: 0, calls: 0 };
        e.ms += performance.now() - t;
        e.calls++;
        spent.set(key, e);
      }
    };
  }
  return {
    start() {
      spent.clear();
      recording = true;
    },
    stop() {
      recording = false;
    },
    spent: () => [...spent.values()].sort((a, b) => b.ms - a.ms),
  };
}

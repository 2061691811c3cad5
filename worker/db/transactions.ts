// Nested transactions as both backends run them: the outer one is BEGIN
// IMMEDIATE (the write lock is taken before any work, so a busy database
// fails before anything is done, never half-way), inner ones are savepoints.

export interface Transactions {
  tx<T>(fn: () => T): T;
  inTransaction(): boolean;
}

/** `open` tells whether SQLite itself still has a transaction open (it rolls back by itself after some errors). */
export function transactions(exec: (sql: string) => void, open: () => boolean): Transactions {
  let depth = 0;
  const undo = (name: string, outer: boolean) => {
    if (!open()) return; // SQLite already rolled everything back
    try {
      exec(outer ? 'ROLLBACK' : `ROLLBACK TO ${name}; RELEASE ${name}`);
    } catch {
      // The first error is the one worth reporting.
    }
  };
  return {
    tx<T>(fn: () => T): T {
      const outer = depth === 0;
      const name = `sp${depth}`;
      exec(outer ? 'BEGIN IMMEDIATE' : `SAVEPOINT ${name}`);
      depth++;
      let out: T;
      try {
        out = fn();
      } catch (e) {
        depth--;
        undo(name, outer);
        throw e;
      }
      depth--;
      try {
        exec(outer ? 'COMMIT' : `RELEASE ${name}`);
      } catch (e) {
        undo(name, outer);
        throw e;
      }
      return out;
    },
    inTransaction() {
      return depth > 0;
    },
  };
}

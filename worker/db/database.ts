// A small synchronous wrapper over sqlite-wasm's oo1 API. Every engine module
// talks to SQLite through this interface, so the same code runs on the OPFS
// database in the browser and on the in-memory database in Node.
import type { Database, PreparedStatement, Sqlite3Static } from '@sqlite.org/sqlite-wasm';

export type SqlValue = string | number | bigint | null | Uint8Array | Int8Array | Float32Array;
export type Params = readonly SqlValue[] | Record<string, SqlValue>;
export type Row = Record<string, SqlValue>;

export interface Db {
  readonly sqlite3: Sqlite3Static;
  exec(sql: string): void;
  all<T = Row>(sql: string, params?: Params): T[];
  get<T = Row>(sql: string, params?: Params): T | undefined;
  /** First column of every row. */
  column<T = SqlValue>(sql: string, params?: Params): T[];
  run(sql: string, params?: Params): { changes: number; lastId: number };
  /** Runs fn inside a transaction (a savepoint when already inside one). */
  tx<T>(fn: () => T): T;
  /** Iterates rows without materialising them all; used by vector scans. */
  each(sql: string, params: Params | undefined, fn: (row: Row) => void): void;
  inTransaction(): boolean;
  /** The whole database as a SQLite file image. */
  exportBytes(): Uint8Array;
  close(): void;
  readonly raw: Database;
}

const STMT_CACHE_LIMIT = 200;

export function wrapDatabase(sqlite3: Sqlite3Static, raw: Database): Db {
  const cache = new Map<string, PreparedStatement>();
  let depth = 0;

  function prepare(sql: string): PreparedStatement {
    let stmt = cache.get(sql);
    if (stmt) {
      cache.delete(sql); // refresh LRU position
      cache.set(sql, stmt);
      return stmt;
    }
    try {
      stmt = raw.prepare(sql);
    } catch (e) {
      // Name the failing SQL: a bare "no such column" is hard to trace.
      const err = e instanceof Error ? e : new Error(String(e));
      err.message = `${err.message}\n  in SQL: ${sql.slice(0, 500)}`;
      throw err;
    }
    cache.set(sql, stmt);
    if (cache.size > STMT_CACHE_LIMIT) {
      const [oldSql, old] = cache.entries().next().value as [string, PreparedStatement];
      cache.delete(oldSql);
      old.finalize();
    }
    return stmt;
  }

  function withStmt<T>(sql: string, params: Params | undefined, fn: (s: PreparedStatement) => T): T {
    const stmt = prepare(sql);
    try {
      if (params && (Array.isArray(params) ? params.length : Object.keys(params).length)) {
        stmt.bind(params as never);
      }
      return fn(stmt);
    } finally {
      stmt.reset(true);
    }
  }

  const db: Db = {
    sqlite3,
    raw,
    exec(sql) {
      raw.exec(sql);
    },
    all<T>(sql: string, params?: Params) {
      return withStmt(sql, params, (s) => {
        const rows: T[] = [];
        while (s.step()) rows.push(s.get({}) as T);
        return rows;
      });
    },
    get<T>(sql: string, params?: Params) {
      return withStmt(sql, params, (s) => (s.step() ? (s.get({}) as T) : undefined));
    },
    column<T>(sql: string, params?: Params) {
      return withStmt(sql, params, (s) => {
        const out: T[] = [];
        while (s.step()) out.push(s.get(0) as T);
        return out;
      });
    },
    run(sql, params) {
      return withStmt(sql, params, (s) => {
        s.step();
        return {
          changes: raw.changes(),
          lastId: Number(sqlite3.capi.sqlite3_last_insert_rowid(raw)),
        };
      });
    },
    each(sql, params, fn) {
      withStmt(sql, params, (s) => {
        while (s.step()) fn(s.get({}) as Row);
      });
    },
    tx<T>(fn: () => T): T {
      const outer = depth === 0;
      const name = `sp${depth}`;
      raw.exec(outer ? 'BEGIN IMMEDIATE' : `SAVEPOINT ${name}`);
      depth++;
      try {
        const out = fn();
        raw.exec(outer ? 'COMMIT' : `RELEASE ${name}`);
        return out;
      } catch (e) {
        // A failed COMMIT (storage full) counts as a failure too, and the
        // original error is what the caller sees: when SQLite has rolled the
        // transaction back itself (SQLITE_FULL, I/O errors), ROLLBACK fails.
        try {
          raw.exec(outer ? 'ROLLBACK' : `ROLLBACK TO ${name}; RELEASE ${name}`);
        } catch {
          // Already rolled back.
        }
        throw e;
      } finally {
        depth--;
      }
    },
    inTransaction() {
      return depth > 0;
    },
    exportBytes() {
      return sqlite3.capi.sqlite3_js_db_export(raw);
    },
    close() {
      for (const s of cache.values()) s.finalize();
      cache.clear();
      raw.close();
    },
  };
  return db;
}

// The engine's one view of SQLite. Every engine module talks to the database
// through the Db interface, so the same code runs on sqlite-wasm (the OPFS
// database in the browser, in-memory databases in Node) and on native SQLite
// through better-sqlite3 (database files in Node, see native.ts). The
// contract both backends keep is tested in db-contract.test.ts.
import type { Database, PreparedStatement, Sqlite3Static } from '@sqlite.org/sqlite-wasm';
import { storageError } from './db-errors';
import { transactions } from './transactions';
import { rowReader } from './wasm-rows';

export type SqlValue = string | number | bigint | null | Uint8Array | Int8Array | Float32Array;
export type Params = readonly SqlValue[] | Record<string, SqlValue>;
export type Row = Record<string, SqlValue>;

export interface Db {
  readonly backend: 'wasm' | 'native';
  /** SQLite's version, e.g. "3.53.2". */
  readonly sqliteVersion: string;
  exec(sql: string): void;
  all<T = Row>(sql: string, params?: Params): T[];
  get<T = Row>(sql: string, params?: Params): T | undefined;
  /** First column of every row. */
  column<T = SqlValue>(sql: string, params?: Params): T[];
  run(sql: string, params?: Params): { changes: number; lastId: number };
  /**
   * Runs fn inside a transaction (a savepoint when already inside one). The
   * outer transaction takes the write lock at once (BEGIN IMMEDIATE): with
   * another process writing, it waits up to the busy timeout, then fails
   * with DbBusyError before anything is done.
   */
  tx<T>(fn: () => T): T;
  /** Iterates rows without materialising them all. */
  each(sql: string, params: Params | undefined, fn: (row: Row) => void): void;
  /**
   * Iterates rows as arrays of column values, the fast path for scans of many
   * rows (vectors). A blob is an Int8Array view that is only valid inside fn.
   */
  eachRaw(sql: string, params: Params | undefined, fn: (cols: readonly SqlValue[]) => void): void;
  inTransaction(): boolean;
  /**
   * A value that changes whenever this connection or any other one commits a
   * change: caches of query results compare it (another process may write).
   */
  changeMark(): string;
  /** The whole database as a SQLite file image. */
  exportBytes(): Uint8Array;
  close(): void;
}

/** The sqlite-wasm backend; its handles are needed by the OPFS host and the wasm memory benchmarks. */
export interface WasmDb extends Db {
  readonly backend: 'wasm';
  readonly sqlite3: Sqlite3Static;
  readonly raw: Database;
}

const STMT_CACHE_LIMIT = 200;

/** SQLite's own messages for damaged files are rewritten with this name for the file. */
export function wrapDatabase(sqlite3: Sqlite3Static, raw: Database, label = 'The database'): WasmDb {
  const cache = new Map<string, PreparedStatement>();
  const fail = (e: unknown): never => {
    throw storageError(e, label, 0);
  };

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
      const translated = storageError(e, label, 0);
      if (translated !== e) throw translated;
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
    } catch (e) {
      return fail(e);
    } finally {
      stmt.reset(true);
    }
  }

  const { capi, wasm } = sqlite3;
  const txs = transactions((sql) => db.exec(sql), () => capi.sqlite3_get_autocommit(raw) === 0);
  const db: WasmDb = {
    backend: 'wasm',
    sqliteVersion: sqlite3.version.libVersion,
    sqlite3,
    raw,
    exec(sql) {
      try {
        raw.exec(sql);
      } catch (e) {
        fail(e);
      }
    },
    all<T>(sql: string, params?: Params) {
      return withStmt(sql, params, (s) => {
        const r = rowReader(sqlite3, s);
        const rows: T[] = [];
        while (r.step()) rows.push(r.row() as T);
        return rows;
      });
    },
    get<T>(sql: string, params?: Params) {
      return withStmt(sql, params, (s) => {
        const r = rowReader(sqlite3, s);
        return r.step() ? (r.row() as T) : undefined;
      });
    },
    column<T>(sql: string, params?: Params) {
      return withStmt(sql, params, (s) => {
        const r = rowReader(sqlite3, s);
        const out: T[] = [];
        while (r.step()) out.push(r.value(0) as T);
        return out;
      });
    },
    run(sql, params) {
      return withStmt(sql, params, (s) => {
        s.step();
        return {
          changes: raw.changes(),
          lastId: Number(capi.sqlite3_last_insert_rowid(raw)),
        };
      });
    },
    each(sql, params, fn) {
      withStmt(sql, params, (s) => {
        const r = rowReader(sqlite3, s);
        while (r.step()) fn(r.row());
      });
    },
    eachRaw(sql, params, fn) {
      // Reads columns through the C API: the row-object API costs ~10 µs a
      // row, which at 200k vectors is seconds; blobs are views of wasm memory.
      withStmt(sql, params, (s) => {
        const p = s.pointer as number;
        const n = s.columnCount;
        const cols: SqlValue[] = new Array(n);
        for (;;) {
          const rc = capi.sqlite3_step(p);
          if (rc === capi.SQLITE_DONE) break;
          if (rc !== capi.SQLITE_ROW) {
            const err = new Error(`${capi.sqlite3_js_rc_str(rc)}: ${capi.sqlite3_errmsg(raw)}`) as Error & { resultCode: number };
            err.resultCode = rc;
            throw err;
          }
          for (let i = 0; i < n; i++) {
            switch (capi.sqlite3_column_type(p, i)) {
              case capi.SQLITE_INTEGER:
              case capi.SQLITE_FLOAT:
                cols[i] = capi.sqlite3_column_double(p, i);
                break;
              case capi.SQLITE_TEXT:
                cols[i] = capi.sqlite3_column_text(p, i);
                break;
              case capi.SQLITE_BLOB: {
                const ptr = capi.sqlite3_column_blob(p, i) as unknown as number;
                cols[i] = wasm.heap8().subarray(ptr, ptr + capi.sqlite3_column_bytes(p, i));
                break;
              }
              default:
                cols[i] = null;
            }
          }
          fn(cols);
        }
      });
    },
    tx: (fn) => txs.tx(fn),
    inTransaction: () => txs.inTransaction(),
    changeMark() {
      const r = db.get<{ v: number; c: number }>('SELECT (SELECT data_version FROM pragma_data_version) AS v, total_changes() AS c')!;
      return `${r.v}:${r.c}`;
    },
    exportBytes() {
      return capi.sqlite3_js_db_export(raw);
    },
    close() {
      for (const s of cache.values()) s.finalize();
      cache.clear();
      raw.close();
    },
  };
  return db;
}

/** The wasm handles of a database known to be on sqlite-wasm (the browser's, the benchmarks' wasm memory). */
export function asWasm(db: Db): WasmDb {
  if (db.backend !== 'wasm') throw new Error(`this needs the sqlite-wasm backend, not ${db.backend}`);
  return db as WasmDb;
}

// Native SQLite (better-sqlite3) behind the engine's Db interface: the Node
// host's database files. Unlike the wasm backend it works on the file itself,
// so several processes can share one database under SQLite's own locking
// (WAL, a busy timeout, BEGIN IMMEDIATE), and each commit is one small write.
// Node only: never imported by the browser bundle.
import Database from 'better-sqlite3';
import type { Db, Params, Row, SqlValue } from './database';
import { storageError } from './db-errors';
import { transactions } from './transactions';

type Statement = Database.Statement<unknown[], unknown>;

const STMT_CACHE_LIMIT = 200;
const INT64_LIMIT = 2 ** 63;

/**
 * Binds like sqlite-wasm does, so both backends store the same types:
 * better-sqlite3 binds every JS number as REAL, wasm binds whole numbers as
 * INTEGER (typeof(), integer division, and columns without affinity differ).
 */
function bindValue(v: SqlValue): unknown {
  return typeof v === 'number' && Number.isInteger(v) && Math.abs(v) < INT64_LIMIT ? BigInt(v) : v;
}

interface Cached {
  stmt: Statement;
  /** `?1`-style parameters: better-sqlite3 binds those by name, from an object keyed by number. */
  numbered: boolean;
}

function bindArgs(c: Cached, params: Params | undefined): unknown[] {
  if (!params) return [];
  if (Array.isArray(params)) {
    if (!params.length) return [];
    if (!c.numbered) return params.map(bindValue);
    const named: Record<string, unknown> = {};
    params.forEach((v, i) => (named[i + 1] = bindValue(v)));
    return [named];
  }
  const named: Record<string, unknown> = {};
  // wasm takes the prefix in the key ("$id"), better-sqlite3 takes the bare name.
  for (const [k, v] of Object.entries(params)) named[k.replace(/^[$:@]/, '')] = bindValue(v);
  return Object.keys(named).length ? [named] : [];
}

/**
 * A WAL database's image says "WAL" in its header (bytes 18 and 19), and a
 * WAL database cannot be opened from memory; the image already holds every
 * committed page, so it is marked as a plain rollback-journal file.
 */
export function asRollbackImage(bytes: Uint8Array): Uint8Array {
  if (bytes.length >= 100 && bytes[18] === 2 && bytes[19] === 2) {
    bytes[18] = 1;
    bytes[19] = 1;
  }
  return bytes;
}

let version: string | undefined;
/** Asked of a connection of its own: the database's may be damaged, and preparing anything on it reads its schema. */
function nativeVersion(): string {
  if (version === undefined) {
    const probe = new Database(':memory:');
    version = String(probe.prepare('SELECT sqlite_version()').pluck().get());
    probe.close();
  }
  return version;
}

export function wrapNative(raw: Database.Database, label: string, busyTimeoutMs: number): Db {
  const cache = new Map<string, Cached>();
  const fail = (e: unknown): never => {
    throw storageError(e, label, busyTimeoutMs);
  };

  function prepare(sql: string): Cached {
    let c = cache.get(sql);
    if (c) {
      cache.delete(sql); // refresh LRU position
      cache.set(sql, c);
      return c;
    }
    try {
      c = { stmt: raw.prepare(sql), numbered: /\?\d/.test(sql) };
    } catch (e) {
      const translated = storageError(e, label, busyTimeoutMs);
      if (translated !== e) throw translated;
      const err = e instanceof Error ? e : new Error(String(e));
      err.message = `${err.message}\n  in SQL: ${sql.slice(0, 500)}`;
      throw err;
    }
    cache.set(sql, c);
    if (cache.size > STMT_CACHE_LIMIT) cache.delete(cache.keys().next().value as string);
    return c;
  }

  /** Runs fn on a statement set to return rows as objects (`mode` 'object'), first values ('pluck') or arrays ('raw'). */
  function reading<T>(sql: string, params: Params | undefined, mode: 'object' | 'pluck' | 'raw', fn: (s: Statement, args: unknown[]) => T, none: T): T {
    try {
      const c = prepare(sql);
      const args = bindArgs(c, params);
      if (!c.stmt.reader) {
        c.stmt.run(...args); // PRAGMA x = y and the like: nothing to return
        return none;
      }
      if (mode === 'pluck') c.stmt.pluck(true);
      else if (mode === 'raw') c.stmt.raw(true);
      else c.stmt.raw(false).pluck(false);
      return fn(c.stmt, args);
    } catch (e) {
      return fail(e);
    }
  }

  const exec = (sql: string) => {
    try {
      raw.exec(sql);
    } catch (e) {
      fail(e);
    }
  };
  const txs = transactions(exec, () => raw.inTransaction);

  const db: Db = {
    backend: 'native',
    sqliteVersion: nativeVersion(),
    exec,
    all<T>(sql: string, params?: Params) {
      return reading(sql, params, 'object', (s, args) => s.all(...args) as T[], []);
    },
    get<T>(sql: string, params?: Params) {
      return reading<T | undefined>(sql, params, 'object', (s, args) => s.get(...args) as T | undefined, undefined);
    },
    column<T>(sql: string, params?: Params) {
      return reading(sql, params, 'pluck', (s, args) => s.all(...args) as T[], []);
    },
    run(sql, params) {
      try {
        const c = prepare(sql);
        const r = c.stmt.run(...bindArgs(c, params));
        return { changes: r.changes, lastId: Number(r.lastInsertRowid) };
      } catch (e) {
        return fail(e);
      }
    },
    each(sql, params, fn) {
      reading(sql, params, 'object', (s, args) => {
        for (const row of s.iterate(...args)) fn(row as Row);
      }, undefined);
    },
    eachRaw(sql, params, fn) {
      reading(sql, params, 'raw', (s, args) => {
        for (const row of s.iterate(...args) as IterableIterator<SqlValue[]>) {
          for (let i = 0; i < row.length; i++) {
            const v = row[i];
            if (v instanceof Uint8Array) row[i] = new Int8Array(v.buffer, v.byteOffset, v.byteLength);
          }
          fn(row);
        }
      }, undefined);
    },
    tx: (fn) => txs.tx(fn),
    inTransaction: () => txs.inTransaction(),
    changeMark() {
      const r = db.get<{ v: number; c: number }>('SELECT (SELECT data_version FROM pragma_data_version) AS v, total_changes() AS c')!;
      return `${r.v}:${r.c}`;
    },
    exportBytes() {
      try {
        const b = raw.serialize();
        return asRollbackImage(new Uint8Array(b.buffer, b.byteOffset, b.byteLength));
      } catch (e) {
        return fail(e);
      }
    },
    close() {
      cache.clear();
      if (raw.open) raw.close();
    },
  };
  return db;
}

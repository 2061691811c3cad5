// Reading result rows of a sqlite-wasm statement through the C API. The
// oo1 row API (Stmt.step/get) checks the statement's state on every call and
// copies every column's name out of wasm memory again for every row of
// get({}): on seekstone-10k that doubled the cost of listing a filter's 600
// notes (bench:peers, docs/benchmarks.md). Here the names are read once per
// execution and values with the same conversions as oo1's.
import type { PreparedStatement, Sqlite3Static } from '@sqlite.org/sqlite-wasm';
import type { SqlValue } from './database';

export interface RowReader {
  /** Steps the statement: true while there is a row. Throws, with SQLite's resultCode, on an error. */
  step(): boolean;
  /** Column i of the current row, converted as oo1's Stmt.get(i) converts it. */
  value(i: number): SqlValue;
  /** The current row as an object keyed by column name. */
  row(): Record<string, SqlValue>;
}

/** The C functions a row is read with, as the wasm module exports them (pointers and ints as numbers). */
interface RawColumns {
  sqlite3_step(stmt: number): number;
  sqlite3_column_type(stmt: number, i: number): number;
  sqlite3_column_double(stmt: number, i: number): number;
  sqlite3_column_bytes(stmt: number, i: number): number;
  sqlite3_column_text(stmt: number, i: number): number;
  sqlite3_column_blob(stmt: number, i: number): number;
}

export function rowReader(sqlite3: Sqlite3Static, stmt: PreparedStatement): RowReader {
  const { capi, wasm } = sqlite3;
  const p = stmt.pointer as number;
  const db = capi.sqlite3_db_handle(p);
  // Read after the first step: SQLite re-prepares a cached statement there when the schema changed, and its columns with it.
  let names: string[] | null = null;
  // The exports themselves, not capi's wrappers: those convert every argument and push and pop a scoped
  // allocation around each call, a third of reading a page of hits' ten columns (bench:peers profile).
  const raw = wasm.exports as unknown as RawColumns;
  const decoder = new TextDecoder();

  function text(i: number): string {
    const ptr = raw.sqlite3_column_text(p, i);
    const len = raw.sqlite3_column_bytes(p, i);
    if (!ptr || !len) return '';
    const heap = wasm.heap8u();
    // A shared memory cannot be decoded in place.
    const bytes = heap.buffer instanceof ArrayBuffer ? heap.subarray(ptr, ptr + len) : heap.slice(ptr, ptr + len);
    return decoder.decode(bytes);
  }

  function value(i: number): SqlValue {
    switch (raw.sqlite3_column_type(p, i)) {
      case capi.SQLITE_INTEGER: {
        // Exact as a double up to 2^53; beyond, oo1 returns a BigInt.
        const d = raw.sqlite3_column_double(p, i);
        if (Number.isSafeInteger(d)) return d;
        return (wasm as unknown as { bigIntEnabled: boolean }).bigIntEnabled ? (capi.sqlite3_column_int64(p, i) as bigint) : d;
      }
      case capi.SQLITE_FLOAT:
        return raw.sqlite3_column_double(p, i);
      case capi.SQLITE_TEXT:
        return text(i);
      case capi.SQLITE_BLOB: {
        const len = raw.sqlite3_column_bytes(p, i);
        const ptr = raw.sqlite3_column_blob(p, i);
        return len ? wasm.heap8u().slice(ptr, ptr + len) : new Uint8Array(0);
      }
      default:
        return null;
    }
  }

  return {
    step() {
      const rc = raw.sqlite3_step(p);
      if (rc === capi.SQLITE_ROW) return true;
      if (rc === capi.SQLITE_DONE) return false;
      const err = new Error(`${capi.sqlite3_js_rc_str(rc)}: ${capi.sqlite3_errmsg(db)}`) as Error & { resultCode: number };
      err.resultCode = rc;
      throw err;
    },
    value,
    row() {
      if (!names) {
        names = [];
        for (let i = 0, n = capi.sqlite3_column_count(p); i < n; i++) names.push(capi.sqlite3_column_name(p, i) ?? '');
      }
      const out: Record<string, SqlValue> = {};
      for (let i = 0; i < names.length; i++) out[names[i]] = value(i);
      return out;
    },
  };
}

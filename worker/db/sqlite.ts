// Loads the SQLite WASM module once per realm (worker or Node process).
import sqlite3InitModule, { type Sqlite3Static } from '@sqlite.org/sqlite-wasm';

let loading: Promise<Sqlite3Static> | undefined;

type Init = (opts?: { print?: (s: string) => void; printErr?: (s: string) => void }) => Promise<Sqlite3Static>;

export function loadSqlite(): Promise<Sqlite3Static> {
  // The module accepts Emscripten options even though its typings do not say so;
  // silence its stdout/stderr notices: the engine reports its own state.
  loading ??= (sqlite3InitModule as unknown as Init)({ print: () => {}, printErr: () => {} }).then((sqlite3) => {
    // oo1 also logs each failed step ("sqlite3_step() rc= 11 SQLITE_CORRUPT
    // SQL = ...") before throwing the same failure; the engine turns the
    // thrown error into its own message (db-errors.ts), so the log goes.
    const config = (sqlite3 as unknown as { config: Record<string, unknown> }).config;
    for (const k of ['warn', 'log', 'debug']) config[k] = () => {};
    return sqlite3;
  });
  return loading;
}

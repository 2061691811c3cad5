// Loads the SQLite WASM module once per realm (worker or Node process).
import sqlite3InitModule, { type Sqlite3Static } from '@sqlite.org/sqlite-wasm';

let loading: Promise<Sqlite3Static> | undefined;

type Init = (opts?: { print?: (s: string) => void; printErr?: (s: string) => void }) => Promise<Sqlite3Static>;

export function loadSqlite(): Promise<Sqlite3Static> {
  // The module accepts Emscripten options even though its typings do not say so;
  // silence its stdout/stderr notices: the engine reports its own state.
  loading ??= (sqlite3InitModule as unknown as Init)({ print: () => {}, printErr: () => {} });
  return loading;
}

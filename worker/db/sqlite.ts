// Loads the SQLite WASM module once per realm (worker or Node process).
import sqlite3InitModule, { type Sqlite3Static } from '@sqlite.org/sqlite-wasm';
import { compileBridgesOnce, compileBridgesOnceFromInit } from './wasm-bridges';

let loading: Promise<Sqlite3Static> | undefined;

type Instantiate = (imports: WebAssembly.Imports, done: (instance: WebAssembly.Instance, module: WebAssembly.Module) => void) => object;
type Init = (opts?: { print?: (s: string) => void; printErr?: (s: string) => void; instantiateWasm?: Instantiate }) => Promise<Sqlite3Static>;

/**
 * `wasm`: sqlite3.wasm already being compiled (the browser's engine worker
 * starts that before its other modules load); without it the library fetches
 * its own. Only the first call's options count.
 */
export function loadSqlite(opts: { wasm?: Promise<WebAssembly.Module> } = {}): Promise<Sqlite3Static> {
  loading ??= start(opts.wasm);
  return loading;
}

function start(wasm: Promise<WebAssembly.Module> | undefined): Promise<Sqlite3Static> {
  // Kioku opens its database through opfs-sahpool only. In a cross-origin isolated worker the
  // library would also set up its "opfs" and "opfs-wl" VFSes at start, each with a helper worker
  // it waits for: time at every page load, and more OPFS users, for nothing.
  (globalThis as { sqlite3ApiConfig?: unknown }).sqlite3ApiConfig ??= { disable: { vfs: { opfs: true, 'opfs-wl': true } } };
  let fail!: (e: Error) => void;
  const failed = new Promise<never>((_, reject) => (fail = reject));
  const instantiateWasm: Instantiate = (imports, done) => {
    wasm!
      .then((module) => WebAssembly.instantiate(module, imports).then((instance) => done(instance, module)))
      // Emscripten has no failure callback here: without this the load would wait forever.
      .catch((e: unknown) => fail(new Error(`SQLite's WebAssembly module could not be loaded (${(e as Error)?.message ?? String(e)}). Reload the page; if it keeps failing, clear this site's stored files in the browser's site settings.`)));
    return {};
  };
  compileBridgesOnceFromInit();
  // The module accepts Emscripten options even though its typings do not say so;
  // silence its stdout/stderr notices: the engine reports its own state.
  const init = (sqlite3InitModule as unknown as Init)({ print: () => {}, printErr: () => {}, ...(wasm && { instantiateWasm }) });
  return Promise.race([init, failed]).then((sqlite3) => {
    // oo1 also logs each failed step ("sqlite3_step() rc= 11 SQLITE_CORRUPT
    // SQL = ...") before throwing the same failure; the engine turns the
    // thrown error into its own message (db-errors.ts), so the log goes.
    const config = (sqlite3 as unknown as { config: Record<string, unknown> }).config;
    for (const k of ['warn', 'log', 'debug']) config[k] = () => {};
    // Already in place from the library's start (compileBridgesOnceFromInit), unless a later version starts otherwise.
    compileBridgesOnce(sqlite3.wasm as unknown as Parameters<typeof compileBridgesOnce>[0]);
    return sqlite3;
  });
}

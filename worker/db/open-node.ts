// Node host: an in-memory database that is loaded from and saved to a file.
// Saving writes a temporary file and renames it, so a crash mid-save never
// leaves a half-written database behind.
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import type { Db } from './database';
import { wrapDatabase } from './database';
import { loadSqlite } from './sqlite';
import { applyPragmas } from './pragmas';
import { migrate, schemaVersion } from './migrate';

const SQLITE_HEADER = 'SQLite format 3\0';

export class DbFileError extends Error {
  constructor(message: string, readonly path: string) {
    super(message);
    this.name = 'DbFileError';
  }
}

export async function openMemoryDb(opts: { file?: string; migrate?: boolean } = {}): Promise<Db> {
  const sqlite3 = await loadSqlite();
  const raw = new sqlite3.oo1.DB(':memory:', 'c');
  const db = wrapDatabase(sqlite3, raw);
  try {
    if (opts.file && existsSync(opts.file)) {
      loadBytes(db, new Uint8Array(readFileSync(opts.file)), opts.file);
      refuseForeign(db, opts.file);
    }
    applyPragmas(db, { persistent: false });
    if (opts.migrate !== false) migrate(db);
  } catch (e) {
    db.close();
    throw e;
  }
  return db;
}

/** A SQLite file with tables but no Kioku schema belongs to another program: never migrate it. */
function refuseForeign(db: Db, label: string): void {
  if (schemaVersion(db) !== 0) return;
  const tables = db.column<string>("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' LIMIT 3");
  if (tables.length) {
    throw new DbFileError(`${label} is a SQLite database of another program (tables: ${tables.join(', ')}), not a Kioku index; nothing was changed.`, label);
  }
}

/** Replaces the in-memory database's content with a SQLite file image. */
export function loadBytes(db: Db, bytes: Uint8Array, label = 'database'): void {
  const head = new TextDecoder('latin1').decode(bytes.subarray(0, 16));
  if (bytes.length < 100 || head !== SQLITE_HEADER) {
    throw new DbFileError(`${label} is not a SQLite database file (bad header); nothing was loaded.`, label);
  }
  const { sqlite3 } = db;
  const capi = sqlite3.capi;
  // A plain Uint8Array: the allocator rejects subclasses such as Buffer.
  const ptr = sqlite3.wasm.allocFromTypedArray(bytes.constructor === Uint8Array ? bytes : new Uint8Array(bytes));
  const rc = capi.sqlite3_deserialize(
    db.raw,
    'main',
    ptr,
    bytes.length,
    bytes.length,
    capi.SQLITE_DESERIALIZE_FREEONCLOSE | capi.SQLITE_DESERIALIZE_RESIZEABLE,
  );
  if (rc !== 0) throw new DbFileError(`${label} could not be loaded (SQLite code ${rc}).`, label);
}

export function saveDb(db: Db, file: string): void {
  const bytes = db.exportBytes();
  const tmp = `${file}.tmp-${process.pid}`;
  writeFileSync(tmp, bytes);
  renameSync(tmp, file);
}

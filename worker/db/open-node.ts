// Node hosts. A database file (`kioku --db`) is opened in place with native
// SQLite, so other processes can use it at the same time and every commit is
// on disk when it returns. In-memory wasm databases remain for the tests,
// `--vault` and the benchmarks; they can be loaded from and saved to an image.
import { closeSync, existsSync, openSync, readFileSync, readSync, renameSync, statSync, writeFileSync } from 'node:fs';
import Database from 'better-sqlite3';
import type { Db, WasmDb } from './database';
import { wrapDatabase } from './database';
import { asRollbackImage, wrapNative } from './native';
import { DbDamagedError, storageError } from './db-errors';
import { loadSqlite } from './sqlite';
import { applyPragmas } from './pragmas';
import { migrate, SCHEMA_VERSION, SchemaTooNewError, schemaVersion } from './migrate';

const SQLITE_HEADER = 'SQLite format 3\0';

/** How long a write waits for another process's transaction before it fails with DbBusyError. */
export const DEFAULT_BUSY_TIMEOUT_MS = 5000;

export class DbFileError extends Error {
  constructor(message: string, readonly path: string) {
    super(message);
    this.name = 'DbFileError';
  }
}

/**
 * Opens (or creates) a database file shared with other processes: WAL, a busy
 * timeout, migrations in their own transactions. Refuses, untouched, a file
 * that is not SQLite, another program's database and one from a newer Kioku.
 */
export function openFileDb(file: string, opts: { migrate?: boolean; busyTimeoutMs?: number } = {}): Db {
  const busy = opts.busyTimeoutMs ?? DEFAULT_BUSY_TIMEOUT_MS;
  // An empty file is a database not written yet (its first commits may still be in the WAL
  // of a process that was killed): SQLite opens it as such.
  if (existsSync(file) && statSync(file).size > 0) checkHeader(file);
  let raw: Database.Database;
  try {
    raw = new Database(file, { timeout: busy });
  } catch (e) {
    throw new DbFileError(`${file} could not be opened: ${(e as Error).message}`, file);
  }
  const db = wrapNative(raw, file, busy);
  try {
    checkOpenable(db, file);
    applyPragmas(db, 'shared-file');
    if (opts.migrate !== false) migrate(db);
  } catch (e) {
    db.close();
    throw e;
  }
  return db;
}

export async function openMemoryDb(opts: { file?: string; migrate?: boolean } = {}): Promise<WasmDb> {
  const sqlite3 = await loadSqlite();
  const raw = new sqlite3.oo1.DB(':memory:', 'c');
  const db = wrapDatabase(sqlite3, raw, opts.file);
  try {
    if (opts.file && existsSync(opts.file)) {
      loadBytes(db, fileImage(opts.file), opts.file);
      checkOpenable(db, opts.file);
    }
    applyPragmas(db, 'memory');
    if (opts.migrate !== false) migrate(db);
  } catch (e) {
    db.close();
    throw e;
  }
  return db;
}

/** Before anything is written (even the journal mode): another program's database or a newer Kioku's is refused. */
function checkOpenable(db: Db, label: string): void {
  const version = schemaVersion(db);
  if (version > SCHEMA_VERSION) throw new SchemaTooNewError(version, SCHEMA_VERSION);
  if (version !== 0) return;
  const tables = db.column<string>("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' LIMIT 3");
  if (tables.length) {
    throw new DbFileError(`${label} is a SQLite database of another program (tables: ${tables.join(', ')}), not a Kioku index; nothing was changed.`, label);
  }
}

/**
 * The database in a file as one image. Commits may still sit in the WAL file
 * beside it (another process has it open, or one was killed): then the image
 * is read through native SQLite, which includes them.
 */
function fileImage(file: string): Uint8Array {
  const wal = `${file}-wal`;
  if (!existsSync(wal) || statSync(wal).size === 0) {
    checkHeader(file);
    return asRollbackImage(new Uint8Array(readFileSync(file)));
  }
  const src = new Database(file, { readonly: true, fileMustExist: true });
  try {
    const b = src.serialize();
    return asRollbackImage(new Uint8Array(b.buffer, b.byteOffset, b.byteLength));
  } catch (e) {
    const known = storageError(e, file, 0);
    throw known === e ? new DbDamagedError(file, `it could not be read: ${(e as Error).message}`) : known;
  } finally {
    src.close();
  }
}

function checkHeader(file: string): void {
  const head = new Uint8Array(100);
  const fd = openSync(file, 'r');
  let n: number;
  try {
    n = readSync(fd, head, 0, 100, 0);
  } finally {
    closeSync(fd);
  }
  if (n < 100 || new TextDecoder('latin1').decode(head.subarray(0, 16)) !== SQLITE_HEADER) {
    throw new DbFileError(`${file} is not a SQLite database file (bad header); nothing was loaded.`, file);
  }
}

/** Replaces an in-memory wasm database's content with a SQLite file image. */
export function loadBytes(db: WasmDb, bytes: Uint8Array, label = 'database'): void {
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

/**
 * Writes a whole in-memory database to a file (through a temporary file and
 * a rename). For tests and benchmarks that build fixtures; the CLI never
 * does this to a database other processes may share (see openFileDb).
 */
export function saveDb(db: Db, file: string): void {
  const bytes = db.exportBytes();
  const tmp = `${file}.tmp-${process.pid}`;
  writeFileSync(tmp, bytes);
  renameSync(tmp, file);
}

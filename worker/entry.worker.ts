// The engine's Web Worker. It owns the OPFS database and exposes one small
// API through comlink: open, call(tool, args), imports with progress, and
// the whole-database operations Settings needs. Tool calls never throw.
import * as Comlink from 'comlink';
import type { Db } from './db/database';
import { DbLockedError, openOpfsDb, type OpfsHandle } from './db/open-opfs';
import { SchemaTooNewError, SCHEMA_VERSION, schemaVersion } from './db/migrate';
import { createEngine, type Engine } from './engine';
import type { ImportProgress, ImportSummary } from './ingest/import';
import { memorySource, type ImportSource } from './ingest/source';
import { filesSource, handleSource, type PathedFile } from './platform/source-handle';
import { wrapDatabase } from './db/database';
import { toErrorResult } from './tools/errors';
import { handleDisk, NOTE_DISK, vaultNoteTexts } from './platform/write-back';
import { TOOLS } from './tools/registry';

export type OpenState =
  | { ok: true; schema: number; sqlite: string }
  | { ok: false; reason: 'locked' | 'too_new' | 'unavailable'; message: string };

let handle: OpfsHandle | undefined;
let engine: Engine | undefined;
let cancelRequested = false;
// Vault folders the page opened for writing (write_note writes edits through them).
const disk = handleDisk();
const services = { [NOTE_DISK]: disk };

function need(): Engine {
  if (!engine) throw new Error('The database is not open yet.');
  return engine;
}

async function runImport(source: ImportSource, vault: string | undefined, onProgress?: (p: ImportProgress) => void): Promise<ImportSummary> {
  cancelRequested = false;
  return need().importSource(source, {
    vault,
    onProgress: onProgress ? (p) => void onProgress(p) : undefined,
    isCancelled: () => cancelRequested,
  });
}

const api = {
  async open(): Promise<OpenState> {
    if (engine) return { ok: true, schema: schemaVersion(engine.db), sqlite: engine.db.sqlite3.version.libVersion };
    try {
      handle = await openOpfsDb();
      engine = createEngine(handle.db, { services });
      return { ok: true, schema: schemaVersion(handle.db), sqlite: handle.db.sqlite3.version.libVersion };
    } catch (e) {
      if (e instanceof DbLockedError) return { ok: false, reason: 'locked', message: e.message };
      if (e instanceof SchemaTooNewError) return { ok: false, reason: 'too_new', message: e.message };
      return { ok: false, reason: 'unavailable', message: (e as Error)?.message ?? String(e) };
    }
  },

  call(name: string, args?: unknown): Promise<unknown> {
    if (!engine) return Promise.resolve(toErrorResult(new Error('The database is not open.')));
    return engine.call(name, args);
  },

  /** The tools and their parameters, so the UI can offer exactly what this engine supports. */
  tools(): { name: string; params: { name: string; description: string }[] }[] {
    return Object.values(TOOLS).map((d) => ({ name: d.name, params: d.params.map((p) => ({ name: p.name, description: p.description })) }));
  },

  importHandle(dir: FileSystemDirectoryHandle, vault: string | undefined, onProgress?: (p: ImportProgress) => void) {
    return runImport(handleSource(dir), vault, onProgress);
  },

  importFiles(name: string, files: PathedFile[], vault: string | undefined, onProgress?: (p: ImportProgress) => void) {
    return runImport(filesSource(name, files), vault, onProgress);
  },

  importTexts(name: string, files: Record<string, string>, onProgress?: (p: ImportProgress) => void) {
    return runImport(memorySource(name, files, 'sample'), name, onProgress);
  },

  cancelImport(): void {
    cancelRequested = true;
  },

  removeVault(name: string): boolean {
    disk.set(name, null);
    return need().removeVault(name);
  },

  /** A folder handle the page got readwrite permission for (null: stop writing to it). */
  setFolderAccess(vault: string, dir: FileSystemDirectoryHandle | null): void {
    disk.set(vault, dir);
  },

  /** Every note of a vault as Kioku holds it (edits included), for "export as .zip". */
  vaultNoteTexts(vault: string): { path: string; text: string; mtime: number }[] {
    return vaultNoteTexts(need().db, vault);
  },

  /** The database file, for backup. */
  exportDb(): Uint8Array {
    const bytes = need().db.exportBytes();
    return Comlink.transfer(bytes, [bytes.buffer as ArrayBuffer]);
  },

  /** Replaces everything with a backup, after checking it can be opened. */
  async restoreDb(bytes: Uint8Array): Promise<{ ok: true } | { ok: false; message: string }> {
    if (!handle) return { ok: false, message: 'The database is not open.' };
    const check = checkBackup(handle.db, bytes);
    if (check) return { ok: false, message: check };
    engine = createEngine(await handle.restore(bytes), { services });
    return { ok: true };
  },

  async wipe(): Promise<void> {
    if (!handle) return;
    engine = createEngine(await handle.wipe(), { services });
  },
};

/** Opens a backup in memory first: a bad or too-new file never replaces good data. */
function checkBackup(current: Db, bytes: Uint8Array): string | null {
  const sqlite3 = current.sqlite3;
  if (bytes.length < 100 || new TextDecoder('latin1').decode(bytes.subarray(0, 15)) !== 'SQLite format 3') {
    return 'That file is not a Kioku backup (not a SQLite database). Nothing was changed.';
  }
  const raw = new sqlite3.oo1.DB(':memory:', 'c');
  const db = wrapDatabase(sqlite3, raw);
  try {
    const ptr = sqlite3.wasm.allocFromTypedArray(bytes);
    const rc = sqlite3.capi.sqlite3_deserialize(raw, 'main', ptr, bytes.length, bytes.length, sqlite3.capi.SQLITE_DESERIALIZE_FREEONCLOSE);
    if (rc !== 0) return 'That backup could not be opened. Nothing was changed.';
    const version = schemaVersion(db);
    if (version > SCHEMA_VERSION) return new SchemaTooNewError(version, SCHEMA_VERSION).message;
    const hasVaults = db.get("SELECT 1 AS x FROM sqlite_master WHERE name = 'vaults'");
    if (!hasVaults) return 'That SQLite file is not a Kioku backup (it has no vaults table). Nothing was changed.';
    const ok = db.column<string>('PRAGMA quick_check')[0];
    if (ok !== 'ok') return `That backup is damaged (${ok}). Nothing was changed.`;
    return null;
  } catch (e) {
    return `That backup could not be opened: ${(e as Error).message}. Nothing was changed.`;
  } finally {
    db.close();
  }
}

export type EngineApi = typeof api;

Comlink.expose(api);

// What the engine's Web Worker offers the page: open the OPFS database, tool
// calls, imports with progress and cancel, and whole-database operations.
// engine-worker.ts exposes exactly this object through comlink; the Chromium
// benchmark worker (bench/browser) exposes it too, plus its scenarios, so
// benchmarks exercise the same code the app runs.
import * as Comlink from 'comlink';
import type { Db, WasmDb } from '../db/database';
import { wrapDatabase } from '../db/database';
import { DbLockedError, openOpfsDb, type OpfsHandle } from '../db/open-opfs';
import { SchemaTooNewError, SCHEMA_VERSION, schemaVersion } from '../db/migrate';
import { asRollbackJournal } from '../db/backup-file';
import { CALL_RULES, createEngine, type Engine, type EngineOptions } from '../engine';
import { CallOrder, messageHop } from './call-order';
import type { ImportProgress, ImportSummary } from '../ingest/import';
import { memorySource, type ImportSource } from '../ingest/source';
import { notOpenError, toErrorResult, type ErrorCode, type ToolErrorResult } from '../errors';
import { filesSource, handleSource, type PathedFile } from './source-handle';
import { readAttachment, type AttachmentRead } from '../ingest/attachments';
import { firstCallMarks, startupMark, startupMarks } from './startup-marks';
import { derivationStale } from '../ingest/derivation';

export type OpenState =
  | { ok: true; schema: number; sqlite: string }
  | { ok: false; reason: 'locked' | 'too_new' | 'unavailable'; message: string };

export interface EngineHost {
  api: ReturnType<typeof makeApi>;
  /** The open engine; throws before open(). */
  engine(): Engine;
  /** Empties the database (a fresh, migrated OPFS file) and returns the new engine. */
  reset(): Promise<Engine>;
  /** Runs `work` in the calls' order as if it were the tool `tool` (a page request that is not a tool call but costs as much). */
  inTurn<T>(tool: string, work: () => T): Promise<Awaited<T>>;
}

export function createEngineHost(
  opts: {
    /** Options for each engine, made anew for each opened (restored, wiped) database. */
    engineOptions?: () => EngineOptions;
    /** Told of every new engine (the embedding host follows its embedding service). */
    onEngine?: (engine: Engine) => void;
  } = {},
): EngineHost {
  const state: HostState = { cancelRequested: false };
  const make = (db: Db) => {
    const engine = createEngine(db, opts.engineOptions?.() ?? {});
    startupMark('engine created');
    opts.onEngine?.(engine);
    startupMark('engine attached (embedding started)');
    return engine;
  };
  const order = new CallOrder(CALL_RULES, messageHop());
  const api = makeApi(state, make, order);
  return {
    api,
    inTurn: <T,>(tool: string, work: () => T) => order.run(tool, async (): Promise<Awaited<T>> => await work()),
    engine: () => need(state),
    async reset() {
      if (!state.handle) throw notOpenError();
      return replaceDb(state, make, (handle) => handle.wipe());
    },
  };
}

type HostState = { handle?: OpfsHandle; engine?: Engine; cancelRequested: boolean };

/**
 * Restore and wipe close the database: the engine over it stops first (its
 * background embedding and index loading, a running import), so nothing reads
 * the closed database; calls meanwhile answer not_ready.
 */
async function replaceDb(state: HostState, make: (db: Db) => Engine, replace: (handle: OpfsHandle) => Promise<Db>): Promise<Engine> {
  const old = state.engine;
  state.engine = undefined;
  state.cancelRequested = true;
  await old?.stop();
  state.engine = make(await replace(state.handle!));
  return state.engine;
}

function need(state: { engine?: Engine }): Engine {
  if (!state.engine) throw notOpenError();
  return state.engine;
}

/** Before the database is open every host method answers this error result (code not_ready), never a throw. */
const notOpen = (): ToolErrorResult => toErrorResult(notOpenError());

/** Host methods never throw across comlink: a failure comes back as an error result. */
function guarded<T>(work: () => T): T | ToolErrorResult {
  try {
    return work();
  } catch (e) {
    return toErrorResult(e);
  }
}

function makeApi(state: HostState, make: (db: Db) => Engine, order: CallOrder) {
  const staged = new Map<number, PathedFile[]>();
  let nextStage = 1;
  const runImport = (source: ImportSource, vault: string | undefined, onProgress?: (p: ImportProgress) => void): Promise<ImportSummary | ToolErrorResult> => {
    state.cancelRequested = false;
    if (!state.engine) return Promise.resolve(notOpen());
    return state.engine.importSource(source, {
      vault,
      // The vault is searchable as soon as the import returns; the index is merged just after.
      deferIndexTidy: true,
      onProgress: onProgress ? (p) => void onProgress(p) : undefined,
      isCancelled: () => state.cancelRequested,
    });
  };

  return {
    /** `search`: the page's first search, run as soon as the engine is made (Engine.searchAhead). */
    /** `onUpdating`: told, and awaited, before the engine rebuilds what an earlier version derived (derivation.ts), so the page can say why opening takes long. */
    async open(opts: { search?: unknown } = {}, onUpdating?: () => unknown): Promise<OpenState> {
      if (state.engine) return { ok: true, schema: schemaVersion(state.engine.db), sqlite: state.engine.db.sqliteVersion };
      try {
        startupMark('open: start');
        state.handle = await openOpfsDb({ mark: startupMark });
        if (onUpdating && derivationStale(state.handle.db)) {
          try {
            await onUpdating();
          } catch {
            // The page's notice is a courtesy: opening goes on without it.
          }
        }
        const engine = (state.engine = make(state.handle.db));
        startupMark('open: engine made');
        // After this answer is posted, so the page can lay out its shell while the search runs.
        if (opts.search !== undefined) setTimeout(() => state.engine === engine && engine.searchAhead(opts.search), 0);
        return { ok: true, schema: schemaVersion(state.handle.db), sqlite: state.handle.db.sqliteVersion };
      } catch (e) {
        if (e instanceof DbLockedError) return { ok: false, reason: 'locked', message: e.message };
        if (e instanceof SchemaTooNewError) return { ok: false, reason: 'too_new', message: e.message };
        return { ok: false, reason: 'unavailable', message: (e as Error)?.message ?? String(e) };
      }
    },

    call(name: string, args?: unknown): Promise<unknown> {
      if (!state.engine) return Promise.resolve(notOpen());
      // The engine of when the call starts: a restore may have replaced it meanwhile.
      return order.run(name, () => {
        const engine = state.engine;
        return engine ? firstCallMarks(name, () => engine.call(name, args)) : Promise.resolve(notOpen());
      });
    },

    /** When each step of opening happened (bench:first-result lays them beside the page's). */
    startupMarks,

    importHandle(dir: FileSystemDirectoryHandle, vault: string | undefined, onProgress?: (p: ImportProgress) => void) {
      return runImport(handleSource(dir), vault, onProgress);
    },

    /**
     * Adds files to a hand-over (a new one when `stage` is null) and returns
     * its number. Cloning a File across to the worker costs the page's main
     * thread about 0.2 ms; a page handing over thousands does it in parts, so
     * it never freezes (web/src/features/import/hand-over.ts).
     */
    stageFiles(stage: number | null, files: PathedFile[]): number {
      const id = stage ?? nextStage++;
      const held = staged.get(id);
      if (held) held.push(...files);
      else staged.set(id, [...files]);
      return id;
    },

    /** Forgets a hand-over that will not be imported (cancelled). */
    dropStaged(stage: number): void {
      staged.delete(stage);
    },

    /** `files`: the files, or a hand-over's number (stageFiles). `obsidian`: the dropped folder had .obsidian/ (the page saw it while walking the drop). */
    importFiles(name: string, files: PathedFile[] | { staged: number }, vault: string | undefined, onProgress?: (p: ImportProgress) => void, opts?: { obsidian?: boolean }) {
      let list = files as PathedFile[];
      if (!Array.isArray(files)) {
        list = staged.get(files.staged) ?? [];
        staged.delete(files.staged);
      }
      return runImport(filesSource(name, list, opts), vault, onProgress);
    },

    /** The copy of a picture or PDF kept at import (dropped folders), or why there is none. */
    readAttachment(vault: string, path: string): AttachmentRead | ToolErrorResult {
      if (!state.engine) return notOpen();
      const r = readAttachment(state.engine.db, vault, path);
      if (!r.ok) return r;
      // Moved, not copied, across the boundary: a fresh buffer, so the database's own is never handed away.
      const bytes = r.bytes.slice();
      return Comlink.transfer({ ...r, bytes }, [bytes.buffer as ArrayBuffer]);
    },

    importTexts(name: string, files: Record<string, string>, onProgress?: (p: ImportProgress) => void) {
      return runImport(memorySource(name, files, 'sample'), name, onProgress);
    },

    cancelImport(): void {
      state.cancelRequested = true;
    },

    async removeVault(name: string): Promise<boolean | ToolErrorResult> {
      if (!state.engine) return notOpen();
      return state.engine.removeVault(name).catch(toErrorResult);
    },

    /** The database file, for backup. */
    exportDb(): Uint8Array | ToolErrorResult {
      return guarded(() => {
        const bytes = need(state).db.exportBytes();
        return Comlink.transfer(bytes, [bytes.buffer as ArrayBuffer]);
      });
    },

    /** Replaces everything with a backup, after checking it can be opened (a refused file: invalid_argument, nothing changed). */
    async restoreDb(bytes: Uint8Array): Promise<{ ok: true } | { ok: false; code: ErrorCode; message: string }> {
      if (!state.handle) return { ok: false, code: 'not_ready', message: notOpenError().message };
      // A file the CLI used says WAL in its header: the OPFS pool could never open it as it is.
      bytes = asRollbackJournal(bytes);
      const check = checkBackup(state.handle.db, bytes);
      if (check) return { ok: false, code: 'invalid_argument', message: check };
      try {
        await replaceDb(state, make, (handle) => handle.restore(bytes));
        return { ok: true };
      } catch (e) {
        const r = toErrorResult(e);
        return { ok: false, code: r.error.code, message: r.error.message };
      }
    },

    async wipe(): Promise<void | ToolErrorResult> {
      if (!state.handle) return notOpen();
      return replaceDb(state, make, (handle) => handle.wipe()).then(() => undefined, toErrorResult);
    },
  };
}

/** Opens a backup in memory first: a bad or too-new file never replaces good data. */
function checkBackup(current: WasmDb, bytes: Uint8Array): string | null {
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

// Browser host: the database lives in OPFS through the opfs-sahpool VFS.
// sahpool holds exclusive access handles, so only one tab can own the pool;
// a second tab must fail cleanly and must never clear the first tab's files
// (hence preserveOnInitFailure).
import type { WasmDb } from './database';
import { wrapDatabase } from './database';
import { loadSqlite } from './sqlite';
import { applyPragmas } from './pragmas';
import { migrate } from './migrate';

export const DB_FILE = '/kioku.sqlite3';
const POOL_DIR = '.kioku-pool';

export class DbLockedError extends Error {
  constructor() {
    super('Kioku is already open in another tab. Close it there (or switch to that tab) and reload this one.');
    this.name = 'DbLockedError';
  }
}

export class OpfsUnavailableError extends Error {
  constructor(detail: string) {
    super(`This browser cannot store Kioku's database (Origin Private File System unavailable: ${detail}). Use a current Chrome, Edge, Firefox or Safari, outside private browsing.`);
    this.name = 'OpfsUnavailableError';
  }
}

type Pool = Awaited<ReturnType<Awaited<ReturnType<typeof loadSqlite>>['installOpfsSAHPoolVfs']>>;

export interface OpfsHandle {
  db: WasmDb;
  pool: Pool;
  /** Replaces the database file with a backup image, then reopens it. */
  restore(bytes: Uint8Array): Promise<WasmDb>;
  /** Deletes the database file and starts with an empty one. */
  wipe(): Promise<WasmDb>;
}

function isLockError(e: unknown): boolean {
  const text = `${(e as Error)?.name ?? ''} ${(e as Error)?.message ?? ''}`;
  return /NoModificationAllowed|InvalidStateError|createSyncAccessHandle|Access Handles cannot be created|locked|already open/i.test(text);
}

/**
 * Opens the database. When the pool is locked, tries again for up to
 * `waitMs`: the page only opens the database once it owns the tab lock, so a
 * lock still held then belongs to the worker of a tab that is closing (its
 * access handles are released a moment after the tab is gone).
 */
export async function openOpfsDb(opts: { waitMs?: number; mark?: (step: string) => void } = {}): Promise<OpfsHandle> {
  const mark = opts.mark ?? (() => {});
  const sqlite3 = await loadSqlite();
  mark('sqlite-wasm loaded');
  if (typeof navigator === 'undefined' || !navigator.storage?.getDirectory) {
    throw new OpfsUnavailableError('navigator.storage.getDirectory is missing');
  }
  const deadline = Date.now() + (opts.waitMs ?? 8000);
  let pool: Pool;
  for (;;) {
    try {
      pool = await sqlite3.installOpfsSAHPoolVfs({
        name: 'kioku-sahpool',
        directory: POOL_DIR,
        initialCapacity: 8,
        // Never clear the pool when it cannot be opened: it may be another tab's.
        preserveOnInitFailure: true,
        forceReinitIfPreviouslyFailed: true,
      } as never);
      mark('sahpool VFS installed');
      break;
    } catch (e) {
      if (!isLockError(e)) throw new OpfsUnavailableError((e as Error)?.message ?? String(e));
      if (Date.now() >= deadline) throw new DbLockedError();
      await new Promise((r) => setTimeout(r, 250));
    }
  }
  const open = (): WasmDb => {
    const raw = new pool.OpfsSAHPoolDb(DB_FILE);
    const db = wrapDatabase(sqlite3, raw);
    mark('database opened');
    try {
      applyPragmas(db, 'opfs');
      mark('pragmas applied');
      migrate(db);
      mark('migrations checked');
    } catch (e) {
      db.close();
      throw e;
    }
    return db;
  };
  const handle: OpfsHandle = {
    db: open(),
    pool,
    async restore(bytes) {
      handle.db.close();
      await pool.importDb(DB_FILE, bytes);
      handle.db = open();
      return handle.db;
    },
    async wipe() {
      handle.db.close();
      pool.unlink(DB_FILE);
      handle.db = open();
      return handle.db;
    },
  };
  return handle;
}

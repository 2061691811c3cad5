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

type Sqlite3 = Awaited<ReturnType<typeof loadSqlite>>;
type Pool = Awaited<ReturnType<Sqlite3['installOpfsSAHPoolVfs']>>;

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
 * Held by the worker whose pool is open, until that worker ends (the browser
 * releases it with the worker). A page opens the database only once it owns
 * the tab lock, but on a reload the old page lets that lock go while its
 * worker still holds the pool's access handles: the new worker waits here
 * rather than install the pool over them (sqlite-wasm logs every failed
 * install as an error).
 */
const POOL_LOCK = 'kioku-opfs-pool';

type PoolLock = { held: true; release: () => void } | { held: false };

/** Waits up to `waitMs` for the pool lock; a worker without Web Locks goes ahead (the install retry still guards). */
function takePoolLock(waitMs: number): Promise<PoolLock> {
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
  if (!locks) return Promise.resolve({ held: true, release: () => {} });
  return new Promise((resolve) => {
    const hold = () => new Promise<void>((release) => resolve({ held: true, release: () => release() }));
    locks.request(POOL_LOCK, { signal: AbortSignal.timeout(waitMs) }, hold).catch(() => resolve({ held: false }));
  });
}

/**
 * Installs the pool; while it is locked, tries again until `deadline`. Behind
 * POOL_LOCK a locked pool is rare: a worker of an older build, which held the
 * pool without that lock, or a browser whose workers lack Web Locks.
 */
async function installPool(sqlite3: Sqlite3, deadline: number): Promise<Pool> {
  for (;;) {
    try {
      return await sqlite3.installOpfsSAHPoolVfs({
        name: 'kioku-sahpool',
        directory: POOL_DIR,
        initialCapacity: 8,
        // Never clear the pool when it cannot be opened: it may be another tab's.
        preserveOnInitFailure: true,
        forceReinitIfPreviouslyFailed: true,
      } as never);
    } catch (e) {
      if (!isLockError(e)) throw new OpfsUnavailableError((e as Error)?.message ?? String(e));
      if (Date.now() >= deadline) throw new DbLockedError();
      await new Promise((r) => setTimeout(r, 250));
    }
  }
}

/**
 * Opens the database once no other worker holds the pool, waiting up to
 * `waitMs` (a closing tab's worker lets it go a moment after the tab is gone).
 */
export async function openOpfsDb(opts: { waitMs?: number; mark?: (step: string) => void } = {}): Promise<OpfsHandle> {
  const mark = opts.mark ?? (() => {});
  const sqlite3 = await loadSqlite();
  mark('sqlite-wasm loaded');
  if (typeof navigator === 'undefined' || !navigator.storage?.getDirectory) {
    throw new OpfsUnavailableError('navigator.storage.getDirectory is missing');
  }
  const waitMs = opts.waitMs ?? 8000;
  const deadline = Date.now() + waitMs;
  const lock = await takePoolLock(waitMs);
  if (!lock.held) throw new DbLockedError();
  mark('pool lock held');
  let pool: Pool;
  try {
    pool = await installPool(sqlite3, deadline);
  } catch (e) {
    lock.release();
    throw e;
  }
  mark('sahpool VFS installed');
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

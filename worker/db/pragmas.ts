import type { Db } from './database';

/**
 * Connection settings, applied in one place for every storage:
 * - `opfs`: the browser's database (one tab owns it);
 * - `memory`: a wasm database in memory (tests, `--vault`, benchmarks);
 * - `shared-file`: a native database file that other processes may open at
 *   the same time.
 */
export function applyPragmas(db: Db, storage: 'opfs' | 'memory' | 'shared-file'): void {
  // First, before any statement reads the file. One connection owns the browser's database (the tab
  // lock, the pool's lock); holding SQLite's lock means a read does not first look for a hot journal:
  // with TRUNCATE the empty journal exists, so every statement outside a transaction opened it, read
  // a byte and closed it, and opfs-sahpool flushes a file on close (~1-5 ms each on a cold start).
  if (storage === 'opfs') db.exec('PRAGMA locking_mode = EXCLUSIVE');
  db.exec('PRAGMA foreign_keys = ON');
  // 64 MB page cache: the import and FTS merges touch many pages at once.
  db.exec('PRAGMA cache_size = -65536');
  if (storage === 'opfs') {
    // opfs-sahpool has no WAL; TRUNCATE avoids re-creating the journal file per commit.
    db.exec('PRAGMA journal_mode = TRUNCATE');
    db.exec('PRAGMA synchronous = NORMAL');
  } else if (storage === 'shared-file') {
    // WAL: readers never wait for the writer, one writer at a time, and a
    // commit appends only the pages it changed. FULL syncs the WAL at each
    // commit, so a tool call that returned is on disk even if the machine
    // then loses power; imports commit large batches, so this costs little.
    db.exec('PRAGMA journal_mode = WAL');
    db.exec('PRAGMA synchronous = FULL');
    // The WAL is reset after each checkpoint that empties it; without a
    // limit it would keep the size of the largest import batch.
    db.exec('PRAGMA journal_size_limit = 33554432');
  } else {
    db.exec('PRAGMA journal_mode = MEMORY');
  }
}

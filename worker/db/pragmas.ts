import type { Db } from './database';

/** Connection settings, applied in one place for every storage backend. */
export function applyPragmas(db: Db, opts: { persistent: boolean }): void {
  db.exec('PRAGMA foreign_keys = ON');
  // 64 MB page cache: the import and FTS merges touch many pages at once.
  db.exec('PRAGMA cache_size = -65536');
  if (opts.persistent) {
    // opfs-sahpool has no WAL; TRUNCATE avoids re-creating the journal file per commit.
    db.exec('PRAGMA journal_mode = TRUNCATE');
    db.exec('PRAGMA synchronous = NORMAL');
  } else {
    db.exec('PRAGMA journal_mode = MEMORY');
  }
}

// Chunking a whole vault without the chunks' secondary indexes. Passage
// hashes are random, so each transaction of chunking touched a different page
// of the hash index for nearly every passage it inserted, and the order index
// (seq, id) a page per seq; the rollback journal writes each such page twice.
// On seekstone-10k, in transactions of 8 notes: 2.4 GB written for 81 MB of
// chunks with both, 0.9 GB without the hash index, 0.16 GB without either
// (native SQLite, same inserts: docs/embeddings.md, "Chunking a whole vault").
// In the browser's storage those writes were most of chunking's time. So a
// large backlog is chunked with both dropped, and they are built once, by
// sorting, when chunking is done; what reads through them (the queue's
// embedding and garbage collection) runs only after that, and the counts
// read while chunking do without them (store.ts, counts).
import type { Db } from '../db/database';

/** From this many notes left to chunk, chunking drops the indexes and builds them once at the end. */
export const BULK_NOTES = 500;

/** The indexes dropped, as migration 0004 creates them. */
const DEFERRED: Record<string, string> = {
  chunks_hash: 'ON chunks(hash)',
  chunks_order: 'ON chunks(seq, id) WHERE readable = 1',
};

export function hasChunkIndex(db: Db, name: string): boolean {
  return db.column("SELECT 1 FROM sqlite_master WHERE type = 'index' AND name = ?", [name]).length > 0;
}

/** Whether every deferred index is in place (none was dropped). */
export function chunkIndexesIn(db: Db): boolean {
  return Object.keys(DEFERRED).every((name) => hasChunkIndex(db, name));
}

/** Drops the indexes for a bulk chunking run (a write: in the lane). */
export function dropChunkIndexes(db: Db): void {
  for (const name of Object.keys(DEFERRED)) db.exec(`DROP INDEX IF EXISTS ${name}`);
}

/**
 * Builds the indexes that are missing: after a bulk run, or on the next run
 * when the tab was closed during one (a write: in the lane). True if it built any.
 */
export function restoreChunkIndexes(db: Db): boolean {
  let built = false;
  for (const [name, on] of Object.entries(DEFERRED)) {
    if (hasChunkIndex(db, name)) continue;
    db.exec(`CREATE INDEX IF NOT EXISTS ${name} ${on}`);
    built = true;
  }
  return built;
}

// Chunking a whole vault without the chunks' hash index. Passage hashes are
// random, so each transaction of chunking touches a different page of that
// index for nearly every passage it inserts, and the rollback journal writes
// each such page twice: on seekstone-10k, 2.4 GB written for 81 MB of chunks
// in transactions of 8 notes, 0.9 GB without the index (native SQLite, same
// inserts: docs/embeddings.md, "Chunking a whole vault"). In the browser's
// storage those writes were most of chunking's time. So a large backlog is
// chunked with the index dropped, and the index is built once, by sorting,
// when chunking is done; nothing that reads by hash (the queue's embedding,
// garbage collection) runs before that.
import type { Db } from '../db/database';

/** From this many notes left to chunk, chunking drops the hash index and builds it once at the end. */
export const BULK_NOTES = 500;

const HASH_INDEX = 'chunks_hash';

/** Whether at least `n` notes need chunking with this chunker (counts no further than `n`). */
export function backlogOf(db: Db, chunker: string, n: number): boolean {
  const left = db.column<number>(
    `SELECT COUNT(*) FROM (SELECT 1 FROM entries e LEFT JOIN chunked k ON k.entry_id = e.id
     WHERE e.kind = 'note' AND (k.entry_id IS NULL OR k.chunker <> ?) LIMIT ?)`,
    [chunker, n],
  )[0];
  return Number(left) >= n;
}

export function hasHashIndex(db: Db): boolean {
  return db.column("SELECT 1 FROM sqlite_master WHERE type = 'index' AND name = ?", [HASH_INDEX]).length > 0;
}

/** Drops the hash index for a bulk chunking run (a write: in the lane). */
export function dropHashIndex(db: Db): void {
  db.exec(`DROP INDEX IF EXISTS ${HASH_INDEX}`);
}

/**
 * Builds the hash index if it is missing: after a bulk run, or on the next run
 * when the tab was closed during one (a write: in the lane). True if it built it.
 */
export function restoreHashIndex(db: Db): boolean {
  if (hasHashIndex(db)) return false;
  db.exec(`CREATE INDEX IF NOT EXISTS ${HASH_INDEX} ON chunks(hash)`);
  return true;
}

// The embedding tables (migration 0004): chunks per note, vectors keyed by
// (model, text hash), and which notes are chunked for the current chunking.
// Everything the background queue needs to resume lives here, in the
// database: nothing about progress is kept only in memory.
import type { Db } from '../db/database';
import { hasChunkIndex } from './bulk-chunking';
import { chunkInput, chunkNote, type ChunkPlan } from './chunk';
import type { IndexRow, VectorIndex } from './vector-index';

export interface PendingNote {
  id: number;
  title: string;
  body: string;
}

export interface PendingChunk {
  id: number;
  entryId: number;
  hash: string;
  input: string;
}

/** Grows whenever notes' chunks change (see embed_changes in migration 0004). */
export function epoch(db: Db): number {
  return Number(db.column("SELECT seq FROM sqlite_sequence WHERE name = 'embed_changes'")[0] ?? 0);
}

/** Notes whose chunks changed after `since`, at most `limit` (+1 tells there are more). */
export function changedSince(db: Db, since: number, limit: number): number[] {
  return db.column<number>('SELECT DISTINCT entry_id FROM embed_changes WHERE n > ? LIMIT ?', [since, limit]);
}

/** Whether the log still holds everything after `since` (older entries may have been forgotten). */
export function changesKnownSince(db: Db, since: number): boolean {
  const oldest = db.column<number>('SELECT MIN(n) FROM embed_changes')[0];
  return oldest === null || oldest === undefined || oldest <= since + 1;
}

export function forgetChanges(db: Db, upTo: number): void {
  db.run('DELETE FROM embed_changes WHERE n <= ?', [upTo]);
}

/** Notes `e` with no chunks for this chunking (new, changed, or chunked for another model); binds the chunker. */
const UNCHUNKED = `LEFT JOIN chunked k ON k.entry_id = e.id WHERE e.kind = 'note' AND (k.entry_id IS NULL OR k.chunker <> ?)`;

/** The next notes to chunk, in id order. */
export function notesToChunk(db: Db, chunker: string, limit: number): PendingNote[] {
  return db.all<PendingNote>(`SELECT e.id, e.title, c.body FROM entries e JOIN contents c ON c.entry_id = e.id ${UNCHUNKED} ORDER BY e.id LIMIT ?`, [chunker, limit]);
}

/** Whether at least `n` notes need chunking (counts no further than `n`). */
export function backlogOf(db: Db, chunker: string, n: number): boolean {
  return Number(db.column(`SELECT COUNT(*) FROM (SELECT 1 FROM entries e ${UNCHUNKED} LIMIT ?)`, [chunker, n])[0]) >= n;
}

/**
 * Chunks the notes and writes their chunks, in one transaction; with `until`
 * (a performance.now() time), stops after the note that passes it. Returns
 * how many notes were chunked, from the first.
 */
export function chunkNotes(db: Db, notes: readonly PendingNote[], plan: ChunkPlan, chunker: string, until = Infinity): number {
  let n = 0;
  db.tx(() => {
    for (const note of notes) {
      const chunks = chunkNote(note.title, note.body, plan);
      db.run('DELETE FROM chunks WHERE entry_id = ?', [note.id]);
      for (const c of chunks) {
        db.run('INSERT INTO chunks (entry_id, seq, heading, text, hash, readable) VALUES (?, ?, ?, ?, ?, ?)', [
          note.id, c.seq, c.heading, c.text, c.hash, c.readable ? 1 : 0,
        ]);
      }
      db.run('INSERT OR REPLACE INTO chunked (entry_id, chunker, chunks) VALUES (?, ?, ?)', [note.id, chunker, chunks.length]);
      n++;
      if (performance.now() >= until) break;
    }
  });
  return n;
}

/** Where the queue is: (seq, id) of the last chunk it took. */
export interface Cursor {
  seq: number;
  id: number;
}
export const START: Cursor = { seq: -1, id: 0 };

/**
 * Readable chunks without a vector for the model after the cursor, every
 * note's first chunk before any note's second: a vault is searchable by
 * meaning early on, at the passages that introduce each note. The cursor
 * means a long run never rescans finished chunks.
 */
export function chunksToEmbed(db: Db, model: string, after: Cursor, limit: number): (PendingChunk & { seq: number })[] {
  return db
    .all<{ id: number; seq: number; entry_id: number; hash: string; heading: string | null; text: string; title: string }>(
      `SELECT c.id, c.seq, c.entry_id, c.hash, c.heading, c.text, e.title FROM chunks c JOIN entries e ON e.id = c.entry_id
       WHERE (c.seq, c.id) > (?, ?) AND c.readable = 1 AND NOT EXISTS (SELECT 1 FROM vectors v WHERE v.model = ? AND v.hash = c.hash)
       ORDER BY c.seq, c.id LIMIT ?`,
      [after.seq, after.id, model, limit],
    )
    .map((r) => ({ id: r.id, seq: r.seq, entryId: r.entry_id, hash: r.hash, input: chunkInput(r.title, r.heading, r.text) }));
}

/** Whether any of these notes has a readable chunk without a vector of the model. */
export function needVectors(db: Db, model: string, entryIds: readonly number[]): boolean {
  if (!entryIds.length) return false;
  return db.all(
    `SELECT 1 FROM chunks c WHERE c.entry_id IN (${entryIds.map(() => '?').join(',')}) AND c.readable = 1
     AND NOT EXISTS (SELECT 1 FROM vectors v WHERE v.model = ? AND v.hash = c.hash) LIMIT 1`,
    [...entryIds, model],
  ).length > 0;
}

/** Notes having a readable chunk with one of these hashes. */
export function notesWithHashes(db: Db, hashes: readonly string[]): number[] {
  if (!hashes.length) return [];
  return db.column<number>(`SELECT DISTINCT entry_id FROM chunks WHERE readable = 1 AND hash IN (${hashes.map(() => '?').join(',')})`, [...hashes]);
}

export function writeVectors(db: Db, model: string, rows: readonly { hash: string; vec: Int8Array; scale: number }[]): void {
  db.tx(() => {
    for (const r of rows) {
      db.run('INSERT OR IGNORE INTO vectors (model, hash, dim, scale, vec) VALUES (?, ?, ?, ?, ?)', [model, r.hash, r.vec.length, r.scale, r.vec]);
    }
  });
}

export interface Counts {
  notes: number;
  /** Notes chunked for the current chunking. */
  chunkedNotes: number;
  /** Readable chunks (to embed). */
  chunks: number;
  /** Chunks in scripts the model cannot read (ranked by text). */
  unreadable: number;
  /** Notes chunked for the current chunking with at least one readable chunk: those that can be found by meaning. */
  readableNotes: number;
}

/** Whether the model has any vector here: one key lookup. */
export function hasVectors(db: Db, model: string): boolean {
  return db.column('SELECT 1 FROM vectors WHERE model = ? LIMIT 1', [model]).length > 0;
}

/** Whether every note of one vault is cut into passages and every readable passage has a vector of the model. */
export function vaultEmbedded(db: Db, vaultId: number, chunker: string, model: string): boolean {
  const unchunked = db.get(
    `SELECT 1 AS x FROM entries e WHERE e.vault_id = ? AND e.kind = 'note'
       AND NOT EXISTS (SELECT 1 FROM chunked k WHERE k.entry_id = e.id AND k.chunker = ?) LIMIT 1`,
    [vaultId, chunker],
  );
  if (unchunked) return false;
  const missing = db.get(
    `SELECT 1 AS x FROM entries e JOIN chunks c ON c.entry_id = e.id
     WHERE e.vault_id = ? AND c.readable = 1 AND NOT EXISTS (SELECT 1 FROM vectors v WHERE v.model = ? AND v.hash = c.hash) LIMIT 1`,
    [vaultId, model],
  );
  return !missing;
}

/** Cheap counts; how many chunks have vectors is the loaded index's size (see service.ts). */
export function counts(db: Db, chunker: string): Counts {
  const notes = Number(db.column("SELECT COUNT(*) FROM entries WHERE kind = 'note'")[0]);
  const chunkedNotes = Number(db.column('SELECT COUNT(*) FROM chunked WHERE chunker = ?', [chunker])[0]);
  const all = Number(db.column('SELECT COUNT(*) FROM chunks')[0]);
  // Readable ones from the order index; while a bulk run has dropped it (bulk-chunking.ts), every chunk
  // counts (a scan of every chunk's text each second would cost more than the chunking): exact after.
  const chunks = hasChunkIndex(db, 'chunks_order') ? Number(db.column('SELECT COUNT(*) FROM chunks WHERE readable = 1')[0]) : all;
  // Every chunk readable (nearly always): the notes with chunks, from one small table. Otherwise a
  // lookup per note (about 35 ms at 10k notes in Node), only where some chunk is unreadable.
  const readableNotes = Number(
    all === chunks
      ? db.column('SELECT COUNT(*) FROM chunked WHERE chunker = ? AND chunks > 0', [chunker])[0]
      : db.column('SELECT COUNT(*) FROM chunked k WHERE k.chunker = ? AND EXISTS (SELECT 1 FROM chunks c WHERE c.entry_id = k.entry_id AND c.readable = 1)', [chunker])[0],
  );
  return { notes, chunkedNotes, chunks, unreadable: all - chunks, readableNotes };
}

/**
 * Loads the next slice of the model's vectors (readable chunks after
 * `afterChunk`, in chunk order) into the index; returns the last chunk id
 * read, or -1 when there was nothing left. Rows come as arrays and each
 * vector is copied straight from SQLite's memory into the index (eachRaw):
 * row objects cost ~10 µs a row, which at 200k rows is seconds.
 */
export function loadIndexSlice(db: Db, index: VectorIndex, afterChunk: number, limit: number): number {
  let last = -1;
  db.eachRaw(
    // CROSS JOIN keeps chunks as the outer loop: a rowid range, then one key lookup per chunk
    // (the planner otherwise scans every vector of the model for each slice).
    `SELECT c.id, c.entry_id, v.scale, v.vec FROM chunks c CROSS JOIN vectors v ON v.model = ? AND v.hash = c.hash
     WHERE c.readable = 1 AND c.id > ? ORDER BY c.id LIMIT ?`,
    [index.model, afterChunk, limit],
    (cols) => {
      last = cols[0] as number;
      const vec = cols[3];
      // another model size: never mixed into this index
      if (vec instanceof Int8Array && vec.length === index.dim) index.addOne(cols[1] as number, last, cols[2] as number, vec);
    },
  );
  return last;
}

/**
 * A note's opening as a load reads it: its first readable passage (by seq,
 * which within a note is chunk id order) with a vector of the model and of
 * `dim` components. `k` names the note in the SQL around it.
 */
const OPENING_ID = `(SELECT c2.id FROM chunks c2 WHERE c2.entry_id = k.entry_id AND c2.readable = 1
  AND EXISTS (SELECT 1 FROM vectors v2 WHERE v2.model = ? AND v2.hash = c2.hash AND length(v2.vec) = ?) ORDER BY c2.seq LIMIT 1)`;

export interface OpeningRow extends IndexRow {
  entryId: number;
}

/**
 * The openings of the next `limit` notes with passages after `afterEntry`
 * (in entry id order; a note without a vector gives none); returns the last
 * entry id looked at, or -1 when there was none. The vectors are copied.
 * One key lookup per note (its first passage, in a fully embedded vault),
 * where the whole index reads every passage.
 */
export function readOpenings(db: Db, model: string, dim: number, afterEntry: number, limit: number, into: OpeningRow[]): number {
  let last = -1;
  db.eachRaw(
    `SELECT k.entry_id, c.id, v.scale, v.vec FROM (SELECT DISTINCT entry_id FROM chunks WHERE entry_id > ? ORDER BY entry_id LIMIT ?) k
     LEFT JOIN chunks c ON c.id = ${OPENING_ID}
     LEFT JOIN vectors v ON v.model = ? AND v.hash = c.hash`,
    [afterEntry, limit, model, dim, model],
    (cols) => {
      last = cols[0] as number;
      const vec = cols[3];
      if (vec instanceof Int8Array) into.push({ entryId: last, chunkId: cols[1] as number, scale: cols[2] as number, vec: vec.slice() });
    },
  );
  return last;
}

/** One note's opening now (null: it has none), for keeping the openings current while the rest loads. */
export function noteOpening(db: Db, model: string, dim: number, entryId: number): IndexRow | null {
  const row = db.get<{ id: number; scale: number; vec: Uint8Array }>(
    `SELECT c.id, v.scale, v.vec FROM (SELECT ? AS entry_id) k JOIN chunks c ON c.id = ${OPENING_ID} JOIN vectors v ON v.model = ? AND v.hash = c.hash`,
    [entryId, model, dim, model],
  );
  return row ? { chunkId: row.id, scale: row.scale, vec: new Int8Array(row.vec.buffer, row.vec.byteOffset, row.vec.byteLength).slice() } : null;
}

/** The rows of one note, for updating the index after its vectors were written. */
/** These notes' readable passages with a vector of the model, by note (every id present, empty when none), one statement per 500 notes. */
export function notesRows(db: Db, model: string, entryIds: readonly number[]): Map<number, IndexRow[]> {
  const out = new Map<number, IndexRow[]>(entryIds.map((id) => [id, []]));
  for (let i = 0; i < entryIds.length; i += 500) {
    const ids = entryIds.slice(i, i + 500);
    const rows = db.all<{ entry_id: number; id: number; scale: number; vec: Uint8Array }>(
      `SELECT c.entry_id, c.id, v.scale, v.vec FROM chunks c JOIN vectors v ON v.model = ? AND v.hash = c.hash
       WHERE c.entry_id IN (${ids.map(() => '?').join(',')}) AND c.readable = 1 ORDER BY c.entry_id, c.seq`,
      [model, ...ids],
    );
    for (const r of rows) out.get(r.entry_id)!.push({ chunkId: r.id, scale: r.scale, vec: new Int8Array(r.vec.buffer, r.vec.byteOffset, r.vec.byteLength) });
  }
  return out;
}

/** The readable passages with these hashes and a vector of the model, by note; `first`: the note's first readable passage. */
export function rowsWithHashes(db: Db, model: string, hashes: readonly string[]): Map<number, (IndexRow & { first: boolean })[]> {
  const out = new Map<number, (IndexRow & { first: boolean })[]>();
  if (!hashes.length) return out;
  const rows = db.all<{ entry_id: number; id: number; scale: number; vec: Uint8Array; first: number }>(
    `SELECT c.entry_id, c.id, v.scale, v.vec, c.seq = (SELECT MIN(f.seq) FROM chunks f WHERE f.entry_id = c.entry_id AND f.readable = 1) AS first
     FROM chunks c JOIN vectors v ON v.model = ? AND v.hash = c.hash
     WHERE c.hash IN (${hashes.map(() => '?').join(',')}) AND c.readable = 1 ORDER BY c.entry_id, c.seq`,
    [model, ...hashes],
  );
  for (const r of rows) {
    const list = out.get(r.entry_id) ?? out.set(r.entry_id, []).get(r.entry_id)!;
    list.push({ chunkId: r.id, scale: r.scale, vec: new Int8Array(r.vec.buffer, r.vec.byteOffset, r.vec.byteLength), first: r.first === 1 });
  }
  return out;
}

/** Removes vectors no chunk uses any more, and every other model's vectors. */
export function collectGarbage(db: Db, model: string): number {
  return db.tx(() => {
    const other = db.run('DELETE FROM vectors WHERE model <> ?', [model]).changes;
    const orphans = db.run('DELETE FROM vectors WHERE model = ? AND hash NOT IN (SELECT hash FROM chunks)', [model]).changes;
    return other + orphans;
  });
}

export function getMeta(db: Db, key: string): string | undefined {
  return db.column<string>('SELECT value FROM meta WHERE key = ?', [key])[0];
}

export function setMeta(db: Db, key: string, value: string | null): void {
  if (value === null) db.run('DELETE FROM meta WHERE key = ?', [key]);
  else db.run('INSERT OR REPLACE INTO meta (key, value) VALUES (?, ?)', [key, value]);
}

// FTS5 writes its pending index data out as a new segment whenever a
// statement opens a savepoint, which most multi-row statements do (DELETE …
// WHERE entry_id = ?, INSERT … SELECT). Writing a note's FTS row in between
// its other rows would therefore cost one tiny segment per note, and merging
// those dominated the import. Writers collect FTS changes here and apply them
// last, just before the transaction commits.
import type { Db } from '../db/database';
import { deleteFtsRow, writeFtsRow, type FtsDoc } from '../text/fts-row';
import { deleteKgRow, writeKgRow, type KgDoc } from './graph-store';

export class FtsWrites {
  private deletes: number[] = [];
  private rows: { id: number; doc: FtsDoc }[] = [];
  // kg_fts (observations and relations, graph-store.ts) is written the same way.
  private kgDeletes: number[] = [];
  private kgRows: { rowid: number; doc: KgDoc }[] = [];

  deleteKg(rowid: number): void {
    this.kgDeletes.push(rowid);
  }

  writeKg(rowid: number, doc: KgDoc): void {
    this.kgRows.push({ rowid, doc });
  }

  delete(id: number): void {
    this.deletes.push(id);
  }

  write(id: number, doc: FtsDoc): void {
    this.rows.push({ id, doc });
  }

  /** Deletes first: an updated entry's old row goes before its new one. */
  apply(db: Db): void {
    for (const id of this.deletes) deleteFtsRow(db, id);
    for (const r of this.rows) writeFtsRow(db, r.id, r.doc);
    for (const rowid of this.kgDeletes) deleteKgRow(db, rowid);
    for (const r of this.kgRows) writeKgRow(db, r.rowid, r.doc);
    this.deletes = [];
    this.rows = [];
    this.kgDeletes = [];
    this.kgRows = [];
  }
}

/** Runs fn with a collector and applies it afterwards (for single writes outside an import). */
export function withFtsWrites<T>(db: Db, fts: FtsWrites | undefined, fn: (fts: FtsWrites) => T): T {
  if (fts) return fn(fts);
  const own = new FtsWrites();
  const out = fn(own);
  own.apply(db);
  return out;
}

// FTS5 writes its pending index data out as a new segment whenever a
// statement opens a savepoint, which most multi-row statements do (DELETE …
// WHERE entry_id = ?, INSERT … SELECT). Writing a note's FTS row in between
// its other rows would therefore cost one tiny segment per note, and merging
// those dominated the import. Writers collect FTS changes here and apply them
// last, just before the transaction commits.
import type { Db } from '../db/database';
import { deleteFtsRow, writeFtsRow, type FtsDoc } from '../text/fts-row';

export class FtsWrites {
  private deletes: number[] = [];
  private rows: { id: number; doc: FtsDoc }[] = [];

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
    this.deletes = [];
    this.rows = [];
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

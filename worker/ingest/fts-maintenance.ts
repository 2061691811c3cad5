// FTS5 merges its index segments as it goes ("automerge"). During a bulk
// import that merging is mostly wasted: the segments are merged again and
// again as more arrive. The import turns it off, then merges once at the end.
// The setting is stored in the index itself and is transactional; if an
// import dies half-way, automerge stays off until the next import ends, which
// costs nothing but a few more segments (FTS5's crisis merge still bounds them).
// Both text indexes get the same care: the notes' openings (fts_lead) are
// scored for every text query, and left in the segments an import wrote
// (7 for seekstone-10k) every query reads each segment's lists; merged, a
// question costs about 7% less CPU (docs/benchmarks.md, "Text ranking: the
// openings' index merged").
import type { Db } from '../db/database';

const DEFAULT_AUTOMERGE = 4;
/** From this many written or removed files on, the whole index is rebuilt as one segment. */
const OPTIMIZE_FROM = 500;
/** The full-text tables an import writes (worker/text/fts-row.ts). */
export const TEXT_INDEXES = ['fts', 'fts_lead'] as const;

export function beforeBulkFtsWrites(db: Db): void {
  for (const t of TEXT_INDEXES) db.run(`INSERT INTO ${t}(${t}, rank) VALUES('automerge', 0)`);
}

/** After an import that stopped early: merging resumes, the next import tidies up. */
export function resumeAutomerge(db: Db): void {
  for (const t of TEXT_INDEXES) db.run(`INSERT INTO ${t}(${t}, rank) VALUES('automerge', ?)`, [DEFAULT_AUTOMERGE]);
}

export function afterBulkFtsWrites(db: Db, changedFiles: number): void {
  db.tx(() => {
    for (const t of TEXT_INDEXES) {
      db.run(`INSERT INTO ${t}(${t}, rank) VALUES('automerge', ?)`, [DEFAULT_AUTOMERGE]);
      // A big import gets one optimal segment; a small one only a bounded merge,
      // rather than rewriting the whole index for a few changed notes.
      if (changedFiles >= OPTIMIZE_FROM) db.run(`INSERT INTO ${t}(${t}) VALUES('optimize')`);
      else if (changedFiles > 0) db.run(`INSERT INTO ${t}(${t}, rank) VALUES('merge', 64)`);
    }
  });
}

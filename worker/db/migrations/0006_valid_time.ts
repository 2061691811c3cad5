// Valid time and a searchable knowledge graph (issue 13). `assertions` holds
// the valid-time claims of observations (worker/ingest/temporal.ts): bounds as
// fixed-width canonical strings, open ends as '' and '~', so containment and
// overlap are plain comparisons an index on (axis, lo) serves. `kg_fts`
// indexes observations and relations for text search on their own.
// Existing notes are re-read from their stored text: qualifiers are peeled
// off observations, assertions and index rows written, refusals reported.
import type { Db } from '../database';
import type { Migration } from '../migrate';
import { readContents } from '../../ingest/contents';
import { FtsWrites } from '../../ingest/fts-writes';
import { clearGraphRows, KG_FTS_SQL, writeGraphRows } from '../../ingest/graph-store';
import { parseNoteText } from '../../ingest/note';

export const ASSERTIONS_SQL = `
CREATE TABLE assertions (
  id             INTEGER PRIMARY KEY,
  entry_id       INTEGER NOT NULL REFERENCES entries(id) ON DELETE CASCADE,
  observation_id INTEGER NOT NULL,   -- observations.id; deleted with the note's graph rows
  kind           TEXT NOT NULL,      -- valid | effective | occurred | due | mentioned
  axis           TEXT NOT NULL CHECK (axis IN ('date', 'instant')),
  lo             TEXT NOT NULL,      -- canonical lower bound; '' when open ('~' for the empty range)
  hi             TEXT NOT NULL,      -- canonical upper bound; '~' when open ('' for the empty range)
  lo_inc         INTEGER NOT NULL,
  hi_inc         INTEGER NOT NULL,
  literal        TEXT NOT NULL,      -- canonical range literal, e.g. [2026-06-10,2026-07-27)
  source_text    TEXT NOT NULL       -- the qualifier as written
);
CREATE INDEX assertions_time ON assertions(axis, lo, hi);
CREATE INDEX assertions_kind ON assertions(kind, axis, lo);
CREATE INDEX assertions_observation ON assertions(observation_id);
CREATE INDEX assertions_entry ON assertions(entry_id);
`;

export const m0006: Migration = {
  version: 6,
  name: 'valid_time',
  up: (db) => {
    db.exec(ASSERTIONS_SQL);
    db.exec(KG_FTS_SQL);
    rederiveGraph(db);
  },
};

/** Re-reads every note's observations and relations from its stored text. */
function rederiveGraph(db: Db): void {
  for (let after = 0; ; ) {
    const notes = db.all<{ id: number; vault_id: number; path: string }>(
      "SELECT id, vault_id, path FROM entries WHERE kind = 'note' AND id > ? ORDER BY id LIMIT 500",
      [after],
    );
    if (!notes.length) break;
    const fts = new FtsWrites();
    for (const n of notes) {
      const text = readContents(db, n.id);
      if (!text) continue;
      const note = parseNoteText(n.path, text.head + text.body);
      const title = db.get<{ title: string }>('SELECT title FROM entries WHERE id = ?', [n.id])!.title;
      clearGraphRows(db, n.id, fts);
      writeGraphRows(db, n.id, title, note.structure.observations, note.structure.relations, fts);
      for (const p of note.problems) {
        if (p.code !== 'temporal_qualifier_refused') continue;
        db.run('INSERT INTO problems (vault_id, path, code, message, action, line, at) VALUES (?, ?, ?, ?, ?, ?, ?)', [n.vault_id, n.path, p.code, p.message, p.action, p.line ?? null, Date.now()]);
      }
    }
    fts.apply(db);
    after = notes[notes.length - 1].id;
  }
}

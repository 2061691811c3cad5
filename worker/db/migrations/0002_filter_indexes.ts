// Indexes for the filter language (worker/query), added to those of 0001
// (fm by key and str, num, fold or t, and by entry). Each index slows every
// import (about a tenth more CPU per index at 18 frontmatter values a note),
// so only these earn their place: booleans would otherwise need a table
// lookup per value, and `find` walks fm_sort to page through notes sorted by
// a field without sorting them all.
import type { Migration } from '../migrate';

/** The fold of version 2, frozen here (worker/ingest/fm-rows.ts foldText may change; this migration must not). */
function foldText(s: string): string {
  return s.normalize('NFKC').toLowerCase().toUpperCase().toLowerCase().normalize('NFKC');
}

export const m0002: Migration = {
  version: 2,
  name: 'filter_indexes',
  sql: `
-- Boolean equality ({"draft": true} also matches "True" and "false" strings).
CREATE INDEX fm_key_bool ON fm(key, bool, entry_id) WHERE bool IS NOT NULL;
-- Each note's first value of a key in find's sort order: numbers, then text
-- (case-folded), then booleans. worker/query/listing.ts orders by exactly
-- these expressions so SQLite can walk this index instead of sorting.
CREATE INDEX fm_sort ON fm(
  key,
  (CASE WHEN num IS NOT NULL THEN 0 WHEN bool IS NOT NULL THEN 2 ELSE 1 END),
  num,
  bool,
  (CASE WHEN num IS NULL AND bool IS NULL THEN fold END),
  entry_id
) WHERE pos <= 0 AND t IN ('str', 'num', 'bool');
-- All notes in id order: the universe a filter of only "missing" conditions
-- starts from. (No (vault_id, kind) index: SQLite would pick it for the
-- import's permalink check and turn an import quadratic.)
CREATE INDEX entries_kind ON entries(kind);
`,
  // The fold column now applies full case folding (ß → ss); refold what an
  // earlier build stored so tag matching agrees with new imports.
  up(db) {
    const rows = db.all<{ id: number; str: string }>('SELECT rowid AS id, str FROM fm WHERE str IS NOT NULL');
    for (const r of rows) db.run('UPDATE fm SET fold = ? WHERE rowid = ?', [foldText(r.str), r.id]);
  },
};

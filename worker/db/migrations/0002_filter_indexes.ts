// Indexes for the filter language (worker/query). A filter is evaluated as
// set algebra over entry ids streamed from these indexes in entry_id order
// (INTERSECT / EXCEPT merge without sorting), and `find` walks fm_sort to
// page through notes sorted by a field without sorting them all.
import type { Migration } from '../migrate';
import { foldText } from '../../ingest/fm-rows';

export const m0002: Migration = {
  version: 2,
  name: 'filter_indexes',
  sql: `
-- String-mode comparisons ($gt "2026-01-01") see only real text: numbers,
-- numeric-looking strings and true/false are outside this partial index, so a
-- date range is one index range scan with no table lookups (num and bool
-- ride along, always NULL, so the index covers the query).
CREATE INDEX fm_key_text ON fm(key, str, entry_id, num, bool) WHERE num IS NULL AND bool IS NULL;
-- Boolean equality ({"draft": true} also matches "True" and "false" strings).
CREATE INDEX fm_key_bool ON fm(key, bool, entry_id) WHERE bool IS NOT NULL;
-- Notes where a key has a value, in entry_id order ($exists, null); t rides
-- along so the index covers the query.
CREATE INDEX fm_has ON fm(key, entry_id, t) WHERE t IN ('str', 'num', 'bool');
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
-- All notes (of a vault) in id order: the universe a filter of only
-- "missing" conditions starts from.
CREATE INDEX entries_kind ON entries(kind);
CREATE INDEX entries_vault_kind ON entries(vault_id, kind);
`,
  // The fold column now applies full case folding (ß → ss); refold what an
  // earlier build stored so tag matching agrees with new imports.
  up(db) {
    const rows = db.all<{ id: number; str: string }>('SELECT rowid AS id, str FROM fm WHERE str IS NOT NULL');
    for (const r of rows) db.run('UPDATE fm SET fold = ? WHERE rowid = ?', [foldText(r.str), r.id]);
  },
};

// Indexes for the filter language (worker/query). Each filter condition is an
// index lookup on fm by (key, typed column); these two complete the set that
// 0001 started with (str, num, fold, t).
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
`,
  // The fold column now applies full case folding (ß → ss); refold what an
  // earlier build stored so tag matching agrees with new imports.
  up(db) {
    const rows = db.all<{ id: number; str: string }>('SELECT rowid AS id, str FROM fm WHERE str IS NOT NULL');
    for (const r of rows) db.run('UPDATE fm SET fold = ? WHERE rowid = ?', [foldText(r.str), r.id]);
  },
};

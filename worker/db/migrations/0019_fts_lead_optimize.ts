// Imports before this version left the notes' openings index (fts_lead) in
// the segments they wrote: only the main index was merged after an import
// (worker/ingest/fts-maintenance.ts now merges both). Every text query scores
// the openings and reads every segment's lists to do it, so databases
// imported before are merged once here. The results of every query are the
// same either way.
import type { Migration } from '../migrate';

export const m0019: Migration = {
  version: 19,
  name: 'fts_lead_optimize',
  sql: `INSERT INTO fts_lead(fts_lead) VALUES('optimize');`,
};

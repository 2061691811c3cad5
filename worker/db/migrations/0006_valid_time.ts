// Valid time and a searchable knowledge graph (issue 13). `assertions` holds
// the valid-time claims of observations (worker/ingest/temporal.ts): bounds as
// fixed-width canonical strings, open ends as '' and '~', so containment and
// overlap are plain comparisons an index on (axis, lo) serves. `kg_fts`
// indexes observations and relations for text search on their own.
//
// Schema only, frozen here as version 6 shipped it. Existing notes' qualifiers
// are read from their stored text by the live import when the database opens
// (worker/ingest/derivation.ts): observations, assertions, index rows, refusals.
import type { Migration } from '../migrate';

export const m0006: Migration = {
  version: 6,
  name: 'valid_time',
  sql: `
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

CREATE VIRTUAL TABLE kg_fts USING fts5(
  label, text, tags, context, note,
  content = '', contentless_delete = 1,
  tokenize = 'porter unicode61 remove_diacritics 2'
);
`,
};

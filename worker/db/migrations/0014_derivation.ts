// What the live import derives from each note's stored text (fm rows of
// inline tags and fields, permalinks, the text indexes, observations,
// relations and their assertions) is versioned apart from the schema: this
// table records which derivation a database holds. Empty means "derived by an
// older Kioku or never": the next open re-reads every note
// (worker/ingest/derivation.ts). A migration never runs live import code.
import type { Migration } from '../migrate';

export const m0014: Migration = {
  version: 14,
  name: 'derivation',
  sql: `
CREATE TABLE derivation (
  id      INTEGER PRIMARY KEY CHECK (id = 1),
  version INTEGER NOT NULL
);
`,
};

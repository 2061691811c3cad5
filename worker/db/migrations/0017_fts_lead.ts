// The openings of notes as a text index of their own (issue 16): questions
// are matched against what a note says it is about before its long body. The
// table starts empty; DERIVATION_VERSION 2 (and later) makes the next open rebuild both
// text indexes from the stored notes (worker/ingest/derivation.ts), so no
// live import code runs here.
import type { Migration } from '../migrate';

export const m0017: Migration = {
  version: 17,
  name: 'fts_lead',
  sql: `
CREATE VIRTUAL TABLE fts_lead USING fts5(
  lead,
  content = '', contentless_delete = 1,
  tokenize = 'porter unicode61 remove_diacritics 2'
);
`,
};

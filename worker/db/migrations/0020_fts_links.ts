// The text index gains a `links` column: where a note's links point (targets,
// their headings, URLs, embedded files' names), apart from the words a reader
// sees (issue 16; worker/text/link-text.ts).
//
// Schema only, frozen here as version 20 shipped it: the index is created
// empty, and derivation 7 (worker/ingest/derivation.ts) fills it from the
// stored notes the next time the database opens, so nothing needs importing
// again.
import type { Migration } from '../migrate';

export const m0020: Migration = {
  version: 20,
  name: 'fts_links',
  sql: `
DROP TABLE fts;
CREATE VIRTUAL TABLE fts USING fts5(
  title, headings, body, tags, aliases, path, meta, links,
  content = '', contentless_delete = 1,
  tokenize = 'porter unicode61 remove_diacritics 2'
);
`,
};

// Obsidian vaults (issue 12): inline #tags and Dataview inline fields become
// fm rows, marked src = 'inline' (frontmatter rows keep NULL); the text index
// gains a `meta` column of frontmatter values.
//
// Schema only, frozen here as version 5 shipped it. The rows themselves are
// derived from each note's stored text by the live import when the database
// opens (worker/ingest/derivation.ts, table `derivation` of migration 14), so
// the index created empty here is filled then and nothing needs importing again.
import type { Migration } from '../migrate';

export const m0005: Migration = {
  version: 5,
  name: 'obsidian',
  sql: `
ALTER TABLE fm ADD COLUMN src TEXT;
-- Only body-derived rows enter it, so frontmatter-only imports pay nothing.
CREATE INDEX fm_src ON fm(src, key, entry_id) WHERE src IS NOT NULL;

DROP TABLE fts;
CREATE VIRTUAL TABLE fts USING fts5(
  title, headings, body, tags, aliases, path, meta,
  content = '', contentless_delete = 1,
  tokenize = 'porter unicode61 remove_diacritics 2'
);
`,
};

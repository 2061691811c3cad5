// Obsidian vaults (issue 12): inline #tags and Dataview inline fields become
// fm rows, marked src = 'inline' (frontmatter rows keep NULL); the text index
// gains a `meta` column of frontmatter values. Existing notes are re-read
// from their stored text, so nothing needs importing again.
import type { Migration } from '../migrate';
import { rederiveNoteMetadata } from '../../ingest/rederive';
import { rebuildFts } from '../../text/fts-row';

export const m0005: Migration = {
  version: 5,
  name: 'obsidian',
  sql: `
ALTER TABLE fm ADD COLUMN src TEXT;
-- Only body-derived rows enter it, so frontmatter-only imports pay nothing.
CREATE INDEX fm_src ON fm(src, key, entry_id) WHERE src IS NOT NULL;
`,
  up(db) {
    rederiveNoteMetadata(db);
    rebuildFts(db);
  },
};

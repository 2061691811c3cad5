// What the note view needs from a vault beyond its notes: whether the folder
// is an Obsidian vault (it has .obsidian/, so notes can offer "Open in
// Obsidian"), and copies of its pictures and PDFs for folders the page cannot
// read again later (dropped or uploaded without a folder handle).
import type { Migration } from '../migrate';

export const m0010: Migration = {
  version: 10,
  name: 'vault_files',
  sql: `
ALTER TABLE vaults ADD COLUMN obsidian INTEGER NOT NULL DEFAULT 0;

-- One row per kept file; a file over the size cap keeps no row. Removed with
-- its entry (and so with its vault), replaced when the file changes.
CREATE TABLE attachments (
  entry_id INTEGER PRIMARY KEY REFERENCES entries(id) ON DELETE CASCADE,
  bytes    BLOB NOT NULL
);
`,
};

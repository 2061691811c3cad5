// Dataview's file.day (a note's date: a `date` or `day` field, else a date in
// its file name) as a column of entries, filled by the import and, for notes
// already stored, by derivation 9 (worker/ingest/derivation.ts): SQL cannot
// find a date anywhere in a name, so the import works it out once. The view
// file_fields of migration 0012 gains it, one row for each note that has a
// day; file.inlinks counts the notes that link here, as Dataview lists them
// (0012 counted their links: a note linking twice counted twice); the other
// arms are 0012's, frozen here as version 21 shipped them.
import type { Migration } from '../migrate';

const NOTE = "FROM entries e WHERE e.kind = 'note'";
const str = (key: string, expr: string) => `SELECT e.id, '${key}', -1, 'str', NULL, ${expr}, lower(${expr}), NULL ${NOTE}`;
const num = (key: string, expr: string) => `SELECT e.id, '${key}', -1, 'num', ${expr}, NULL, NULL, NULL ${NOTE}`;
const BASENAME = "CASE WHEN e.ext <> '' AND length(e.name) > length(e.ext) + 1 THEN substr(e.name, 1, length(e.name) - length(e.ext) - 1) ELSE e.name END";
const MTIME = "strftime('%Y-%m-%dT%H:%M:%S', e.mtime / 1000, 'unixepoch')";
const NO_MD = (col: string) => `CASE WHEN lower(${col}) LIKE '%.md' THEN substr(${col}, 1, length(${col}) - 3) ELSE ${col} END`;
const NAMES_IT = `r.target_key IN (lower(e.title), lower(e.permalink), lower(e.path), lower(${NO_MD('e.path')}), lower(e.name), lower(${NO_MD('e.name')}))`;

export const m0021: Migration = {
  version: 21,
  name: 'file_day',
  sql: `
ALTER TABLE entries ADD COLUMN day TEXT;
DROP VIEW file_fields;
CREATE VIEW file_fields (entry_id, key, pos, t, num, str, fold, bool) AS
${[
  str('file.name', BASENAME),
  str('file.path', 'e.path'),
  str('file.folder', 'e.folder'),
  str('file.ext', 'e.ext'),
  num('file.size', 'e.size'),
  str('file.mtime', MTIME),
  `${str('file.day', 'e.day')} AND e.day IS NOT NULL`,
  num('file.outlinks', '(SELECT count(*) FROM relations r WHERE r.entry_id = e.id)'),
  num('file.inlinks', `(SELECT count(DISTINCT s.id) FROM relations r JOIN entries s ON s.id = r.entry_id WHERE ${NAMES_IT} AND s.vault_id = e.vault_id AND s.id <> e.id AND s.id NOT IN (SELECT entry_id FROM hidden_entries))`),
  "SELECT entry_id, 'file.etags', pos, t, num, str, fold, bool FROM fm WHERE key = 'tags' AND t = 'str'",
].join('\nUNION ALL\n')};
`,
};

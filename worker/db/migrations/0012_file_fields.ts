// Dataview's file fields (issue 12) as rows shaped like fm's, so the filter
// language reads them like frontmatter: file.name (without extension),
// file.folder, file.path, file.ext, file.size, file.mtime (UTC,
// YYYY-MM-DDTHH:MM:SS), file.etags (the note's tags as written, from the
// frontmatter and inline; file.tags, which also matches parent tags, is the
// tags key itself), file.outlinks (links and relations written in the
// note) and file.inlinks (those of other notes of its vault whose target
// names it by title, permalink, path or file name; notes the reader may not
// see are not counted). A view: nothing is
// stored, so imports pay nothing and counts never go stale. Notes only.
import type { Migration } from '../migrate';

const NOTE = "FROM entries e WHERE e.kind = 'note'";
const str = (key: string, expr: string) => `SELECT e.id, '${key}', -1, 'str', NULL, ${expr}, lower(${expr}), NULL ${NOTE}`;
const num = (key: string, expr: string) => `SELECT e.id, '${key}', -1, 'num', ${expr}, NULL, NULL, NULL ${NOTE}`;
const BASENAME = "CASE WHEN e.ext <> '' AND length(e.name) > length(e.ext) + 1 THEN substr(e.name, 1, length(e.name) - length(e.ext) - 1) ELSE e.name END";
const MTIME = "strftime('%Y-%m-%dT%H:%M:%S', e.mtime / 1000, 'unixepoch')";
const NO_MD = (col: string) => `CASE WHEN lower(${col}) LIKE '%.md' THEN substr(${col}, 1, length(${col}) - 3) ELSE ${col} END`;
// The keys a link may name a note by, as read_note resolves links (then worker/search/item-hits.ts RESOLVE_SQL; now worker/search/links.ts).
const NAMES_IT = `r.target_key IN (lower(e.title), lower(e.permalink), lower(e.path), lower(${NO_MD('e.path')}), lower(e.name), lower(${NO_MD('e.name')}))`;

export const m0012: Migration = {
  version: 12,
  name: 'file_fields',
  sql: `
CREATE VIEW file_fields (entry_id, key, pos, t, num, str, fold, bool) AS
${[
  str('file.name', BASENAME),
  str('file.path', 'e.path'),
  str('file.folder', 'e.folder'),
  str('file.ext', 'e.ext'),
  num('file.size', 'e.size'),
  str('file.mtime', MTIME),
  num('file.outlinks', '(SELECT count(*) FROM relations r WHERE r.entry_id = e.id)'),
  num('file.inlinks', `(SELECT count(*) FROM relations r JOIN entries s ON s.id = r.entry_id WHERE ${NAMES_IT} AND s.vault_id = e.vault_id AND s.id <> e.id AND s.id NOT IN (SELECT entry_id FROM hidden_entries))`),
  "SELECT entry_id, 'file.etags', pos, t, num, str, fold, bool FROM fm WHERE key = 'tags' AND t = 'str'",
].join('\nUNION ALL\n')};
`,
};

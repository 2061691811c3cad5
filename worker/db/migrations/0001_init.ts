// The first schema. Notes and other files share `entries`; everything derived
// from a note (frontmatter values, observations, relations, chunks, FTS row)
// is keyed by entries.id and rewritten as a unit when the file changes.
import type { Migration } from '../migrate';

export const m0001: Migration = {
  version: 1,
  name: 'init',
  sql: `
CREATE TABLE meta (
  key   TEXT PRIMARY KEY,
  value TEXT NOT NULL
) WITHOUT ROWID;

CREATE TABLE vaults (
  id           INTEGER PRIMARY KEY,
  name         TEXT NOT NULL UNIQUE,
  root         TEXT,                 -- where it was imported from, for display and re-sync
  source       TEXT,                 -- 'handle' | 'files' | 'node' | 'sample' | 'app'
  created_at   INTEGER NOT NULL,
  imported_at  INTEGER,
  import_state TEXT NOT NULL DEFAULT 'empty'  -- 'importing' until a walk completes
);

CREATE TABLE entries (
  id          INTEGER PRIMARY KEY,
  vault_id    INTEGER NOT NULL REFERENCES vaults(id) ON DELETE CASCADE,
  path        TEXT NOT NULL,         -- vault-relative, '/' separated, with extension
  folder      TEXT NOT NULL,         -- vault-relative parent folder, '' at the root
  name        TEXT NOT NULL,         -- file name with extension
  ext         TEXT NOT NULL,         -- lower case, no dot
  kind        TEXT NOT NULL CHECK (kind IN ('note', 'file')),
  size        INTEGER NOT NULL,
  mtime       INTEGER NOT NULL,
  hash        TEXT NOT NULL,         -- content hash; unchanged files are skipped on re-import
  title       TEXT NOT NULL,
  type        TEXT,
  permalink   TEXT,
  tags        TEXT,                  -- JSON array, as written (minus '#')
  frontmatter TEXT,                  -- JSON of the parsed frontmatter, typed
  truncated   INTEGER NOT NULL DEFAULT 0,
  dirty       INTEGER NOT NULL DEFAULT 0,  -- edited in the app, not yet written to its folder
  UNIQUE (vault_id, path)
);
CREATE INDEX entries_path ON entries(path);
CREATE INDEX entries_folder ON entries(vault_id, folder);
CREATE INDEX entries_permalink ON entries(permalink);
CREATE INDEX entries_title ON entries(title COLLATE NOCASE);

-- The file's text split at the end of the frontmatter block: head || body is
-- exactly the file as imported, so export and write-back never lose bytes.
CREATE TABLE contents (
  entry_id INTEGER PRIMARY KEY REFERENCES entries(id) ON DELETE CASCADE,
  head     TEXT NOT NULL,
  body     TEXT NOT NULL
);

-- Typed frontmatter values, one row per scalar (list elements get pos >= 0).
-- Nested maps are flattened to dotted keys; a literal dotted key lands on the
-- same key text, which is what the filter language promises.
CREATE TABLE fm (
  entry_id INTEGER NOT NULL REFERENCES entries(id) ON DELETE CASCADE,
  key      TEXT NOT NULL,
  pos      INTEGER NOT NULL,         -- -1: the value itself; >= 0: list element
  t        TEXT NOT NULL,            -- str | num | bool | null | list | map
  num      REAL,                     -- numbers and numeric-looking strings
  str      TEXT,                     -- strings (NFC), never numbers
  fold     TEXT,                     -- NFKC + case-folded string, for tags and $contains
  bool     INTEGER                   -- booleans and the strings true/false
);
-- Partial: a row only enters the index of the typed column it has, which
-- keeps imports fast; a comparison on num/str/fold implies NOT NULL, so the
-- planner still uses them.
CREATE INDEX fm_key_str  ON fm(key, str, entry_id) WHERE str IS NOT NULL;
CREATE INDEX fm_key_num  ON fm(key, num, entry_id) WHERE num IS NOT NULL;
CREATE INDEX fm_key_fold ON fm(key, fold, entry_id) WHERE fold IS NOT NULL;
CREATE INDEX fm_key_t    ON fm(key, t, entry_id);
CREATE INDEX fm_entry    ON fm(entry_id, key);

CREATE TABLE observations (
  id       INTEGER PRIMARY KEY,
  entry_id INTEGER NOT NULL REFERENCES entries(id) ON DELETE CASCADE,
  line     INTEGER NOT NULL,
  category TEXT NOT NULL,
  content  TEXT NOT NULL,
  tags     TEXT NOT NULL,            -- JSON array
  context  TEXT
);
CREATE INDEX observations_entry ON observations(entry_id);
CREATE INDEX observations_category ON observations(category);

CREATE TABLE relations (
  id       INTEGER PRIMARY KEY,
  entry_id INTEGER NOT NULL REFERENCES entries(id) ON DELETE CASCADE,
  line     INTEGER NOT NULL,
  type     TEXT NOT NULL,
  target   TEXT NOT NULL,            -- as written inside [[...]], without alias/heading
  target_key TEXT NOT NULL,          -- normalised for resolving links and backlinks
  context  TEXT
);
CREATE INDEX relations_entry ON relations(entry_id);
CREATE INDEX relations_target ON relations(target_key);

CREATE TABLE chunks (
  id       INTEGER PRIMARY KEY,
  entry_id INTEGER NOT NULL REFERENCES entries(id) ON DELETE CASCADE,
  seq      INTEGER NOT NULL,
  heading  TEXT,
  text     TEXT NOT NULL,
  hash     TEXT NOT NULL
);
CREATE INDEX chunks_entry ON chunks(entry_id, seq);

CREATE TABLE embeddings (
  model    TEXT NOT NULL,
  chunk_id INTEGER NOT NULL REFERENCES chunks(id) ON DELETE CASCADE,
  dim      INTEGER NOT NULL,
  scale    REAL NOT NULL,
  vec      BLOB NOT NULL,
  PRIMARY KEY (model, chunk_id)
) WITHOUT ROWID;
CREATE INDEX embeddings_chunk ON embeddings(chunk_id);

CREATE TABLE problems (
  id       INTEGER PRIMARY KEY,
  vault_id INTEGER NOT NULL REFERENCES vaults(id) ON DELETE CASCADE,
  path     TEXT NOT NULL,
  code     TEXT NOT NULL,
  message  TEXT NOT NULL,
  action   TEXT NOT NULL,
  line     INTEGER,
  at       INTEGER NOT NULL
);
CREATE INDEX problems_path ON problems(vault_id, path);

-- Text index. Contentless: the engine feeds it normalised text (see
-- worker/text/) and builds snippets itself from contents.body.
CREATE VIRTUAL TABLE fts USING fts5(
  title, headings, body, tags, aliases, path,
  content = '', contentless_delete = 1,
  tokenize = 'unicode61 remove_diacritics 2'
);
`,
};

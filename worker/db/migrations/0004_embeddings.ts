// Embeddings, redesigned. Vectors are keyed by (model, hash of the text the
// model read), not by chunk row: re-importing a note rewrites its chunks, but
// every chunk whose text did not change finds its vector again, and a renamed
// or moved note keeps its vectors. `chunked` records which notes have chunks
// for the current chunking; any rewrite of a note's entry clears its row, so
// the embedding queue picks it up again (see worker/embed/store.ts).
import type { Migration } from '../migrate';

export const m0004: Migration = {
  version: 4,
  name: 'embeddings',
  sql: `
DROP TABLE IF EXISTS embeddings;
DROP TABLE IF EXISTS chunks;

CREATE TABLE chunks (
  id       INTEGER PRIMARY KEY,
  entry_id INTEGER NOT NULL REFERENCES entries(id) ON DELETE CASCADE,
  seq      INTEGER NOT NULL,
  heading  TEXT,                     -- heading path where the chunk starts
  text     TEXT NOT NULL,            -- cleaned chunk text, shown as the snippet
  hash     TEXT NOT NULL,            -- hash of what the model reads (title, heading, text)
  readable INTEGER NOT NULL          -- 0: mostly in scripts the model cannot read; never embedded
);
CREATE INDEX chunks_entry ON chunks(entry_id, seq);
CREATE INDEX chunks_hash ON chunks(hash);
-- The queue embeds every note's first chunk, then every second one, ...:
-- search by meaning covers the whole vault early, refined as it goes.
CREATE INDEX chunks_order ON chunks(seq, id) WHERE readable = 1;

-- int8 per component with one scale per vector: value[i] = vec[i] * scale.
CREATE TABLE vectors (
  model TEXT NOT NULL,
  hash  TEXT NOT NULL,
  dim   INTEGER NOT NULL,
  scale REAL NOT NULL,
  vec   BLOB NOT NULL,
  PRIMARY KEY (model, hash)
) WITHOUT ROWID;

CREATE TABLE chunked (
  entry_id INTEGER PRIMARY KEY REFERENCES entries(id) ON DELETE CASCADE,
  chunker  TEXT NOT NULL,
  chunks   INTEGER NOT NULL
);

-- Which notes (or their chunks) changed, in order: the in-memory vector index applies
-- the changes since it was loaded (an import of a few notes never forces a
-- full reload) and then forgets them. AUTOINCREMENT keeps the sequence
-- (the "epoch") growing after rows are forgotten.
CREATE TABLE embed_changes (n INTEGER PRIMARY KEY AUTOINCREMENT, entry_id INTEGER NOT NULL);
CREATE TRIGGER chunked_insert AFTER INSERT ON chunked BEGIN INSERT INTO embed_changes (entry_id) VALUES (NEW.entry_id); END;
CREATE TRIGGER chunked_delete AFTER DELETE ON chunked BEGIN INSERT INTO embed_changes (entry_id) VALUES (OLD.entry_id); END;
-- New and removed notes change what "every note is embedded" means.
CREATE TRIGGER entries_added AFTER INSERT ON entries WHEN NEW.kind = 'note' BEGIN INSERT INTO embed_changes (entry_id) VALUES (NEW.id); END;
CREATE TRIGGER entries_removed AFTER DELETE ON entries WHEN OLD.kind = 'note' BEGIN INSERT INTO embed_changes (entry_id) VALUES (OLD.id); END;

-- A rewritten entry (new text, title or kind) is chunked again.
CREATE TRIGGER entries_rechunk AFTER UPDATE OF hash, title, kind ON entries
BEGIN DELETE FROM chunked WHERE entry_id = NEW.id; END;
`,
};

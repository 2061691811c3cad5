// Task lines of notes (`- [ ] call Bob 📅 2022-03-01`), one row each: the
// box's character, the text after it, and the dates Dataview's inline fields
// or the Tasks plugin's emoji give on the line; `fold` is the text case-folded
// for word look-ups. Filled by the import and, for
// notes already stored, by derivation 9 (worker/ingest/derivation.ts).
import type { Migration } from '../migrate';

export const m0022: Migration = {
  version: 22,
  name: 'tasks',
  sql: `
CREATE TABLE tasks (
  entry_id   INTEGER NOT NULL REFERENCES entries(id) ON DELETE CASCADE,
  line       INTEGER NOT NULL,
  status     TEXT NOT NULL,
  text       TEXT NOT NULL,
  fold       TEXT NOT NULL,
  due        TEXT,
  completion TEXT,
  scheduled  TEXT,
  start      TEXT,
  PRIMARY KEY (entry_id, line)
) WITHOUT ROWID;
CREATE INDEX tasks_due ON tasks(due);
`,
};

// A number that moves with every change to assertions (issue 13's latency
// target): the in-memory snapshot of their bounds
// (worker/query/valid-time-bounds.ts) is kept while it stays the same, so
// other writes (embeddings, notes without qualifiers) never discard it, and
// another process's commit is seen by reading the row.
import type { Migration } from '../migrate';

export const m0018: Migration = {
  version: 18,
  name: 'assertions_generation',
  sql: `
CREATE TABLE assertions_generation (n INTEGER NOT NULL);
INSERT INTO assertions_generation (n) VALUES (0);
CREATE TRIGGER assertions_generation_insert AFTER INSERT ON assertions BEGIN UPDATE assertions_generation SET n = n + 1; END;
CREATE TRIGGER assertions_generation_delete AFTER DELETE ON assertions BEGIN UPDATE assertions_generation SET n = n + 1; END;
CREATE TRIGGER assertions_generation_update AFTER UPDATE ON assertions BEGIN UPDATE assertions_generation SET n = n + 1; END;
`,
};

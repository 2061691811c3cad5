// Valid-time listings answered from indexes (issue 13's latency target):
// every index on assertions holds all the columns a valid-time question
// reads (bounds, inclusivity, kind, ids), so counting the answers and walking
// a note's assertions never touch the table. Each index keeps its name and
// leading columns, so every plan that used one still does. assertions_end
// orders them by upper bound, so the answers to a question are counted as
// two index ranges (worker/query/valid-time-count.ts).
import type { Migration } from '../migrate';

export const m0015: Migration = {
  version: 15,
  name: 'valid_time_indexes',
  sql: `
DROP INDEX assertions_time;
CREATE INDEX assertions_time ON assertions(axis, lo, hi, hi_inc, lo_inc, kind, entry_id, observation_id);
DROP INDEX assertions_kind;
CREATE INDEX assertions_kind ON assertions(kind, axis, lo, hi, hi_inc, lo_inc, entry_id, observation_id);
DROP INDEX assertions_entry;
CREATE INDEX assertions_entry ON assertions(entry_id, axis, lo, hi, hi_inc, lo_inc, kind, observation_id);
DROP INDEX assertions_observation;
CREATE INDEX assertions_observation ON assertions(observation_id, axis, lo, hi, hi_inc, lo_inc, kind);
CREATE INDEX assertions_end ON assertions(axis, hi, hi_inc);
`,
};

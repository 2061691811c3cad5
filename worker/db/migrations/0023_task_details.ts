// What the Tasks plugin (and its Dataview format) writes on a task line beyond
// dates of 0022: when it was created (➕, created::) and cancelled (❌,
// cancelled::), its priority (🔺 ⏫ 🔼 🔽 ⏬, priority::) and how it recurs
// (🔁, repeat::). Filled by the import and, for tasks already stored, by
// derivation 10 (worker/ingest/derivation.ts).
import type { Migration } from '../migrate';

export const m0023: Migration = {
  version: 23,
  name: 'task_details',
  sql: `
ALTER TABLE tasks ADD COLUMN created TEXT;
ALTER TABLE tasks ADD COLUMN cancelled TEXT;
ALTER TABLE tasks ADD COLUMN priority TEXT;
ALTER TABLE tasks ADD COLUMN recurrence TEXT;
`,
};

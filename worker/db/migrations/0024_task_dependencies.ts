// The Tasks plugin's dependencies on a task line: its own id (🆔 abc, [id::
// abc]) and the ids of the tasks it waits for (⛔ abc,def, [dependsOn:: …]),
// stored as a JSON list. Filled by the import and, for tasks already stored,
// by derivation 11 (worker/ingest/derivation.ts).
import type { Migration } from '../migrate';

export const m0024: Migration = {
  version: 24,
  name: 'task_dependencies',
  sql: `
ALTER TABLE tasks ADD COLUMN task_id TEXT;
ALTER TABLE tasks ADD COLUMN depends_on TEXT;
CREATE INDEX tasks_task_id ON tasks(task_id) WHERE task_id IS NOT NULL;
`,
};

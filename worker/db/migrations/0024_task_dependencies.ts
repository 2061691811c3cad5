// The Tasks plugin's dependencies on a task line: its own id (🆔 abc, [id::
// abc]) in tasks.task_id, and the ids of the tasks it waits for (⛔ abc,def,
// [dependsOn:: …]), a row each in task_dependencies (and as written, a JSON
// list, in tasks.depends_on). Both directions are index lookups: "blocked"
// goes from a task's rows to the tasks with those ids, "blocking" from an id
// to the rows naming it. Filled by the import and, for tasks already stored,
// by derivation 11 (worker/ingest/derivation.ts).
import type { Migration } from '../migrate';

export const m0024: Migration = {
  version: 24,
  name: 'task_dependencies',
  sql: `
ALTER TABLE tasks ADD COLUMN task_id TEXT;
ALTER TABLE tasks ADD COLUMN depends_on TEXT;
CREATE INDEX tasks_task_id ON tasks(task_id) WHERE task_id IS NOT NULL;
CREATE TABLE task_dependencies (
  entry_id INTEGER NOT NULL,
  line     INTEGER NOT NULL,
  id       TEXT NOT NULL,
  PRIMARY KEY (entry_id, line, id),
  FOREIGN KEY (entry_id, line) REFERENCES tasks(entry_id, line) ON DELETE CASCADE
) WITHOUT ROWID;
CREATE INDEX task_dependencies_id ON task_dependencies(id);
`,
};

// The tasks tool: task lines of notes (`- [ ] call Bob 📅 2022-03-01`), as
// Dataview's TASK queries and the Tasks plugin list them, selected by status,
// words, due date and the notes' scope. Rows come from the `tasks` table the
// import fills (worker/ingest/tasks.ts); note bodies are never read here.
import { argName, describe, optBool, optInt, optString, type Args } from '../args';
import type { Db, SqlValue } from '../db/database';
import { foldText } from '../ingest/fm-rows';
import { isCalendarDate } from '../ingest/tasks';
import { fieldsInLine, type InlineField } from '../ingest/inline-fields';
import type { FmValue } from '../ingest/frontmatter';
import { toolError } from '../errors';
import { buildScope, readScope, type ScopeArgs } from '../search/scope';
import { takeOperators, unsupportedNotice } from '../search/operators';
import { defineTool } from './define';
import { visibleId } from '../team/sql';

export interface TaskRow {
  vault: string;
  path: string;
  /** The note's title. */
  title: string;
  line: number;
  /** The box's character: " " open, "x" done, or a custom status. */
  status: string;
  /** Status x or X. */
  done: boolean;
  /** The text after the box as written, date fields and emoji included. */
  text: string;
  due: string | null;
  completion: string | null;
  scheduled: string | null;
  start: string | null;
  created: string | null;
  cancelled: string | null;
  /** highest, high, medium, low or lowest; null when the line gives none (the Tasks plugin's "normal"). */
  priority: string | null;
  /** How the task recurs, as written after 🔁 or in repeat:: ("every week"). */
  recurrence: string | null;
  /** The task's id for dependencies (🆔 abc, [id:: abc]). */
  id: string | null;
  /** The ids of the tasks it waits for (⛔ abc,def, [dependsOn:: …]). */
  depends_on: string[];
  /** Not done and waiting for a task of its vault that is not done either (the Tasks plugin's "is blocked"). */
  blocked: boolean;
  /** Not done, and a task of its vault that is not done waits for it ("is blocking"). */
  blocking: boolean;
  /** The task's own inline fields (`[duedate:: 2022-09-26]`), typed as Dataview types them; a key written twice holds a list. */
  fields: Record<string, FmValue>;
}

export interface TasksResult {
  tasks: TaskRow[];
  total: number;
  page: number;
  page_size: number;
  has_more: boolean;
  /** An Obsidian operator in query that Kioku does not support (line:, task:): its words were looked for in the tasks. */
  notice?: string;
  notice_code?: 'query_operator_unsupported';
}

interface TasksInput {
  /** Statuses wanted; null: any. `exclude`: every status but these (not_done). */
  statuses: string[] | null;
  exclude: boolean;
  words: string[];
  withoutWords: string[];
  dueBefore?: string;
  dueAfter?: string;
  /** Priorities wanted; null in the list stands for none given ("normal"). */
  priorities: (string | null)[] | null;
  blocked?: boolean;
  blocking?: boolean;
  sort: TaskSort;
  scope: ScopeArgs;
  page: number;
  pageSize: number;
}

const STATUS_WORDS: Record<string, string[] | null> = { open: [' '], done: ['x', 'X'], cancelled: ['-'], in_progress: ['/'], any: null };
// The Tasks plugin's "not done": every status but done and cancelled (open, in progress, forwarded, …).
const NOT_DONE = 'not_done';
const CLOSED = ['x', 'X', '-'];
const OPEN_SQL = (alias: string) => `${alias}.status NOT IN ('x', 'X', '-')`;
/**
 * Dependencies, as the Tasks plugin reads them: direct ones only, within the
 * task's vault, between tasks not done (done and cancelled ones neither block
 * nor are blocked); tasks of notes hidden from the local identity count for
 * nothing. Both are index lookups from the task (task_dependencies, migration
 * 0024; CROSS JOIN keeps SQLite from driving the join from every note).
 */
const BLOCKED_SQL = `(${OPEN_SQL('t')} AND t.depends_on IS NOT NULL AND EXISTS (
  SELECT 1 FROM task_dependencies d CROSS JOIN tasks u ON u.task_id = d.id CROSS JOIN entries ue ON ue.id = u.entry_id
  WHERE d.entry_id = t.entry_id AND d.line = t.line AND ue.vault_id = e.vault_id AND ${OPEN_SQL('u')} AND ${visibleId('u.entry_id')}))`;
const BLOCKING_SQL = `(${OPEN_SQL('t')} AND t.task_id IS NOT NULL AND EXISTS (
  SELECT 1 FROM task_dependencies d CROSS JOIN tasks w ON w.entry_id = d.entry_id AND w.line = d.line CROSS JOIN entries we ON we.id = w.entry_id
  WHERE d.id = t.task_id AND we.vault_id = e.vault_id AND ${OPEN_SQL('w')} AND ${visibleId('w.entry_id')}))`;
const PRIORITY_WORDS = ['highest', 'high', 'medium', 'normal', 'low', 'lowest'];
// The Tasks plugin's order: no priority ranks between medium and low.
const PRIORITY_RANK = "CASE t.priority WHEN 'highest' THEN 0 WHEN 'high' THEN 1 WHEN 'medium' THEN 2 WHEN 'low' THEN 4 WHEN 'lowest' THEN 5 ELSE 3 END";
type TaskSort = 'due' | 'priority' | 'path';
const ORDER: Record<TaskSort, string> = {
  due: `t.due IS NULL, t.due, ${PRIORITY_RANK}, e.path, v.name, t.line`,
  priority: `${PRIORITY_RANK}, t.due IS NULL, t.due, e.path, v.name, t.line`,
  path: 'e.path, v.name, t.line',
};

export const tasksTool = defineTool<TasksInput, TasksResult>({
  name: 'tasks',
  description: 'Lists the task lines of notes (- [ ] open, - [x] done, custom statuses such as [>] or [-]) with their due and completion dates from Dataview fields (due:: 2022-03-01) or Tasks plugin emoji (📅 ✅ ⏳ 🛫), with their created and cancelled dates (➕ ❌), priority (🔺 ⏫ 🔼 🔽 ⏬ or [priority:: high]) and recurrence (🔁 every week, [repeat:: …]); sorted by due date (tasks without one last), then priority, then path and line. Each task also gives its own inline fields ([duedate:: 2022-09-26]) in fields.',
  params: [
    { name: 'status', type: 'string[] | string', description: '"open" (the box holds a space), "cancelled" (-), "in_progress" (/), "not_done" (every status but x, X and - (cancelled): open, in progress, forwarded, …), "done" (x or X), "any" (default), one status character, or a list of characters, e.g. [">", "-", "/"].' },
    { name: 'query', type: 'string', description: 'Words the task text must all contain, case-insensitive (parts of words match); "a phrase" as typed; -word leaves out tasks holding it; #home matches tasks whose own text holds the tag, while tag:home tokens (and file:, path:, content: operators) select the notes, as in search.' },
    { name: 'due_before', type: 'string', description: 'Tasks due on or before this date (YYYY-MM-DD, inclusive); tasks without a due date are left out.' },
    { name: 'due_after', type: 'string', description: 'Tasks due on or after this date (YYYY-MM-DD, inclusive); tasks without a due date are left out.' },
    { name: 'priority', type: 'string[] | string', description: '"highest", "high", "medium", "normal" (none given), "low", "lowest", or a list of them.' },
    { name: 'blocked', type: 'boolean', description: 'true: only tasks waiting for another task not done yet (⛔ id or [dependsOn:: id] naming a task\'s 🆔 id or [id:: id], in the same vault); false: only tasks that can be done now (not blocked), as the Tasks plugin\'s "is blocked" / "is not blocked".' },
    { name: 'blocking', type: 'boolean', description: 'true: only tasks another task not done yet waits for; false: only tasks none waits for ("is blocking" / "is not blocking").' },
    { name: 'sort', type: 'string', description: '"due" (default: due date, none last, then priority), "priority" (highest first, then due date) or "path" (each note\'s tasks in line order).' },
    { name: 'filters', type: 'object | string', aliases: ['metadata_filters'], description: 'Only tasks of notes matching this filter (the find tool\'s filter language over the notes\' fields), e.g. {"type": "project"}.' },
    { name: 'vault', type: 'string', aliases: ['project'], description: 'One vault; default all.' },
    { name: 'folder', type: 'string', description: 'Only notes directly inside this vault-relative folder, not its subfolders ("" for the root).' },
    { name: 'path_prefix', type: 'string', description: 'Only notes under this vault-relative folder and its subfolders; ends with "/", e.g. "projects/".' },
    { name: 'links_to', type: 'string', description: 'Only tasks of notes that link to this note (its path, title or permalink, or [[Name]] as written in a note), as Dataview\'s FROM [[Name]]; a link another note answers to as well counts when it resolves to this one.' },
    { name: 'linked_from', type: 'string', description: 'Only tasks of the notes this note links to (each link resolved as a click on it would be), as Dataview\'s FROM outgoing([[Name]]).' },
    { name: 'page', type: 'integer', description: 'Page number, from 1.' },
    { name: 'page_size', type: 'integer', aliases: ['limit'], description: 'Tasks per page, 1 to 1000 (default 50).' },
  ],
  examples: [
    { status: 'open', due_before: '2022-03-31' },
    { status: ['>', '-'], path_prefix: 'projects/' },
    { query: 'call bob', status: 'any' },
    { status: 'open', priority: ['highest', 'high'], sort: 'priority' },
    { status: 'not_done', blocked: false },
  ],
  parse(args) {
    // `status` is the tasks' own (not the notes' status field). The query's tag: tokens and
    // file:/path:/content: operators select notes, as in search; its other words are the task's.
    const query = optString(args, 'query') ?? '';
    const scope = readScope({ ...args, status: undefined, query: undefined }, query);
    return {
      ...statusArg(args),
      ...taskNeedles(scope.metadata.text),
      ...dueRange(args),
      priorities: priorityArg(args),
      blocked: args.blocked == null ? undefined : optBool(args, 'blocked', false),
      blocking: args.blocking == null ? undefined : optBool(args, 'blocking', false),
      sort: sortArg(args),
      scope,
      page: optInt(args, 'page', 1, 1_000_000, 1),
      pageSize: optInt(args, 'page_size', 1, 1000, 50),
    };
  },
  run({ db }, input) {
    // Vault, folder, path prefix, filter, and the team notes hidden from the local identity.
    const built = buildScope(db, input.scope);
    const scope = built.condition;
    const where = [`(${scope.sql})`];
    const params: SqlValue[] = [...scope.params];
    if (input.statuses) {
      where.push(`t.status ${input.exclude ? 'NOT IN' : 'IN'} (${input.statuses.map(() => '?').join(', ')})`);
      params.push(...input.statuses);
    }
    for (const w of input.words) {
      where.push('instr(t.fold, ?) > 0');
      params.push(w);
    }
    for (const w of input.withoutWords) {
      where.push('instr(t.fold, ?) = 0');
      params.push(w);
    }
    if (input.dueBefore) {
      where.push('t.due <= ?');
      params.push(input.dueBefore);
    }
    if (input.dueAfter) {
      where.push('t.due >= ?');
      params.push(input.dueAfter);
    }
    if (input.priorities) {
      const named = input.priorities.filter((p) => p !== null);
      const alts = named.length ? [`t.priority IN (${named.map(() => '?').join(', ')})`] : [];
      if (named.length < input.priorities.length) alts.push('t.priority IS NULL');
      where.push(`(${alts.join(' OR ')})`);
      params.push(...named);
    }
    if (input.blocked !== undefined) where.push(input.blocked ? BLOCKED_SQL : `NOT ${BLOCKED_SQL}`);
    if (input.blocking !== undefined) where.push(input.blocking ? BLOCKING_SQL : `NOT ${BLOCKING_SQL}`);
    const from = `FROM tasks t JOIN entries e ON e.id = t.entry_id JOIN vaults v ON v.id = e.vault_id WHERE ${where.join(' AND ')}`;
    const total = db.get<{ n: number }>(`SELECT count(*) AS n ${from}`, params)!.n;
    const rows = db.all<Omit<TaskRow, 'done' | 'fields' | 'depends_on' | 'blocked' | 'blocking'> & { entry_id: number; depends_on: string | null }>(
      `SELECT v.name AS vault, e.path, e.title, t.entry_id, t.line, t.status, t.text, t.due, t.completion, t.scheduled, t.start,
              t.created, t.cancelled, t.priority, t.recurrence, t.task_id AS id, t.depends_on ${from}
       ORDER BY ${ORDER[input.sort]} LIMIT ? OFFSET ?`,
      [...params, input.pageSize, (input.page - 1) * input.pageSize],
    );
    return {
      tasks: rows.map(({ entry_id, ...r }) => ({
        vault: r.vault, path: r.path, title: r.title, line: r.line, status: r.status, done: r.status === 'x' || r.status === 'X',
        text: r.text, due: r.due, completion: r.completion, scheduled: r.scheduled, start: r.start,
        created: r.created, cancelled: r.cancelled, priority: r.priority, recurrence: r.recurrence,
        id: r.id, depends_on: r.depends_on ? (JSON.parse(r.depends_on) as string[]) : [],
        // For the page's tasks only: the rest of the matches are never looked at.
        ...dependencyState(db, entry_id, r.line, r.id !== null || r.depends_on !== null),
        fields: taskFields(r.text, r.line),
      })),
      total,
      page: input.page,
      page_size: input.pageSize,
      has_more: input.page * input.pageSize < total,
      ...(built.unsupported.length ? { notice: unsupportedNotice(built.unsupported), notice_code: 'query_operator_unsupported' as const } : {}),
    };
  },
});

function dependencyState(db: Db, entryId: number, line: number, any: boolean): { blocked: boolean; blocking: boolean } {
  if (!any) return { blocked: false, blocking: false };
  const r = db.get<{ blocked: number; blocking: number }>(
    `SELECT ${BLOCKED_SQL} AS blocked, ${BLOCKING_SQL} AS blocking FROM tasks t JOIN entries e ON e.id = t.entry_id WHERE t.entry_id = ? AND t.line = ?`,
    [entryId, line],
  )!;
  return { blocked: r.blocked === 1, blocking: r.blocking === 1 };
}

/** A task's inline fields, read from its text as a note's are (Dataview gives a task its own fields: `duedate`, `priority`). */
function taskFields(text: string, line: number): Record<string, FmValue> {
  const found: InlineField[] = [];
  fieldsInLine(text, line, found);
  const out: Record<string, FmValue> = {};
  for (const f of found) {
    if (!Object.hasOwn(out, f.key)) out[f.key] = f.value;
    else out[f.key] = ([] as FmValue[]).concat(out[f.key] as FmValue, f.value) as FmValue;
  }
  return out;
}

function statusArg(args: Args): { statuses: string[] | null; exclude: boolean } {
  const v = args.status;
  if (v === NOT_DONE) return { statuses: CLOSED, exclude: true };
  return { statuses: statusList(args, v), exclude: false };
}

function statusList(args: Args, v: unknown): string[] | null {
  const key = argName(args, 'status');
  if (v === undefined || v === null) return null;
  const one = (s: unknown): string[] | null => {
    if (typeof s !== 'string') throw toolError('invalid_argument', `${key} must be "open", "not_done", "done", "cancelled", "in_progress", "any", a status character or a list of them, got ${describe(s)}.`, key);
    if (Object.hasOwn(STATUS_WORDS, s)) return STATUS_WORDS[s];
    if (s === NOT_DONE) throw toolError('invalid_argument', `${key}: "not_done" stands alone; it cannot be part of a list.`, key);
    if ([...s].length === 1) return [s];
    throw toolError('invalid_argument', `${key} must be "open", "not_done", "done", "cancelled", "in_progress", "any" or one status character (as in "- [>]"), got ${JSON.stringify(s)}.`, key);
  };
  if (!Array.isArray(v)) return one(v);
  if (v.length === 0) throw toolError('invalid_argument', `${key} must not be an empty list.`, key);
  const all = new Set<string>();
  for (const s of v) {
    const chars = one(s);
    if (chars === null) return null;
    for (const c of chars) all.add(c);
  }
  return [...all];
}

/**
 * What a task's text must hold, from the query without its tag: tokens (taken
 * out already) and note operators: words, "quoted phrases" (as typed, in
 * order) and -excluded ones; an unsupported operator (line:, task:) gives its words.
 */
function taskNeedles(text: string): { words: string[]; withoutWords: string[] } {
  const include: string[] = [];
  const exclude: string[] = [];
  for (const t of takeOperators(text).plain.match(/-?"[^"]*"?|\S+/gu) ?? []) {
    const negated = t.startsWith('-') && t.length > 1;
    const body = negated ? t.slice(1) : t;
    // OR in capitals is search's connector, not a word (here every word must be in the task); "or" is a word.
    if (t === 'OR') continue;
    const phrase = body.startsWith('"') ? [foldText(body.replace(/^"|"$/g, '').trim())] : foldText(body).split(/\s+/u);
    (negated ? exclude : include).push(...phrase.filter((w) => w !== ''));
  }
  return { words: include, withoutWords: exclude };
}

function priorityArg(args: Args): (string | null)[] | null {
  const v = args.priority;
  if (v === undefined || v === null) return null;
  const key = argName(args, 'priority');
  const list = Array.isArray(v) ? v : [v];
  if (list.length === 0) throw toolError('invalid_argument', `${key} must not be an empty list.`, key);
  return list.map((p) => {
    const word = typeof p === 'string' ? p.toLowerCase() : p;
    if (typeof word !== 'string' || !PRIORITY_WORDS.includes(word)) {
      throw toolError('invalid_argument', `${key} must be one of ${PRIORITY_WORDS.join(', ')} or a list of them, got ${describe(p)}.`, key);
    }
    return word === 'normal' ? null : word;
  });
}

function sortArg(args: Args): TaskSort {
  const v = optString(args, 'sort');
  if (v === undefined) return 'due';
  if (v === 'due' || v === 'priority' || v === 'path') return v;
  throw toolError('invalid_argument', `${argName(args, 'sort')} must be "due", "priority" or "path", got ${JSON.stringify(v)}.`, argName(args, 'sort'));
}

/** due_after and due_before; a range that ends before it starts would list nothing, silently: refused. */
function dueRange(args: Args): { dueBefore?: string; dueAfter?: string } {
  const dueBefore = dateArg(args, 'due_before');
  const dueAfter = dateArg(args, 'due_after');
  if (dueBefore && dueAfter && dueAfter > dueBefore) {
    throw toolError('invalid_argument', `due_after (${dueAfter}) is later than due_before (${dueBefore}): no task can be due in between. Swap them.`, argName(args, 'due_after'));
  }
  return { dueBefore, dueAfter };
}

function dateArg(args: Args, name: string): string | undefined {
  const v = optString(args, name);
  if (v === undefined) return undefined;
  if (!/^\d{4}-\d{2}-\d{2}$/.test(v)) throw toolError('invalid_argument', `${argName(args, name)} must be a date as YYYY-MM-DD, got ${JSON.stringify(v)}.`, argName(args, name));
  if (!isCalendarDate(v)) throw toolError('invalid_argument', `${argName(args, name)}: ${v} is not a day on the calendar (that month has fewer days).`, argName(args, name));
  return v;
}

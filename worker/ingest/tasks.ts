// Task lines (`- [ ] call Bob 📅 2022-03-01`, `- [x] sent [completion:: 2022-03-02]`):
// the box's one character is the status, and the dates Dataview's inline
// fields or the Tasks plugin's emoji give on the same line. Read by parseBody
// (markdown.ts), so lines in code are never tasks; stored in `tasks`
// (migration 0022) with the note's other derived rows.
import type { Db } from '../db/database';
import { foldText } from './fm-rows';

export interface Task {
  line: number;
  /** The character in the box: ' ' open, 'x' done, or a custom one ('>', '-', '/', …). */
  status: string;
  /** The text after the box, as written (date fields and emoji kept), trimmed. */
  text: string;
  due: string | null;
  completion: string | null;
  scheduled: string | null;
  start: string | null;
  created: string | null;
  cancelled: string | null;
  /** highest, high, medium, low or lowest; null when none is given (the Tasks plugin's "normal"). */
  priority: Priority | null;
  /** How the task recurs, as written ("every week on Monday"). */
  recurrence: string | null;
  /** The task's own id for dependencies (🆔 abc, [id:: abc]). */
  id: string | null;
  /** The ids of the tasks it waits for (⛔ abc,def, [dependsOn:: abc]), each once. */
  dependsOn: string[];
}

type DateKey = 'due' | 'completion' | 'scheduled' | 'start' | 'created' | 'cancelled';
export const PRIORITIES = ['highest', 'high', 'medium', 'low', 'lowest'] as const;
export type Priority = (typeof PRIORITIES)[number];

// `- [ ] text`, `* [x] text`, `1. [>] text`; the box is followed by a blank or ends the line (`- [x](url)` is a link).
// After `>` markers too: Obsidian shows a task inside a quote or callout as a task.
const TASK = /^\s*(?:>[ \t]*)*(?:[-*+]|\d{1,9}[.)])[ \t]+\[(.)\](?=[ \t]|$)[ \t]*(.*)$/u;
// Dataview's fields: in brackets anywhere (`[due:: …]`, `(due:: …)`), or bare when the field is the task's whole
// text (`- [ ] due:: 2022-03-01`): a bare `call Bob due:: …` is a field named "call Bob due", as Dataview reads it.
// A time after the date is allowed.
const FIELD = /[[(](due|completion|scheduled|start|created|cancelled)::[ \t]*(\d{4}-\d{2}-\d{2})(?![\d-])/giu;
const BARE_FIELD = /^(due|completion|scheduled|start|created|cancelled)::[ \t]*(\d{4}-\d{2}-\d{2})(?:[T ][\d:.]+)?[ \t]*$/iu;
// The Tasks plugin's signifiers: 📅 (📆, 🗓) due, ✅ done, ⏳ (⌛) scheduled, 🛫 start, ➕ created, ❌ cancelled.
const EMOJI = /(📅|📆|🗓|✅|⏳|⌛|🛫|➕|❌)\uFE0F?\s*(\d{4}-\d{2}-\d{2})(?![\d-])/gu;
const EMOJI_KEY: Record<string, DateKey> = {
  '📅': 'due', '📆': 'due', '🗓': 'due', '✅': 'completion', '⏳': 'scheduled', '⌛': 'scheduled', '🛫': 'start', '➕': 'created', '❌': 'cancelled',
};
// Priority: the plugin's emoji, or its Dataview format (`[priority:: high]`).
const PRIORITY_EMOJI: Record<string, Priority> = { '🔺': 'highest', '⏫': 'high', '🔼': 'medium', '🔽': 'low', '⏬': 'lowest' };
const PRIORITY_EMOJI_RE = /🔺|⏫|🔼|🔽|⏬/u;
// In brackets anywhere, or bare as the task's whole text (as the date fields).
const PRIORITY_FIELD = /[[(]priority::[ \t]*(highest|high|medium|normal|low|lowest)[ \t]*[\])]|^priority::[ \t]*(highest|high|medium|normal|low|lowest)[ \t]*$/iu;
// Recurrence: 🔁 up to the next signifier or field, or `repeat::` (to its bracket, or the line's end when bare).
const SIGNIFIERS = '📅📆🗓✅⏳⌛🛫➕❌🔺⏫🔼🔽⏬🔁🆔⛔🏁';
const REPEAT_EMOJI = new RegExp(`🔁\\uFE0F?[ \\t]*([^${SIGNIFIERS}\\[(]*)`, 'u');
const TRAILING_MARKS = /(?:\s+(?:#[^\s#]+|\^[A-Za-z0-9-]+))+\s*$/u;
const REPEAT_FIELD = /(?:\[repeat::([^\]]*)\]|\(repeat::([^)]*)\)|^repeat::(.*)$)/iu;
// Dependencies: an id of letters, digits, `-` and `_`; a task waits for one or more, comma-separated.
const ID = '[A-Za-z0-9_-]+';
const IDS = `${ID}(?:[ \\t]*,[ \\t]*${ID})*`;
const ID_EMOJI = new RegExp(`🆔\\uFE0F?[ \\t]*(${ID})`, 'u');
const ID_FIELD = new RegExp(`[[(]id::[ \\t]*(${ID})[ \\t]*[\\])]`, 'iu');
const DEPENDS_EMOJI = new RegExp(`⛔\\uFE0F?[ \\t]*(${IDS})`, 'gu');
const DEPENDS_FIELD = new RegExp(`[[(]dependsOn::[ \\t]*(${IDS})[ \\t]*[\\])]`, 'giu');

/** A date that is on the calendar (2022-02-30 is not). */
export function isCalendarDate(s: string): boolean {
  const [y, m, d] = s.split('-').map(Number);
  const t = new Date(Date.UTC(y, m - 1, d));
  return t.getUTCFullYear() === y && t.getUTCMonth() === m - 1 && t.getUTCDate() === d;
}

/**
 * The task on a line, or null. `line` has its inline code blanked out (dates
 * are not read from code); `raw` gives the text as written. `isStatus` says
 * whether the box's character is a task status (markdown.ts's rule).
 */
export function readTask(raw: string, line: string, lineNo: number, isStatus: (c: string) => boolean): Task | null {
  const m = TASK.exec(line);
  if (!m || !isStatus(m[1])) return null;
  const rawMatch = TASK.exec(raw);
  const task: Task = {
    line: lineNo, status: m[1], text: (rawMatch ? rawMatch[2] : m[2]).trim(),
    due: null, completion: null, scheduled: null, start: null, created: null, cancelled: null, priority: null, recurrence: null,
    id: null, dependsOn: [],
  };
  // The first date of each kind wins.
  const bare = BARE_FIELD.exec(m[2].trim());
  for (const f of [...(bare ? [bare] : []), ...m[2].matchAll(FIELD)]) {
    const key = f[1].toLowerCase() as DateKey;
    if (task[key] === null && isCalendarDate(f[2])) task[key] = f[2];
  }
  for (const e of m[2].matchAll(EMOJI)) {
    const key = EMOJI_KEY[e[1]];
    if (task[key] === null && isCalendarDate(e[2])) task[key] = e[2];
  }
  task.priority = readPriority(m[2]);
  task.recurrence = readRecurrence(m[2]);
  readDependencies(m[2], task);
  return task;
}

/** The task's id (the first written, emoji or field) and every id it waits for. */
function readDependencies(text: string, task: Task): void {
  if (!text.includes('🆔') && !text.includes('⛔') && !text.includes('::')) return;
  const emoji = ID_EMOJI.exec(text);
  const field = ID_FIELD.exec(text);
  task.id = (emoji && (!field || emoji.index <= field.index) ? emoji[1] : field?.[1]) ?? null;
  const ids = new Set<string>();
  for (const d of [...text.matchAll(DEPENDS_EMOJI), ...text.matchAll(DEPENDS_FIELD)]) for (const id of d[1].split(',')) ids.add(id.trim());
  task.dependsOn = [...ids];
}

/** The first priority the line gives, emoji or field; "normal" is none. */
function readPriority(text: string): Priority | null {
  const emoji = PRIORITY_EMOJI_RE.exec(text);
  const field = PRIORITY_FIELD.exec(text);
  const first = emoji && (!field || emoji.index <= field.index) ? PRIORITY_EMOJI[emoji[0]] : field ? (field[1] ?? field[2]).toLowerCase() : null;
  return first === null || first === 'normal' ? null : (first as Priority);
}

function readRecurrence(text: string): string | null {
  const e = REPEAT_EMOJI.exec(text);
  const f = REPEAT_FIELD.exec(text);
  // Tags and a block id at the line's end follow the rule; they are not part of it ("every month #home").
  const rule = (e && (!f || e.index <= f.index) ? e[1] : f ? (f[1] ?? f[2] ?? f[3]) : '').replace(TRAILING_MARKS, '').trim();
  return rule === '' ? null : rule;
}

export function writeTaskRows(db: Db, entryId: number, tasks: readonly Task[]): void {
  for (const t of tasks) {
    db.run(
      `INSERT INTO tasks (entry_id, line, status, text, fold, due, completion, scheduled, start, created, cancelled, priority, recurrence, task_id, depends_on)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      [
        entryId, t.line, t.status, t.text, foldText(t.text), t.due, t.completion, t.scheduled, t.start, t.created, t.cancelled, t.priority, t.recurrence,
        t.id, t.dependsOn.length ? JSON.stringify(t.dependsOn) : null,
      ],
    );
    for (const id of t.dependsOn) db.run('INSERT INTO task_dependencies (entry_id, line, id) VALUES (?, ?, ?)', [entryId, t.line, id]);
  }
}

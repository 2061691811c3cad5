// set_task: ticks, unticks or restates one task line of a note, as clicking a
// task's box in Obsidian does: only the character in the box changes, plus
// the done date in the style the line already uses (the Tasks plugin's
// ✅ date, or Dataview's [completion:: date]), and a recurring task's next
// occurrence above it (recurrence.ts). The note is saved as
// write_note saves it (re-indexed at once, then written to the folder).
import { readContents } from '../ingest/contents';
import { isTaskStatus } from '../ingest/markdown';
import { BLOCK_ID, DONE_EMOJI, DONE_FIELD, nextOccurrence, occurrenceText } from '../ingest/recurrence';
import { describe, optString, reqString, type Args } from '../args';
import { toolError } from '../errors';
import { resolveVault, resolveWriteTarget } from '../resolve';
import { assertVisible } from '../team/sql';
import { defineTool } from './define';
import { refuseUnreadable, saveNote, type WriteNoteResult } from './write-note';

export interface SetTaskResult extends WriteNoteResult {
  /** The task's line now (one lower when its next occurrence was added above it). */
  line: number;
  /** A recurring task ticked: the line of its next occurrence, added above it; null when none was added. */
  next_line: number | null;
  /** Why a recurring task got no next occurrence (a rule not understood, no date to recur from). */
  notice?: string;
  notice_code?: 'recurrence_not_read' | 'recurrence_no_date';
  /** The box's character now. */
  status: string;
  /** The task's text after the box, as now written. */
  text: string;
  /** Its recurrence rule as read (🔁 …, repeat::), or null. */
  recurrence: string | null;
}

interface SetTaskInput {
  path: string;
  vault?: string;
  line: number;
  status: string;
  expectedText?: string;
  expectedModified?: string;
}

const STATUS_NAMES: Record<string, string> = { done: 'x', open: ' ', cancelled: '-', in_progress: '/' };
// The list marker and the box, as tasks.ts reads them (quotes and callouts included).
const BOX = /^(\s*(?:>[ \t]*)*(?:[-*+]|\d{1,9}[.)])[ \t]+\[)(.)(\])(.*)$/u;
// The line already uses the Tasks plugin's emoji, or Dataview's fields.
const TASKS_EMOJI = /[📅📆🗓⏳⌛🛫➕🔁🔺⏫🔼🔽⏬]/u;
const DATAVIEW_FIELD = /[[(]?(?:due|scheduled|start|created|priority|repeat)::/iu;
const CANCELLED_EMOJI = /[ \t]*❌\uFE0F?\s*\d{4}-\d{2}-\d{2}/u;
const CANCELLED_FIELD = /[ \t]*[[(]cancelled::[^\])]*[\])]/iu;

const isDone = (c: string) => c === 'x' || c === 'X';
const isCancelled = (c: string) => c === '-';

/** The local calendar day of `ms`, YYYY-MM-DD (what the user would write). */
function localDay(ms: number): string {
  const d = new Date(ms);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

/** The line's text after the box once its status is `to`: a done date added or removed in the line's own style, before a trailing ^block id. */
export function restate(rest: string, from: string, to: string, day: string): string {
  const id = BLOCK_ID.exec(rest);
  if (id) return restateText(rest.slice(0, id.index), from, to, day) + id[0];
  return restateText(rest, from, to, day);
}

function restateText(rest: string, from: string, to: string, day: string): string {
  // The line's style, read before a date is taken away (a done date may be its only signifier).
  const emoji = TASKS_EMOJI.test(rest) || DONE_EMOJI.test(rest) || CANCELLED_EMOJI.test(rest);
  const fields = DATAVIEW_FIELD.test(rest) || DONE_FIELD.test(rest) || CANCELLED_FIELD.test(rest);
  // A task whose whole text is a bare field (`due:: 2024-01-03`): anything added would become part of its value.
  const bare = /^\s*[\p{L}\p{N}_][^:[\]()]*::/u.test(rest);
  let out = rest;
  // Leaving done or cancelled takes that date away (the Tasks plugin does the same).
  if (isDone(from) && !isDone(to)) out = out.replace(DONE_EMOJI, '').replace(DONE_FIELD, '');
  if (isCancelled(from) && !isCancelled(to)) out = out.replace(CANCELLED_EMOJI, '').replace(CANCELLED_FIELD, '');
  // Becoming done or cancelled adds its date, in the style the line uses, unless it has one.
  const mark = (emojiRe: RegExp, fieldRe: RegExp, sign: string, key: string) => {
    if (bare || emojiRe.test(out) || fieldRe.test(out)) return;
    if (emoji) out = `${out.trimEnd()} ${sign} ${day}`;
    else if (fields) out = `${out.trimEnd()} [${key}:: ${day}]`;
  };
  if (isDone(to) && !isDone(from)) mark(DONE_EMOJI, DONE_FIELD, '✅', 'completion');
  if (isCancelled(to) && !isCancelled(from)) mark(CANCELLED_EMOJI, CANCELLED_FIELD, '❌', 'cancelled');
  return out;
}

function statusArg(args: Args): string {
  const v = args.status;
  if (typeof v === 'string' && Object.hasOwn(STATUS_NAMES, v)) return STATUS_NAMES[v];
  // The reader's rule: a letter outside ASCII ([é], [猫]) would make the line a category, no longer a task.
  if (typeof v === 'string' && [...v].length === 1 && v !== ']' && v !== '[' && /^[^\r\n\t]$/u.test(v) && isTaskStatus(v)) return v;
  throw toolError('invalid_argument', `status must be "done", "open", "cancelled", "in_progress" or one character for the box (as in "- [>]"): an ASCII character or a symbol. A letter such as é or 猫 would turn the line into a Basic Memory observation category ("- [idea] text"), no longer a task. Got ${describe(v)}.`, 'status');
}

export const setTaskTool = defineTool<SetTaskInput, SetTaskResult>({
  name: 'set_task',
  description:
    'Sets the status of one task line (the character in its box: done x, open, cancelled -, or any other), as ticking it in Obsidian does. Marking a task done adds the done date in the style the line already uses (✅ 2026-12-04 beside the Tasks plugin\'s emoji, [completion:: 2026-12-04] beside Dataview fields; nothing on a plain line); marking it not done removes that date; cancelling (-) adds ❌ date or [cancelled:: date] the same way, and reopening removes it. A recurring task (🔁 every week, [repeat:: …]) ticked gets its next occurrence on the line above, its dates moved by the rule (every N days/weeks/months/years, every weekday, every week on Monday, every month on the 1st or the last; "when done" counts from today) and a created date made today, its 🆔 id and ⛔ dependencies left off, as the Tasks plugin adds it; a rule not read adds none and says so in notice. The note is saved as write_note saves it.',
  params: [
    { name: 'path', type: 'string', required: true, aliases: ['identifier'], description: 'The exact vault-relative path of the note, as the tasks tool gives it.' },
    { name: 'vault', type: 'string', aliases: ['project'], description: 'Vault name; needed when the path exists in several vaults.' },
    { name: 'line', type: 'integer', required: true, description: 'The task\'s line in the file (1-based), as the tasks tool gives it.' },
    { name: 'status', type: 'string', required: true, description: '"done" (x), "open" (a space), "cancelled" (-), "in_progress" (/), or one character for the box.' },
    { name: 'text', type: 'string', description: 'The task\'s text as the tasks tool gave it: the change is refused (conflict) if the line now says something else.' },
    { name: 'expected_modified', type: 'string', description: 'The note\'s "modified" as last read; the change is refused if the note changed since.' },
  ],
  examples: [{ path: 'projects/Launch.md', line: 6, status: 'done', text: 'call Bob 📅 2022-03-01' }],
  write: true,
  // Not idempotent: a recurring task ticked moves down a line, and the same call again would tick its next occurrence.
  // Destructive: reopening a task removes its done or cancelled date from the note.
  hints: { destructive: true, idempotent: false },
  parse(args) {
    const line = args.line;
    if (typeof line !== 'number' || !Number.isInteger(line) || line < 1) throw toolError('invalid_argument', `line must be a line number from 1, got ${describe(line)}.`, 'line');
    return {
      path: reqString(args, 'path'),
      vault: optString(args, 'vault'),
      line,
      status: statusArg(args),
      expectedText: optString(args, 'text'),
      expectedModified: optString(args, 'expected_modified'),
    };
  },
  async run(ctx, input) {
    const { db } = ctx;
    const entry = resolveWriteTarget(db, input.path, resolveVault(db, input.vault));
    assertVisible(db, entry, input.path);
    const current = new Date(entry.mtime).toISOString();
    if (input.expectedModified !== undefined && input.expectedModified !== current) {
      throw toolError('conflict', `${entry.path} changed since it was read (modified ${current}, expected ${input.expectedModified}). List its tasks again and reapply the change.`, 'expected_modified');
    }
    refuseUnreadable(db, entry);
    // The stored task rows say which lines are tasks (code blocks are not), read as the import read them.
    const task = db.get<{ status: string; text: string; recurrence: string | null; due: string | null; scheduled: string | null; start: string | null }>(
      'SELECT status, text, recurrence, due, scheduled, start FROM tasks WHERE entry_id = ? AND line = ?',
      [entry.id, input.line],
    );
    if (!task) throw toolError('not_found', `Line ${input.line} of ${entry.path} is not a task line. List the note's tasks with the tasks tool to find their lines.`, 'line');
    if (input.expectedText !== undefined && input.expectedText.trim() !== task.text) {
      throw toolError('conflict', `Line ${input.line} of ${entry.path} now reads ${JSON.stringify(task.text)}, not ${JSON.stringify(input.expectedText)}: the note changed. List its tasks again.`, 'text');
    }
    const content = readContents(db, entry.id) ?? { head: '', body: '' };
    const text = content.head + content.body;
    const lines = text.split('\n');
    const whole = lines[input.line - 1] ?? '';
    // A byte-order mark opens the file, not the line: it stays first when a line goes above.
    const bom = whole.startsWith('\uFEFF') ? '\uFEFF' : '';
    const raw = whole.slice(bom.length);
    const cr = raw.endsWith('\r') ? '\r' : '';
    const m = BOX.exec(cr ? raw.slice(0, -1) : raw);
    if (!m) throw toolError('not_found', `Line ${input.line} of ${entry.path} is not a task line. List the note's tasks with the tasks tool to find their lines.`, 'line');
    const today = localDay(ctx.now());
    const rest = restate(m[4], m[2], input.status, today);
    const ticked = `${m[1]}${input.status}${m[3]}${rest}${cr}`;
    lines[input.line - 1] = bom + ticked;
    // A recurring task ticked gets its next occurrence on the line above, as the Tasks plugin adds it.
    let nextLine: number | null = null;
    let notice: Pick<SetTaskResult, 'notice' | 'notice_code'> = {};
    if (task.recurrence !== null && isDone(input.status) && !isDone(m[2])) {
      const next = nextOccurrence(task.recurrence, task, today);
      if (next) {
        lines.splice(input.line - 1, 1, `${bom}${m[1]} ${m[3]}${occurrenceText(m[4], next, today)}${cr}`, ticked);
        nextLine = input.line;
      } else {
        notice = task.due ?? task.scheduled ?? task.start
          ? {
              notice_code: 'recurrence_not_read',
              notice: `No next occurrence was added: the rule "${task.recurrence}" is not one Kioku reads (every N days, weeks, months or years, every weekday, every week on Monday, every month on the 1st or the last; "when done"). Add it by hand.`,
            }
          : { notice_code: 'recurrence_no_date', notice: 'No next occurrence was added: the task has no due, scheduled or start date to recur from. Add it by hand.' };
      }
    }
    const hash = db.get<{ hash: string }>('SELECT hash FROM entries WHERE id = ?', [entry.id])!.hash;
    const saved = await saveNote(ctx, entry.vault_id, { id: entry.id, hash }, entry.path, lines.join('\n'));
    return { ...saved, line: input.line + (nextLine === null ? 0 : 1), next_line: nextLine, ...notice, status: input.status, text: rest.trim(), recurrence: task.recurrence };
  },
});

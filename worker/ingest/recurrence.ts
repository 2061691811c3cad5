// A recurring task's next occurrence, as the Tasks plugin makes one when the
// task is ticked: the rule after 🔁 (or repeat::) gives the next date from the
// task's reference date (due, else scheduled, else start; "when done": from
// the day it was done), and every date of the task moves by as many days.
// Rules read: every [N] day(s) / week(s) / month(s) / year(s), every weekday,
// every [N] week(s) on Monday[, Friday…], every month on the Nth / the last,
// each optionally "when done". Anything else is not understood (null): the
// caller adds no occurrence rather than a wrong one.

export interface TaskDates {
  due: string | null;
  scheduled: string | null;
  start: string | null;
}

const DAY_MS = 86_400_000;
const WEEKDAYS = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'];

const toTime = (d: string) => Date.UTC(Number(d.slice(0, 4)), Number(d.slice(5, 7)) - 1, Number(d.slice(8, 10)));
const toDay = (t: number) => new Date(t).toISOString().slice(0, 10);
const addDays = (d: string, n: number) => toDay(toTime(d) + n * DAY_MS);

/** The same day N months on, or the month's last day when it has fewer (Jan 31 + 1 month = Feb 28). */
function addMonths(d: string, n: number): string {
  const y = Number(d.slice(0, 4));
  const m = Number(d.slice(5, 7)) - 1 + n;
  const day = Number(d.slice(8, 10));
  const last = new Date(Date.UTC(y, m + 1, 0)).getUTCDate();
  return toDay(Date.UTC(y, m, Math.min(day, last)));
}

const weekday = (d: string) => new Date(toTime(d)).getUTCDay();

/** The first day after `d` (up to `limit` days on) that `ok` accepts. */
function nextWhere(d: string, ok: (day: string) => boolean, limit = 400): string | null {
  for (let i = 1; i <= limit; i++) {
    const next = addDays(d, i);
    if (ok(next)) return next;
  }
  return null;
}

function dayNames(list: string): number[] | null {
  const days = list.split(/\s*(?:,|\band\b)\s*/u).filter(Boolean).map((w) => WEEKDAYS.indexOf(w.replace(/s$/u, '')));
  return days.length && days.every((d) => d >= 0) ? days : null;
}

/** The date after `from` that the rule gives, or null when the rule is not understood or the date would leave years 0001–9999. */
export function nextDate(rule: string, from: string): string | null {
  try {
    const next = stepDate(rule, from);
    return next !== null && /^\d{4}-\d{2}-\d{2}$/.test(next) && next > '0000-12-31' ? next : null;
  } catch {
    // A step so large the date is not a date at all ("every 300000 years").
    return null;
  }
}

function stepDate(rule: string, from: string): string | null {
  const r = rule.toLowerCase().replace(/\s+/gu, ' ').trim();
  let m = /^every (?:(\d+) )?(day|week|month|year)s?$/u.exec(r);
  if (m) {
    const n = Number(m[1] ?? 1);
    if (n < 1) return null;
    return m[2] === 'day' ? addDays(from, n) : m[2] === 'week' ? addDays(from, 7 * n) : m[2] === 'month' ? addMonths(from, n) : addMonths(from, 12 * n);
  }
  if (r === 'every weekday') return nextWhere(from, (d) => weekday(d) >= 1 && weekday(d) <= 5);
  m = /^every (?:(\d+) )?weeks? on (.+)$/u.exec(r);
  if (m) {
    const n = Number(m[1] ?? 1);
    const days = dayNames(m[2]);
    if (!days || n < 1) return null;
    // Weeks start on Monday (as the plugin's rules do): a later listed day this week, else the first listed day N weeks on.
    const monday = (d: string) => addDays(d, -((weekday(d) + 6) % 7));
    const later = nextWhere(from, (d) => days.includes(weekday(d)) && monday(d) === monday(from), 6);
    if (later) return later;
    const weekStart = addDays(monday(from), 7 * n);
    return nextWhere(addDays(weekStart, -1), (d) => days.includes(weekday(d)), 7);
  }
  m = /^every month on the (last|(\d{1,2})(?:st|nd|rd|th)?)(?: day)?$/u.exec(r);
  if (m) {
    if (m[1] === 'last') return nextWhere(from, (d) => addDays(d, 1).slice(5, 7) !== d.slice(5, 7), 62);
    const day = Number(m[2]);
    if (day < 1 || day > 31) return null;
    return nextWhere(from, (d) => Number(d.slice(8, 10)) === day, 400);
  }
  return null;
}

/**
 * The dates of the next occurrence, or null (rule not understood, or no date
 * to recur from). `today` is the day the task was done, for "when done".
 */
export function nextOccurrence(rule: string, dates: TaskDates, today: string): TaskDates | null {
  const whenDone = /\s+when done\s*$/iu.test(rule);
  const bare = rule.replace(/\s+when done\s*$/iu, '');
  const ref = dates.due ?? dates.scheduled ?? dates.start;
  if (ref === null) return null;
  const next = nextDate(bare, whenDone ? today : ref);
  if (next === null) return null;
  const shift = Math.round((toTime(next) - toTime(ref)) / DAY_MS);
  const move = (d: string | null) => (d === null ? null : addDays(d, shift));
  return { due: move(dates.due), scheduled: move(dates.scheduled), start: move(dates.start) };
}

// Where each date is written on the line: the plugin's emoji or Dataview's field.
const DATE_SPOTS: Record<keyof TaskDates, RegExp> = {
  due: /((?:📅|📆|🗓)\uFE0F?\s*|[[(]due::[ \t]*|^due::[ \t]*)(\d{4}-\d{2}-\d{2})/iu,
  scheduled: /((?:⏳|⌛)\uFE0F?\s*|[[(]scheduled::[ \t]*|^scheduled::[ \t]*)(\d{4}-\d{2}-\d{2})/iu,
  start: /(🛫\uFE0F?\s*|[[(]start::[ \t]*|^start::[ \t]*)(\d{4}-\d{2}-\d{2})/iu,
};
/** A done date as written after a task (`✅ 2026-12-04`, `[completion:: 2026-12-04]`), with the blanks before it. */
export const DONE_EMOJI = /[ \t]*✅\uFE0F?\s*\d{4}-\d{2}-\d{2}/u;
export const DONE_FIELD = /[ \t]*[[(]completion::[^\])]*[\])]/iu;
const DONE_MARKS = [DONE_EMOJI, DONE_FIELD];
// Dependencies: the plugin leaves a recurring task's id and what it waits for off its next occurrence
// (the id names the task that was done; a copy would make two tasks answer to it).
const DEPENDENCY_MARKS = [
  /[ \t]*🆔\uFE0F?[ \t]*[A-Za-z0-9_-]+/u,
  /[ \t]*⛔\uFE0F?[ \t]*[A-Za-z0-9_-]+(?:[ \t]*,[ \t]*[A-Za-z0-9_-]+)*/u,
  /[ \t]*[[(](?:id|dependsOn)::[^\])\n]*[\])]/iu,
];

/** A block id ending a line (` ^pay1`). */
export const BLOCK_ID = /\s+\^[A-Za-z0-9-]+\s*$/u;

/** `text` with the first match of `re` outside inline code replaced (dates are read outside code only). */
function replaceOutsideCode(text: string, re: RegExp, by: (m: RegExpExecArray) => string): string {
  const blanked = text.replace(/`[^`\n]*`/gu, (c) => ' '.repeat(c.length));
  const m = re.exec(blanked);
  return m ? text.slice(0, m.index) + by(m) + text.slice(m.index + m[0].length) : text;
}

// The created date: the next occurrence is created the day the task is done (the plugin's "set created date").
const CREATED_SPOT = /(➕\uFE0F?\s*|[[(]created::[ \t]*)(\d{4}-\d{2}-\d{2})/iu;

/**
 * The task text of the next occurrence: its dates moved, a created date made
 * `today`, its done date, block id and dependencies gone (an id names one line, or one task).
 */
export function occurrenceText(rest: string, next: TaskDates, today?: string): string {
  let out = rest.replace(BLOCK_ID, '');
  for (const key of Object.keys(DATE_SPOTS) as (keyof TaskDates)[]) {
    const value = next[key];
    if (value !== null) out = replaceOutsideCode(out, DATE_SPOTS[key], (m) => `${m[1]}${value}`);
  }
  if (today !== undefined) out = replaceOutsideCode(out, CREATED_SPOT, (m) => `${m[1]}${today}`);
  for (const mark of DONE_MARKS) out = replaceOutsideCode(out, mark, () => '');
  for (const mark of DEPENDENCY_MARKS) {
    // Each may be written more than once ([id:: a] [dependsOn:: b]): until none is left outside code.
    for (let before = ''; before !== out; ) {
      before = out;
      out = replaceOutsideCode(out, mark, () => '');
    }
  }
  return out;
}

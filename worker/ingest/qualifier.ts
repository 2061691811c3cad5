// The temporal qualifier at the head of an observation's text, right after
// its category:
//   - [decision] @effective[2026-06-10,2026-07-27) The cache layer will use Redis.
//   - [decision] @effective:2026-07-27 …   @occurred:"June 10, 2026" …   @2026-07-27 …
// Prose is full of `@` (e-mail addresses, @handles, @todo:), so only a token
// that reads as time, or that plainly tries to (a known kind, a bracket
// range, a quote), is a qualifier; anything else stays text, unreported.
// A refused qualifier is reported and the line kept as written.
import {
  DEFAULT_TIME_KIND,
  TemporalError,
  TIME_KINDS,
  canonicalDate,
  daysInMonth,
  formatDate,
  isTimeKind,
  makeRange,
  nextDay,
  parsePoint,
  parseRangeLiteral,
  validDate,
  type TemporalAssertion,
  type TimeKind,
  type ValidRange,
} from './temporal';

export interface Peeled {
  /** The text without the qualifier (unchanged when there was none or it was refused). */
  content: string;
  assertion?: TemporalAssertion;
  /** Why a qualifier the author meant was not taken. */
  refusal?: string;
}

const KIND = '[A-Za-z][A-Za-z0-9_]*';
// `@kind[...]` / `@(...)`: one bracket group, then whitespace or the end.
const RANGE_FORM = new RegExp(`^@(${KIND})?([[(][^[\\]()]*[\\])])(?=\\s|$)`);
const QUOTED_FORM = new RegExp(`^@(?:(${KIND}):)?"`);
const KIND_POINT_FORM = new RegExp(`^@(${KIND}):(\\S+)`);
// Without a kind only a digit opens a point: `@alice` is a handle.
const BARE_POINT_FORM = /^@(\d\S*)/;
// …except a day named relative to today, which is plainly meant as one and is refused.
const BARE_RELATIVE_DAY = /^@(yesterday|today|tomorrow|tonight|昨日|今日|明日)(?=\s|$)/i;

const KNOWN = TIME_KINDS.join(', ');

export function peelQualifier(text: string): Peeled {
  if (text.charCodeAt(0) !== 64 /* @ */) return { content: text };
  const found = readRange(text) ?? readPoint(text);
  if (!found) return { content: text };
  if ('refusal' in found) return { content: text, refusal: found.refusal };
  const rest = text.slice(found.token.length).trim();
  // A qualifier with nothing after it qualifies nothing: the line stays as it is.
  if (!rest) return { content: text };
  return { content: rest, assertion: { kind: found.kind, sourceText: found.token, range: found.range } };
}

type Found = { token: string; kind: TimeKind; range: ValidRange } | { refusal: string } | null;

function kindOf(name: string | undefined, token: string): TimeKind | { refusal: string } {
  if (name === undefined) return DEFAULT_TIME_KIND;
  if (isTimeKind(name)) return name;
  return { refusal: `The temporal qualifier "${token}" has the unknown kind "${name}"; the kinds are ${KNOWN} (or none, meaning valid).` };
}

function readRange(text: string): Found {
  const m = RANGE_FORM.exec(text);
  if (!m) return null;
  const [token, name, literal] = m;
  // `@[note]` or `@see(below)` are prose: only a literal with a comma or a digit inside is an attempt at a range.
  if (!/[,\d]/.test(literal)) return null;
  let range: ValidRange;
  try {
    range = parseRangeLiteral(literal);
  } catch (e) {
    // An unknown word before a malformed bracket is prose too.
    if (name !== undefined && !isTimeKind(name)) return null;
    return { refusal: `The temporal qualifier "${token}" was not read: ${(e as TemporalError).message}` };
  }
  const kind = kindOf(name, token);
  if (typeof kind !== 'string') return kind;
  return { token, kind, range };
}

function readPoint(text: string): Found {
  let token: string;
  let name: string | undefined;
  let point: string;
  const quoted = QUOTED_FORM.exec(text);
  if (quoted) {
    const close = text.indexOf('"', quoted[0].length);
    name = quoted[1];
    if (close < 0) {
      if (name !== undefined && !isTimeKind(name)) return null;
      return { refusal: `The temporal qualifier "${text.split(/\s/)[0]}" opens a quote that never closes; write it as ${quoted[0]}June 10, 2026".` };
    }
    token = text.slice(0, close + 1);
    if (!/^\s|^$/.test(text.slice(close + 1, close + 2))) return null;
    point = text.slice(quoted[0].length, close);
  } else {
    const named = KIND_POINT_FORM.exec(text);
    const bare = named ? null : BARE_POINT_FORM.exec(text);
    if (named) [token, name, point] = named;
    else if (bare) [token, point] = bare;
    else if (BARE_RELATIVE_DAY.test(text)) [token, point] = BARE_RELATIVE_DAY.exec(text)!;
    else return null;
  }
  const read = readAuthoredPoint(point);
  if (read.kind === 'none') {
    // Quotes around a known kind's value say "this is a date": tell the author it was not one.
    if (!quoted || (name !== undefined && !isTimeKind(name))) return null;
    return { refusal: `The temporal qualifier "${token}" was not read: "${point}" is not a date Kioku reads; write YYYY-MM-DD, YYYY-MM, YYYY, a timestamp or a date such as "June 10, 2026".` };
  }
  // An unknown kind is only worth reporting when what follows it is time: `@todo:fix` is prose.
  if (name !== undefined && !isTimeKind(name)) return read.kind === 'ok' ? kindOf(name, token) as { refusal: string } : null;
  if (read.kind === 'refused') return { refusal: `The temporal qualifier "${token}" was not read: ${read.reason}` };
  const kind = (name ?? DEFAULT_TIME_KIND) as TimeKind;
  return { token, kind, range: pointSpan(read.span, kind) };
}

/**
 * A point denotes the span its precision names; `effective` means "from then
 * on", so a decision taking effect on a day does not expire at midnight.
 */
export function pointSpan(span: ValidRange, kind: TimeKind): ValidRange {
  return kind === 'effective' ? makeRange(span.axis, span.lower, null, true, false) : span;
}

const MONTHS = ['january', 'february', 'march', 'april', 'may', 'june', 'july', 'august', 'september', 'october', 'november', 'december'];
// Words whose date moves with the calendar: never a stored claim.
const RELATIVE = /\b(yesterday|today|tomorrow|tonight|now|ago|last|next|this|previous|coming|monday|tuesday|wednesday|thursday|friday|saturday|sunday|week|weeks|days?|months?|years?|hours?|minutes?)\b|昨日|今日|明日|今週|先週|来週|今月|先月|来月|今年|去年|昨年|来年|前/i;

type PointRead = { kind: 'ok'; span: ValidRange } | { kind: 'refused'; reason: string } | { kind: 'none' };

/**
 * What an authored point means: `2026` the year, `2026-06` the month,
 * `2026-06-10` (or `June 10, 2026`, `10 June 2026`, `2026年6月10日`) the day,
 * a timestamp the instant. `none`: not a date at all (left as text).
 */
export function readAuthoredPoint(raw: string): PointRead {
  const p = raw.trim();
  if (!p) return { kind: 'none' };
  try {
    let m: RegExpExecArray | null;
    if ((m = /^(\d{4})$/.exec(p))) return ok(yearSpan(Number(m[1])));
    if ((m = /^(\d{4})-(\d{2})$/.exec(p))) return ok(monthSpan(Number(m[1]), Number(m[2]), p));
    if (/^\d{4}-\d{2}-\d{2}$/.test(p)) return ok(daySpan(canonicalDate(p)));
    if (/^\d{4}-\d{2}-\d{2}[Tt ]/.test(p)) {
      const v = parsePoint(p);
      return ok(makeRange('instant', v.value, v.value, true, true));
    }
    if ((m = /^(\d{4})年(\d{1,2})月(?:(\d{1,2})日)?$/.exec(p))) return ok(calendarSpan(Number(m[1]), Number(m[2]), m[3] ? Number(m[3]) : null, p));
    const words = englishDate(p);
    if (words) return ok(calendarSpan(words.y, words.m, words.d, p));
  } catch (e) {
    if (e instanceof TemporalError) return { kind: 'refused', reason: e.message };
    throw e;
  }
  if (RELATIVE.test(p)) {
    return { kind: 'refused', reason: `"${p}" is a relative date, whose meaning moves with the calendar; write the date itself, e.g. 2026-06-10.` };
  }
  // Digits that are not a date we read (`@3.5`, `@10/07/2026`) are left as text unless plainly date-shaped.
  if (/^\d{1,2}[/.]\d{1,2}[/.]\d{2,4}$/.test(p)) {
    return { kind: 'refused', reason: `"${p}" is ambiguous (day and month order differ by country); write it as YYYY-MM-DD.` };
  }
  return { kind: 'none' };
}

function ok(span: ValidRange): PointRead {
  return { kind: 'ok', span };
}

function yearSpan(y: number): ValidRange {
  return makeRange('date', formatDate(y, 1, 1), y < 9999 ? formatDate(y + 1, 1, 1) : null, true, false);
}

function monthSpan(y: number, m: number, written: string): ValidRange {
  if (m < 1 || m > 12) throw new TemporalError(`"${written}" is not a month: months are 01 to 12.`);
  return makeRange('date', formatDate(y, m, 1), m < 12 ? formatDate(y, m + 1, 1) : y < 9999 ? formatDate(y + 1, 1, 1) : null, true, false);
}

function daySpan(date: string): ValidRange {
  return makeRange('date', date, nextDay(date), true, false);
}

function calendarSpan(y: number, m: number, d: number | null, written: string): ValidRange {
  if (d === null) return monthSpan(y, m, written);
  if (!validDate(y, m, d)) {
    throw new TemporalError(m >= 1 && m <= 12 ? `"${written}" is not a date: ${formatDate(y, m, 1).slice(0, 7)} has ${daysInMonth(y, m)} days.` : `"${written}" is not a date.`);
  }
  return daySpan(formatDate(y, m, d));
}

/** `June 10, 2026`, `Jun 10 2026`, `10 June 2026`, `June 2026`. */
function englishDate(p: string): { y: number; m: number; d: number | null } | null {
  const t = p.toLowerCase().replace(/,/g, ' ').replace(/\s+/g, ' ').trim();
  const month = (w: string) => {
    const i = MONTHS.findIndex((name) => name === w || (w.length >= 3 && name.startsWith(w.replace(/\.$/, ''))));
    return i < 0 ? 0 : i + 1;
  };
  let m: RegExpExecArray | null;
  if ((m = /^([a-z]+\.?) (\d{1,2})(?:st|nd|rd|th)? (\d{4})$/.exec(t)) && month(m[1])) return { y: Number(m[3]), m: month(m[1]), d: Number(m[2]) };
  if ((m = /^(\d{1,2})(?:st|nd|rd|th)? ([a-z]+\.?) (\d{4})$/.exec(t)) && month(m[2])) return { y: Number(m[3]), m: month(m[2]), d: Number(m[1]) };
  if ((m = /^([a-z]+\.?) (\d{4})$/.exec(t)) && month(m[1])) return { y: Number(m[2]), m: month(m[1]), d: null };
  return null;
}

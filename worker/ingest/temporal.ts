// Valid time: the span during which an observation's claim holds, written by
// the author on the observation itself (Basic Memory's SPEC-82). This module
// owns the values and their canonical forms; qualifier.ts reads them off an
// observation line, worker/query/valid-time.ts off search arguments.
//
// Two axes never mix: calendar dates (YYYY-MM-DD, 10 characters) and instants
// (YYYY-MM-DDTHH:MM:SS.ffffffZ, 27 characters, UTC). Both are fixed width, so
// string order is time order and SQL compares bounds as plain strings.
// Ranges follow PostgreSQL: inclusivity per side, open ends, the empty range,
// and date ranges rewritten half-open `[lower,upper)`.

export const TIME_KINDS = ['valid', 'effective', 'occurred', 'due', 'mentioned'] as const;
export type TimeKind = (typeof TIME_KINDS)[number];
/** The kind of a qualifier written without one. */
export const DEFAULT_TIME_KIND: TimeKind = 'valid';

export function isTimeKind(s: string): s is TimeKind {
  return (TIME_KINDS as readonly string[]).includes(s);
}

export type Axis = 'date' | 'instant';

export interface ValidRange {
  axis: Axis;
  /** Canonical bound; null: unbounded. */
  lower: string | null;
  upper: string | null;
  lowerInclusive: boolean;
  upperInclusive: boolean;
  /** Admits no time at all (`[a,a)`, or `(a,b)` with no day between): matches nothing. */
  empty: boolean;
}

export interface TemporalAssertion {
  kind: TimeKind;
  /** The qualifier exactly as written, e.g. `@effective[2026-06-10,2026-07-27)`. */
  sourceText: string;
  range: ValidRange;
}

/** A value that is not a date, timestamp or range; the message names the value and the rule. */
export class TemporalError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'TemporalError';
  }
}

// --- Calendar arithmetic (proleptic Gregorian, years 0000-9999) ---

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
// Anything that starts like a date and goes on with a time separator is meant as a timestamp.
const TIMESTAMP_SHAPE = /^\d{4}-\d{2}-\d{2}[Tt ]/;
const INSTANT = /^(\d{4})-(\d{2})-(\d{2})[Tt ](\d{2}):(\d{2}):(\d{2})(?:\.(\d{1,6}))?([Zz]|[+-]\d{2}:\d{2})?$/;

export const DATE_EXAMPLE = '2026-07-01';
export const INSTANT_EXAMPLE = '2026-07-01T09:30:00Z';

function leap(y: number): boolean {
  return (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;
}

export function daysInMonth(y: number, m: number): number {
  return m === 2 ? (leap(y) ? 29 : 28) : [4, 6, 9, 11].includes(m) ? 30 : 31;
}

const pad = (n: number, w: number) => String(n).padStart(w, '0');

export function formatDate(y: number, m: number, d: number): string {
  return `${pad(y, 4)}-${pad(m, 2)}-${pad(d, 2)}`;
}

/** Days since 0000-03-01 (any fixed origin works: only differences and round trips matter). */
function dayNumber(y: number, m: number, d: number): number {
  const yy = m <= 2 ? y - 1 : y;
  const era = Math.floor(yy / 400);
  const yoe = yy - era * 400;
  const doy = Math.floor((153 * (m + (m > 2 ? -3 : 9)) + 2) / 5) + d - 1;
  const doe = yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy;
  return era * 146097 + doe;
}

function civil(n: number): [number, number, number] {
  const era = Math.floor(n / 146097);
  const doe = n - era * 146097;
  const yoe = Math.floor((doe - Math.floor(doe / 1460) + Math.floor(doe / 36524) - Math.floor(doe / 146096)) / 365);
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  const mp = Math.floor((5 * doy + 2) / 153);
  const d = doy - Math.floor((153 * mp + 2) / 5) + 1;
  const m = mp < 10 ? mp + 3 : mp - 9;
  return [yoe + era * 400 + (m <= 2 ? 1 : 0), m, d];
}

/** The canonical date after `date`, or null after 9999-12-31 (the calendar here has no successor). */
export function nextDay(date: string): string | null {
  if (date === '9999-12-31') return null;
  const [y, m, d] = date.split('-').map(Number);
  return formatDate(...civil(dayNumber(y, m, d) + 1));
}

/** `2026-02-30` → null; otherwise the date's parts. */
export function validDate(y: number, m: number, d: number): boolean {
  return m >= 1 && m <= 12 && d >= 1 && d <= daysInMonth(y, m);
}

// --- Bounds ---

export function axisOf(bound: string): Axis {
  return TIMESTAMP_SHAPE.test(bound) ? 'instant' : 'date';
}

/** `YYYY-MM-DD` as written, checked against the calendar. */
export function canonicalDate(text: string): string {
  const m = DATE.exec(text);
  if (!m) throw new TemporalError(`"${text}" is not a date: write it as YYYY-MM-DD, e.g. ${DATE_EXAMPLE}.`);
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (mo < 1 || mo > 12) throw new TemporalError(`"${text}" is not a date: there is no month ${m[2]} (months are 01 to 12).`);
  if (!validDate(y, mo, d)) throw new TemporalError(`"${text}" is not a date: ${formatDate(y, mo, 1).slice(0, 7)} has ${daysInMonth(y, mo)} days.`);
  return text;
}

/**
 * An RFC 3339 timestamp (to microseconds) as the canonical UTC instant. A
 * timestamp without an offset is read as UTC; an offset is applied, so the
 * same moment written in two zones is one value.
 */
export function canonicalInstant(text: string): string {
  const m = INSTANT.exec(text);
  if (!m) {
    const why = /\.\d{7,}/.test(text) ? 'it has more than 6 fractional digits (microseconds are the finest)' : 'write it as RFC 3339';
    throw new TemporalError(`"${text}" is not a timestamp: ${why}, e.g. ${INSTANT_EXAMPLE} or 2026-07-01T18:30:00.250+09:00.`);
  }
  const [y, mo, d, h, mi, s] = m.slice(1, 7).map(Number);
  if (!validDate(y, mo, d)) throw new TemporalError(`"${text}" is not a timestamp: ${m[1]}-${m[2]}-${m[3]} is not a calendar date.`);
  if (h > 23 || mi > 59 || s > 59) throw new TemporalError(`"${text}" is not a timestamp: the time of day must be 00:00:00 to 23:59:59.`);
  let offset = 0;
  const z = m[8];
  if (z && z !== 'Z' && z !== 'z') {
    const oh = Number(z.slice(1, 3));
    const om = Number(z.slice(4, 6));
    if (oh > 23 || om > 59) throw new TemporalError(`"${text}" is not a timestamp: the offset ${z} is not one (hours 00-23, minutes 00-59).`);
    offset = (z[0] === '-' ? -1 : 1) * (oh * 60 + om);
  }
  // Offsets are whole minutes: shift minutes and carry days; the seconds and fraction never change.
  let day = dayNumber(y, mo, d);
  let minutes = h * 60 + mi - offset;
  day += Math.floor(minutes / 1440);
  minutes = ((minutes % 1440) + 1440) % 1440;
  const [cy, cm, cd] = civil(day);
  if (cy < 0 || cy > 9999) throw new TemporalError(`"${text}" is outside the years 0000 to 9999 once in UTC.`);
  const frac = (m[7] ?? '').padEnd(6, '0');
  return `${formatDate(cy, cm, cd)}T${pad(Math.floor(minutes / 60), 2)}:${pad(minutes % 60, 2)}:${pad(s, 2)}.${frac}Z`;
}

export function canonicalBound(text: string, axis: Axis): string {
  return axis === 'date' ? canonicalDate(text) : canonicalInstant(text);
}

/** One date or timestamp, as a point on its axis (what valid_at asks about). */
export function parsePoint(text: string): { axis: Axis; value: string } {
  const t = text.trim();
  if (!t) throw new TemporalError('a date or timestamp is needed, not an empty value.');
  const axis = axisOf(t);
  return { axis, value: canonicalBound(t, axis) };
}

// --- Ranges ---

/**
 * Builds a range from canonical bounds, applying PostgreSQL's rules: an open
 * side is exclusive; a date range becomes `[lower,upper)`; a range that
 * admits nothing is empty. A backwards range (lower after upper, as written)
 * is an error, not an empty range.
 */
export function makeRange(axis: Axis, lower: string | null, upper: string | null, lowerInclusive: boolean, upperInclusive: boolean, written?: string): ValidRange {
  if (lower !== null && upper !== null && lower > upper) {
    throw new TemporalError(`"${written ?? `${lower},${upper}`}" is backwards: its lower bound ${lower} is after its upper bound ${upper}.`);
  }
  const r: ValidRange = { axis, lower, upper, lowerInclusive: lower !== null && lowerInclusive, upperInclusive: upper !== null && upperInclusive, empty: false };
  if (axis === 'date') {
    if (r.lower !== null && !r.lowerInclusive) {
      const after = nextDay(r.lower);
      if (after === null) return emptyRange(axis);
      r.lower = after;
      r.lowerInclusive = true;
    }
    if (r.upper !== null && r.upperInclusive) {
      // Through 9999-12-31 is every remaining day: unbounded.
      r.upper = nextDay(r.upper);
      r.upperInclusive = false;
    }
  }
  if (r.lower !== null && r.upper !== null && (r.lower > r.upper || (r.lower === r.upper && !(r.lowerInclusive && r.upperInclusive)))) return emptyRange(axis);
  return r;
}

export function emptyRange(axis: Axis): ValidRange {
  return { axis, lower: null, upper: null, lowerInclusive: false, upperInclusive: false, empty: true };
}

const RANGE = /^([[(])([^,[\]()]*),([^,[\]()]*)([\])])$/;
export const RANGE_EXAMPLE = '[2026-06-01,2026-08-01)';

/**
 * A range literal: `[lower,upper)`, `(lower,upper]`, `[lower,)`, `(,upper]`…
 * with dates or timestamps (never both). `(,)` names no bound and so no axis.
 */
export function parseRangeLiteral(literal: string): ValidRange {
  const text = literal.trim();
  if (!text) throw new TemporalError(`a range is needed, not an empty value; write one such as ${RANGE_EXAMPLE}.`);
  const m = RANGE.exec(text);
  if (!m) {
    throw new TemporalError(`"${text}" is not a range literal: write [lower,upper) with [ or ( and ] or ), a comma between the bounds and an empty side for an open end, e.g. ${RANGE_EXAMPLE} or [2026-07-27,).`);
  }
  const lowerText = m[2].trim();
  const upperText = m[3].trim();
  const axes = [lowerText, upperText].filter(Boolean).map(axisOf);
  if (!axes.length) throw new TemporalError(`"${text}" names no bound, so it says nothing about when; give at least one, e.g. [2026-07-27,).`);
  if (axes.length === 2 && axes[0] !== axes[1]) {
    throw new TemporalError(`"${text}" mixes a date and a timestamp: both bounds must be dates (YYYY-MM-DD) or both timestamps.`);
  }
  const axis = axes[0];
  const lower = lowerText ? canonicalBound(lowerText, axis) : null;
  const upper = upperText ? canonicalBound(upperText, axis) : null;
  return makeRange(axis, lower, upper, m[1] === '[', m[4] === ']', text);
}

/** The canonical literal: `[2026-06-10,2026-07-27)`, `[2026-07-27,)`, `empty`. */
export function rangeLiteral(r: ValidRange): string {
  if (r.empty) return 'empty';
  return `${r.lowerInclusive ? '[' : '('}${r.lower ?? ''},${r.upper ?? ''}${r.upperInclusive ? ']' : ')'}`;
}

/** The closed range of one point: containment is overlap with it. */
export function pointRange(p: { axis: Axis; value: string }): ValidRange {
  return makeRange(p.axis, p.value, p.value, true, true);
}

/** Whether two ranges on the same axis share a moment (the reference the SQL predicate is tested against). */
export function overlaps(a: ValidRange, b: ValidRange): boolean {
  if (a.axis !== b.axis || a.empty || b.empty) return false;
  const startsBeforeEnd = (lo: ValidRange, hi: ValidRange) =>
    lo.lower === null || hi.upper === null || lo.lower < hi.upper || (lo.lower === hi.upper && lo.lowerInclusive && hi.upperInclusive);
  return startsBeforeEnd(a, b) && startsBeforeEnd(b, a);
}

// --- Storage keys ---

/**
 * Sort keys for the assertions table: an open lower end sorts before every
 * bound (''), an open upper end after every one ('~'), and the empty range
 * gets keys no question can satisfy. So overlap is four string comparisons
 * with no NULL cases, and an index on (axis, lo) serves it.
 */
export const OPEN_LOW = '';
export const OPEN_HIGH = '~';

export function storageKeys(r: ValidRange): { lo: string; hi: string } {
  if (r.empty) return { lo: OPEN_HIGH, hi: OPEN_LOW };
  return { lo: r.lower ?? OPEN_LOW, hi: r.upper ?? OPEN_HIGH };
}

// The valid-time question of a search: valid_at (contains this date or
// instant), valid_overlaps (shares a moment with this range), time_kind (of
// this kind). Parsed once into a typed value, compiled to one SQL condition
// over the assertions table (the storage keys of worker/ingest/temporal.ts
// make it four string comparisons an index serves).
import type { Db, SqlValue } from '../db/database';
import {
  OPEN_HIGH,
  OPEN_LOW,
  TemporalError,
  TIME_KINDS,
  isTimeKind,
  parsePoint,
  parseRangeLiteral,
  pointRange,
  rangeLiteral,
  storageKeys,
  type Axis,
  type TimeKind,
  type ValidRange,
} from '../ingest/temporal';
import type { SqlCondition } from './sql';

export interface ValidTimeQuery {
  /** The range asked about: the point itself for valid_at, the range for valid_overlaps; none for time_kind alone. */
  window?: ValidRange;
  kind?: TimeKind;
}

/** A valid-time argument that is not one; `path` names it. */
export class ValidTimeArgumentError extends Error {
  constructor(readonly path: string, message: string) {
    super(message);
    this.name = 'ValidTimeArgumentError';
  }
}

export const VALID_TIME_KEYS = ['valid_at', 'valid_overlaps', 'time_kind'] as const;

/**
 * The valid-time arguments (canonical names: a time_role alias is already
 * time_kind here), or null when none is given. `kindName` is how the caller
 * wrote time_kind, for the message.
 */
export function parseValidTime(args: Record<string, unknown>, kindName = 'time_kind'): ValidTimeQuery | null {
  const kindKey = 'time_kind';
  const at = args.valid_at;
  const over = args.valid_overlaps;
  const kindArg = args[kindKey];
  const given = (v: unknown) => v !== undefined && v !== null;
  if (!given(at) && !given(over) && !given(kindArg)) return null;
  if (given(at) && given(over)) {
    throw new ValidTimeArgumentError('valid_overlaps', 'Give valid_at or valid_overlaps, not both: valid_at asks what held at one date or instant, valid_overlaps what held at any time in a range.');
  }
  const q: ValidTimeQuery = {};
  if (given(kindArg)) {
    if (typeof kindArg !== 'string' || !isTimeKind(kindArg.trim())) {
      throw new ValidTimeArgumentError(kindKey, `${kindName} ${describeValue(kindArg)} is not a kind of time; the kinds are ${TIME_KINDS.map((k) => `"${k}"`).join(', ')}.`);
    }
    q.kind = kindArg.trim() as TimeKind;
  }
  if (given(at)) q.window = pointRange(read('valid_at', at, (s) => parsePoint(s)));
  if (given(over)) q.window = read('valid_overlaps', over, parseRangeLiteral);
  return q;
}

function read<T>(key: string, v: unknown, parse: (s: string) => T): T {
  if (typeof v !== 'string') throw new ValidTimeArgumentError(key, `${key} must be a string, got ${describeValue(v)}.`);
  if (!v.trim()) {
    const example = key === 'valid_at' ? 'a date such as "2026-07-01" or a timestamp such as "2026-07-01T09:30:00Z"' : 'a range such as "[2026-06-01,2026-08-01)"';
    throw new ValidTimeArgumentError(key, `${key} is empty; give ${example}.`);
  }
  try {
    return parse(v);
  } catch (e) {
    if (e instanceof TemporalError) throw new ValidTimeArgumentError(key, `${key}: ${e.message}`);
    throw e;
  }
}

function describeValue(v: unknown): string {
  if (typeof v === 'string') return JSON.stringify(v.length > 40 ? v.slice(0, 40) + '…' : v);
  if (Array.isArray(v)) return 'a list';
  return v === null ? 'null' : typeof v === 'object' ? 'an object' : `${typeof v} ${String(v)}`;
}

/**
 * The observations (alias `o`) that answer the question: one of their
 * assertions is of the kind and shares a moment with the window, on the
 * window's axis (dates and instants never compare).
 *
 * `drive` says which side is the smaller: 'observations' when the rows come
 * from elsewhere (text hits, one note), so each is checked through its own
 * assertions (the time terms are kept off the index with `+`, or SQLite would
 * scan the time index once per observation); 'assertions' when the question
 * is the only narrowing, so the answering assertions are read once by the
 * time index and the observations looked up by id.
 */
export function validTimeCondition(q: ValidTimeQuery, obs = 'o', drive: 'observations' | 'assertions' = 'observations'): SqlCondition {
  if (drive === 'assertions') {
    const { sql, params } = assertionMatch(q, 'a');
    return { sql: `${obs}.id IN (SELECT a.observation_id FROM assertions a WHERE ${sql})`, params };
  }
  const { sql, params } = assertionMatch(q, 'a', '+');
  return { sql: `EXISTS (SELECT 1 FROM assertions a WHERE a.observation_id = ${obs}.id AND ${sql})`, params };
}

/** The condition on one assertion row (alias `a`); `pin` '+' keeps its terms off the indexes. */
export function assertionMatch(q: ValidTimeQuery, a = 'a', pin: '' | '+' = ''): SqlCondition {
  const parts: string[] = [];
  const params: SqlValue[] = [];
  const col = (c: string) => `${pin}${a}.${c}`;
  if (q.kind) {
    parts.push(`${col('kind')} = ?`);
    params.push(q.kind);
  }
  const w = q.window;
  if (w) {
    const { lo, hi } = storageKeys(w);
    parts.push(`${col('axis')} = ?`);
    params.push(w.axis);
    // Starts before the window ends, and ends after it starts; equal bounds count when both sides hold them.
    parts.push(w.upperInclusive ? `(${col('lo')} < ? OR (${a}.lo = ? AND ${a}.lo_inc = 1))` : `${col('lo')} < ?`);
    params.push(hi, ...(w.upperInclusive ? [hi] : []));
    parts.push(w.lowerInclusive ? `(${col('hi')} > ? OR (${a}.hi = ? AND ${a}.hi_inc = 1))` : `${col('hi')} > ?`);
    params.push(lo, ...(w.lowerInclusive ? [lo] : []));
  }
  return { sql: parts.length ? parts.join(' AND ') : '1', params };
}

/** How a search response shows one assertion. */
export interface TemporalJson {
  kind: TimeKind;
  source_text: string;
  valid_during: {
    literal: string;
    axis: Axis;
    lower: string | null;
    upper: string | null;
    lower_inclusive: boolean;
    upper_inclusive: boolean;
    is_empty: boolean;
  };
}

/** The columns of an assertion a response shows (with its observation's id). */
export const ASSERTION_COLUMNS = ['observation_id', 'kind', 'axis', 'lo', 'hi', 'lo_inc', 'hi_inc', 'literal', 'source_text'] as const;

export interface AssertionRow {
  observation_id: number;
  kind: TimeKind;
  axis: Axis;
  lo: string;
  hi: string;
  lo_inc: number;
  hi_inc: number;
  literal: string;
  source_text: string;
}

/** The assertions of these observations, by observation id, in written order. */
export function assertionsOf(db: Db, observationIds: readonly number[]): Map<number, TemporalJson[]> {
  const out = new Map<number, TemporalJson[]>();
  if (!observationIds.length) return out;
  const rows = db.all<AssertionRow>(
    `SELECT ${ASSERTION_COLUMNS.join(', ')} FROM assertions
     WHERE observation_id IN (${observationIds.map(() => '?').join(',')}) ORDER BY id`,
    [...observationIds],
  );
  for (const r of rows) {
    const list = out.get(r.observation_id) ?? [];
    list.push(temporalJson(r));
    out.set(r.observation_id, list);
  }
  return out;
}

export function temporalJson(r: AssertionRow): TemporalJson {
  const empty = r.literal === 'empty';
  return {
    kind: r.kind,
    source_text: r.source_text,
    valid_during: {
      literal: r.literal,
      axis: r.axis,
      lower: empty || r.lo === OPEN_LOW ? null : r.lo,
      upper: empty || r.hi === OPEN_HIGH ? null : r.hi,
      lower_inclusive: r.lo_inc === 1,
      upper_inclusive: r.hi_inc === 1,
      is_empty: empty,
    },
  };
}

/** The window as the response echoes it. */
export function describeQuery(q: ValidTimeQuery): { window: string | null; kind: TimeKind | null } {
  return { window: q.window ? rangeLiteral(q.window) : null, kind: q.kind ?? null };
}

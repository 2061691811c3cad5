// Canonical dates, instants and ranges: what a bound means, PostgreSQL's range
// rules, and overlap at the edges (equal bounds, open ends, `(a,b)` on dates).
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  canonicalDate,
  canonicalInstant,
  makeRange,
  nextDay,
  overlaps,
  parsePoint,
  parseRangeLiteral,
  pointRange,
  rangeLiteral,
  storageKeys,
  TemporalError,
  type ValidRange,
} from './temporal';

const lit = (s: string) => rangeLiteral(parseRangeLiteral(s));
const refusal = (f: () => unknown) => {
  try {
    f();
  } catch (e) {
    expect(e).toBeInstanceOf(TemporalError);
    return (e as Error).message;
  }
  throw new Error('not refused');
};

describe('dates', () => {
  it('accepts calendar dates as written, leap days included', () => {
    expect(canonicalDate('2026-07-27')).toBe('2026-07-27');
    expect(canonicalDate('2024-02-29')).toBe('2024-02-29');
    expect(canonicalDate('2000-02-29')).toBe('2000-02-29');
  });

  it('refuses what is not on the calendar, naming the value and the rule', () => {
    expect(refusal(() => canonicalDate('2026-13-01'))).toBe('"2026-13-01" is not a date: there is no month 13 (months are 01 to 12).');
    expect(refusal(() => canonicalDate('2026-02-29'))).toBe('"2026-02-29" is not a date: 2026-02 has 28 days.');
    expect(refusal(() => canonicalDate('1900-02-29'))).toContain('1900-02 has 28 days');
    expect(refusal(() => canonicalDate('2026-04-31'))).toContain('2026-04 has 30 days');
    expect(refusal(() => canonicalDate('20260727'))).toContain('YYYY-MM-DD');
    expect(refusal(() => canonicalDate('2026-7-27'))).toContain('YYYY-MM-DD');
  });

  it('steps to the next day across months, years and leap days', () => {
    expect(nextDay('2026-07-31')).toBe('2026-08-01');
    expect(nextDay('2026-12-31')).toBe('2027-01-01');
    expect(nextDay('2024-02-28')).toBe('2024-02-29');
    expect(nextDay('2026-02-28')).toBe('2026-03-01');
    expect(nextDay('0000-12-31')).toBe('0001-01-01');
    expect(nextDay('9999-12-31')).toBeNull();
  });

  it('agrees with the JavaScript calendar on next day for any date', () => {
    fc.assert(
      fc.property(fc.date({ min: new Date('1000-01-01T00:00:00Z'), max: new Date('9999-12-30T00:00:00Z'), noInvalidDate: true }), (d) => {
        const day = d.toISOString().slice(0, 10);
        const next = new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
        expect(nextDay(day)).toBe(next);
      }),
    );
  });
});

describe('instants', () => {
  it('normalises to UTC with six fractional digits', () => {
    expect(canonicalInstant('2026-07-27T18:42:00Z')).toBe('2026-07-27T18:42:00.000000Z');
    expect(canonicalInstant('2026-07-27T18:42:00.5+09:00')).toBe('2026-07-27T09:42:00.500000Z');
    expect(canonicalInstant('2026-07-27t18:42:00.123456z')).toBe('2026-07-27T18:42:00.123456Z');
    expect(canonicalInstant('2026-07-27 18:42:00')).toBe('2026-07-27T18:42:00.000000Z');
  });

  it('reads a timestamp without an offset as UTC', () => {
    expect(canonicalInstant('2026-07-27T18:42:00')).toBe(canonicalInstant('2026-07-27T18:42:00Z'));
  });

  it('carries offsets across days, months and years', () => {
    expect(canonicalInstant('2026-01-01T01:00:00+02:00')).toBe('2025-12-31T23:00:00.000000Z');
    expect(canonicalInstant('2026-02-28T23:30:00-01:00')).toBe('2026-03-01T00:30:00.000000Z');
    expect(canonicalInstant('2024-02-28T23:30:00-01:00')).toBe('2024-02-29T00:30:00.000000Z');
  });

  it('names the same moment the same way whatever the offset (against Date, to milliseconds)', () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date('1971-01-01T00:00:00Z'), max: new Date('9998-12-31T00:00:00Z'), noInvalidDate: true }),
        fc.integer({ min: -23 * 60 - 59, max: 23 * 60 + 59 }),
        (d, offset) => {
          const local = new Date(d.getTime() + offset * 60_000).toISOString().slice(0, 23);
          const sign = offset < 0 ? '-' : '+';
          const a = Math.abs(offset);
          const written = `${local}${sign}${String(Math.floor(a / 60)).padStart(2, '0')}:${String(a % 60).padStart(2, '0')}`;
          expect(canonicalInstant(written)).toBe(`${d.toISOString().slice(0, 23)}000Z`);
        },
      ),
    );
  });

  it('refuses sub-microsecond precision, impossible times and offsets', () => {
    expect(refusal(() => canonicalInstant('2026-07-27T18:42:00.1234567Z'))).toContain('more than 6 fractional digits');
    expect(refusal(() => canonicalInstant('2026-07-27T24:00:00Z'))).toContain('00:00:00 to 23:59:59');
    expect(refusal(() => canonicalInstant('2026-07-27T18:60:00Z'))).toContain('00:00:00 to 23:59:59');
    expect(refusal(() => canonicalInstant('2026-02-30T10:00:00Z'))).toContain('not a calendar date');
    expect(refusal(() => canonicalInstant('2026-07-27T10:00:00+24:00'))).toContain('offset');
    expect(refusal(() => canonicalInstant('2026-07-27T10:00Z'))).toContain('RFC 3339');
  });

  it('keeps the canonical form fixed width, so string order is time order', () => {
    const xs = ['2026-07-27T09:00:00+09:00', '2026-07-26T23:59:59.999999Z', '2026-07-27T00:00:00.000001Z', '0999-01-01T00:00:00Z'].map(canonicalInstant);
    expect(new Set(xs.map((x) => x.length))).toEqual(new Set([27]));
    expect([...xs].sort()).toEqual(['0999-01-01T00:00:00.000000Z', '2026-07-26T23:59:59.999999Z', '2026-07-27T00:00:00.000000Z', '2026-07-27T00:00:00.000001Z']);
  });
});

describe('points', () => {
  it('tells dates from timestamps', () => {
    expect(parsePoint('2026-07-28')).toEqual({ axis: 'date', value: '2026-07-28' });
    expect(parsePoint(' 2026-07-28T10:00:00+02:00 ')).toEqual({ axis: 'instant', value: '2026-07-28T08:00:00.000000Z' });
    expect(refusal(() => parsePoint('  '))).toContain('not an empty value');
    expect(refusal(() => parsePoint('2026-13-01'))).toContain('no month 13');
  });
});

describe('range literals', () => {
  it('stores date ranges half-open', () => {
    expect(lit('[2026-06-10,2026-07-27)')).toBe('[2026-06-10,2026-07-27)');
    expect(lit('[2026-06-10,2026-07-27]')).toBe('[2026-06-10,2026-07-28)');
    expect(lit('(2026-06-10,2026-07-27]')).toBe('[2026-06-11,2026-07-28)');
    expect(lit('(2026-06-10,2026-07-27)')).toBe('[2026-06-11,2026-07-27)');
    expect(lit('[2026-12-31,2026-12-31]')).toBe('[2026-12-31,2027-01-01)');
  });

  it('keeps open ends open and exclusive', () => {
    expect(lit('[2026-07-27,)')).toBe('[2026-07-27,)');
    expect(lit('[2026-07-27,]')).toBe('[2026-07-27,)');
    expect(lit('(,2026-07-27)')).toBe('(,2026-07-27)');
    expect(lit('[,2026-07-27]')).toBe('(,2026-07-28)');
    expect(lit('[2026-01-01,9999-12-31]')).toBe('[2026-01-01,)');
    expect(lit('[ 2026-07-27 , )')).toBe('[2026-07-27,)');
  });

  it('keeps the inclusivity written on instant ranges', () => {
    expect(lit('(2026-07-27T10:00:00Z,2026-07-27T12:00:00+01:00]')).toBe('(2026-07-27T10:00:00.000000Z,2026-07-27T11:00:00.000000Z]');
    expect(lit('[2026-07-27T10:00:00Z,)')).toBe('[2026-07-27T10:00:00.000000Z,)');
  });

  it('turns ranges that admit nothing into the empty range', () => {
    expect(lit('[2026-07-01,2026-07-01)')).toBe('empty');
    expect(lit('(2026-07-01,2026-07-02)')).toBe('empty');
    expect(lit('(2026-07-01,2026-07-01]')).toBe('empty');
    expect(lit('(2026-07-01T00:00:00Z,2026-07-01T00:00:00Z]')).toBe('empty');
    expect(lit('(9999-12-31,)')).toBe('empty');
    expect(lit('[2026-07-01T00:00:00Z,2026-07-01T00:00:00Z]')).toBe('[2026-07-01T00:00:00.000000Z,2026-07-01T00:00:00.000000Z]');
  });

  it('refuses backwards ranges, mixed axes, bad bounds and what is not a literal', () => {
    expect(refusal(() => parseRangeLiteral('[2026-08-01,2026-07-01)'))).toBe('"[2026-08-01,2026-07-01)" is backwards: its lower bound 2026-08-01 is after its upper bound 2026-07-01.');
    expect(refusal(() => parseRangeLiteral('[2026-07-01,2026-07-02T00:00:00Z)'))).toContain('mixes a date and a timestamp');
    expect(refusal(() => parseRangeLiteral('2026-06-10..2026-07-27'))).toContain('"2026-06-10..2026-07-27" is not a range literal');
    expect(refusal(() => parseRangeLiteral('[2026-06-10;2026-07-27)'))).toContain('not a range literal');
    expect(refusal(() => parseRangeLiteral('[2026-13-01,)'))).toContain('no month 13');
    expect(refusal(() => parseRangeLiteral('(,)'))).toContain('names no bound');
    expect(refusal(() => parseRangeLiteral(''))).toContain('not an empty value');
  });

  it('renders a literal that parses back to the same range', () => {
    for (const s of ['[2026-06-10,2026-07-27]', '(,2026-01-01]', '(2026-07-27T10:00:00+05:30,)', '[2026-07-01,2026-07-01)']) {
      const r = parseRangeLiteral(s);
      if (!r.empty) expect(parseRangeLiteral(rangeLiteral(r))).toEqual(r);
    }
  });
});

describe('overlap', () => {
  const r = parseRangeLiteral;
  const at = (s: string) => pointRange(parsePoint(s));

  it('contains a date at its inclusive lower bound, not at its exclusive upper bound', () => {
    const redis = r('[2026-06-10,2026-07-27)');
    expect(overlaps(redis, at('2026-06-10'))).toBe(true);
    expect(overlaps(redis, at('2026-07-26'))).toBe(true);
    expect(overlaps(redis, at('2026-07-27'))).toBe(false);
    expect(overlaps(redis, at('2026-06-09'))).toBe(false);
  });

  it('applies (a,b) on dates as the days strictly between', () => {
    const between = r('(2026-01-01,2026-01-03)');
    expect(overlaps(between, at('2026-01-01'))).toBe(false);
    expect(overlaps(between, at('2026-01-02'))).toBe(true);
    expect(overlaps(between, at('2026-01-03'))).toBe(false);
    // Written raw, each one's bounds lie inside the other's; as sets of days they are disjoint.
    expect(overlaps(between, r('(2026-01-02,2026-01-04)'))).toBe(false);
  });

  it('decides edge instants by the inclusivity written', () => {
    const closed = r('[2026-07-27T10:00:00Z,2026-07-27T12:00:00Z]');
    const open = r('(2026-07-27T10:00:00Z,2026-07-27T12:00:00Z)');
    for (const edge of ['2026-07-27T10:00:00Z', '2026-07-27T12:00:00Z']) {
      expect(overlaps(closed, at(edge))).toBe(true);
      expect(overlaps(open, at(edge))).toBe(false);
    }
    expect(overlaps(open, at('2026-07-27T10:00:00.000001Z'))).toBe(true);
    expect(overlaps(open, at('2026-07-27T11:59:59.999999Z'))).toBe(true);
    expect(overlaps(closed, r('[2026-07-27T12:00:00Z,)'))).toBe(true);
    expect(overlaps(closed, r('(2026-07-27T12:00:00Z,)'))).toBe(false);
  });

  it('treats open ends as unbounded and never matches the empty range', () => {
    const memcached = r('[2026-07-27,)');
    expect(overlaps(memcached, at('9999-12-31'))).toBe(true);
    expect(overlaps(memcached, at('2026-07-26'))).toBe(false);
    expect(overlaps(r('(,2026-07-27)'), at('0001-01-01'))).toBe(true);
    expect(overlaps(r('(,2026-07-27)'), r('[2026-07-27,)'))).toBe(false);
    expect(overlaps(r('(,2026-07-28)'), r('[2026-07-27,)'))).toBe(true);
    expect(overlaps(r('[2026-07-01,2026-07-01)'), r('[2026-01-01,)'))).toBe(false);
  });

  it('never mixes the axes', () => {
    expect(overlaps(r('[2026-07-27,)'), at('2026-07-28T00:00:00Z'))).toBe(false);
  });

  it('matches the storage-key comparison the SQL uses, for any ranges', () => {
    // The SQL predicate (valid-time.ts) compares storage keys; here the same comparison in JS.
    const keyed = (a: ValidRange, q: ValidRange) => {
      const s = storageKeys(a);
      const k = storageKeys(q);
      const loOk = s.lo < k.hi || (s.lo === k.hi && a.lowerInclusive && q.upperInclusive);
      const hiOk = s.hi > k.lo || (s.hi === k.lo && a.upperInclusive && q.lowerInclusive);
      return a.axis === q.axis && loOk && hiOk;
    };
    const day = fc.integer({ min: 1, max: 28 }).map((d) => `2026-07-${String(d).padStart(2, '0')}`);
    const bound = fc.option(day, { nil: null });
    const range = (axis: 'date' | 'instant') =>
      fc.tuple(bound, bound, fc.boolean(), fc.boolean()).map(([a, b, li, ui]) => {
        const [lo, hi] = a !== null && b !== null && a > b ? [b, a] : [a, b];
        const at = (x: string | null) => (x === null || axis === 'date' ? x : `${x}T00:00:00.000000Z`);
        return makeRange(axis, at(lo), at(hi), li, ui);
      });
    for (const axis of ['date', 'instant'] as const) {
      fc.assert(fc.property(range(axis), range(axis), (a, q) => {
        expect(keyed(a, q)).toBe(overlaps(a, q));
      }));
    }
  });
});

import { describe, expect, it } from 'vitest';
import { validitySpan, validityText, type Validity } from './validity';

const d = (literal: string, lower: string | null, upper: string | null, axis: 'date' | 'instant' = 'date'): Validity => ({
  literal, axis, lower, upper, lower_inclusive: lower !== null, upper_inclusive: false, is_empty: false,
});
const fmt = (ms: number, axis: string) => new Date(ms).toISOString().slice(0, axis === 'date' ? 10 : 16);
const words = { from: 'from {date}', until: 'until {date}', empty: 'never' };

describe('validity in words', () => {
  it('shows the last day a half-open date range holds', () => {
    expect(validityText(d('[2026-06-10,2026-07-27)', '2026-06-10', '2026-07-27'), fmt, words)).toBe('2026-06-10 – 2026-07-26');
    expect(validityText(d('[2026-07-27,2026-07-28)', '2026-07-27', '2026-07-28'), fmt, words)).toBe('2026-07-27');
  });

  it('names open ends and the empty range', () => {
    expect(validityText(d('[2026-07-27,)', '2026-07-27', null), fmt, words)).toBe('from 2026-07-27');
    expect(validityText(d('(,2026-07-27)', null, '2026-07-27'), fmt, words)).toBe('until 2026-07-26');
    expect(validityText({ ...d('empty', null, null), is_empty: true }, fmt, words)).toBe('never');
  });

  it('keeps instants as instants', () => {
    const v = d('[2026-07-01T10:00:00.000000Z,2026-07-01T12:00:00.000000Z)', '2026-07-01T10:00:00.000000Z', '2026-07-01T12:00:00.000000Z', 'instant');
    expect(validityText(v, fmt, words)).toBe('2026-07-01T10:00 – 2026-07-01T12:00');
    expect(validitySpan(v)).toEqual([Date.parse('2026-07-01T10:00:00Z'), Date.parse('2026-07-01T12:00:00Z')]);
  });
});

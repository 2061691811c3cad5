// The next occurrence of a recurring task, as the Tasks plugin computes it for the rules Kioku reads.
import { describe, expect, it } from 'vitest';
import { nextDate, nextOccurrence, occurrenceText } from './recurrence';

describe('nextDate', () => {
  it('steps by days, weeks, months and years, a month end clamped', () => {
    expect(nextDate('every day', '2026-12-31')).toBe('2027-01-01');
    expect(nextDate('every 3 days', '2026-02-27')).toBe('2026-03-02');
    expect(nextDate('every week', '2026-12-04')).toBe('2026-12-11');
    expect(nextDate('every 2 weeks', '2026-12-04')).toBe('2026-12-18');
    expect(nextDate('every month', '2026-01-31')).toBe('2026-02-28');
    expect(nextDate('every 2 months', '2026-12-15')).toBe('2027-02-15');
    expect(nextDate('every year', '2024-02-29')).toBe('2025-02-28');
    expect(nextDate('Every  Month', '2026-03-10')).toBe('2026-04-10');
  });

  it('finds weekdays and days of the month', () => {
    // 2026-12-04 is a Friday.
    expect(nextDate('every weekday', '2026-12-04')).toBe('2026-12-07');
    expect(nextDate('every week on Monday', '2026-12-04')).toBe('2026-12-07');
    expect(nextDate('every week on Tuesday, Friday', '2026-12-01')).toBe('2026-12-04');
    expect(nextDate('every week on Tuesday and Friday', '2026-12-04')).toBe('2026-12-08');
    // Every other week: a later listed day this week, else the first listed day two weeks on.
    expect(nextDate('every 2 weeks on Monday, Wednesday', '2026-11-30')).toBe('2026-12-02');
    expect(nextDate('every 2 weeks on Monday, Wednesday', '2026-12-02')).toBe('2026-12-14');
    expect(nextDate('every month on the 1st', '2026-12-04')).toBe('2027-01-01');
    expect(nextDate('every month on the 15th', '2026-12-04')).toBe('2026-12-15');
    expect(nextDate('every month on the last', '2026-02-10')).toBe('2026-02-28');
    expect(nextDate('every month on the last day', '2026-02-28')).toBe('2026-03-31');
  });

  it('reads no other rule', () => {
    for (const r of ['every January on the 15th', 'sometimes', 'every 0 days', 'every week on Funday', 'every month on the 32nd']) expect(nextDate(r, '2026-12-04')).toBeNull();
    // Steps that leave the calendar's four-digit years.
    for (const r of ['every 300000 years', 'every 999999999 days', 'every 9000 years']) expect(nextDate(r, '2026-12-01')).toBeNull();
  });
});

describe('nextOccurrence', () => {
  it('moves every date by the reference date\'s step (due, else scheduled, else start)', () => {
    expect(nextOccurrence('every week', { due: '2026-12-04', scheduled: '2026-12-02', start: null }, '2026-12-10')).toEqual({ due: '2026-12-11', scheduled: '2026-12-09', start: null });
    expect(nextOccurrence('every month', { due: null, scheduled: null, start: '2026-01-31' }, '2026-12-10')).toEqual({ due: null, scheduled: null, start: '2026-02-28' });
  });

  it('"when done" counts from the day it was done', () => {
    expect(nextOccurrence('every 3 days when done', { due: '2026-12-01', scheduled: null, start: null }, '2026-12-04')).toEqual({ due: '2026-12-07', scheduled: null, start: null });
  });

  it('gives none without a date or with a rule it does not read', () => {
    expect(nextOccurrence('every day', { due: null, scheduled: null, start: null }, '2026-12-04')).toBeNull();
    expect(nextOccurrence('every blue moon', { due: '2026-12-04', scheduled: null, start: null }, '2026-12-04')).toBeNull();
  });
});

describe('occurrenceText', () => {
  it('moves the dates where they are written and drops the done date', () => {
    expect(occurrenceText(' pay rent 🔁 every month 📅 2026-12-01 ⏳ 2026-11-28 ✅ 2026-12-04', { due: '2027-01-01', scheduled: '2026-12-29', start: null })).toBe(
      ' pay rent 🔁 every month 📅 2027-01-01 ⏳ 2026-12-29',
    );
    expect(occurrenceText(' water [repeat:: every week] [due:: 2026-12-04] [completion:: 2026-12-04]', { due: '2026-12-11', scheduled: null, start: null })).toBe(
      ' water [repeat:: every week] [due:: 2026-12-11]',
    );
  });
});

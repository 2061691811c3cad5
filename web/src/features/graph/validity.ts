// How a valid-time assertion reads in the UI: "from 27 Jul 2026", "10 Jun –
// 27 Jul 2026 (until, not including)", a timestamp range in local time.
// Pure, so it is tested without a page.
import type { TemporalJson } from '../../../../worker/contract';

export type Validity = TemporalJson['valid_during'];

/** [start, end] as milliseconds for a timeline; open ends as null. Dates are UTC midnights. */
export function validitySpan(v: Validity): [number | null, number | null] {
  if (v.is_empty) return [null, null];
  const ms = (s: string | null) => (s === null ? null : Date.parse(v.axis === 'date' ? `${s}T00:00:00Z` : s));
  return [ms(v.lower), ms(v.upper)];
}

/** A short text for the range, in the reader's language, through the formatter given. */
export function validityText(v: Validity, fmt: (ms: number, axis: 'date' | 'instant') => string, words: { from: string; until: string; empty: string }): string {
  if (v.is_empty) return words.empty;
  const [lo, hi] = validitySpan(v);
  // A date range is stored half-open: the last day it holds is the one before its upper bound.
  const last = hi !== null && v.axis === 'date' ? hi - 86_400_000 : hi;
  if (lo !== null && last !== null) return lo === last ? fmt(lo, v.axis) : `${fmt(lo, v.axis)} – ${fmt(last, v.axis)}`;
  if (lo !== null) return words.from.replace('{date}', fmt(lo, v.axis));
  if (last !== null) return words.until.replace('{date}', fmt(last, v.axis));
  return '∞';
}

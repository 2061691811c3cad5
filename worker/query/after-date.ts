// Basic Memory's `after_date` ("2024-01-01", "1 week", "2d"): notes modified
// at or after that moment. Kioku keeps no creation time, so it bounds the
// file's modified time, file.mtime, whose values are UTC "YYYY-MM-DDTHH:MM:SS"
// strings (migration 0012): the bound is written the same way, so the
// comparison is a plain string range on an existing filter field.
import { describe, toolError } from '../errors';

export const AFTER_DATE_FIELD = 'file.mtime';

const FORMS = 'a date ("2024-01-01"), a date and time ("2024-01-01T09:30:00Z"), "today", "yesterday" or a time ago ("1 week", "2d", "3 months")';

const UNITS: Record<string, 'minute' | 'hour' | 'day' | 'week' | 'month' | 'year'> = {
  min: 'minute', mins: 'minute', minute: 'minute', minutes: 'minute',
  h: 'hour', hr: 'hour', hrs: 'hour', hour: 'hour', hours: 'hour',
  d: 'day', day: 'day', days: 'day',
  w: 'week', wk: 'week', wks: 'week', week: 'week', weeks: 'week',
  mo: 'month', month: 'month', months: 'month',
  y: 'year', yr: 'year', yrs: 'year', year: 'year', years: 'year',
};

/** The lower bound on file.mtime an after_date value means, as a UTC "YYYY-MM-DDTHH:MM:SS" string. */
export function afterDateBound(value: unknown, key: string, now: number): string {
  if (typeof value !== 'string' || value.trim() === '') throw toolError('invalid_argument', `${key} must be ${FORMS}; got ${describe(value)}.`, key);
  const v = value.trim().toLowerCase();
  if (/^\d{4}-\d{2}-\d{2}$/.test(v)) {
    if (!Number.isNaN(Date.parse(`${v}T00:00:00Z`))) return `${v}T00:00:00`;
  } else if (/^\d{4}-\d{2}-\d{2}[t ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?(z|[+-]\d{2}:?\d{2})?$/.test(v)) {
    const withZone = /(z|[+-]\d{2}:?\d{2})$/.test(v) ? v : `${v}z`;
    const t = Date.parse(withZone.replace(' ', 't').toUpperCase());
    if (!Number.isNaN(t)) return utc(t);
  } else if (v === 'today' || v === 'yesterday') {
    const d = new Date(now);
    d.setUTCHours(0, 0, 0, 0);
    if (v === 'yesterday') d.setUTCDate(d.getUTCDate() - 1);
    return utc(d.getTime());
  } else {
    const m = /^(\d{1,6})\s*([a-z]+)(\s+ago)?$/.exec(v);
    const unit = m ? UNITS[m[2]] : undefined;
    if (m && unit) return utc(ago(now, Number(m[1]), unit));
  }
  throw toolError('invalid_argument', `${key} must be ${FORMS}; got ${JSON.stringify(value)}. It keeps notes whose file was modified at or after that time (file.mtime, UTC).`, key);
}

function ago(now: number, n: number, unit: (typeof UNITS)[string]): number {
  const d = new Date(now);
  if (unit === 'month') d.setUTCMonth(d.getUTCMonth() - n);
  else if (unit === 'year') d.setUTCFullYear(d.getUTCFullYear() - n);
  else d.setTime(now - n * { minute: 60e3, hour: 3600e3, day: 86400e3, week: 7 * 86400e3 }[unit]);
  return d.getTime();
}

function utc(t: number): string {
  return new Date(t).toISOString().slice(0, 19);
}

// Dataview's file.day, the date a note is about (daily notes): a `date` or
// `day` field (any case, frontmatter or inline) whose first value is a date
// or a link naming one, else a yyyy-mm-dd or yyyymmdd date in the file name
// (Dataview's findDate and extractDate). Kept as the day alone, YYYY-MM-DD,
// so it compares as text the way every date does in the filter language.
import type { FmValue, Frontmatter } from './frontmatter';

const DASHED = /(\d{4})-(\d{2})-(\d{2})/;
const PLAIN = /(\d{4})(\d{2})(\d{2})/;
const DATE_VALUE = /^(\d{4})-(\d{2})-(\d{2})(?:$|[T ]\d)/;
const LINK = /^!?\[\[([^\]]+)\]\]$/;

/** The note's day, YYYY-MM-DD, or null. `fields`: its frontmatter, then its inline fields, in that order. */
export function fileDay(path: string, fields: readonly Frontmatter[]): string | null {
  for (const group of fields) {
    for (const [key, value] of Object.entries(group)) {
      const k = key.toLowerCase();
      if (k !== 'date' && k !== 'day') continue;
      const day = dayOfValue(Array.isArray(value) ? value[0] : value);
      if (day) return day;
    }
  }
  const name = path.slice(path.lastIndexOf('/') + 1).replace(/\.md$/i, '');
  return extractDay(name);
}

function dayOfValue(v: FmValue | undefined): string | null {
  if (typeof v !== 'string') return null;
  const s = v.trim();
  const date = DATE_VALUE.exec(s);
  if (date) return validDay(date[1], date[2], date[3]);
  const link = LINK.exec(s);
  return link ? extractDay(link[1]) : null;
}

/** A date anywhere in the text, dashed first, as Dataview's extractDate reads it. */
export function extractDay(text: string): string | null {
  const m = DASHED.exec(text) ?? PLAIN.exec(text);
  return m ? validDay(m[1], m[2], m[3]) : null;
}

/** The day when it exists on the calendar (2022-02-30 does not). */
function validDay(y: string, m: string, d: string): string | null {
  const date = new Date(Date.UTC(Number(y), Number(m) - 1, Number(d)));
  if (date.getUTCFullYear() !== Number(y) || date.getUTCMonth() !== Number(m) - 1 || date.getUTCDate() !== Number(d)) return null;
  return `${y}-${m}-${d}`;
}

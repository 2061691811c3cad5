// Flattens typed frontmatter into the rows of the `fm` table. Each scalar gets
// the typed columns a filter can use through an index: `num` for numbers and
// numeric-looking strings, `str` for strings, `bool` for booleans and the
// strings true/false, `fold` for case-insensitive matching.
import type { FmValue, Frontmatter } from './frontmatter';

export interface FmRow {
  key: string;
  pos: number;
  t: 'str' | 'num' | 'bool' | 'null' | 'list' | 'map';
  num: number | string | null;
  str: string | null;
  fold: string | null;
  bool: number | null;
}

const NUMERIC = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?$/;

/** Whether a string is written like a number ("1", " 1.0 ", "-2e3"), whatever its size. */
export function looksNumeric(s: string): boolean {
  return NUMERIC.test(s.trim());
}

/** A number for numbers and numeric-looking strings ("1", " 1.0 ", "-2e3"); null otherwise. */
export function numericValue(v: unknown): number | null {
  if (typeof v === 'number') return Number.isFinite(v) ? v : null;
  if (typeof v !== 'string') return null;
  const s = v.trim();
  if (!NUMERIC.test(s)) return null;
  const n = Number(s);
  return Number.isFinite(n) ? n : null;
}

const INT64_LIMIT = 2 ** 63;

/**
 * A number as a value to bind for the REAL `num` column. sqlite-wasm binds
 * every integral JS number as an int64, so beyond ±2^63 it would wrap around
 * (1.2e19 became -6.1e18); those are bound as text, which the column's REAL
 * affinity (or a comparison with it) reads back as the same double.
 */
export function sqlNumber(n: number): number | string {
  return Number.isInteger(n) && Math.abs(n) >= INT64_LIMIT ? String(n) : n;
}

export function booleanValue(v: unknown): number | null {
  if (typeof v === 'boolean') return v ? 1 : 0;
  if (typeof v === 'string') {
    const s = v.trim().toLowerCase();
    if (s === 'true') return 1;
    if (s === 'false') return 0;
  }
  return null;
}

/**
 * NFKC plus case folding, for tags and case-insensitive matching. JavaScript
 * has no case-fold primitive; lower → upper → lower reaches the full folding
 * for the cases that matter in practice (ß/ẞ → ss, final sigma, Ａ → a).
 */
export function foldText(s: string): string {
  return s.normalize('NFKC').toLowerCase().toUpperCase().toLowerCase().normalize('NFKC');
}

function scalarRow(key: string, pos: number, v: FmValue): FmRow {
  if (v === null) return { key, pos, t: 'null', num: null, str: null, fold: null, bool: null };
  if (typeof v === 'number') return { key, pos, t: 'num', num: sqlNumber(v), str: null, fold: null, bool: null };
  if (typeof v === 'boolean') return { key, pos, t: 'bool', num: null, str: null, fold: null, bool: v ? 1 : 0 };
  const s = String(v).normalize('NFC');
  const n = numericValue(s);
  return { key, pos, t: 'str', num: n === null ? null : sqlNumber(n), str: s, fold: foldText(s), bool: booleanValue(s) };
}

/**
 * Nested maps become dotted keys (`schema.version`); a key that already
 * contains dots is kept as written, so both land on the same key text. Lists of
 * maps are walked too, so `authors.name` reaches every author. Values inside
 * lists are numbered per key in document order (nested lists flattened), so
 * pos 0 is always the one first value `find` sorts a list by.
 */
export function frontmatterRows(fm: Frontmatter): FmRow[] {
  const rows: FmRow[] = [];
  const next = new Map<string, number>();
  const walk = (key: string, v: FmValue, inList: boolean) => {
    if (Array.isArray(v)) {
      if (!inList) rows.push({ key, pos: -1, t: 'list', num: null, str: null, fold: null, bool: null });
      for (const item of v) walk(key, item, true);
      return;
    }
    if (v !== null && typeof v === 'object') {
      if (!inList) rows.push({ key, pos: -1, t: 'map', num: null, str: null, fold: null, bool: null });
      for (const [k, inner] of Object.entries(v)) walk(`${key}.${k}`, inner, inList);
      return;
    }
    let pos = -1;
    if (inList) {
      pos = next.get(key) ?? 0;
      next.set(key, pos + 1);
    }
    rows.push(scalarRow(key, pos, v));
  };
  for (const [k, v] of Object.entries(fm)) walk(k, v, false);
  return mergeCollisions(rows);
}

/**
 * A key written both nested and with literal dots (`schema: {version: 1}` and
 * `schema.version: 2`) lands twice on one key text: the note then has two
 * values for it, which is what a list is, so they are stored as one.
 */
function mergeCollisions(rows: FmRow[]): FmRow[] {
  const top = new Map<string, number>();
  const items = new Set<string>();
  for (const r of rows) {
    if (r.pos < 0) top.set(r.key, (top.get(r.key) ?? 0) + 1);
    else items.add(r.key);
  }
  const clash = new Set([...top].filter(([k, n]) => n > 1 || items.has(k)).map(([k]) => k));
  if (clash.size === 0) return rows;
  const next = new Map<string, number>();
  const out: FmRow[] = [];
  for (const key of clash) out.push({ key, pos: -1, t: 'list', num: null, str: null, fold: null, bool: null });
  for (const r of rows) {
    if (!clash.has(r.key)) out.push(r);
    else if (r.t !== 'list' && r.t !== 'map') {
      const pos = next.get(r.key) ?? 0;
      next.set(r.key, pos + 1);
      out.push({ ...r, pos });
    }
  }
  return out;
}

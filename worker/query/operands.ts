// Typing of filter values, mirroring how worker/ingest/fm-rows.ts types stored
// values, so both sides agree: numbers and numeric-looking strings are
// numbers, true/false (any case) are booleans, other text is exact text after
// NFC, and tags compare folded.
import { booleanValue, foldText, looksNumeric } from '../ingest/fm-rows';
import { tagName } from '../ingest/standard-keys';
import type { Bound, EqOperand } from './ast';
import { filterError, show } from './filter-error';
import { TAGS_KEY } from './keys';

export type Scalar = string | number | boolean;

export function isScalar(v: unknown): v is Scalar {
  return typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean';
}

export function checkFinite(n: number, path: string): number {
  if (!Number.isFinite(n)) {
    throw filterError(`${show(n)} is not a finite number; numbers in filters must be finite (at most ±1.8e308).`, path, 'not_finite');
  }
  return n;
}

/**
 * A numeric-looking string as a number. Integers beyond what a double holds
 * exactly stay text (null), so "12345678901234567891" matches exactly.
 */
function numericText(s: string, path: string): number | null {
  const t = s.trim();
  if (!looksNumeric(t)) return null;
  const n = Number(t);
  if (!Number.isFinite(n)) {
    throw filterError(`${show(s)} is written as a number too large to compare (beyond ±1.8e308); numbers in filters must be finite.`, path, 'not_finite');
  }
  if (/^[+-]?\d+$/.test(t) && BigInt(t) !== BigInt(n)) return null;
  return n;
}

/** The equality operand for a scalar on field `key`. */
export function eqOperand(v: Scalar, key: string, path: string): EqOperand {
  // Stored tags lost their leading '#' on import; so does the operand.
  if (key === TAGS_KEY) return { col: 'fold', value: foldText(tagName(String(v))) };
  if (typeof v === 'number') return { col: 'num', value: checkFinite(v, path) };
  if (typeof v === 'boolean') return { col: 'bool', value: v ? 1 : 0 };
  const n = numericText(v, path);
  if (n !== null) return { col: 'num', value: n };
  const b = booleanValue(v);
  if (b !== null) return { col: 'bool', value: b };
  return { col: 'str', value: v.normalize('NFC') };
}

/** A comparison bound: a number or numeric string selects numeric mode, other text string mode. */
export function boundOf(v: unknown, path: string, op: string): Bound {
  if (typeof v === 'number') return { mode: 'num', value: checkFinite(v, path) };
  if (typeof v === 'string') {
    if (v === '') throw filterError(`${op} needs a number or a non-empty string; got "".`, path, 'bad_value');
    const n = numericText(v, path);
    if (n !== null) return { mode: 'num', value: n };
    if (looksNumeric(v)) return { mode: 'num', value: Number(v.trim()) };
    return { mode: 'str', value: v.normalize('NFC') };
  }
  if (v === null) {
    throw filterError(`${op} cannot compare with null (no comparison with null is ever true); use null or {"$exists": false} to find missing values.`, path, 'null_not_allowed');
  }
  throw filterError(`${op} needs a number or a string (e.g. 0.7 or "2026-01-01"); got ${show(v)}.`, path, 'bad_value');
}

/** Compares bounds of one mode: numbers numerically, strings by code point (as SQLite does). */
export function compareBounds(a: Bound, b: Bound): number {
  if (a.mode === 'num') return (a.value as number) - (b.value as number);
  const x = a.value as string;
  const y = b.value as string;
  const xs = [...x];
  const ys = [...y];
  for (let i = 0; i < Math.min(xs.length, ys.length); i++) {
    const d = xs[i].codePointAt(0)! - ys[i].codePointAt(0)!;
    if (d) return d;
  }
  return xs.length - ys.length;
}

export function describeMode(b: Bound): string {
  return b.mode === 'num' ? `the number ${b.value}` : `the text ${JSON.stringify(b.value)}`;
}

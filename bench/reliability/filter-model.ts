// A model of the filter language for property tests and `npm run
// reliability`: random notes, random valid filters, and a plain in-memory
// reading of the rules in README "Filter language" to compare `find` with.
import fc from 'fast-check';

export type Scalar = string | number | boolean;
export type Value = Scalar | Scalar[] | null;
export type Note = Partial<Record<Key, Value>>;
export type Key = 'a' | 'b' | 'c';
export const KEYS: Key[] = ['a', 'b', 'c'];

const TEXT = ['1', '2.0', ' 3', '-1', 'a', 'b', 'ab', 'A', 'x y', 'true', 'FALSE', 'é', 'e\u0301'];
const scalar: fc.Arbitrary<Scalar> = fc.oneof(fc.integer({ min: -3, max: 3 }), fc.constantFrom(0.5, 1.5, -2.5), fc.constantFrom(...TEXT), fc.boolean());
const value: fc.Arbitrary<Value> = fc.oneof(scalar, fc.array(scalar, { maxLength: 3 }), fc.constant(null));
export const noteArb: fc.Arbitrary<Note> = fc.record({ a: value, b: value, c: value }, { requiredKeys: [] });

// ---- the rules, read plainly -------------------------------------------------

const NUMERIC = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?$/;
const num = (v: Scalar): number | null => (typeof v === 'number' ? v : typeof v === 'string' && NUMERIC.test(v.trim()) ? Number(v.trim()) : null);
const bool = (v: Scalar): boolean | null => {
  if (typeof v === 'boolean') return v;
  if (typeof v !== 'string') return null;
  const s = v.trim().toLowerCase();
  return s === 'true' ? true : s === 'false' ? false : null;
};
const fold = (s: string) => s.normalize('NFKC').toLowerCase();

/** Equality: numbers and numeric-looking strings as numbers, true/false in any case as booleans, other text exactly after NFC. */
function equals(stored: Scalar, operand: Scalar): boolean {
  const n = num(operand);
  if (n !== null) return num(stored) === n;
  const b = bool(operand);
  if (b !== null) return bool(stored) === b;
  return typeof stored === 'string' && stored.normalize('NFC') === (operand as string).normalize('NFC');
}

const elements = (v: Value | undefined): Scalar[] => (v === undefined || v === null ? [] : Array.isArray(v) ? v : [v]);

type Bound = { op: string; v: Scalar };
function inRange(stored: Scalar, bounds: Bound[]): boolean {
  const numeric = num(bounds[0].v) !== null;
  return bounds.every(({ op, v }) => {
    let d: number;
    if (numeric) {
      const s = num(stored);
      if (s === null) return false;
      d = s - num(v)!;
    } else {
      if (typeof stored !== 'string') return false;
      const [x, y] = [stored.normalize('NFC'), (v as string).normalize('NFC')];
      d = x < y ? -1 : x > y ? 1 : 0;
    }
    return op === '$gt' ? d > 0 : op === '$gte' ? d >= 0 : op === '$lt' ? d < 0 : d <= 0;
  });
}

export function holds(note: Note, key: Key, cond: unknown): boolean {
  const v = note[key];
  const els = elements(v);
  if (cond === null) return els.length === 0;
  if (Array.isArray(cond)) return cond.every((o) => els.some((e) => equals(e, o)));
  if (typeof cond !== 'object') return els.some((e) => equals(e, cond as Scalar));
  const ops = cond as Record<string, unknown>;
  const bounds: Bound[] = [];
  for (const [op, x] of Object.entries(ops)) {
    if (op === '$eq' && !els.some((e) => equals(e, x as Scalar))) return false;
    if (op === '$in' && !els.some((e) => (x as Scalar[]).some((o) => equals(e, o)))) return false;
    if (op === '$nin' && els.some((e) => (x as Scalar[]).some((o) => equals(e, o)))) return false;
    if (op === '$exists' && (els.length > 0) !== x) return false;
    if (op === '$contains') {
      const o = x as Scalar;
      const element = els.some((e) => equals(e, o));
      const substring = typeof o !== 'boolean' && typeof v === 'string' && fold(v).includes(fold(String(o)));
      if (!element && !substring) return false;
    }
    if (op === '$between') bounds.push({ op: '$gte', v: (x as Scalar[])[0] }, { op: '$lte', v: (x as Scalar[])[1] });
    if (['$gt', '$gte', '$lt', '$lte'].includes(op)) bounds.push({ op, v: x as Scalar });
  }
  return bounds.length === 0 || els.some((e) => inRange(e, bounds));
}

// ---- random valid filters ----------------------------------------------------

const nonNull = scalar.filter((s) => s !== '');
const numBound = fc.oneof(fc.integer({ min: -3, max: 3 }), fc.constantFrom(0.5, -1.5, '2', '0.5'));
const strBound = fc.constantFrom('a', 'ab', 'b', 'A', 'x', 'é');
const range = (bound: fc.Arbitrary<Scalar>) =>
  fc.oneof(
    fc.record({ $gt: bound, $lte: bound }, { requiredKeys: [] }).filter((r) => Object.keys(r).length > 0),
    fc.record({ $gte: bound, $lt: bound }, { requiredKeys: ['$gte'] }),
    fc.tuple(bound, bound).map(([x, y]) => ({ $between: sortPair(x, y) })),
  );
function sortPair(x: Scalar, y: Scalar): [Scalar, Scalar] {
  const nx = num(x);
  const ny = num(y);
  const less = nx !== null && ny !== null ? nx <= ny : String(x) <= String(y);
  return less ? [x, y] : [y, x];
}
const condition: fc.Arbitrary<unknown> = fc.oneof(
  nonNull,
  fc.constant(null),
  fc.array(nonNull, { minLength: 1, maxLength: 3 }),
  nonNull.map(($eq) => ({ $eq })),
  fc.array(nonNull, { minLength: 1, maxLength: 3 }).map(($in) => ({ $in })),
  fc.array(nonNull, { minLength: 1, maxLength: 3 }).map(($nin) => ({ $nin })),
  fc.boolean().map(($exists) => ({ $exists })),
  fc.oneof(fc.constantFrom('a', 'B', '1', 'x y', 'é'), fc.integer({ min: 0, max: 3 }), fc.boolean()).map(($contains) => ({ $contains })),
  range(numBound),
  range(strBound),
);
export const filterArb = fc.dictionary(fc.constantFrom(...KEYS), condition, { minKeys: 1, maxKeys: 2 });

/** The notes a filter selects, by the rules. */
export function expectedPaths(notes: Note[], filters: Record<string, unknown>, pathOf: (i: number) => string): string[] {
  return notes.map((n, i) => [n, pathOf(i)] as const).filter(([n]) => Object.entries(filters).every(([k, c]) => holds(n, k as Key, c))).map(([, p]) => p);
}

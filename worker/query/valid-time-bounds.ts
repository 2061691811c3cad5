// The bounds of every assertion, held in memory until the assertions change,
// so the answers to a valid-time question are counted by binary search
// instead of by stepping an index. Stepping the two index ranges of
// valid-time-count.ts costs a microsecond or so per entry in sqlite-wasm, and
// a date question steps ~25,000 of them at 10,000 notes (bench:valid-time:
// ~2 ms of a 3 ms query); under a scope, seeking each note's assertions costs
// more still. Migration 0018 counts every change to assertions in
// assertions_generation, so a snapshot is reused until that number moves
// (another process's commit included) and embedding or note writes that
// leave assertions alone do not throw it away. Inside a transaction nothing
// is cached (a rollback would give the number back): callers count with SQL.
import type { Db } from '../db/database';
import { OPEN_LOW, storageKeys } from '../ingest/temporal';
import type { ValidTimeQuery } from './valid-time';

/**
 * The bounds of one axis as integers that keep their order: each distinct
 * key is 2 × its rank + 1, so a key of a question that no assertion holds
 * falls between two codes (2 × rank) and comparisons stay exact.
 */
interface AxisKeys {
  keys: string[];
  code: Map<string, number>;
}

/** The bound codes of one set of assertions (an axis, or a kind on an axis), each list sorted. */
interface SortedBounds {
  lo: Int32Array;
  /** Lower bounds of the assertions whose lower bound is inclusive. */
  loInc: Int32Array;
  hi: Int32Array;
  /** Upper bounds of the assertions whose upper bound is exclusive. */
  hiExcl: Int32Array;
}

export interface BoundsSnapshot {
  generation: number;
  axes: Map<string, AxisKeys>;
  /** By axis, and by `${kind} ${axis}`. */
  sets: Map<string, SortedBounds>;
  kinds: Map<string, number>;
  /** Every assertion grouped by entry, axis and kind as indexes into the name lists. */
  rows: { axis: Uint8Array; kind: Uint8Array; lo: Int32Array; hi: Int32Array; loInc: Uint8Array; hiInc: Uint8Array; axisNames: string[]; kindNames: string[] };
  /** Entry id → its rows, [start[id], start[id + 1]); ids above the largest with assertions have none. */
  start: Int32Array;
  /** countInEntries marks the entries it counted with a fresh number here (an entry named twice counts once). */
  seen: Uint32Array;
  pass: number;
}

const snapshots = new WeakMap<Db, BoundsSnapshot>();

/** The snapshot of this database's assertions, built when they changed; null inside a transaction. */
export function boundsSnapshot(db: Db): BoundsSnapshot | null {
  if (db.inTransaction()) return null;
  // The number first: a commit between the two reads only makes the next call rebuild.
  const generation = db.get<{ n: number }>('SELECT n FROM assertions_generation')?.n;
  if (generation === undefined) return null;
  const held = snapshots.get(db);
  if (held && held.generation === generation) return held;
  const built = buildSnapshot(db, generation);
  snapshots.set(db, built);
  return built;
}

function buildSnapshot(db: Db, generation: number): BoundsSnapshot {
  // One string for the whole table (the covering index, no table rows): read
  // row by row through sqlite-wasm, 30,000 rows take ~100 ms; this a third.
  // Keys and kinds hold no tab or newline.
  const text = db.get<{ s: string | null }>(
    `SELECT group_concat(entry_id || char(9) || kind || char(9) || axis || char(9) || lo_inc || char(9) || hi_inc || char(9) || lo || char(9) || hi, char(10)) AS s
     FROM assertions INDEXED BY assertions_entry`,
  )!.s;
  const lines = text ? text.split('\n').map((l) => l.split('\t')) : [];
  const n = lines.length;
  const axisNames: string[] = [];
  const kindNames: string[] = [];
  const nameIndex = (names: string[], x: string) => {
    const i = names.indexOf(x);
    return i >= 0 ? i : names.push(x) - 1;
  };
  // Distinct keys of each axis, sorted (UTF-16 order; the keys are ASCII, where that is SQLite's BINARY order).
  const keySets = new Map<string, Set<string>>();
  for (const [, , axis, , , lo, hi] of lines) {
    let set = keySets.get(axis);
    if (!set) keySets.set(axis, (set = new Set()));
    set.add(lo).add(hi);
  }
  const axes = new Map<string, AxisKeys>();
  for (const [axis, set] of keySets) {
    const keys = [...set].sort();
    axes.set(axis, { keys, code: new Map(keys.map((k, i) => [k, 2 * i + 1])) });
  }
  // Rows grouped by entry: counted, then placed (the scan's order is not relied on).
  let maxEntry = 0;
  for (const l of lines) maxEntry = Math.max(maxEntry, Number(l[0]));
  const start = new Int32Array(maxEntry + 2);
  for (const l of lines) start[Number(l[0]) + 1]++;
  for (let id = 1; id < start.length; id++) start[id] += start[id - 1];
  const next = start.slice(0, maxEntry + 1);
  const rows: BoundsSnapshot['rows'] = {
    axis: new Uint8Array(n), kind: new Uint8Array(n), lo: new Int32Array(n), hi: new Int32Array(n), loInc: new Uint8Array(n), hiInc: new Uint8Array(n), axisNames, kindNames,
  };
  const lists = new Map<string, { lo: number[]; loInc: number[]; hi: number[]; hiExcl: number[] }>();
  const listOf = (key: string) => {
    let s = lists.get(key);
    if (!s) lists.set(key, (s = { lo: [], loInc: [], hi: [], hiExcl: [] }));
    return s;
  };
  const kinds = new Map<string, number>();
  for (const [entry, kind, axis, loInc, hiInc, lo, hi] of lines) {
    const i = next[Number(entry)]++;
    const code = axes.get(axis)!.code;
    const l = code.get(lo)!;
    const h = code.get(hi)!;
    rows.axis[i] = nameIndex(axisNames, axis);
    rows.kind[i] = nameIndex(kindNames, kind);
    rows.lo[i] = l;
    rows.hi[i] = h;
    rows.loInc[i] = loInc === '1' ? 1 : 0;
    rows.hiInc[i] = hiInc === '1' ? 1 : 0;
    kinds.set(kind, (kinds.get(kind) ?? 0) + 1);
    for (const s of [listOf(axis), listOf(`${kind} ${axis}`)]) {
      s.lo.push(l);
      s.hi.push(h);
      if (loInc === '1') s.loInc.push(l);
      if (hiInc !== '1') s.hiExcl.push(h);
    }
  }
  const sets = new Map<string, SortedBounds>();
  const sorted = (xs: number[]) => Int32Array.from(xs).sort();
  for (const [key, s] of lists) sets.set(key, { lo: sorted(s.lo), loInc: sorted(s.loInc), hi: sorted(s.hi), hiExcl: sorted(s.hiExcl) });
  return { generation, axes, sets, kinds, rows, start, seen: new Uint32Array(maxEntry + 1), pass: 0 };
}

/** The code of a key of a question on this axis: an assertion's key compares to it as the strings do. */
function codeOf(axis: AxisKeys, x: string): number {
  let a = 0;
  let b = axis.keys.length;
  while (a < b) {
    const m = (a + b) >> 1;
    if (axis.keys[m] < x) a = m + 1;
    else b = m;
  }
  return axis.keys[a] === x ? 2 * a + 1 : 2 * a;
}

/** How many codes of the sorted list are below `x` (orEqual: at most `x`). */
function rank(list: Int32Array, x: number, orEqual = false): number {
  let a = 0;
  let b = list.length;
  while (a < b) {
    const m = (a + b) >> 1;
    if (list[m] < x || (orEqual && list[m] === x)) a = m + 1;
    else b = m;
  }
  return a;
}

/**
 * The number of assertions answering `q` over the whole database: the same
 * difference as countAnswering's two index ranges (answers = those starting
 * before the window ends − those ending before it starts), by binary search.
 */
export function countFromSnapshot(s: BoundsSnapshot, q: ValidTimeQuery): number {
  const w = q.window;
  if (!w) return s.kinds.get(q.kind!) ?? 0;
  if (w.empty) return 0;
  const set = s.sets.get(q.kind ? `${q.kind} ${w.axis}` : w.axis);
  const axis = s.axes.get(w.axis);
  if (!set || !axis) return 0;
  const keys = storageKeys(w);
  const lo = codeOf(axis, keys.lo);
  const hi = codeOf(axis, keys.hi);
  const open = codeOf(axis, OPEN_LOW);
  let starts = rank(set.lo, hi);
  if (w.upperInclusive) starts += rank(set.loInc, hi, true) - rank(set.loInc, hi);
  // Upper keys above '' leave the empty range out.
  let ended = Math.max(0, rank(set.hi, lo, !w.lowerInclusive) - rank(set.hi, open, true));
  if (w.lowerInclusive) ended += rank(set.hiExcl, lo, true) - rank(set.hiExcl, lo);
  return starts - ended;
}

/**
 * The number of assertions of these entries answering `q` (an entry named
 * twice counts once), testing each as assertionMatch does; the entries with
 * an answer are pushed onto `answering` when it is given, and how many
 * answers each has onto `counts`. An indexed loop over typed arrays held in
 * locals: it runs once per note in scope (7,095 under bench:valid-time's
 * filter), so the iterator protocol and property loads showed in profiles.
 */
export function countInEntries(s: BoundsSnapshot, q: ValidTimeQuery, entryIds: ArrayLike<number>, answering?: number[], counts?: number[]): number {
  const w = q.window;
  const r = s.rows;
  const kind = q.kind ? r.kindNames.indexOf(q.kind) : -1;
  if (q.kind && kind < 0) return 0;
  let axisIndex = -1;
  let lo = 0;
  let hi = 0;
  if (w) {
    const axis = s.axes.get(w.axis);
    axisIndex = r.axisNames.indexOf(w.axis);
    if (!axis || axisIndex < 0) return 0;
    const keys = storageKeys(w);
    lo = codeOf(axis, keys.lo);
    hi = codeOf(axis, keys.hi);
  }
  const timed = !!w;
  const upperInc = !!w?.upperInclusive;
  const lowerInc = !!w?.lowerInclusive;
  const { start, seen } = s;
  const { kind: rowKind, axis: rowAxis, lo: rowLo, hi: rowHi, loInc: rowLoInc, hiInc: rowHiInc } = r;
  s.pass = (s.pass + 1) >>> 0;
  if (s.pass === 0) {
    seen.fill(0);
    s.pass = 1;
  }
  const pass = s.pass;
  const known = seen.length;
  let n = 0;
  for (let k = 0; k < entryIds.length; k++) {
    const id = entryIds[k];
    if (!(id >= 0 && id < known) || seen[id] === pass) continue;
    seen[id] = pass;
    let here = 0;
    for (let i = start[id], end = start[id + 1]; i < end; i++) {
      if (kind >= 0 && rowKind[i] !== kind) continue;
      if (timed) {
        if (rowAxis[i] !== axisIndex) continue;
        const l = rowLo[i];
        const h = rowHi[i];
        if (!(l < hi || (upperInc && l === hi && rowLoInc[i] === 1))) continue;
        if (!(h > lo || (lowerInc && h === lo && rowHiInc[i] === 1))) continue;
      }
      here++;
    }
    if (here > 0) {
      n += here;
      answering?.push(id);
      counts?.push(here);
    }
  }
  return n;
}

// How a listing computes the ids of the matching notes, decided with a
// glance at the data (a few bounded counts, each stopping after at most
// ESTIMATE_CAP index steps):
// - arms that stream in entry_id order (equality) merge for almost nothing;
// - an arm that does not (a range, a substring) must be sorted to merge,
//   about half a microsecond a row, or else checked note by note on what
//   the other arms leave, about three times that per note. A big range next
//   to a selective equality is therefore probed, a small one merged.
// And whether the ids may repeat (a list with two matching elements), which
// decides whether a count must be DISTINCT.
import type { Db } from '../db/database';
import { ALL_NOTES, compileAst, type CompiledFilter } from './compile';
import { keyForms } from './key-forms';
import { armProbe, armRows, cond, isSorted, type Arm, type SqlCondition } from './sql';

const ESTIMATE_CAP = 20_000;
/** Rough costs in microseconds (measured in WASM SQLite): streaming a row through a merge, sorting it, checking one note by an index seek, or through fm_entry and its table row. */
const MERGE_COST = 0.25;
const SORT_COST = 0.5;
const SEEK_COST = 1;
const PROBE_COST = 1.6;

export interface IdsPlan {
  /** A SELECT of the matching note ids (within the universe when no arm is positive). */
  ids: SqlCondition;
  /** Whether `ids` may list a note more than once. */
  mayRepeat: boolean;
}

/** `notes`: how many notes are in scope, for guessing how many survive several arms. */
export function planIds(db: Db, filter: CompiledFilter, universe: SqlCondition = ALL_NOTES, notes = 0): IdsPlan {
  const positive = filter.arms.filter((a) => !a.negate);
  const negative = filter.arms.filter((a) => a.negate);
  const except = (sql: SqlCondition) => {
    const rows = negative.map(armRows);
    return cond(sql.sql + rows.map((n) => ` EXCEPT ${n.sql}`).join(''), [...sql.params, ...rows.flatMap((n) => n.params)]);
  };
  if (positive.length === 0) return { ids: except(universe), mayRepeat: false };
  if (positive.length === 1) {
    return { ids: except(armRows(positive[0])), mayRepeat: negative.length === 0 && mayRepeat(db, positive[0]) };
  }

  // Greedy, smallest arm first: merge an arm (streaming it, plus sorting it
  // when it is not in entry_id order) or probe it on what is left, whichever
  // costs less; arms are taken as independent, each keeping its share.
  const sized = positive.map((arm) => ({ arm, size: estimate(db, arm), sorted: isSorted(arm) })).sort((a, b) => a.size - b.size);
  const total = Math.max(notes, ...sized.map((a) => a.size));
  const merged = [sized[0]];
  const probed: Arm[] = [];
  let survivors = sized[0].size;
  for (const a of sized.slice(1)) {
    const mergeCost = a.size * (a.sorted ? MERGE_COST : MERGE_COST + SORT_COST);
    const probeCost = survivors * (a.sorted ? SEEK_COST : PROBE_COST);
    if (probeCost < mergeCost) probed.push(a.arm);
    else merged.push(a);
    survivors = Math.max(1, (survivors * a.size) / total);
  }
  const parts = merged.map((m) => armRows(m.arm));
  let ids = cond(parts.map((p) => p.sql).join(' INTERSECT '), parts.flatMap((p) => p.params));
  if (probed.length) {
    const checks = probed.map((a) => armProbe(a, 'x.entry_id'));
    ids = cond(`SELECT x.entry_id FROM (${ids.sql}) AS x WHERE ${checks.map((c) => c.sql).join(' AND ')}`, [...ids.params, ...checks.flatMap((c) => c.params)]);
  }
  const single = merged.length === 1 && negative.length === 0;
  return { ids: except(ids), mayRepeat: single && mayRepeat(db, merged[0].arm) };
}

/** Rows of the arm, counted up to ESTIMATE_CAP. */
function estimate(db: Db, arm: Arm): number {
  const rows = armRows(arm);
  return db.get<{ n: number }>(`SELECT COUNT(*) AS n FROM (${rows.sql} LIMIT ${ESTIMATE_CAP})`, rows.params)!.n;
}

/**
 * A note can match an arm twice only through several rows of its key: list
 * elements (the key, or a key above it, holds a list somewhere in the vault)
 * or several keys nested under it.
 */
function mayRepeat(db: Db, arm: Arm): boolean {
  if (arm.overlapping) return true;
  const segments = arm.key.split('.');
  const prefixes = segments.map((_, i) => segments.slice(0, i + 1).join('.'));
  const listy = db.get(`SELECT 1 AS x FROM fm WHERE key IN (${prefixes.map(() => '?').join(', ')}) AND t = 'list' LIMIT 1`, prefixes);
  if (listy) return true;
  const subtree = arm.rowSets.some((rs) => rs.key.sql.startsWith('key >'));
  return subtree && db.get('SELECT 1 AS x FROM fm WHERE key > ? AND key < ? LIMIT 1', [`${arm.key}.`, `${arm.key}/`]) !== undefined;
}

/**
 * The filter without its rare row sets that select no row in this database
 * (a tag with no nested tags, the usual case): each costs an index seek to
 * check, and saves a UNION, a DISTINCT and a second probe per note in every
 * query that uses the filter. The selection is the same.
 */
export function withoutEmptyRowSets(db: Db, filter: CompiledFilter): CompiledFilter {
  if (filter.rareChecked || !filter.arms.some((a) => a.rowSets.some((rs) => rs.rare))) return filter;
  const arms = filter.arms.map((arm) => {
    const kept = arm.rowSets.filter((rs) => !rs.rare || db.get(`SELECT 1 AS x FROM ${rs.table ?? 'fm'} WHERE ${rs.key.sql} AND ${rs.where.sql} LIMIT 1`, [...rs.key.params, ...rs.where.params]) !== undefined);
    return kept.length === arm.rowSets.length || kept.length === 0 ? arm : { ...arm, rowSets: kept };
  });
  return { ...filter, arms, rareChecked: true };
}

/**
 * The filter with its keys resolved against this database: a key that stored
 * keys share a sanitised form with (Rating, rating) tests them all
 * (key-forms.ts). Unchanged when no key has such siblings.
 */
export function withKeyForms(db: Db, filter: CompiledFilter): CompiledFilter {
  if (!filter.ast || filter.keysResolved) return filter;
  const forms = new Map(filter.ast.fields.map((f) => [f.key, keyForms(db, f.key)]));
  if (![...forms.values()].some((f) => f.siblings.length)) return filter;
  return { ...compileAst(filter.ast, (key) => forms.get(key)!), keysResolved: true };
}

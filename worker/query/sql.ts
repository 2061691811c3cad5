// Building blocks for the SQL a filter compiles to. Values only ever travel
// as bound parameters; the SQL text holds column names and constants.
//
// A filter is evaluated as set algebra over entry ids. Each condition on a
// field is an Arm: the notes having an fm row (a RowSet) that satisfies it, or,
// negated, the notes having none. An Arm has two SQL forms:
// - ids: `SELECT entry_id FROM fm WHERE key = ? AND …`, which an index
//   streams in entry_id order, so arms INTERSECT / EXCEPT by merging;
// - probe: `EXISTS (SELECT 1 FROM fm WHERE … AND entry_id = e.id)`, a
//   per-note check for when notes are walked in some other order.
import type { SqlValue } from '../db/database';
import type { EqOperand } from './ast';
import { sqlNumber } from '../ingest/fm-rows';

export interface SqlCondition {
  sql: string;
  params: SqlValue[];
}

export function cond(sql: string, params: SqlValue[] = []): SqlCondition {
  return { sql, params };
}

/** Joins conditions with AND (or OR), parenthesising each when there are several. */
export function joinAll(parts: SqlCondition[], op: 'AND' | 'OR' = 'AND'): SqlCondition {
  if (parts.length === 1) return parts[0];
  return {
    sql: parts.map((p) => `(${p.sql})`).join(` ${op} `),
    params: parts.flatMap((p) => p.params),
  };
}

/** A filter value as a bound parameter (see sqlNumber: huge integers travel as text). */
export function param(v: number | string): SqlValue {
  return typeof v === 'number' ? sqlNumber(v) : v;
}

/** fm rows of one key (or of the keys nested under it) satisfying `where`. */
export interface RowSet {
  key: SqlCondition;
  where: SqlCondition;
  /**
   * Probe through fm_entry (entry_id, key): for conditions whose index cannot
   * seek straight to one note (ranges, substrings, nested keys). Left to the
   * planner, an EXISTS on fm_key_num would scan the whole range per note.
   */
  byEntry?: boolean;
  /** The index that streams this row set in entry_id order, when the planner would not pick it. */
  index?: string;
  /** Rows of another table or view shaped like fm (file_fields: Dataview's file.* fields); default fm. */
  table?: string;
  /** Mostly selects nothing (a tag's nested tags): a query checks once and leaves it out when so (plan.ts withoutEmptyRowSets). */
  rare?: boolean;
}

export interface Arm {
  /** The field the arm tests. */
  key: string;
  rowSets: RowSet[];
  /** The notes with no such row (missing values). */
  negate?: boolean;
  /** Its row sets may select the same row twice (so a note may repeat). */
  overlapping?: boolean;
}

/** Every row set seeks an index on (key, column = value, entry_id), so the arm streams in entry_id order. */
export function isSorted(arm: Arm): boolean {
  return arm.rowSets.every((rs) => !rs.byEntry && !rs.index);
}

export function keyIs(key: string): SqlCondition {
  return cond('key = ?', [key]);
}

/** Every key nested under `key`: '/' follows '.', so [key + '.', key + '/') is the subtree. */
export function keyUnder(key: string): SqlCondition {
  return cond('key > ? AND key < ?', [`${key}.`, `${key}/`]);
}

export function rowSet(key: SqlCondition, where: SqlCondition, byEntry = false): RowSet {
  return byEntry ? { key, where, byEntry } : { key, where };
}

export function eqWhere(o: EqOperand): SqlCondition {
  return cond(`${o.col} = ?`, [param(o.value)]);
}

/** The entry ids of the rows of an arm, ignoring negation. */
export function armRows(arm: Arm): SqlCondition {
  const selects = arm.rowSets.map((rs) =>
    cond(`SELECT entry_id FROM ${rs.table ?? 'fm'}${rs.index ? ` INDEXED BY ${rs.index}` : ''} WHERE ${rs.key.sql} AND ${rs.where.sql}`, [...rs.key.params, ...rs.where.params]),
  );
  if (selects.length === 1) return selects[0];
  return cond(`SELECT entry_id FROM (${selects.map((s) => s.sql).join(' UNION ALL ')})`, selects.flatMap((s) => s.params));
}

/** Whether the note whose id is `id` (e.id by default) has a row of the arm (negation applied). */
export function armProbe(arm: Arm, id = 'e.id'): SqlCondition {
  const exists = arm.rowSets.map((rs) =>
    rs.table
      ? cond(`EXISTS (SELECT 1 FROM ${rs.table} WHERE ${rs.key.sql} AND ${rs.where.sql} AND entry_id = ${id})`, [...rs.key.params, ...rs.where.params])
      : rs.byEntry
      ? cond(`EXISTS (SELECT 1 FROM fm INDEXED BY fm_entry WHERE entry_id = ${id} AND ${rs.key.sql} AND ${rs.where.sql})`, [...rs.key.params, ...rs.where.params])
      : cond(`EXISTS (SELECT 1 FROM fm WHERE ${rs.key.sql} AND ${rs.where.sql} AND entry_id = ${id})`, [...rs.key.params, ...rs.where.params]),
  );
  // Parenthesised: probes are ANDed with others, and AND binds tighter than OR.
  const any = exists.length === 1 ? exists[0] : cond(`(${exists.map((x) => x.sql).join(' OR ')})`, exists.flatMap((x) => x.params));
  return arm.negate ? cond(`NOT (${any.sql})`, any.params) : any;
}

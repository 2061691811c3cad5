// Building blocks for the SQL the filter compiles to. Values only ever travel
// as bound parameters; the SQL text holds column names and constants.
import type { SqlValue } from '../db/database';
import type { EqOperand } from './ast';
import { sqlNumber } from '../ingest/fm-rows';

/** A filter value as a bound parameter (see sqlNumber: huge integers travel as text). */
export function param(v: number | string): SqlValue {
  return typeof v === 'number' ? sqlNumber(v) : v;
}

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

/** Notes with an fm row of `key` satisfying `row` (an index lookup on fm). */
export function entriesWith(key: string, row: SqlCondition): SqlCondition {
  return cond(`e.id IN (SELECT entry_id FROM fm WHERE key = ? AND ${row.sql})`, [key, ...row.params]);
}

/** Like entriesWith for several row conditions, any of which may hold. */
export function entriesWithAny(key: string, rows: SqlCondition[]): SqlCondition {
  if (rows.length === 1) return entriesWith(key, rows[0]);
  return cond(
    `e.id IN (${rows.map((r) => `SELECT entry_id FROM fm WHERE key = ? AND ${r.sql}`).join(' UNION ALL ')})`,
    rows.flatMap((r) => [key, ...r.params]),
  );
}

export function eqRow(o: EqOperand): SqlCondition {
  return cond(`${o.col} = ?`, [param(o.value)]);
}

/** `col IN (…)` per column, for operands that may be of several types. */
export function eqRowsAny(operands: EqOperand[]): SqlCondition[] {
  const byCol = new Map<string, SqlValue[]>();
  for (const o of operands) {
    const list = byCol.get(o.col) ?? [];
    if (!list.includes(param(o.value))) list.push(param(o.value));
    byCol.set(o.col, list);
  }
  return [...byCol].map(([col, values]) =>
    values.length === 1 ? cond(`${col} = ?`, values) : cond(`${col} IN (${values.map(() => '?').join(', ')})`, values),
  );
}

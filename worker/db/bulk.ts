// Inserting many small rows one statement at a time is dominated by the cost
// of binding each value across the JS/WASM boundary. insertRows sends all the
// rows of one call as a single JSON array and lets SQLite unpack it with
// json_each: one bind, one step. Values must be JSON-safe: strings, finite
// numbers, null (no blobs, no bigints).
import type { Db } from './database';

export type JsonCell = string | number | null;

const sqlCache = new Map<string, string>();

function insertSql(table: string, columns: readonly string[], fixed: number): string {
  const key = `${table}(${columns.join(',')})/${fixed}`;
  let sql = sqlCache.get(key);
  if (!sql) {
    const picks = columns.map((_, i) => (i < fixed ? `?${i + 1}` : `value->>${i - fixed}`));
    sql = `INSERT INTO ${table} (${columns.join(', ')}) SELECT ${picks.join(', ')} FROM json_each(?${fixed + 1})`;
    sqlCache.set(key, sql);
  }
  return sql;
}

/**
 * Inserts rows into table. The first `fixedValues.length` columns take the
 * same value in every row (e.g. the entry id); each row gives the rest.
 */
export function insertRows(db: Db, table: string, columns: readonly string[], fixedValues: readonly JsonCell[], rows: readonly (readonly JsonCell[])[]): void {
  if (rows.length === 0) return;
  if (rows.length === 1) {
    // One row: plain binding is cheaper than building JSON.
    const sql = `INSERT INTO ${table} (${columns.join(', ')}) VALUES (${columns.map(() => '?').join(', ')})`;
    db.run(sql, [...fixedValues, ...rows[0]]);
    return;
  }
  db.run(insertSql(table, columns, fixedValues.length), [...fixedValues, JSON.stringify(rows)]);
}

// What can be filtered on: every frontmatter key (nested ones as dotted
// paths) with its value types, how many notes have it, and its most frequent
// values. Read from the fm table with a few grouped scans.
import type { Db, SqlValue } from '../db/database';
import { OPERATOR_NAMES, OPERATORS_BY_TYPE, type FieldType } from './operators';
import type { OpName } from './ast';

export interface FieldValueCount {
  value: string | number | boolean;
  count: number;
}

export interface FieldStats {
  key: string;
  /** Notes that have the key (a value, null, a list or a map). */
  notes: number;
  /** Notes per type of the key's value; `date` is a string that starts like 2026-01-31. */
  types: Partial<Record<FieldType, number>>;
  /** For lists: how many elements of each type. */
  item_types?: Partial<Record<FieldType, number>>;
  /** Distinct scalar values (list elements included). */
  distinct: number;
  /** The most frequent values, by how many notes hold them. */
  values: FieldValueCount[];
  /** Filter operators that suit the key's types. */
  operators: OpName[];
}

export interface FieldStatsOptions {
  vaultId?: number;
  prefix?: string;
  limit: number;
}

const T_TYPE = `CASE f.t WHEN 'num' THEN 'number' WHEN 'bool' THEN 'boolean' WHEN 'str' THEN
  (CASE WHEN f.str GLOB '[0-9][0-9][0-9][0-9]-[0-1][0-9]-[0-3][0-9]*' THEN 'date' ELSE 'string' END) ELSE f.t END`;

export function fieldStats(db: Db, opts: FieldStatsOptions): FieldStats[] {
  const scope: string[] = [];
  const params: SqlValue[] = [];
  if (opts.vaultId !== undefined) {
    scope.push('f.entry_id IN (SELECT id FROM entries WHERE vault_id = ?)');
    params.push(opts.vaultId);
  }
  if (opts.prefix) {
    // A prefix names a key or a subtree: "ms" covers "ms" and "ms.topic", not "msg".
    scope.push('(f.key = ? OR (f.key > ? AND f.key < ?))');
    params.push(opts.prefix, `${opts.prefix}.`, `${opts.prefix}/`);
  }
  const where = scope.length ? `WHERE ${scope.join(' AND ')}` : '';
  const and = scope.length ? `${where} AND` : 'WHERE';

  const byKey = new Map<string, FieldStats>();
  const stats = (key: string) => {
    let s = byKey.get(key);
    if (!s) byKey.set(key, (s = { key, notes: 0, types: {}, distinct: 0, values: [], operators: [] }));
    return s;
  };
  for (const r of db.all<{ key: string; n: number }>(`SELECT f.key, COUNT(DISTINCT f.entry_id) AS n FROM fm f ${where} GROUP BY f.key`, params)) {
    stats(r.key).notes = r.n;
  }
  for (const r of db.all<{ key: string; item: number; type: FieldType; n: number }>(
    `SELECT f.key, f.pos >= 0 AS item, ${T_TYPE} AS type, COUNT(*) AS n FROM fm f ${where} GROUP BY f.key, item, type`,
    params,
  )) {
    const s = stats(r.key);
    if (r.item) (s.item_types ??= {})[r.type] = r.n;
    else s.types[r.type] = r.n;
  }
  // Values are grouped the way filters compare them (1, 1.0 and "1" are one
  // value; tags ignore case), so each count is what {"key": value} matches.
  const values = db.all<{ key: string; kind: 'n' | 'b' | 's'; num: number | null; bool: number | null; str: string | null; n: number; d: number }>(
    `SELECT key, kind, num, bool, str, n, d FROM (
       SELECT key, kind, num, bool, str, n,
              ROW_NUMBER() OVER (PARTITION BY key ORDER BY n DESC, kind, num, str) AS rank,
              COUNT(*) OVER (PARTITION BY key) AS d
       FROM (SELECT f.key,
                    CASE WHEN f.num IS NOT NULL THEN 'n' WHEN f.bool IS NOT NULL THEN 'b' ELSE 's' END AS kind,
                    f.num, f.bool, MIN(f.str) AS str, COUNT(DISTINCT f.entry_id) AS n
             FROM fm f ${and} f.t IN ('str', 'num', 'bool')
             GROUP BY f.key, kind, f.num, f.bool, CASE WHEN f.num IS NULL AND f.bool IS NULL THEN (CASE WHEN f.key = 'tags' THEN f.fold ELSE f.str END) END))
     WHERE rank <= ? ORDER BY key, rank`,
    [...params, Math.max(opts.limit, 1)],
  );
  for (const r of values) {
    const s = stats(r.key);
    s.distinct = r.d;
    if (s.values.length < opts.limit) s.values.push({ value: r.kind === 'n' ? r.num! : r.kind === 'b' ? r.bool === 1 : r.str!, count: r.n });
  }
  const out = [...byKey.values()];
  for (const s of out) {
    // Keys reached only through lists of maps (`authors.name`) have list elements but no value row.
    const types = new Set<FieldType>([...(Object.keys(s.types) as FieldType[]), ...(s.item_types ? (['list'] as FieldType[]) : [])]);
    for (const t of Object.keys(s.item_types ?? {}) as FieldType[]) types.add(t);
    const ops = new Set<OpName>();
    for (const t of types) for (const op of OPERATORS_BY_TYPE[t]) ops.add(op);
    s.operators = OPERATOR_NAMES.filter((op) => ops.has(op));
  }
  return out.sort((a, b) => b.notes - a.notes || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
}

// Paged lists of the notes a condition selects, in path order or sorted by
// frontmatter fields: the filter-only side of `search` and the rows of `find`.
//
// Sort order of a field, ascending: numbers (and numeric-looking strings) by
// value, then text case-insensitively (ties by exact text), then booleans
// (false before true); notes without a value come last. Descending reverses
// the values but still puts missing values last. A list sorts by its first
// element. Ties are broken by path, so pages are stable.
import type { Db, SqlValue } from '../db/database';
import { cond, joinAll, type SqlCondition } from './sql';

export interface SortKey {
  field: string;
  order: 'asc' | 'desc';
}

export interface ListRow {
  id: number;
  vault: string;
  path: string;
  title: string;
  type: string | null;
  permalink: string | null;
  tags: string | null;
  frontmatter: string | null;
}

export interface ListPage {
  rows: ListRow[];
  total: number;
}

export interface ListOptions {
  where: SqlCondition[];
  sort?: SortKey[];
  page: number;
  pageSize: number;
}

const COLUMNS = 'e.id, v.name AS vault, e.path, e.title, e.type, e.permalink, e.tags, e.frontmatter';

export function listNotes(db: Db, opts: ListOptions): ListPage {
  const where = joinAll([cond("e.kind = 'note'"), ...opts.where]);
  const total = db.get<{ n: number }>(`SELECT COUNT(*) AS n FROM entries e WHERE ${where.sql}`, where.params)!.n;
  if (total === 0 || (opts.page - 1) * opts.pageSize >= total) return { rows: [], total };
  const order = orderSql(opts.sort ?? []);
  const rows = db.all<ListRow>(
    `SELECT ${COLUMNS} FROM entries e JOIN vaults v ON v.id = e.vault_id ${order.joins}
     WHERE ${where.sql} ORDER BY ${order.sql} LIMIT ? OFFSET ?`,
    [...order.params, ...where.params, opts.pageSize, (opts.page - 1) * opts.pageSize],
  );
  return { rows, total };
}

/** ORDER BY over one joined "first value" row per sort field. */
export function orderSql(sort: SortKey[]): { joins: string; sql: string; params: SqlValue[] } {
  const joins: string[] = [];
  const terms: string[] = [];
  const params: SqlValue[] = [];
  sort.forEach((s, i) => {
    const a = `s${i}`;
    joins.push(
      `LEFT JOIN fm ${a} ON ${a}.rowid = (SELECT rowid FROM fm WHERE entry_id = e.id AND key = ? AND t IN ('str', 'num', 'bool') ORDER BY pos LIMIT 1)`,
    );
    params.push(s.field);
    const dir = s.order === 'desc' ? ' DESC' : '';
    // Numbers by num, text by its folded form then exactly, booleans by bool;
    // each key part is NULL outside its kind so ties fall through to the path.
    const isText = `${a}.num IS NULL AND ${a}.bool IS NULL`;
    terms.push(
      `${a}.rowid IS NULL`,
      `CASE WHEN ${a}.num IS NOT NULL THEN 0 WHEN ${a}.bool IS NOT NULL THEN 2 ELSE 1 END${dir}`,
      `${a}.num${dir}`,
      `CASE WHEN ${isText} THEN ${a}.fold END${dir}`,
      `CASE WHEN ${isText} THEN ${a}.str END${dir}`,
      `CASE WHEN ${a}.num IS NULL THEN ${a}.bool END${dir}`,
    );
  });
  terms.push('e.path', 'e.id');
  return { joins: joins.join('\n'), sql: terms.join(', '), params };
}

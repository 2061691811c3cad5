// Paged lists of the notes a filter selects, in path order or sorted by
// frontmatter fields: the filter-only side of `search` and the rows of `find`.
//
// The exact total comes from set algebra on index streams (compile.ts). A
// page is then fetched one of two ways, whichever touches fewer notes:
// - walk: visit notes in the wanted order (entries_path, or fm_sort for a
//   field) and check each with the filter's probes, stopping when the page is
//   full; cheap when many notes match;
// - sort: take the matching ids and sort them; cheap when few match.
//
// Sort order of a field, ascending: numbers (and numeric-looking strings) by
// value, then text case-insensitively, then booleans (false before true);
// notes without a value come last. Descending reverses the values but still
// puts missing values last. A list sorts by its first element. Ties are broken
// by path, so pages are stable.
import type { Db, SqlValue } from '../db/database';
import { ALL_NOTES, idsSql, type CompiledFilter } from './compile';
import { armProbe, cond, joinAll, type SqlCondition } from './sql';

export interface SortKey {
  field: string;
  order: 'asc' | 'desc';
}

/** A further restriction (e.g. a text match) in both forms the listing needs. */
export interface Restriction {
  /** A SELECT of entry ids. */
  ids: SqlCondition;
  /** The same as a boolean expression over `e`. */
  probe: SqlCondition;
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
  /** How the page was fetched (for benchmarks and tests). */
  strategy: 'walk' | 'sort' | 'empty';
}

export interface ListOptions {
  filter: CompiledFilter | null;
  vaultId?: number;
  extra?: Restriction[];
  sort?: SortKey[];
  page: number;
  pageSize: number;
  /** Force a strategy (tests compare both); chosen by cost otherwise. */
  strategy?: 'walk' | 'sort';
}

const COLUMNS = 'e.id, v.name AS vault, e.path, e.title, e.type, e.permalink, e.tags, e.frontmatter';

export function listNotes(db: Db, opts: ListOptions): ListPage {
  const universe = opts.vaultId !== undefined ? cond("SELECT id FROM entries WHERE vault_id = ? AND kind = 'note'", [opts.vaultId]) : ALL_NOTES;
  const arms = opts.filter?.arms ?? [];
  let ids = idsSql({ arms }, universe);
  for (const x of opts.extra ?? []) ids = cond(`${ids.sql} INTERSECT ${x.ids.sql}`, [...ids.params, ...x.ids.params]);
  const total = count(db, ids);
  const offset = (opts.page - 1) * opts.pageSize;
  if (total === 0 || offset >= total) return { rows: [], total, strategy: 'empty' };

  const inScope = count(db, universe);
  const probe = joinAll([
    cond("e.kind = 'note'"),
    ...(opts.vaultId !== undefined ? [cond('e.vault_id = ?', [opts.vaultId])] : []),
    ...arms.map(armProbe),
    ...(opts.extra ?? []).map((x) => x.probe),
  ]);
  // Notes a walk visits to fill the page, if matches are spread evenly; each
  // visit costs a probe per condition, each sorted match about two.
  const visits = ((offset + opts.pageSize) * inScope) / total;
  const walk = opts.strategy ? opts.strategy === 'walk' : visits * (1 + arms.length) <= 2 * total + 200;
  const sort = opts.sort ?? [];
  const at = { offset, limit: opts.pageSize };
  const rows = sort.length
    ? walk
      ? walkByField(db, sort, probe, ids, at)
      : sortAll(db, sort, ids, at)
    : walk
      ? walkByPath(db, probe, opts.vaultId !== undefined, at)
      : sortAll(db, [], ids, at);
  return { rows: uniqueRows(rows), total, strategy: walk ? 'walk' : 'sort' };
}

interface Window {
  offset: number;
  limit: number;
}

function count(db: Db, ids: SqlCondition): number {
  return db.get<{ n: number }>(`SELECT COUNT(*) AS n FROM (${ids.sql})`, ids.params)!.n;
}

function walkByPath(db: Db, probe: SqlCondition, inVault: boolean, w: Window): ListRow[] {
  // Within one vault the planner walks the (vault_id, path) index; across vaults, entries_path.
  return db.all<ListRow>(
    `SELECT ${COLUMNS} FROM entries e ${inVault ? '' : 'INDEXED BY entries_path'} JOIN vaults v ON v.id = e.vault_id
     WHERE ${probe.sql} ORDER BY e.path, e.id LIMIT ? OFFSET ?`,
    [...probe.params, w.limit, w.offset],
  );
}

/** The matching ids, joined with their sort values and sorted. */
function sortAll(db: Db, sort: SortKey[], ids: SqlCondition, w: Window): ListRow[] {
  const joins = sortJoins(sort, 0);
  return db.all<ListRow>(
    `SELECT ${COLUMNS} FROM entries e JOIN vaults v ON v.id = e.vault_id ${joins.sql}
     WHERE e.id IN (${ids.sql}) ORDER BY ${orderTerms(sort, 0)}e.path, e.id LIMIT ? OFFSET ?`,
    [...joins.params, ...ids.params, w.limit, w.offset],
  );
}

/**
 * Walks fm_sort, which holds each note's first value of the field in sort
 * order, then appends the notes with no value (sorted by the other fields and
 * path) once the values run out.
 */
function walkByField(db: Db, sort: SortKey[], probe: SqlCondition, ids: SqlCondition, w: Window): ListRow[] {
  const [first] = sort;
  const dir = first.order === 'desc' ? ' DESC' : '';
  const joins = sortJoins(sort, 1);
  const present = db.all<ListRow>(
    `SELECT ${COLUMNS} FROM fm s0 INDEXED BY fm_sort JOIN entries e ON e.id = s0.entry_id JOIN vaults v ON v.id = e.vault_id ${joins.sql}
     WHERE s0.key = ? AND s0.pos <= 0 AND s0.t IN ('str', 'num', 'bool') AND ${probe.sql}
     ORDER BY ${valueTerms('s0', dir)}, ${orderTerms(sort, 1)}e.path, e.id LIMIT ? OFFSET ?`,
    [...joins.params, first.field, ...probe.params, w.limit, w.offset],
  );
  if (present.length === w.limit) return present;
  // The values ran out inside this page: how many notes had one decides where the missing ones start.
  const withValue = cond("SELECT entry_id FROM fm WHERE key = ? AND t IN ('str', 'num', 'bool')", [first.field]);
  const presentTotal = present.length ? w.offset + present.length : count(db, cond(`${ids.sql} INTERSECT ${withValue.sql}`, [...ids.params, ...withValue.params]));
  const missingJoins = sortJoins(sort, 1);
  const missing = db.all<ListRow>(
    `SELECT ${COLUMNS} FROM entries e JOIN vaults v ON v.id = e.vault_id ${missingJoins.sql}
     WHERE e.id IN (${ids.sql} EXCEPT ${withValue.sql}) ORDER BY ${orderTerms(sort, 1)}e.path, e.id LIMIT ? OFFSET ?`,
    [...missingJoins.params, ...ids.params, ...withValue.params, w.limit - present.length, Math.max(0, w.offset - presentTotal)],
  );
  return [...present, ...missing];
}

/** The sort value of fm row `a`, term by term as index fm_sort holds it (migration 0002). */
function valueTerms(a: string, dir: string): string {
  return [
    `(CASE WHEN ${a}.num IS NOT NULL THEN 0 WHEN ${a}.bool IS NOT NULL THEN 2 ELSE 1 END)${dir}`,
    `${a}.num${dir}`,
    `${a}.bool${dir}`,
    `(CASE WHEN ${a}.num IS NULL AND ${a}.bool IS NULL THEN ${a}.fold END)${dir}`,
  ].join(', ');
}

/** LEFT JOINs of each note's first value of the sort fields from index `from` on. */
function sortJoins(sort: SortKey[], from: number): { sql: string; params: SqlValue[] } {
  const parts: string[] = [];
  const params: SqlValue[] = [];
  sort.forEach((s, i) => {
    if (i < from) return;
    parts.push(`LEFT JOIN fm s${i} INDEXED BY fm_entry ON s${i}.entry_id = e.id AND s${i}.key = ? AND s${i}.pos <= 0 AND s${i}.t IN ('str', 'num', 'bool')`);
    params.push(s.field);
  });
  return { sql: parts.join('\n'), params };
}

/** ORDER BY terms for the joined sort fields from `from` on, each ending with ", ". */
function orderTerms(sort: SortKey[], from: number): string {
  let out = '';
  sort.forEach((s, i) => {
    if (i < from) return;
    const a = `s${i}`;
    const dir = s.order === 'desc' ? ' DESC' : '';
    out += `${a}.entry_id IS NULL, `;
    out += `${valueTerms(a, dir)}, `;
  });
  return out;
}

/** A note whose key is written both nested and literally dotted has two first values; list it once. */
function uniqueRows(rows: ListRow[]): ListRow[] {
  const seen = new Set<number>();
  return rows.filter((r) => !seen.has(r.id) && (seen.add(r.id), true));
}

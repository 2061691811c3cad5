// Paged lists of the notes a filter selects, in path order or sorted by
// frontmatter fields: the filter-only side of `search` and the rows of `find`.
//
// The exact total comes from set algebra on index streams (compile.ts). A
// page is then fetched in one of three ways:
// - sort: take the matching notes and sort them; for small results;
// - walk: visit notes in path order and check each with the filter's probes,
//   stopping when the page is full; cheapest when matches are spread out, so
//   it is tried first for large results, and for small ones in path order
//   when the page should lie within a few hundred visits, with a budget of
//   visits (matches may be clustered far down the order);
// - scan: materialise the matching ids once and walk an index in the wanted
//   order (entries by path, fm_sort by field value), keeping the members;
//   bounded by the size of the index, with cheap steps.
//
// Sort order of a field, ascending: numbers (and numeric-looking strings) by
// value, then text case-insensitively, then booleans (false before true);
// notes without a value come last. Descending reverses the values but still
// puts missing values last. A list sorts by its first element. Ties are broken
// by path, so pages are stable.
import { fileField } from './file-fields';
import { keyForms, type KeyForms } from './key-forms';
import { TAGS_KEY } from './keys';
import type { Db, SqlValue } from '../db/database';
import { ALL_NOTES, type CompiledFilter } from './compile';
import { planIds, withKeyForms, withoutEmptyRowSets } from './plan';
import { armProbe, cond, joinAll, type Arm, type SqlCondition } from './sql';

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
  strategy: Strategy | 'empty';
}

export interface ListOptions {
  filter: CompiledFilter | null;
  vaultId?: number;
  extra?: Restriction[];
  sort?: SortKey[];
  page: number;
  pageSize: number;
  /** Force a strategy (tests compare them); chosen by cost otherwise. */
  strategy?: Strategy;
}

export type Strategy = 'sort' | 'walk' | 'scan';

/** Up to this many matches, sorting them is cheaper than any walk. */
const SORT_AT_MOST = 2000;
/** Notes a walk may visit before it gives way to a scan. */
const WALK_BUDGET = 1500;
/**
 * Rough costs in microseconds (sqlite-wasm, seekstone-10k): a walk's visit
 * (index step, table row, the filter's probes) and a sorted match (table
 * row, sorter). Measured 1.1-1.6 and 1.1; the walk's side is rounded up.
 */
const VISIT_COST = 1.5;
const SORTED_COST = 1.1;
/** A walk of a small result may visit this many times the expected number of notes before the sort takes over. */
const FEW_WALK_SLACK = 2;

const COLUMNS = 'e.id, v.name AS vault, e.path, e.title, e.type, e.permalink, e.tags, e.frontmatter';

export function listNotes(db: Db, opts: ListOptions): ListPage {
  return listing(db, opts, COLUMNS);
}

/** The same page, entry ids only: for callers that build their own rows (search hits). */
export function listNoteIds(db: Db, opts: ListOptions): { ids: number[]; total: number; strategy: ListPage['strategy'] } {
  const page = listing(db, opts, 'e.id');
  return { ids: page.rows.map((r) => r.id), total: page.total, strategy: page.strategy };
}

function listing(db: Db, opts: ListOptions, columns: string): ListPage {
  const inVault = opts.vaultId !== undefined;
  const universe = inVault ? cond("SELECT id AS entry_id FROM entries WHERE vault_id = ? AND kind = 'note'", [opts.vaultId!]) : ALL_NOTES;
  const filter: CompiledFilter = opts.filter ? withoutEmptyRowSets(db, withKeyForms(db, opts.filter)) : { arms: [] };
  const arms = filter.arms;
  const extra = opts.extra ?? [];
  const inScope = notesInScope(db, opts.vaultId);
  const plan = planIds(db, filter, universe, inScope);
  let ids = plan.ids;
  for (const x of extra) ids = cond(`${ids.sql} INTERSECT ${x.ids.sql}`, [...ids.params, ...x.ids.params]);
  const repeats = plan.mayRepeat && extra.length === 0;
  const unfiltered = arms.length === 0 && extra.length === 0;
  // In a vault, ids that came from fm (not from the vault's universe) are checked against entries.
  const needsVault = inVault && arms.some((a) => !a.negate);
  // file.tags sorts as tags; the other file fields come from the file_fields view, which no index orders.
  const sort = (opts.sort ?? []).map((k) => (fileField(k.field) === 'tags' ? { ...k, field: TAGS_KEY } : k));
  // A sort key with stored siblings (Rating, rating: key-forms.ts) reads each note's value from one of several keys, which no index orders either.
  const forms = sort.map((k) => keyForms(db, k.field));
  const byFileField = sort.some((k, i) => fileField(k.field) !== null || forms[i].siblings.length > 0);
  const offset = (opts.page - 1) * opts.pageSize;
  const probeOf = () =>
    joinAll([cond("e.kind = 'note'"), ...(inVault ? [cond('e.vault_id = ?', [opts.vaultId!])] : []), ...arms.map((a) => armProbe(a)), ...extra.map((x) => x.probe)]);
  const at = { offset, limit: opts.pageSize, columns };

  // Few matches: list them once (that is the total), then sort them.
  if (!unfiltered) {
    const distinct = repeats ? 'DISTINCT ' : '';
    // Counted in SQL (up to one past the bound) and sorted from the same ids in SQL: carrying
    // the ids out to JavaScript and back as JSON cost more than both (on sqlite-wasm, 597
    // matches: 1.9 → 0.9 ms CPU a page; bench:peers, docs/benchmarks.md).
    const few = needsVault
      ? count(db, `SELECT count(*) AS n FROM (SELECT ${distinct}x.entry_id FROM (${ids.sql}) AS x JOIN entries e ON e.id = x.entry_id WHERE e.vault_id = ? LIMIT ${SORT_AT_MOST + 1})`, [...ids.params, opts.vaultId!])
      : count(db, `SELECT count(*) AS n FROM (SELECT ${distinct}entry_id FROM (${ids.sql}) LIMIT ${SORT_AT_MOST + 1})`, ids.params);
    if (few <= SORT_AT_MOST && (!opts.strategy || opts.strategy === 'sort')) {
      if (few === 0 || offset >= few) return { rows: [], total: few, strategy: 'empty' };
      // In path order a spread-out result's page lies a few visits down: walking there beats
      // sorting every match (bench:peers filter-only, 597 and 1,982 of 10,000 notes). The
      // budget keeps a walk that meets clustered matches to a fraction of the sort's cost.
      const budget = Math.ceil((FEW_WALK_SLACK * (offset + opts.pageSize) * inScope) / few);
      if (!opts.strategy && !sort.length && budget * VISIT_COST < few * SORTED_COST) {
        const rows = walkByPath(db, probeOf(), opts.vaultId, budget < inScope ? budget : Number.MAX_SAFE_INTEGER, at);
        if (rows.length === Math.min(opts.pageSize, few - offset)) return { rows: uniqueRows(rows), total: few, strategy: 'walk' };
      }
      const members = needsVault ? cond(`e.vault_id = ? AND e.id IN (${ids.sql})`, [opts.vaultId!, ...ids.params]) : cond(`e.id IN (${ids.sql})`, ids.params);
      const rows = sortAll(db, sort, forms, members, at);
      return { rows: uniqueRows(rows), total: few, strategy: 'sort' };
    }
  }
  const vault = needsVault ? cond('+e.vault_id = ?', [opts.vaultId!]) : null;
  const onlyMissing = !inVault && extra.length === 0 && arms.length === 1 && arms[0].negate;
  const total = unfiltered
    ? inScope
    : onlyMissing
      ? inScope - presentCount(db, arms[0])
      : needsVault
      ? count(db, `SELECT COUNT(${repeats ? 'DISTINCT x.entry_id' : '*'}) AS n FROM (${ids.sql}) AS x JOIN entries e ON e.id = x.entry_id WHERE e.vault_id = ?`, [...ids.params, opts.vaultId!])
      : count(db, `SELECT COUNT(${repeats ? 'DISTINCT entry_id' : '*'}) AS n FROM (${ids.sql})`, ids.params);
  if (total === 0 || offset >= total) return { rows: [], total, strategy: 'empty' };

  const probe = probeOf();
  const matching = vault ? cond(`${vault.sql} AND e.id IN (${ids.sql})`, [...vault.params, ...ids.params]) : cond(`e.id IN (${ids.sql})`, ids.params);
  const expected = Math.min(opts.pageSize, total - offset);
  const fetch = (strategy: Strategy): ListRow[] | null => {
    if (strategy === 'sort' || byFileField) return sortAll(db, sort, forms, matching, at);
    // With no condition every note of the scope matches: a scan need not check membership.
    const members = unfiltered ? null : ids;
    if (strategy === 'scan' || sort.length) return sort.length ? scanByField(db, sort, members, vault ?? (inVault ? cond('e.vault_id = ?', [opts.vaultId!]) : null), at) : scanByPath(db, members, opts.vaultId, at);
    if (opts.strategy === 'walk') return walkByPath(db, probe, opts.vaultId, Number.MAX_SAFE_INTEGER, at);
    // A walk pays off only when the page is likely to lie within its budget of visits.
    if (((offset + opts.pageSize) * inScope) / total > WALK_BUDGET / 2) return null;
    const rows = walkByPath(db, probe, opts.vaultId, WALK_BUDGET < inScope ? WALK_BUDGET : Number.MAX_SAFE_INTEGER, at);
    return rows.length === expected ? rows : null;
  };
  const order: Strategy[] = opts.strategy ? [opts.strategy] : sort.length ? ['scan'] : ['walk', 'scan'];
  for (const strategy of order) {
    const rows = fetch(strategy);
    if (rows) return { rows: uniqueRows(rows), total, strategy: strategy === 'walk' && sort.length ? 'scan' : strategy };
  }
  throw new Error('no listing strategy produced the page');
}

/** Notes with a value for a "missing" arm's key: the notes it leaves out. */
function presentCount(db: Db, arm: Arm): number {
  const present = planIds(db, { arms: [{ ...arm, negate: false }] });
  return count(db, `SELECT COUNT(${present.mayRepeat ? 'DISTINCT entry_id' : '*'}) AS n FROM (${present.ids.sql})`, present.ids.params);
}

/** Notes in all vaults or one, cached until the database next changes. */
const scopeCounts = new WeakMap<Db, { changes: string; counts: Map<number, number> }>();

function notesInScope(db: Db, vaultId: number | undefined): number {
  const changes = db.changeMark();
  let cache = scopeCounts.get(db);
  if (!cache || cache.changes !== changes) scopeCounts.set(db, (cache = { changes, counts: new Map() }));
  const key = vaultId ?? -1;
  let n = cache.counts.get(key);
  if (n === undefined) {
    n = vaultId === undefined
      ? count(db, "SELECT COUNT(*) AS n FROM entries WHERE kind = 'note'", [])
      : count(db, "SELECT COUNT(*) AS n FROM entries WHERE vault_id = ? AND kind = 'note'", [vaultId]);
    cache.counts.set(key, n);
  }
  return n;
}

interface Window {
  offset: number;
  limit: number;
  /** What to read of each row: COLUMNS, or e.id alone. */
  columns: string;
}

function count(db: Db, sql: string, params: SqlValue[]): number {
  return db.get<{ n: number }>(sql, params)!.n;
}

/**
 * Path order, probing each visited entry and stopping when the page is full;
 * at most `budget` entries are visited (the walk ends at the path of the
 * budget-th entry, which must exist: callers pass a budget below the notes in
 * scope), so a page lying further down is left to a scan or a sort.
 */
function walkByPath(db: Db, probe: SqlCondition, vaultId: number | undefined, budget: number, w: Window): ListRow[] {
  const inVault = vaultId !== undefined;
  const index = inVault ? 'sqlite_autoindex_entries_1' : 'entries_path';
  const range: SqlCondition[] = inVault ? [cond('e.vault_id = ?', [vaultId])] : [];
  if (budget < Number.MAX_SAFE_INTEGER) {
    // In the walk's own statement (one call less); a constant, so it bounds the index range.
    range.push(cond(`e.path <= (SELECT path FROM entries INDEXED BY ${index} ${inVault ? 'WHERE vault_id = ?' : ''} ORDER BY path, id LIMIT 1 OFFSET ?)`, [...(inVault ? [vaultId] : []), budget - 1]));
  }
  const where = joinAll([...range, probe]);
  return db.all<ListRow>(
    `SELECT ${w.columns} FROM entries e INDEXED BY ${index} JOIN vaults v ON v.id = e.vault_id
     WHERE ${where.sql} ORDER BY e.path, e.id LIMIT ? OFFSET ?`,
    [...where.params, w.limit, w.offset],
  );
}

/** Path order from the path index, keeping the notes among the matching ids. */
function scanByPath(db: Db, ids: SqlCondition | null, vaultId: number | undefined, w: Window): ListRow[] {
  const from = vaultId === undefined ? 'entries e INDEXED BY entries_path' : 'entries e INDEXED BY sqlite_autoindex_entries_1';
  const where = joinAll([
    ...(vaultId === undefined ? [] : [cond('e.vault_id = ?', [vaultId])]),
    ids ? cond(`e.id IN (${ids.sql})`, ids.params) : cond("e.kind = 'note'"),
  ]);
  return db.all<ListRow>(
    `SELECT ${w.columns} FROM ${from} JOIN vaults v ON v.id = e.vault_id WHERE ${where.sql} ORDER BY e.path, e.id LIMIT ? OFFSET ?`,
    [...where.params, w.limit, w.offset],
  );
}

/** The matching notes, joined with their sort values and sorted. */
function sortAll(db: Db, sort: SortKey[], forms: KeyForms[], matching: SqlCondition, w: Window): ListRow[] {
  const joins = sortJoins(sort, 0, forms);
  return db.all<ListRow>(
    `SELECT ${w.columns} FROM entries e JOIN vaults v ON v.id = e.vault_id ${joins.sql}
     WHERE ${matching.sql} ORDER BY ${orderTerms(sort, 0)}e.path, e.id LIMIT ? OFFSET ?`,
    [...joins.params, ...matching.params, w.limit, w.offset],
  );
}

/**
 * Walks fm_sort, which holds each note's first value of the field in sort
 * order, keeping the matching notes; then appends the notes with no value
 * (sorted by the other fields and path) once the values run out.
 */
function scanByField(db: Db, sort: SortKey[], ids: SqlCondition | null, vault: SqlCondition | null, w: Window): ListRow[] {
  const [first] = sort;
  const dir = first.order === 'desc' ? ' DESC' : '';
  const joins = sortJoins(sort, 1);
  const member = ids ? cond(`AND s0.entry_id IN (${ids.sql})`, ids.params) : cond('');
  const inVault = vault ? cond(`AND ${vault.sql}`, vault.params) : cond('');
  const present = db.all<ListRow>(
    `SELECT ${w.columns} FROM fm s0 INDEXED BY fm_sort JOIN entries e ON e.id = s0.entry_id JOIN vaults v ON v.id = e.vault_id ${joins.sql}
     WHERE s0.key = ? AND s0.pos <= 0 AND s0.t IN ('str', 'num', 'bool') ${member.sql} ${inVault.sql}
     ORDER BY ${valueTerms('s0', dir)}, ${orderTerms(sort, 1)}e.path, e.id LIMIT ? OFFSET ?`,
    [...joins.params, first.field, ...member.params, ...inVault.params, w.limit, w.offset],
  );
  if (present.length === w.limit) return present;
  // The values ran out inside this page: how many notes had one decides where the missing ones start.
  const matching = joinAll([cond("e.kind = 'note'"), ...(ids ? [cond(`e.id IN (${ids.sql})`, ids.params)] : []), ...(vault ? [vault] : [])]);
  const hasValue = cond("EXISTS (SELECT 1 FROM fm WHERE key = ? AND entry_id = e.id AND t IN ('str', 'num', 'bool'))", [first.field]);
  const presentTotal = present.length
    ? w.offset + present.length
    : count(db, `SELECT COUNT(*) AS n FROM entries e WHERE ${matching.sql} AND ${hasValue.sql}`, [...matching.params, ...hasValue.params]);
  const missing = db.all<ListRow>(
    `SELECT ${w.columns} FROM entries e JOIN vaults v ON v.id = e.vault_id ${joins.sql}
     WHERE ${matching.sql} AND NOT ${hasValue.sql} ORDER BY ${orderTerms(sort, 1)}e.path, e.id LIMIT ? OFFSET ?`,
    [...joins.params, ...matching.params, ...hasValue.params, w.limit - present.length, Math.max(0, w.offset - presentTotal)],
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

/** LEFT JOINs of each note's first value of the sort fields from index `from` on (`forms`: their stored siblings, none when not given). */
function sortJoins(sort: SortKey[], from: number, forms?: KeyForms[]): { sql: string; params: SqlValue[] } {
  const parts: string[] = [];
  const params: SqlValue[] = [];
  sort.forEach((s, i) => {
    if (i < from) return;
    const siblings = forms?.[i].siblings ?? [];
    if (siblings.length) {
      // The note's own value under the key when it has one, else its first under a sibling.
      const keys = [s.field, ...siblings];
      parts.push(`LEFT JOIN fm s${i} ON s${i}.rowid = (SELECT x.rowid FROM fm x INDEXED BY fm_entry WHERE x.entry_id = e.id AND x.key IN (${keys.map(() => '?').join(', ')})
        AND x.pos <= 0 AND x.t IN ('str', 'num', 'bool') ORDER BY x.key <> ?, x.key, x.pos LIMIT 1)`);
      params.push(...keys, s.field);
      return;
    }
    const table = fileField(s.field) !== null ? `file_fields s${i}` : `fm s${i} INDEXED BY fm_entry`;
    parts.push(`LEFT JOIN ${table} ON s${i}.entry_id = e.id AND s${i}.key = ? AND s${i}.pos <= 0 AND s${i}.t IN ('str', 'num', 'bool')`);
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

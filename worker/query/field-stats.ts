// What can be filtered on: every frontmatter key (nested ones as dotted
// paths) with its value types, how many notes have it, and its most frequent
// values. Read from the fm table with a few grouped scans.
import { visibleId } from '../team/sql';
import { fileFieldStats } from './file-field-stats';
import type { Db, SqlValue } from '../db/database';
import { OPERATOR_NAMES, OPERATORS_BY_TYPE, type FieldType } from './operators';
import type { OpName } from './ast';
import { checkKey } from './keys';
import { ToolError } from '../errors';

export interface FieldValueCount {
  value: string | number | boolean;
  count: number;
}

export interface FieldStats {
  key: string;
  /** Notes where the key has a value, what {"key": {"$exists": true}} selects: null, an empty list or a map with no value under it is none. */
  notes: number;
  /** Notes per type of the key's value; `date` is a string that starts like 2026-01-31. */
  types: Partial<Record<FieldType, number>>;
  /** For lists: how many elements of each type. */
  item_types?: Partial<Record<FieldType, number>>;
  /** Distinct scalar values (list elements included). */
  distinct: number;
  /** The most frequent values, by how many notes hold them. */
  values: FieldValueCount[];
  /**
   * Where the values come from, present when some are written in note bodies:
   * notes whose value is in the frontmatter, and notes with inline values
   * (Dataview `key:: value`, or inline #tags for `tags`).
   */
  sources?: { frontmatter: number; inline: number };
  /** Filter operators that suit the key's types (none when the key cannot be named in a filter). */
  operators: OpName[];
  /**
   * Present, false, when the filter language cannot name the key (a space, a
   * slash: keys are letters, digits, "_" and "-"); it is still found by text
   * and shown by read_note.
   */
  filterable?: false;
  /** Present, true, for Dataview's file fields (file.name, file.size, …), which every note has. */
  file?: true;
}

export interface FieldStatsOptions {
  vaultId?: number;
  prefix?: string;
  limit: number;
}

/**
 * fieldStats groups every fm row, which takes a while on a large vault, and
 * the answer changes only when the data does: results are kept until the
 * database next changes, here or in another process (changeMark).
 */
const cache = new WeakMap<Db, { changes: string; results: Map<string, FieldStats[]> }>();

export function fieldStatsCached(db: Db, opts: FieldStatsOptions): FieldStats[] {
  const changes = db.changeMark();
  let entry = cache.get(db);
  if (!entry || entry.changes !== changes) cache.set(db, (entry = { changes, results: new Map() }));
  const key = JSON.stringify([opts.vaultId ?? null, opts.prefix ?? null, opts.limit]);
  let result = entry.results.get(key);
  if (!result) entry.results.set(key, (result = withFileFields(db, opts)));
  return structuredClone(result);
}

/** The frontmatter keys, then Dataview's file fields (file.tags is the tags key's own entry). */
function withFileFields(db: Db, opts: FieldStatsOptions): FieldStats[] {
  const keys = fieldStats(db, opts);
  const tags = keys.find((f) => f.key === 'tags') ?? (opts.prefix?.startsWith('file') ? fieldStats(db, { ...opts, prefix: 'tags' })[0] : undefined);
  const files = fileFieldStats(db, opts, tags);
  // A frontmatter map called file cannot be named where a file field has its name: filters read the file field.
  const shadowed = new Set(files.map((f) => f.key));
  for (const k of keys) if (shadowed.has(k.key)) Object.assign(k, { operators: [], filterable: false });
  return [...keys, ...files];
}

const DATE_GLOB = "'[0-9][0-9][0-9][0-9]-[0-1][0-9]-[0-3][0-9]*'";

/**
 * Every row of fm is read once or twice, always in the order of an index so
 * SQLite aggregates as it streams instead of sorting; only the few top values
 * per key leave SQLite (handing rows to JavaScript is the costly part).
 */
/** The rows (by entry_id) whose notes are in the vault asked for and readable by the local identity. */
export function readableScope(opts: FieldStatsOptions): { scope: string[]; params: SqlValue[] } {
  // Values of notes the local identity may not read are never counted or shown.
  const scope: string[] = [visibleId('entry_id')];
  const params: SqlValue[] = [];
  if (opts.vaultId !== undefined) {
    scope.push('entry_id IN (SELECT id FROM entries WHERE vault_id = ?)');
    params.push(opts.vaultId);
  }
  return { scope, params };
}

export function fieldStats(db: Db, opts: FieldStatsOptions): FieldStats[] {
  const { scope, params } = readableScope(opts);
  if (opts.prefix) {
    // A prefix names a key or a subtree: "ms" covers "ms" and "ms.topic", not "msg".
    scope.push('(key = ? OR (key > ? AND key < ?))');
    params.push(opts.prefix, `${opts.prefix}.`, `${opts.prefix}/`);
  }
  const and = scope.map((c) => ` AND ${c}`).join('');
  const where = scope.length ? `WHERE ${scope.join(' AND ')}` : '';

  const byKey = new Map<string, FieldStats>();
  const stats = (key: string) => {
    let s = byKey.get(key);
    if (!s) byKey.set(key, (s = { key, notes: 0, types: {}, distinct: 0, values: [], operators: [] }));
    return s;
  };
  // Types: top-level values (pos -1) are the key's value; the rest are list elements.
  const typeRows = db.all<{ key: string; t: string; top: number; items: number; dates: number; itemDates: number }>(
    `SELECT key, t, SUM(pos < 0) AS top, SUM(pos >= 0) AS items,
            SUM(pos < 0 AND t = 'str' AND str GLOB ${DATE_GLOB}) AS dates,
            SUM(pos >= 0 AND t = 'str' AND str GLOB ${DATE_GLOB}) AS itemDates
     FROM fm INDEXED BY fm_key_t ${where} GROUP BY key, t`,
    params,
  );
  for (const r of typeRows) {
    const s = stats(r.key);
    const name = TYPE_NAMES[r.t] ?? (r.t as FieldType);
    const add = (into: Partial<Record<FieldType, number>>, type: FieldType, n: number) => {
      if (n > 0) into[type] = (into[type] ?? 0) + n;
    };
    add(s.types, name, r.top - r.dates);
    add(s.types, 'date', r.dates);
    if (r.items > 0) {
      s.item_types ??= {};
      add(s.item_types, name, r.items - r.itemDates);
      add(s.item_types, 'date', r.itemDates);
    }
  }
  countNotesWithValue(db, byKey, and, params);
  // An empty list is no value (as in filters, where {"key": null} selects it): not a list
  // among the types. Every note has a tags list, empty when it has no tags. A list of maps
  // keeps its values under dotted keys (people.name): it is empty only when they hold none (tags never do).
  const emptyLists = db.all<{ key: string; n: number }>(
    `SELECT key, COUNT(*) AS n FROM fm f INDEXED BY fm_key_t WHERE t = 'list' AND pos < 0${and}
       AND NOT EXISTS (SELECT 1 FROM fm g INDEXED BY fm_entry WHERE g.entry_id = f.entry_id AND g.key = f.key AND g.pos >= 0)
       AND (f.key = 'tags' OR NOT EXISTS (SELECT 1 FROM fm g INDEXED BY fm_entry WHERE g.entry_id = f.entry_id AND g.key > f.key || '.' AND g.key < f.key || '/' AND g.${VALUE_ROW}))
     GROUP BY key`,
    params,
  );
  for (const r of emptyLists) {
    const s = stats(r.key);
    const left = (s.types.list ?? 0) - r.n;
    if (left > 0) s.types.list = left;
    else delete s.types.list;
  }
  for (const s of byKey.values()) {
    if (s.item_types && Object.keys(s.item_types).length === 0) delete s.item_types;
  }

  // Values, grouped the way filters compare them (1, 1.0 and "1" are one
  // value; tags ignore case), each counted once per note, so a count is what
  // {"key": value} selects.
  const values = db.all<{ key: string; kind: 'n' | 'b' | 's'; v: number | string; n: number; d: number }>(
    `SELECT key, kind, v, n, d FROM (
       SELECT key, kind, v, n,
              ROW_NUMBER() OVER (PARTITION BY key ORDER BY n DESC, kind, v) AS rank,
              COUNT(*) OVER (PARTITION BY key) AS d
       FROM (
         SELECT key, 'n' AS kind, num AS v, COUNT(*) AS n FROM
           (SELECT DISTINCT key, num, entry_id FROM fm INDEXED BY fm_key_num WHERE num IS NOT NULL${and}) GROUP BY key, num
         UNION ALL
         SELECT key, 'b', bool, COUNT(*) FROM
           (SELECT DISTINCT key, bool, entry_id FROM fm INDEXED BY fm_key_bool WHERE bool IS NOT NULL${and}) GROUP BY key, bool
         UNION ALL
         SELECT key, 's', str, COUNT(*) FROM
           (SELECT DISTINCT key, str, entry_id FROM fm INDEXED BY fm_key_str WHERE str IS NOT NULL AND num IS NULL AND bool IS NULL AND key <> 'tags'${and}) GROUP BY key, str
         UNION ALL
         SELECT key, 's', MIN(str), COUNT(DISTINCT entry_id) FROM fm INDEXED BY fm_key_fold
           WHERE key = 'tags' AND fold IS NOT NULL AND num IS NULL AND bool IS NULL${and} GROUP BY fold))
     WHERE rank <= ? ORDER BY key, rank`,
    [...params, ...params, ...params, ...params, Math.max(opts.limit, 1)],
  );
  for (const r of values) {
    const s = stats(r.key);
    s.distinct = r.d;
    if (s.values.length < opts.limit) s.values.push({ value: r.kind === 'b' ? r.v === 1 : r.v, count: r.n });
  }
  // Body-derived rows are few and indexed by fm_src: count the notes with an
  // inline value (an empty `key::` is none), and those with no frontmatter value beside them.
  const inline = db.all<{ key: string; n: number; only: number }>(
    `SELECT key, COUNT(DISTINCT entry_id) AS n,
            COUNT(DISTINCT CASE WHEN NOT EXISTS (SELECT 1 FROM fm g INDEXED BY fm_entry WHERE g.entry_id = f.entry_id AND g.key = f.key
              AND g.src IS NULL AND g.${VALUE_ROW}) THEN entry_id END) AS only
     FROM fm f INDEXED BY fm_src WHERE src = 'inline' AND ${VALUE_ROW}${and} GROUP BY key`,
    params,
  );
  for (const r of inline) {
    const s = byKey.get(r.key);
    if (s) s.sources = { frontmatter: s.notes - r.only, inline: r.n };
  }
  const out = [...byKey.values()];
  for (const s of out) {
    const types = new Set<FieldType>([...(Object.keys(s.types) as FieldType[]), ...(Object.keys(s.item_types ?? {}) as FieldType[])]);
    if (s.item_types) types.add('list');
    if (!nameable(s.key)) {
      s.operators = [];
      s.filterable = false;
      continue;
    }
    const ops = new Set<OpName>();
    for (const t of types) for (const op of OPERATORS_BY_TYPE[t]) ops.add(op);
    s.operators = OPERATOR_NAMES.filter((op) => ops.has(op));
  }
  return out.sort((a, b) => b.notes - a.notes || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
}

const VALUE_ROW = "t IN ('str', 'num', 'bool')";

/**
 * Sets each key's note count to the notes where it has a value, as $exists
 * reads it (operators.ts, presentArm): a value row at the key, or for a key
 * with keys nested under it, at one of those too.
 */
function countNotesWithValue(db: Db, byKey: Map<string, FieldStats>, and: string, params: SqlValue[]): void {
  const direct = db.all<{ key: string; n: number }>(
    `SELECT key, COUNT(DISTINCT entry_id) AS n FROM fm INDEXED BY fm_key_t WHERE ${VALUE_ROW}${and} GROUP BY key`,
    params,
  );
  for (const r of direct) {
    const s = byKey.get(r.key);
    if (s) s.notes = r.n;
  }
  // Maps: few keys, each counted over its own subtree.
  const parents = new Set<string>();
  for (const key of byKey.keys()) for (let i = key.indexOf('.'); i > 0; i = key.indexOf('.', i + 1)) parents.add(key.slice(0, i));
  for (const key of parents) {
    const s = byKey.get(key);
    if (!s) continue;
    s.notes = db.get<{ n: number }>(
      `SELECT COUNT(*) AS n FROM (SELECT entry_id FROM fm WHERE key = ? AND ${VALUE_ROW}${and}
         UNION SELECT entry_id FROM fm WHERE key > ? AND key < ? AND ${VALUE_ROW}${and})`,
      [key, ...params, `${key}.`, `${key}/`, ...params],
    )!.n;
  }
}

const TYPE_NAMES: Record<string, FieldType> = { num: 'number', bool: 'boolean', str: 'string', list: 'list', map: 'map', null: 'null' };

export function nameable(key: string): boolean {
  try {
    checkKey(key, '');
    return true;
  } catch (e) {
    // Only the key rules' own refusal means "not nameable"; anything else is a real failure.
    if (e instanceof ToolError && e.code === 'invalid_filter') return false;
    throw e;
  }
}

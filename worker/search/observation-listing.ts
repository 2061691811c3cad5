// Observations without words to rank (valid_at alone, time_kind alone,
// categories, entity_types observation): listed by note path, then line,
// with the exact total. The page and the total are computed apart, so
// neither reads every answer's note:
// - the total of a valid-time question is counted from the in-memory
//   snapshot of the assertions' bounds (worker/query/valid-time-bounds.ts):
//   by binary search over the whole database, or, when the scope names a few
//   notes (path_prefix, folder, a metadata filter), by testing the bounds of
//   each note in scope (their ids read in one statement), which also tells
//   which notes answer. Inside a transaction, and with categories or
//   -words, it is counted with SQL: index ranges, or one range of
//   assertions_entry per note in scope (one observation carries at most one
//   assertion, worker/ingest/markdown.ts, so assertions count observations);
// - the page walks notes in path order and stops when it is full: in SQL
//   with LIMIT, or, when the count found the answering notes and how many
//   answers each has, in JavaScript over the ids of the notes in path order
//   (read a chunk at a time), so only the notes that hold the page are read;
//   unless the answers are so sparse that sorting them all is cheaper: then
//   it sorts the answers of the notes known to answer, or, unscoped, every
//   answer read from the time index.
import type { Db, SqlValue } from '../db/database';
import { assertionMatch, type ValidTimeQuery } from '../query/valid-time';
import { countAnswering } from '../query/valid-time-count';
import { boundsSnapshot, countInEntries } from '../query/valid-time-bounds';
import { idsSql } from '../query/compile';
import { parseIdList } from '../db/id-list';
import type { SearchScope, SqlCondition } from './scope';
import type { PageWindow } from './text';
import { entriesEstimate } from './common-words';

export interface ObservationListing {
  db: Db;
  scope: SearchScope;
  window: PageWindow;
  categories?: readonly string[];
  validTime?: ValidTimeQuery | null;
  /** -words of the query: observations whose text holds one are left out. */
  excluded: readonly string[];
  /**
   * How to read the page; chosen by cost when not given (tests set it to
   * compare them). 'answers' and 'path' need the snapshot count under a
   * scope that names few notes, and walk in SQL otherwise.
   */
  plan?: 'walk' | 'sort' | 'answers' | 'path';
  /** 'sql' counts with statements even where the bounds snapshot could (tests compare the two). */
  counting?: 'sql';
  /**
   * How a walk tests the scope: by default, when the count found the
   * answering notes, whether the note is one of them (a JSON list of ids);
   * 'ids' the scope's condition (a filter's id set built first), 'probe' the
   * filter probed note by note. Tests set it to compare them.
   */
  filterTest?: 'ids' | 'probe';
}

/** The observation ids of the page, in listing order, and the exact total. */
export function listObservations(req: ObservationListing): { ids: number[]; total: number } {
  const counted = countObservations(req);
  const { total, answering } = counted;
  const { offset, limit } = req.window;
  if (offset >= total) return { ids: [], total };
  const plan = req.plan ?? choosePlan(req, counted);
  if (plan === 'path' && answering && counted.answerCounts && oneVault(req)) return { ids: pathWalk(req, answering, counted.answerCounts), total };
  const sql = plan === 'answers' && answering ? answersSql(req, answering)
    : plan === 'sort' ? sortSql(req)
    : walkSql(req, req.filterTest === 'probe' ? 'probe' : answering && req.filterTest !== 'ids' ? answering : 'scope');
  const ids = req.db.column<number>(`${sql.sql} ORDER BY e.path, e.vault_id, o.line, o.id LIMIT ? OFFSET ?`, [...sql.params, limit, offset]);
  return { ids, total };
}

/** Conditions on the observation itself (alias o): categories and -words. */
function ownConditions(req: ObservationListing): SqlCondition | null {
  const parts: string[] = [];
  const params: SqlValue[] = [];
  if (req.categories?.length) {
    parts.push(`o.category IN (${req.categories.map(() => '?').join(',')})`);
    params.push(...req.categories);
  }
  if (req.excluded.length) {
    parts.push('o.id * 2 NOT IN (SELECT rowid FROM kg_fts WHERE kg_fts MATCH ?)');
    params.push(req.excluded.join(' OR '));
  }
  return parts.length ? { sql: parts.join(' AND '), params } : null;
}

/** A scope that names few notes by an index (a path range, a folder, a metadata filter): the notes drive then. */
function notesDrive(scope: SearchScope): boolean {
  const p = scope.parts;
  return p.range !== undefined || p.folder !== undefined || p.metadata.condition !== null;
}

/**
 * The ids of the notes in scope. A metadata filter alone is its own id set
 * (worker/query/compile.ts): looking each id up in entries again would cost
 * more than counting its assertions (bench:valid-time's filter row, ~2,000
 * notes: 12 ms for the count through entries, 5–7 ms straight from the ids).
 */
function scopeIds(scope: SearchScope): SqlCondition {
  const meta = scope.parts.metadata;
  // Nothing else in the condition (vault, folder, path, visibility, a tool's own part): it is the filter's, in parentheses.
  if (meta.condition && scope.condition.sql === `(${meta.condition.sql})`) return idsSql(meta.compiled);
  return { sql: `SELECT e.id FROM entries e WHERE ${scope.condition.sql}`, params: scope.condition.params };
}

/**
 * The ids of the notes in scope, read as one string (row by row, sqlite-wasm
 * takes ~3 µs an id), and in the same statement notesEstimate's number,
 * which the plan under a filter needs (a statement less a call).
 */
function scopeIdList(db: Db, scope: SearchScope): { ids: ArrayLike<number>; notes?: number } {
  const ids = scopeIds(scope);
  if (!LISTING_PLAN.parsedIds) {
    const text = db.get<{ s: string | null }>(`WITH scoped(id) AS (${ids.sql}) SELECT group_concat(id) AS s FROM scoped`, ids.params)!.s;
    return { ids: text ? text.split(',').map(Number) : [] };
  }
  const got = db.get<{ s: string | null; m: number | null }>(
    `WITH scoped(id) AS (${ids.sql}) SELECT group_concat(id) AS s, (SELECT max(id) FROM entries) AS m FROM scoped`,
    ids.params,
  )!;
  return { ids: parseIdList(got.s), notes: got.m ?? 0 };
}

function and(...cs: (SqlCondition | null)[]): SqlCondition {
  const present = cs.filter((c): c is SqlCondition => c !== null && c.sql !== '1');
  return { sql: present.length ? present.map((c) => `(${c.sql})`).join(' AND ') : '1', params: present.flatMap((c) => c.params) };
}

interface Counted {
  total: number;
  /** The number of notes in scope, when they were read on the way. */
  scopeSize?: number;
  /** notesEstimate's number, when it was read on the way. */
  notes?: number;
  /** The notes in scope with an answer, when the count saw them. */
  answering?: number[];
  /** How many answers each of them has. */
  answerCounts?: number[];
}

/** The exact total. */
function countObservations(req: ObservationListing): Counted {
  const snapshot = req.validTime && notesDrive(req.scope) && !ownConditions(req) && req.counting !== 'sql' ? boundsSnapshot(req.db) : null;
  if (snapshot) {
    const { ids, notes } = scopeIdList(req.db, req.scope);
    const answering: number[] = [];
    const answerCounts: number[] = [];
    return { total: countInEntries(snapshot, req.validTime!, ids, answering, answerCounts), scopeSize: ids.length, notes, answering, answerCounts };
  }
  return { total: countBySql(req) };
}

/**
 * With the answering notes known, the walk visits about (offset + limit) ×
 * walked / answering notes (walked: every note under a filter, the notes in
 * a path range or folder), each a probe of a microsecond or two; sorting the
 * answers of the answering notes costs about twice that a note. So a far
 * page or a sparse date sorts (bench:valid-time's filter row: a date that
 * few claims cover walked all 10,000 notes, 15 ms, against ~1 ms sorting).
 */
function choosePlan(req: ObservationListing, c: Counted): 'walk' | 'sort' | 'answers' | 'path' {
  if (!c.answering) return walks(req, c.total) ? 'walk' : 'sort';
  const walked = req.scope.parts.metadata.condition ? c.notes ?? entriesEstimate(req.db) : c.scopeSize!;
  if ((req.window.offset + req.window.limit) * walked > 2 * c.answering.length * c.answering.length) return 'answers';
  return LISTING_PLAN.pathWalk ? 'path' : 'walk';
}

/**
 * Benchmarks turn the path walk off to time the SQL walk it replaced,
 * interleaved (bench:valid-time --opt listing-walks=1), and the parsed id
 * list off to time the split string and separate notesEstimate statement it
 * replaced (--opt id-reads=1).
 */
export const LISTING_PLAN = { pathWalk: true, parsedIds: true };

/**
 * Paths are unique within a vault, so with one vault in play the path alone
 * orders the notes, and an index holding the path (entries_path, or the
 * (vault_id, path) key under a vault) gives their ids in that order without
 * reading a row; across vaults, notes of the same path go by vault, which the
 * indexes cannot give.
 */
function oneVault(req: ObservationListing): boolean {
  return req.scope.parts.vaultId !== undefined || req.db.get<{ one: number }>('SELECT (SELECT id FROM vaults LIMIT 1 OFFSET 1) IS NULL AS one')!.one === 1;
}

/** Ids of notes read per statement of the path walk, growing, so a far page takes few statements. */
const PATH_CHUNKS = [64, 256, 1024, 4096];

/**
 * The page, walking the notes in path order in JavaScript: their ids a chunk
 * at a time (one string per statement), each tested against the answering
 * notes and their answer counts, until the notes holding the page are found;
 * then only their answers are read (one vault in play: see oneVault).
 * Under a metadata filter the walk passes every note (the answering ones are
 * in scope by construction); a path range or folder walks only its own notes. bench:valid-time's filter row (7,095
 * notes in scope, ~3,000 answering): the walk that tested each note against
 * a JSON list of the answering ones took ~2 ms a query, the list alone.
 */
function pathWalk(req: ObservationListing, answering: readonly number[], counts: readonly number[]): number[] {
  // Answers by note id, in a typed array (a Map of thousands of notes costs more than the walk).
  let maxId = 0;
  for (const id of answering) if (id > maxId) maxId = id;
  const per = new Int32Array(maxId + 1);
  answering.forEach((id, i) => (per[id] = counts[i]));
  const { offset, limit } = req.window;
  const holding: number[] = [];
  let before = 0; // answers in the notes walked before the first that holds the page
  let seen = 0;
  const vaultId = req.scope.parts.vaultId;
  const where = !req.scope.parts.metadata.condition ? req.scope.condition : vaultId !== undefined ? { sql: 'e.vault_id = ?', params: [vaultId] } : { sql: '1', params: [] };
  let read = 0;
  for (let k = 0; seen < offset + limit; k++) {
    const chunk = PATH_CHUNKS[Math.min(k, PATH_CHUNKS.length - 1)];
    // The subquery's LIMIT keeps it from being flattened: group_concat takes its rows in path order.
    const text = req.db.get<{ s: string | null }>(
      `SELECT group_concat(id) AS s FROM (SELECT e.id FROM entries e WHERE ${where.sql} ORDER BY e.path LIMIT ? OFFSET ?)`,
      [...where.params, chunk, read],
    )!.s;
    const ids = parseIdList(text);
    for (const id of ids) {
      const n = id <= maxId ? per[id] : 0;
      if (!n) continue;
      if (seen + n > offset) {
        if (!holding.length) before = seen;
        holding.push(id);
      }
      seen += n;
      if (seen >= offset + limit) break;
    }
    read += chunk;
    if (ids.length < chunk) break;
  }
  if (!holding.length) return [];
  const sql = answersSql(req, holding);
  return req.db.column<number>(`${sql.sql} ORDER BY e.path, e.vault_id, o.line, o.id LIMIT ? OFFSET ?`, [...sql.params, limit, offset - before]);
}

/** The answers of the notes known to answer, to be sorted: the notes by id (one JSON list), each note's assertions by its index range. */
function answersSql(req: ObservationListing, entries: readonly number[]): SqlCondition {
  const w = and(assertionMatch(req.validTime!, 'a', '+'), ownConditions(req));
  return {
    sql: `SELECT o.id FROM json_each(?) j CROSS JOIN entries e ON e.id = j.value CROSS JOIN assertions a INDEXED BY assertions_entry ON a.entry_id = e.id
      CROSS JOIN observations o ON o.id = a.observation_id WHERE ${w.sql}`,
    params: [JSON.stringify(entries), ...w.params],
  };
}

function countBySql(req: ObservationListing): number {
  const scope = req.scope.condition;
  const own = ownConditions(req);
  const vt = req.validTime;
  const n = (sql: string, params: SqlValue[]) => req.db.get<{ n: number }>(sql, params)!.n;
  if (!vt) {
    if (scope.sql === '1') {
      // No WHERE at all: SQLite then counts the table's smallest index without reading rows.
      return own ? n(`SELECT count(*) AS n FROM observations o WHERE ${own.sql}`, own.params) : n('SELECT count(*) AS n FROM observations', []);
    }
    const from = notesDrive(req.scope) ? 'entries e CROSS JOIN observations o ON o.entry_id = e.id' : 'observations o CROSS JOIN entries e ON e.id = o.entry_id';
    const w = and(scope, own);
    return n(`SELECT count(*) AS n FROM ${from} WHERE ${w.sql}`, w.params);
  }
  if (scope.sql === '1' && !own) return countAnswering(req.db, vt, { sql: req.counting === 'sql' });
  const withObs = own ? ' CROSS JOIN observations o ON o.id = a.observation_id' : '';
  if (scope.sql === '1') {
    const w = and(assertionMatch(vt, 'a'), own);
    return n(`SELECT count(*) AS n FROM assertions a${withObs} WHERE ${w.sql}`, w.params);
  }
  if (notesDrive(req.scope)) {
    // The notes' ids first (an index range, or the filter's id set), then each
    // note's range of assertions_entry on (entry_id, axis, lo), testing only
    // the upper bound: no row of entries is read once the ids are known.
    const w = and(assertionMatch(vt, 'a'), own);
    const ids = scopeIds(req.scope);
    return n(`SELECT count(*) AS n FROM assertions a INDEXED BY assertions_entry${withObs} WHERE a.entry_id IN (${ids.sql}) AND ${w.sql}`, [...ids.params, ...w.params]);
  }
  const w = and(assertionMatch(vt, 'a'), scope, own);
  return n(`SELECT count(*) AS n FROM assertions a CROSS JOIN entries e ON e.id = a.entry_id${withObs} WHERE ${w.sql}`, w.params);
}

/**
 * Walking notes in path order reads about (offset + limit) × notes / total
 * notes before the page is full; sorting reads every answer. Each costs a
 * few microseconds a row (measured on bench:valid-time's vault), so the walk
 * wins unless the answers are sparse and the page deep. A scope that names
 * few notes walks only those.
 */
function walks(req: ObservationListing, total: number): boolean {
  if (notesDrive(req.scope)) return true;
  return (req.window.offset + req.window.limit) * entriesEstimate(req.db) <= total * total;
}

/**
 * The walk in path order. Given the answering notes (all in scope), a visited
 * note is tested against their list before its row, filter or assertions are
 * read (bench:valid-time's filter row: 0.3–0.5 ms against 0.5–1.1 ms probing
 * the filter note by note).
 */
function walkSql(req: ObservationListing, test: 'scope' | 'probe' | readonly number[]): SqlCondition {
  const vt = req.validTime;
  // rowCondition is the same selection with the filter as per-note probes (scope.ts).
  const member = { sql: 'e.id IN (SELECT value FROM json_each(?))', params: [JSON.stringify(test)] };
  // A path range or folder stays, so the walk starts where the scope does; a filter's own test is left out.
  const scope = test === 'probe' ? req.scope.rowCondition
    : test === 'scope' ? req.scope.condition
    : req.scope.parts.metadata.condition ? member : and(req.scope.condition, member);
  const w = and(scope, vt ? assertionMatch(vt, 'a', '+') : null, ownConditions(req));
  const from = vt
    ? 'entries e INDEXED BY entries_path CROSS JOIN assertions a INDEXED BY assertions_entry ON a.entry_id = e.id CROSS JOIN observations o ON o.id = a.observation_id'
    : 'entries e INDEXED BY entries_path CROSS JOIN observations o ON o.entry_id = e.id';
  return { sql: `SELECT o.id FROM ${from} WHERE ${w.sql}`, params: w.params };
}

/** Sparse answers: read them all from the time index, then sort. */
function sortSql(req: ObservationListing): SqlCondition {
  const vt = req.validTime;
  if (!vt) {
    const w = and(req.scope.condition, ownConditions(req));
    return { sql: `SELECT o.id FROM observations o CROSS JOIN entries e ON e.id = o.entry_id WHERE ${w.sql}`, params: w.params };
  }
  const w = and(assertionMatch(vt, 'a'), req.scope.condition, ownConditions(req));
  return {
    sql: `SELECT o.id FROM assertions a CROSS JOIN observations o ON o.id = a.observation_id CROSS JOIN entries e ON e.id = o.entry_id WHERE ${w.sql}`,
    params: w.params,
  };
}

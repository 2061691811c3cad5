// Observations and relations as search results ("items"). Text ranks them by
// BM25 over kg_fts (worker/ingest/graph-store.ts), notes with every word
// first as for notes; without words they are listed by note path and line.
// Scope (through the parent note), categories and the valid-time question
// are conditions inside the one statement: nothing is filtered afterwards.
import type { Db, SqlValue } from '../db/database';
import { KG_BM25_WEIGHTS } from '../ingest/graph-store';
import { assertionMatch, validTimeCondition, type ValidTimeQuery } from '../query/valid-time';
import { listObservations } from './observation-listing';
import { compileQuery, matchExpression, type CompiledQuery } from './fts-query';
import type { ParsedQuery } from './query-syntax';
import type { SearchScope, SqlCondition } from './scope';
import { displayScore, type PageWindow } from './text';

export type ItemType = 'observation' | 'relation';

export interface ItemRequest {
  db: Db;
  scope: SearchScope;
  query: ParsedQuery;
  window: PageWindow;
  types: ReadonlySet<ItemType>;
  /** Observations of these categories only (relations are unaffected). */
  categories?: readonly string[];
  validTime?: ValidTimeQuery | null;
}

export interface ItemRow {
  type: ItemType;
  /** observations.id or relations.id. */
  id: number;
  score: number;
}

export interface ItemPage {
  rows: ItemRow[];
  total: number;
  relaxed: boolean;
  compiled: CompiledQuery;
  /** False when total is a lower bound (meaning modes); exact otherwise. */
  totalIsExact?: boolean;
}

/**
 * The item kinds that can answer: a valid-time question is answered by
 * observations only (relations carry no valid time), and a category names
 * observations.
 */
export function answeringTypes(req: Pick<ItemRequest, 'types' | 'validTime'>): ItemType[] {
  return [...req.types].filter((t) => t === 'observation' || !req.validTime);
}

/** Conditions on the item rows (aliases o / r) beyond the note scope. */
function itemConditions(type: ItemType, req: ItemRequest, drive: 'observations' | 'assertions'): SqlCondition {
  const parts: string[] = [];
  const params: SqlValue[] = [];
  if (type === 'observation') {
    if (req.categories?.length) {
      parts.push(`o.category IN (${req.categories.map(() => '?').join(',')})`);
      params.push(...req.categories);
    }
    if (req.validTime) {
      const c = validTimeCondition(req.validTime, 'o', drive);
      parts.push(c.sql);
      params.push(...c.params);
    }
  }
  return { sql: parts.length ? parts.join(' AND ') : '1', params };
}

/** FROM/WHERE over one item kind joined to its note, within scope. */
function itemSource(
  type: ItemType,
  req: ItemRequest,
  scope: SqlCondition,
  drive: 'observations' | 'assertions' = 'observations',
): { table: string; a: string; from: string; where: string; params: SqlValue[]; rowid: string } {
  const extra = itemConditions(type, req, drive);
  const table = type === 'observation' ? 'observations o' : 'relations r';
  const a = type === 'observation' ? 'o' : 'r';
  return {
    table,
    a,
    from: `${table} JOIN entries e ON e.id = ${a}.entry_id`,
    where: `(${scope.sql}) AND (${extra.sql})`,
    params: [...scope.params, ...extra.params],
    rowid: type === 'observation' ? `${a}.id * 2` : `${a}.id * 2 + 1`,
  };
}

export function searchItems(req: ItemRequest): ItemPage {
  const compiled = compileQuery(req.query);
  const types = answeringTypes(req);
  const empty: ItemPage = { rows: [], total: 0, relaxed: false, compiled };
  if (!types.length) return empty;
  const positive = compiled.required.length + compiled.optional.length;
  if (positive === 0) {
    if (req.query.clauses.length && !compiled.excluded.length) return empty;
    return { ...listItems(req, types, compiled), relaxed: false, compiled };
  }
  return { ...rankItems(req, types, compiled), compiled };
}

function excludedSql(rowid: string, c: CompiledQuery): SqlCondition {
  return c.excluded.length
    ? { sql: ` AND ${rowid} NOT IN (SELECT rowid FROM kg_fts WHERE kg_fts MATCH ?)`, params: [c.excluded.join(' OR ')] }
    : { sql: '', params: [] };
}

/** No words: the items in scope, by note path, then line. */
function listItems(req: ItemRequest, types: ItemType[], c: CompiledQuery): { rows: ItemRow[]; total: number } {
  if (types.length === 1 && types[0] === 'observation') {
    const { ids, total } = listObservations({ ...req, excluded: c.excluded });
    return { rows: ids.map((id) => ({ type: 'observation', id, score: 0 })), total };
  }
  const selects: string[] = [];
  const params: SqlValue[] = [];
  for (const type of types) {
    // No words: the valid-time question is the narrowing, read from the time index.
    const s = itemSource(type, req, req.scope.condition, 'assertions');
    const ex = excludedSql(s.rowid, c);
    selects.push(`SELECT ${s.rowid} AS rowid, e.path AS path, e.vault_id AS vault, ${s.a}.line AS line FROM ${s.from} WHERE ${s.where}${ex.sql}`);
    params.push(...s.params, ...ex.params);
  }
  const union = selects.join(' UNION ALL ');
  const rows = req.db.all<{ rowid: number; total: number }>(
    `SELECT rowid, count(*) OVER () AS total FROM (${union}) ORDER BY path, vault, line, rowid LIMIT ? OFFSET ?`,
    [...params, req.window.limit, req.window.offset],
  );
  const total = rows.length ? rows[0].total : req.db.get<{ n: number }>(`SELECT count(*) AS n FROM (${union})`, params)!.n;
  return { rows: rows.map((r) => ({ ...fromRowid(r.rowid), score: 0 })), total };
}

/** Words: BM25 over kg_fts, items holding every word first, in one statement that also counts. */
function rankItems(req: ItemRequest, types: ItemType[], c: CompiledQuery): { rows: ItemRow[]; total: number; relaxed: boolean } {
  const any = matchExpression(c)!;
  const multi = c.optional.length >= 1 && c.required.length + c.optional.length >= 2;
  const all = multi ? matchExpression(c, { allOptional: true }) : null;
  const rank = `bm25(kg_fts, ${KG_BM25_WEIGHTS.join(', ')})`;
  const full = all ? 'kg_fts.rowid IN (SELECT rowid FROM kg_fts WHERE kg_fts MATCH ?)' : '0';
  const selects: string[] = [];
  const params: SqlValue[] = [];
  for (const type of types) {
    const parity = type === 'observation' ? 0 : 1;
    const ex = excludedSql('kg_fts.rowid', c);
    const bare = bareMatches(type, req);
    if (bare) {
      selects.push(`SELECT kg_fts.rowid AS rowid, ${rank} AS rank, ${full} AS full FROM kg_fts
       WHERE kg_fts MATCH ? AND (kg_fts.rowid & 1) = ${parity} AND ${bare.sql}${ex.sql}`);
      params.push(...(all ? [all] : []), any, ...bare.params, ...ex.params);
      continue;
    }
    const s = itemSource(type, req, req.scope.rowCondition);
    selects.push(
      `SELECT kg_fts.rowid AS rowid, ${rank} AS rank, ${full} AS full FROM kg_fts
       JOIN ${s.table} ON ${s.a}.id = kg_fts.rowid >> 1 JOIN entries e ON e.id = ${s.a}.entry_id
       WHERE kg_fts MATCH ? AND (kg_fts.rowid & 1) = ${parity} AND ${s.where}${ex.sql}`,
    );
    params.push(...(all ? [all] : []), any, ...s.params, ...ex.params);
  }
  const union = selects.join(' UNION ALL ');
  const rows = req.db.all<{ rowid: number; rank: number; full: number; total: number; nfull: number }>(
    `SELECT rowid, rank, full, count(*) OVER () AS total, sum(full) OVER () AS nfull FROM (${union})
     ORDER BY full DESC, rank, rowid LIMIT ? OFFSET ?`,
    [...params, req.window.limit, req.window.offset],
  );
  if (!rows.length) {
    // An empty first page means no answers: only a page past the end needs the count (a valid-time question often answers nothing).
    if (req.window.offset === 0) return { rows: [], total: 0, relaxed: false };
    const n = req.db.get<{ total: number; nfull: number }>(`SELECT count(*) AS total, coalesce(sum(full), 0) AS nfull FROM (${union})`, params)!;
    return { rows: [], total: n.total, relaxed: multi && n.nfull === 0 && n.total > 0 };
  }
  return {
    rows: rows.map((r) => ({ ...fromRowid(r.rowid), score: displayScore(-r.rank, r.full) })),
    total: rows[0].total,
    relaxed: multi && rows[0].nfull === 0,
  };
}

/**
 * With no scope and no category, nothing needs the item's row or its note:
 * the matches are checked on the text index's own rowid (item id × 2 +
 * kind), as the note ranking skips its join to entries without a scope
 * (bench:valid-time: a third less time for text + valid_at). Null otherwise.
 */
function bareMatches(type: ItemType, req: ItemRequest): SqlCondition | null {
  if (req.scope.rowCondition.sql !== '1' || (type === 'observation' && req.categories?.length)) return null;
  if (type !== 'observation' || !req.validTime) return { sql: '1', params: [] };
  const m = assertionMatch(req.validTime, 'a', '+');
  return { sql: `EXISTS (SELECT 1 FROM assertions a WHERE a.observation_id = kg_fts.rowid >> 1 AND ${m.sql})`, params: m.params };
}

function fromRowid(rowid: number): { type: ItemType; id: number } {
  return { type: rowid % 2 === 0 ? 'observation' : 'relation', id: Math.floor(rowid / 2) };
}

/** Items must hold a quoted phrase and none of the -words: the query's hard clauses, on the item's own text. */
function hardClauses(rowid: string, c: CompiledQuery): SqlCondition {
  const ex = excludedSql(rowid, c);
  if (!c.required.length) return ex;
  return { sql: `${ex.sql} AND ${rowid} IN (SELECT rowid FROM kg_fts WHERE kg_fts MATCH ?)`, params: [...ex.params, c.required.join(' AND ')] };
}

/** The notes in scope holding at least one answering item: the vector candidates for ranking items by meaning. */
export function notesWithItems(req: ItemRequest, types: readonly ItemType[], c: CompiledQuery): SqlCondition {
  const arms: string[] = [];
  const params: SqlValue[] = [];
  for (const type of types) {
    const s = itemSource(type, req, { sql: '1', params: [] }, 'assertions');
    const hard = hardClauses(s.rowid, c);
    arms.push(`SELECT ${s.a}.entry_id FROM ${s.table} WHERE ${s.where}${hard.sql}`);
    params.push(...s.params, ...hard.params);
  }
  return { sql: `(${req.scope.condition.sql}) AND e.id IN (${arms.join(' UNION ')})`, params: [...req.scope.condition.params, ...params] };
}

/** The answering items of these notes, in the notes' order and by line within each. */
export function itemsOfNotes(req: ItemRequest, types: readonly ItemType[], noteIds: readonly number[], c: CompiledQuery): { type: ItemType; id: number; entryId: number }[] {
  if (!noteIds.length) return [];
  const selects: string[] = [];
  const params: SqlValue[] = [];
  const list = noteIds.map(() => '?').join(',');
  for (const type of types) {
    const s = itemSource(type, req, { sql: `e.id IN (${list})`, params: [...noteIds] });
    const hard = hardClauses(s.rowid, c);
    selects.push(`SELECT ${s.rowid} AS rowid, e.id AS entry, ${s.a}.line AS line FROM ${s.from} WHERE ${s.where}${hard.sql}`);
    params.push(...s.params, ...hard.params);
  }
  const rank = new Map(noteIds.map((id, i) => [id, i]));
  return req.db
    .all<{ rowid: number; entry: number; line: number }>(selects.join(' UNION ALL '), params)
    .sort((a, b) => rank.get(a.entry)! - rank.get(b.entry)! || a.line - b.line || a.rowid - b.rowid)
    .map((r) => ({ ...fromRowid(r.rowid), entryId: r.entry }));
}

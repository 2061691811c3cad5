// Text ranking: FTS5 BM25 over the candidates the scope allows. Plain words
// combine as "any word matches", stop words left out; a keyword query of up
// to two words puts notes with every word first — chosen by measurement over
// strict AND, plain OR, coordination (hard and soft) and tiers for longer
// queries (docs/search-text.md). A match in a note's opening adds to its
// score, and a note the query names (its title or an alias holds every word
// as typed) counts more (rank-sql.ts, names.ts). Everything happens in SQL over the scope's condition;
// nothing is filtered after fetching.
import type { Db, SqlValue } from '../db/database';
import { bigramAnalyzer, compileQuery, matchExpression, type Analyzer, type CompiledQuery } from './fts-query';
import { parseQuery, QUERY_BOUNDS, type ParsedQuery } from './query-syntax';
import type { SqlCondition } from './scope';
import { isStopWord } from '../text/stop-words';
import { holdsFiles, NAME_FACTOR, ranker, type Ranker } from './rank-sql';
import { namedEntries } from './names';
import { cappedCounts, commonLimit, COMMON_NOTES, distinctive } from './common-words';


export interface TextOptions {
  analyzer?: Analyzer;
  weights?: readonly number[];
  /**
   * A word found in more than this share of all notes, or in more than
   * COMMON_NOTES, is common: when the query also has rarer words, it scores
   * but does not select notes on its own ("fremont history" lists notes about
   * Fremont, not every note with "history"). Default 1: only the COMMON_NOTES
   * cap (stop words are left out of queries instead; a 20% share cost
   * Cranfield MRR@10 0.534 → 0.522, docs/search-text.md).
   */
  commonShare?: number;
  /** Adjacent pairs of the query's words also score as phrases (proximity; measured in docs/search-text.md). */
  pairs?: boolean;
  /** LEAD_WEIGHT for this query (measurements vary it; 0: the opening is not scored). */
  leadWeight?: number;
  /** NAME_FACTOR for this query (measurements vary it; 1: names count as any other text). */
  nameFactor?: number;
  /** The COMMON_NOTES cap for this query (measurements vary it). */
  commonNotes?: number;
  /**
   * How the page is computed (same order either way). `phases`: a count,
   * then BM25 over the notes with every word, and over the rest only when the
   * page needs them; cheapest without a scope, where counting needs no join.
   * `window`: one statement scores and counts every candidate; cheapest with
   * a scope, whose join to entries and filter sets are then built once, not
   * per statement (measured: filter p50 4.0 → 2.2 ms CPU on seekstone-10k).
   * Default: phases without a scope, window with one.
   */
  plan?: 'phases' | 'window';
  /** The scope in its per-row form (SearchScope.rowCondition), used where FTS matches drive; `scope` itself drives listings. */
  rowScope?: SqlCondition;
  /**
   * performance.now() after which the notes that hold only some of the words
   * are not ranked: the page then holds the notes with every word (the best
   * so far) and `partial` says so. Bounds the cost of a query of many common words.
   */
  deadline?: number;
  /** Lists the scope when there are no words to rank (default: every entry matching `scope`, by path). */
  list?: (excluded: string[], page: PageWindow) => { rows: TextRow[]; total: number };
}

export const DEFAULT_COMMON_SHARE = 1;

/**
 * `lean: false` runs the statements of before the latency work of issue 16
 * (a file discount looked up for every candidate even with no files, the
 * count over the full expression, a check that rarer words match; and, before
 * the rank helper's work, one statement per word counted and a separate check
 * that the words besides stop words match): the same results, for benchmarks
 * that time both in one run and tests that compare them.
 */
export const TEXT_PLAN = { lean: true, leadWithin: true };

/** Optional words from which a query with a deadline is ranked in phases (see `deadline`). */
export const BUDGETED_WORDS = 8;

export interface TextRow {
  id: number;
  score: number;
}

export interface TextPage {
  rows: TextRow[];
  total: number;
  /** No candidate holds every word: all hits match only some of them (matching was loosened). */
  relaxed: boolean;
  compiled: CompiledQuery;
  /** The deadline passed: notes holding only some of the words were not ranked. */
  partial?: boolean;
}

export interface PageWindow {
  offset: number;
  limit: number;
}

/** The FROM/WHERE every text query shares: FTS matches joined to entries, within scope, minus excluded words. */
export interface Candidates {
  sql: string;
  params: SqlValue[];
}

export function candidates(scope: SqlCondition, match: string, excluded: string[]): Candidates {
  const params: SqlValue[] = [match];
  // Without a scope the join to entries is skipped: counting thousands of matches costs half as much.
  let sql = 'FROM fts WHERE fts MATCH ?';
  if (scope.sql !== '1') {
    sql = `FROM fts JOIN entries e ON e.id = fts.rowid WHERE fts MATCH ? AND (${scope.sql})`;
    params.push(...scope.params);
  }
  if (excluded.length) {
    sql += ' AND fts.rowid NOT IN (SELECT rowid FROM fts WHERE fts MATCH ?)';
    params.push(excluded.join(' OR '));
  }
  return { sql, params };
}

/**
 * The notes whose text has every word of `text` (same syntax and
 * tokenisation as search; -words excluded), as a SELECT of ids and as a
 * condition over `e`: for tools that restrict by text without ranking
 * (`find`, listings). Null when the text asks for nothing.
 */
export function everyWordRestriction(query: ParsedQuery): { ids: SqlCondition; probe: SqlCondition } | null {
  const c = compileQuery(query);
  const all = matchExpression(c, { allOptional: true });
  const without = c.excluded.length ? c.excluded.join(' OR ') : null;
  if (!all && !without) return null;
  const base = all ? { sql: 'SELECT rowid FROM fts WHERE fts MATCH ?', params: [all] } : { sql: 'SELECT id FROM entries', params: [] };
  const ids = without ? { sql: `${base.sql} EXCEPT SELECT rowid FROM fts WHERE fts MATCH ?`, params: [...base.params, without] } : base;
  const probe: string[] = [];
  const params: SqlValue[] = [];
  if (all) {
    probe.push('e.id IN (SELECT rowid FROM fts WHERE fts MATCH ?)');
    params.push(all);
  }
  if (without) {
    probe.push('e.id NOT IN (SELECT rowid FROM fts WHERE fts MATCH ?)');
    params.push(without);
  }
  return { ids, probe: { sql: probe.join(' AND '), params } };
}

/** Runs a text query over the scope. */
export function searchText(db: Db, scope: SqlCondition, query: ParsedQuery, page: PageWindow, opts: TextOptions = {}): TextPage {
  const full = compileQuery(query, opts.analyzer ?? bigramAnalyzer);
  let compiled = withoutStopClauses(full);
  if (opts.pairs) compiled = withPairs(compiled, query, opts.analyzer ?? bigramAnalyzer);
  const rowScope = opts.rowScope ?? scope;
  const share = opts.commonShare ?? DEFAULT_COMMON_SHARE;
  const cap = opts.commonNotes ?? COMMON_NOTES;
  // When the other words match nothing in scope, no note answers: the stop words
  // beside them ("the xylophone") would list every note holding "the" (nothing for nothing).
  let read: { limit: number | null; counts: number[] } | undefined;
  if (compiled !== full) {
    const none: TextPage = { rows: [], total: 0, relaxed: false, compiled };
    // Plain words over the whole index: the counts distinctive() needs say whether any matches.
    if (TEXT_PLAN.lean && rowScope.sql === '1' && !compiled.excluded.length && !compiled.required.length && !compiled.boost.length) {
      const limit = commonLimit(db, compiled.optional, share, cap);
      read = { limit, counts: cappedCounts(db, compiled.optional, limit === null ? 1 : limit + 1, true) };
      if (!read.counts.some((n) => n > 0)) return none;
    } else {
      const some = candidates(rowScope, matchExpression(compiled)!, compiled.excluded);
      if (!db.get(`SELECT 1 AS x ${some.sql} LIMIT 1`, some.params)) return none;
    }
  }
  const positive = compiled.required.length + compiled.optional.length;
  if (positive === 0) {
    // Only punctuation or emoji: nothing can match. Empty text or only -excluded: the notes in scope.
    if (query.clauses.length && !compiled.excluded.length) return { rows: [], total: 0, relaxed: false, compiled };
    const listed = opts.list ? opts.list(compiled.excluded, page) : listScope(db, scope, compiled, page);
    return { rows: listed.rows, total: listed.total, relaxed: false, compiled };
  }
  // Counted once: which words select candidates, and later how much each weighs in snippets.
  if (!read && TEXT_PLAN.lean) {
    const limit = commonLimit(db, compiled.optional, share, cap);
    read = { limit, counts: limit === null ? [] : cappedCounts(db, compiled.optional, limit + 1, true) };
  }
  if (read && read.limit !== null) {
    const { counts } = read;
    compiled = { ...compiled, counts: { cap: read.limit + 1, of: new Map(compiled.optional.map((e, i) => [e, counts[i]])) } };
  }
  let selectBy = distinctive(db, compiled.optional, share, cap, TEXT_PLAN.lean, read);
  let any = candidates(rowScope, matchExpression(compiled, { selectBy })!, compiled.excluded);
  // Rarer words found nowhere in scope select nothing: then the common ones select too.
  // (Without a scope or -words they cannot: distinctive() found each of them in some note.)
  const surelyMatch = TEXT_PLAN.lean && rowScope.sql === '1' && !compiled.excluded.length;
  if (selectBy.length && !surelyMatch && !db.get(`SELECT 1 AS x ${any.sql} LIMIT 1`, any.params)) {
    selectBy = [];
    any = candidates(rowScope, matchExpression(compiled)!, compiled.excluded);
  }
  // Every candidate holds one of the rarer words: only their openings are scored.
  // Keyword queries only: a question's rarer words select thousands of notes, and
  // reading them cost more than scoring every opening did (docs/search-text.md).
  const within = TEXT_PLAN.lean && TEXT_PLAN.leadWithin && selectBy.length && tiered(compiled) ? selectBy.join(' OR ') : undefined;
  const nameFactor = opts.nameFactor ?? NAME_FACTOR;
  const named = nameFactor === 1 ? [] : namedEntries(db, query, opts.analyzer ?? bigramAnalyzer);
  const rank = ranker(compiled, opts.weights, opts.leadWeight, !TEXT_PLAN.lean || holdsFiles(db), within, named, nameFactor);
  // A quoted phrase beside words: phase one's "every word" expression would
  // score the phrase once where `any` scores it twice, so both phases are
  // scored in one statement (the phrase keeps the candidates few).
  // Under a deadline, a query of many words runs in phases, so the budget can stop it between them.
  const budgeted = opts.deadline !== undefined && compiled.optional.length >= BUDGETED_WORDS;
  const plan = compiled.required.length && tiered(compiled) ? 'window' : budgeted ? 'phases' : (opts.plan ?? (rowScope.sql === '1' ? 'phases' : 'window'));
  if (plan === 'window') {
    const w = windowed(db, rank, any, compiled, page);
    return { ...w, relaxed: w.relaxed || loosened(db, rowScope, compiled, w.total), compiled };
  }
  if (!tiered(compiled) && !budgeted) {
    const total = countCandidates(db, rowScope, compiled, selectBy, any);
    const rows = rankedPage(db, rank, any, page.limit, page.offset, 0);
    return { rows, total, relaxed: loosened(db, rowScope, compiled, total), compiled };
  }
  if (!tiered(compiled)) return { ...boundedUntiered(db, rank, any, compiled, page, opts.deadline!), compiled };

  // Notes with every word first (phase one), then those with some (phase two), each by BM25.
  const all = matchExpression(compiled, { allOptional: true })!;
  const counts = db.get<{ total: number; full: number }>(
    `SELECT count(*) AS total, coalesce(sum(fts.rowid IN (SELECT rowid FROM fts WHERE fts MATCH ?)), 0) AS full ${any.sql}`,
    [all, ...any.params],
  )!;
  const rows: TextRow[] = [];
  if (page.offset < counts.full) {
    const every = candidates(rowScope, allWithBoost(compiled, all), compiled.excluded);
    rows.push(...rankedPage(db, rank, every, Math.min(page.limit, counts.full - page.offset), page.offset, 1));
  }
  const left = page.limit - rows.length;
  if (left > 0 && counts.total > counts.full && opts.deadline !== undefined && performance.now() > opts.deadline) {
    return { rows, total: counts.total, relaxed: counts.full === 0 && counts.total > 0, compiled, partial: true };
  }
  if (left > 0 && counts.total > counts.full) {
    const some: Candidates = { sql: `${any.sql} AND fts.rowid NOT IN (SELECT rowid FROM fts WHERE fts MATCH ?)`, params: [...any.params, all] };
    rows.push(...rankedPage(db, rank, some, left, Math.max(0, page.offset - counts.full), 0));
  }
  return { rows, total: counts.total, relaxed: counts.full === 0 && counts.total > 0, compiled };
}

/**
 * A long, untiered query under a deadline: the same order as one BM25 pass
 * over every candidate, computed in two phases so the budget can stop it
 * between them. Phase one scores only the candidates holding every word (few,
 * however common the words); phase two, where the time goes (BM25 over every
 * note with a common word), scores the others. Both score with the same
 * expression, so the two lists merge by score into the single pass's page.
 * Out of time after phase one, or when phase two would score more than
 * QUERY_BOUNDS.maxRankWork (notes × words), phase one's notes are the answer, marked partial.
 */
function boundedUntiered(
  db: Db,
  rank: Ranker,
  any: Candidates,
  c: CompiledQuery,
  page: PageWindow,
  deadline: number,
): { rows: TextRow[]; total: number; relaxed: boolean; partial?: boolean } {
  const all = matchExpression(c, { allOptional: true })!;
  const counts = db.get<{ total: number; full: number }>(
    `SELECT count(*) AS total, coalesce(sum(fts.rowid IN (SELECT rowid FROM fts WHERE fts MATCH ?)), 0) AS full ${any.sql}`,
    [all, ...any.params],
  )!;
  const depth = page.offset + page.limit;
  // `+fts.rowid`: a plain rowid IN (subquery) lets SQLite run the whole MATCH once per row of the subquery (19 s for 32 common words; text-plan.test.ts).
  const holds = (not: string): Candidates => ({ sql: `${any.sql} AND +fts.rowid ${not}IN (SELECT rowid FROM fts WHERE fts MATCH ?)`, params: [...any.params, all] });
  const every = counts.full ? rawRanked(db, rank, holds(''), depth) : [];
  const relaxed = counts.full === 0 && counts.total > 0;
  const score = (r: { id: number; rank: number }): TextRow => ({ id: r.id, score: displayScore(-r.rank, 0) });
  // Phase two's work, known before it starts: a bound on it holds on any machine, however loaded.
  const work = (counts.total - counts.full) * (c.optional.length + c.boost.length);
  if (counts.total > counts.full && (performance.now() > deadline || work > QUERY_BOUNDS.maxRankWork)) {
    return { rows: every.slice(page.offset, depth).map(score), total: counts.total, relaxed, partial: true };
  }
  const rest = counts.total > counts.full ? rawRanked(db, rank, holds('NOT '), depth) : [];
  const merged = [...every, ...rest].sort((a, b) => a.rank - b.rank || a.id - b.id);
  return { rows: merged.slice(page.offset, depth).map(score), total: counts.total, relaxed };
}

/**
 * How many candidates there are. With selectBy, `any` is "(rarer words) AND
 * (every word)", whose second half every note of the first holds: the
 * rarer words alone count the same notes, reading about half as many lists.
 */
function countCandidates(db: Db, scope: SqlCondition, c: CompiledQuery, selectBy: string[], any: Candidates): number {
  const from = TEXT_PLAN.lean && selectBy.length && !c.required.length ? candidates(scope, selectBy.join(' OR '), c.excluded) : any;
  return db.get<{ n: number }>(`SELECT count(*) AS n ${from.sql}`, from.params)!.n;
}

function rawRanked(db: Db, rank: Ranker, from: Candidates, limit: number): { id: number; rank: number }[] {
  return db.all<{ id: number; rank: number }>(`${rank.with} SELECT fts.rowid AS id, ${rank.expr} AS rank ${from.sql} ORDER BY rank LIMIT ?`, [...rank.params, ...from.params, limit]);
}

export { COMMON_NOTES };

/** One statement: every candidate scored, counted and ordered (notes with every word first) by window functions. */
function windowed(db: Db, rank: Ranker, any: Candidates, c: CompiledQuery, page: PageWindow): { rows: TextRow[]; total: number; relaxed: boolean } {
  const multi = tiered(c);
  const all = multi ? matchExpression(c, { allOptional: true })! : null;
  const full = all ? 'fts.rowid IN (SELECT rowid FROM fts WHERE fts MATCH ?)' : '0';
  const params: SqlValue[] = [...(all ? [all] : []), ...any.params];
  const rows = db.all<{ id: number; rank: number; full: number; total: number; nfull: number }>(
    `${rank.with} SELECT id, rank, full, count(*) OVER () AS total, sum(full) OVER () AS nfull FROM (
       SELECT fts.rowid AS id, ${rank.expr} AS rank, ${full} AS full ${any.sql}
     ) ORDER BY full DESC, rank LIMIT ? OFFSET ?`,
    [...rank.params, ...params, page.limit, page.offset],
  );
  if (!rows.length) {
    const n = db.get<{ total: number; nfull: number }>(`SELECT count(*) AS total, coalesce(sum(${full}), 0) AS nfull ${any.sql}`, params)!;
    return { rows: [], total: n.total, relaxed: multi && n.nfull === 0 && n.total > 0 };
  }
  return {
    rows: rows.map((r) => ({ id: r.id, score: displayScore(-r.rank, r.full) })),
    total: rows[0].total,
    relaxed: multi && rows[0].nfull === 0,
  };
}

/**
 * Whether hits split into notes with every word and notes with some: at least
 * one optional word, and something else asked for (another word or a quoted
 * phrase, which every hit holds), and no more than TIER_MAX_WORDS in all. A
 * keyword query (`auth design`) wants notes with both words first; a longer
 * question does not: long notes hold every word of it and would all rank
 * above the short note that answers it (issue 16, docs/search-text.md).
 */
function tiered(c: CompiledQuery): boolean {
  const words = c.required.length + c.optional.length;
  return c.optional.length >= 1 && words >= 2 && words <= TIER_MAX_WORDS;
}

/** Queries of up to this many words (stop words aside) put notes with every word first. */
export const TIER_MAX_WORDS = 2;

/**
 * Whether no candidate holds every word of a longer (untiered) query: the
 * hits all lack some word, which the response says (`relaxed`).
 */
function loosened(db: Db, scope: SqlCondition, c: CompiledQuery, total: number): boolean {
  if (tiered(c) || total === 0 || c.required.length + c.optional.length < 2 || !c.optional.length) return false;
  const every = candidates(scope, matchExpression(c, { allOptional: true })!, c.excluded);
  return !db.get(`SELECT 1 AS x ${every.sql} LIMIT 1`, every.params);
}

/**
 * The query without English stop words among its plain words ("what", "the",
 * "of"): they say nothing about which note answers, and a long note holds
 * them all (measured: Cranfield nDCG@10 0.351 → 0.360). Kept when the query
 * has nothing else; when its other words match nothing, nothing answers
 * (searchText). Phrases keep theirs.
 */
function withoutStopClauses(c: CompiledQuery): CompiledQuery {
  const optional = c.optional.filter((expr) => !isStopWord(expr.replace(/^"|"$/g, '')));
  if (optional.length === c.optional.length || (!optional.length && !c.required.length)) return c;
  return { ...c, optional };
}

/** Adjacent plain words of the query that are not stop words, as phrases that score without selecting. */
function withPairs(c: CompiledQuery, q: ParsedQuery, analyzer: Analyzer): CompiledQuery {
  const boost = [...c.boost];
  for (let i = 1; i < q.clauses.length; i++) {
    const a = q.clauses[i - 1];
    const b = q.clauses[i];
    if (a.kind !== 'word' || b.kind !== 'word' || a.leaf.prefix || b.leaf.prefix) continue;
    if (isStopWord(a.leaf.text) || isStopWord(b.leaf.text)) continue;
    const expr = analyzer.leaf({ text: `${a.leaf.text} ${b.leaf.text}`, quoted: true, prefix: false });
    if (expr && !boost.includes(expr) && !/[^\x00-\x7f]/.test(expr)) boost.push(expr);
  }
  return boost.length === c.boost.length ? c : { ...c, boost };
}

/** Every word required, with boost phrases still scored. */
function allWithBoost(c: CompiledQuery, all: string): string {
  return c.boost.length ? `${all} AND (${[...c.boost, c.optional[0]].join(' OR ')})` : all;
}

function rankedPage(db: Db, rank: Ranker, from: Candidates, limit: number, offset: number, level: number): TextRow[] {
  return db
    .all<{ id: number; rank: number }>(`${rank.with} SELECT fts.rowid AS id, ${rank.expr} AS rank ${from.sql} ORDER BY rank LIMIT ? OFFSET ?`, [...rank.params, ...from.params, limit, offset])
    .map((r) => ({ id: r.id, score: displayScore(-r.rank, level) }));
}

/**
 * Scores shown to users decrease down the list: notes with every word score
 * from 1 to 2, the others below 1; within each band a squashed BM25.
 */
export function displayScore(bm25: number, level: number): number {
  const s = Math.max(0, bm25);
  return Math.round((level + s / (1 + s)) * 10000) / 10000;
}

/** No positive words (empty text, or only -excluded): the entries in scope, by path. */
function listScope(db: Db, scope: SqlCondition, c: CompiledQuery, page: PageWindow): { rows: TextRow[]; total: number; relaxed: boolean } {
  const params: SqlValue[] = [...scope.params];
  let where = `WHERE (${scope.sql})`;
  if (c.excluded.length) {
    where += ' AND e.id NOT IN (SELECT rowid FROM fts WHERE fts MATCH ?)';
    params.push(c.excluded.join(' OR '));
  }
  const total = db.get<{ n: number }>(`SELECT count(*) AS n FROM entries e ${where}`, params)!.n;
  const rows = db.all<{ id: number }>(`SELECT e.id FROM entries e ${where} ORDER BY e.path, e.vault_id LIMIT ? OFFSET ?`, [...params, page.limit, page.offset]);
  return { rows: rows.map((r) => ({ id: r.id, score: 0 })), total, relaxed: false };
}

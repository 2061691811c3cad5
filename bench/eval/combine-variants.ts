// The ways of combining plain words that were measured against the one the
// engine uses ("all-first": any word, notes with every word first; it is
// searchText itself). Kept here so docs/search-text.md can be reproduced.
import type { Db } from '../../worker/db/database';
import { compileQuery, matchExpression } from '../../worker/search/fts-query';
import type { ParsedQuery } from '../../worker/search/query-syntax';
import { candidates, searchText, type TextOptions } from '../../worker/search/text';
import { bm25Sql } from '../../worker/search/rank-sql';

/**
 * - and:    every word required.
 * - and-or: every word required; if nothing matches, any word.
 * - or:     any word, BM25 alone.
 * - coord:  any word; notes with more of the distinctive words first, then
 *           BM25. A word in more than `commonShare` of the notes is not
 *           distinctive ("what", "the") and does not count.
 * - all-first: the engine's choice.
 */
export type Combine = 'and' | 'and-or' | 'or' | 'coord' | 'all-first';

export interface VariantOptions extends TextOptions {
  combine: Combine;
}

const ALL = { sql: '1', params: [] };

/** Ranked entry ids (top `limit`) under one way of combining words. */
export function rankWith(db: Db, query: ParsedQuery, limit: number, opts: VariantOptions): number[] {
  if (opts.combine === 'all-first') return searchText(db, ALL, query, { offset: 0, limit }, opts).rows.map((r) => r.id);
  const c = compileQuery(query, opts.analyzer);
  const rank = bm25Sql(opts.weights);
  const run = (match: string | null, order = 'rank', extra = '', extraParams: string[] = []) => {
    if (!match) return [];
    const from = candidates(ALL, match, c.excluded);
    return db.column<number>(`SELECT fts.rowid, ${rank} AS rank${extra} ${from.sql} ORDER BY ${order} LIMIT ?`, [...extraParams, ...from.params, limit]);
  };
  const and = matchExpression(c, { allOptional: true });
  const or = matchExpression(c);
  switch (opts.combine) {
    case 'and':
      return run(and);
    case 'and-or': {
      const strict = run(and);
      return strict.length ? strict : run(or);
    }
    case 'or':
      return run(or);
    case 'coord': {
      const counted = distinctive(db, c.optional, opts.commonShare ?? 1);
      if (!counted.length) return run(or);
      const coord = counted.map(() => '(fts.rowid IN (SELECT rowid FROM fts WHERE fts MATCH ?))').join(' + ');
      return run(or, 'coord DESC, rank', `, ${coord} AS coord`, counted);
    }
  }
}

function distinctive(db: Db, optional: string[], share: number): string[] {
  if (optional.length < 2) return [];
  const n = db.get<{ n: number }>('SELECT count(*) AS n FROM entries')!.n;
  const limit = Math.max(1, Math.floor(n * share));
  const out = optional.filter((expr) => db.get<{ n: number }>('SELECT count(*) AS n FROM (SELECT 1 FROM fts WHERE fts MATCH ? LIMIT ?)', [expr, limit + 1])!.n <= limit);
  return out.length ? out : optional;
}

// The plain-OR BM25 baseline every eval table is compared with: the same
// index, tokenizer and column weights as the engine, the query's words
// OR-ed, ordered by bm25() and nothing else (no tiers, no common-word rule,
// no boosts). The ranking the issue measured at 82–84% on its held-out
// questions; Kioku's text and hybrid modes must not fall below it.
import type { Engine } from '../../worker/engine';
import { compileQuery } from '../../worker/search/fts-query';
import { parseQuery } from '../../worker/search/query-syntax';
import { bm25Sql } from '../../worker/search/rank-sql';
import type { RankFn } from './harness';

/** The FTS5 expression of the baseline: every positive word or phrase of the query, OR-ed. Null when nothing is searchable. */
export function plainOrExpression(query: string): string | null {
  const c = compileQuery(parseQuery(query));
  const words = [...c.required, ...c.optional];
  return words.length ? words.join(' OR ') : null;
}

export function plainOrMode(engine: Engine): RankFn {
  const rank = bm25Sql();
  return (query) => {
    const match = plainOrExpression(query);
    if (!match) return [];
    return engine.db
      .all<{ path: string }>(`SELECT e.path AS path, ${rank} AS rank FROM fts JOIN entries e ON e.id = fts.rowid WHERE fts MATCH ? ORDER BY rank LIMIT 100`, [match])
      .map((r) => r.path);
  };
}

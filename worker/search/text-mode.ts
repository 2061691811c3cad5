// The text mode of the search tool: BM25 over the scope's candidates.
import type { Db } from '../db/database';
import type { ModeRunner } from './mode';
import { QUERY_BOUNDS, type ParsedQuery } from './query-syntax';
import { listInScope } from './list';
import type { SearchScope } from './scope';
import { searchText, type PageWindow, type TextPage } from './text';

/**
 * The text ranking of a query within a scope, one page of it: what text
 * mode returns, and the text side of hybrid search (ask for the top N with
 * { offset: 0, limit: N }). Rows are entry ids, best first.
 */
export function rankText(db: Db, scope: SearchScope, query: ParsedQuery, window: PageWindow): TextPage {
  return searchText(db, scope.condition, query, window, {
    rowScope: scope.rowCondition,
    ...(QUERY_BOUNDS.enabled ? { deadline: performance.now() + QUERY_BOUNDS.budgetMs } : {}),
    list: (excluded, page) => listInScope(db, scope, excluded, page),
  });
}

export const textMode: ModeRunner = ({ db, scope, query, window }) => {
  const page = rankText(db, scope, query, window);
  return {
    rows: holdsWholeQuery(page) ? page.rows.map((r) => ({ ...r, score: Math.round((r.score + 1) * 10000) / 10000 })) : page.rows,
    total: page.total,
    totalIsExact: true,
    relaxed: page.relaxed,
    highlight: page.compiled.highlight,
    ...(page.compiled.counts ? { termCounts: page.compiled.counts } : {}),
    ...(page.partial ? { extra: { partial: true } } : {}),
  };
};

/**
 * Whether every hit holds every word of the query: a query of one word or
 * one phrase (nothing scored beside it, which could select a note alone).
 * Its hits then show scores from 1 to 2, as the hits holding every word of a
 * two-word query do, so "score >= 1" means "holds every word" for agents that
 * threshold on it (text.ts ranks one term without bands: its level is 0).
 */
function holdsWholeQuery(page: TextPage): boolean {
  const c = page.compiled;
  return c.required.length + c.optional.length === 1 && !c.boost.length && !page.relaxed && page.rows.every((r) => r.score < 1);
}

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
    rows: page.rows,
    total: page.total,
    totalIsExact: true,
    relaxed: page.relaxed,
    highlight: page.compiled.highlight,
    ...(page.compiled.counts ? { termCounts: page.compiled.counts } : {}),
    ...(page.partial ? { extra: { partial: true } } : {}),
  };
};

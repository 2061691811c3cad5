// The text mode of the search tool: BM25 over the scope's candidates.
import type { ModeRunner } from './mode';
import { searchText } from './text';

export const textMode: ModeRunner = ({ db, scope, query, window }) => {
  const page = searchText(db, scope.condition, query, window, { rowScope: scope.rowCondition });
  return {
    rows: page.rows,
    total: page.total,
    totalIsExact: true,
    relaxed: page.relaxed,
    highlight: page.compiled.highlight,
  };
};

// The find call behind the table: its arguments for a search state, and the
// columns it shows.
import type { ToolArgs } from '../../../../worker/contract';
import type { SearchState } from '../../state/url-state';

/**
 * The table's columns: those the user picked (none, if every one was
 * unticked), else the fields the filter names (filtering on `steps > 5000` and
 * not seeing the steps would be odd; Dataview's TABLE shows what the query
 * asks about).
 */
export function tableColumns(s: SearchState): string[] {
  return s.cols ?? Object.keys(s.filter ?? {});
}

/** find's arguments for the search state; has() says which arguments this engine's find takes. */
export function findArgs(s: SearchState, has: (param: string) => boolean): ToolArgs<'find'> {
  const a: ToolArgs<'find'> = { fields: tableColumns(s) };
  if (s.filter) a.filters = s.filter;
  if (s.q.trim()) a.query = s.q;
  if (s.vault) a.vault = s.vault;
  if (s.prefix && has('path_prefix')) a.path_prefix = s.prefix;
  if (s.links && has('links_to')) a.links_to = s.links;
  if (s.sort) a.sort = [{ field: s.sort.field, order: s.sort.order }];
  return a;
}

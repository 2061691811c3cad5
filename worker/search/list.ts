// A search with no words to rank (empty text, or only -words): the entries in
// scope, in path order, paged, with an exact total. With a metadata
// condition, notes only, through the filter language's listing, which walks
// the path index or sorts the matching ids, whichever touches fewer notes.
import type { Db } from '../db/database';
import { listNoteIds, type Restriction } from '../query/listing';
import type { PathRange } from './path-rules';
import type { SearchScope } from './scope';
import type { PageWindow, TextRow } from './text';
import { VISIBLE } from '../team/sql';

/** Visibility (when something is hidden), folder and path_prefix as restrictions of a listing (worker/query/listing.ts). */
export function pathRestrictions(folder: string | undefined, range: PathRange | undefined, hidden: boolean): Restriction[] {
  const out: Restriction[] = hidden ? [{ ids: { sql: 'SELECT id FROM entries EXCEPT SELECT entry_id FROM hidden_entries', params: [] }, probe: { sql: VISIBLE, params: [] } }] : [];
  if (folder !== undefined) out.push({ ids: { sql: 'SELECT id FROM entries WHERE folder = ?', params: [folder] }, probe: { sql: 'e.folder = ?', params: [folder] } });
  if (range) {
    const p = [range.prefix, range.upper];
    out.push({ ids: { sql: 'SELECT id FROM entries WHERE path >= ? AND path < ?', params: p }, probe: { sql: 'e.path >= ? AND e.path < ?', params: p } });
  }
  return out;
}

export function listInScope(db: Db, scope: SearchScope, excluded: string[], window: PageWindow): { rows: TextRow[]; total: number } {
  const without = excluded.length ? excluded.join(' OR ') : null;
  const { parts } = scope;
  if (scope.hasMetadata && window.offset % window.limit === 0) {
    const extra = pathRestrictions(parts.folder, parts.range, parts.hidden);
    for (const c of parts.operators ?? []) extra.push({ ids: { sql: `SELECT e.id FROM entries e WHERE ${c.sql}`, params: c.params }, probe: c });
    if (without) {
      extra.push({
        ids: { sql: 'SELECT id FROM entries EXCEPT SELECT rowid FROM fts WHERE fts MATCH ?', params: [without] },
        probe: { sql: 'e.id NOT IN (SELECT rowid FROM fts WHERE fts MATCH ?)', params: [without] },
      });
    }
    const page = listNoteIds(db, { filter: parts.metadata.compiled, vaultId: parts.vaultId, extra, page: window.offset / window.limit + 1, pageSize: window.limit });
    return { rows: page.ids.map((id) => ({ id, score: 0 })), total: page.total };
  }
  const params = [...scope.condition.params];
  let where = `WHERE (${scope.condition.sql})`;
  if (without) {
    where += ' AND e.id NOT IN (SELECT rowid FROM fts WHERE fts MATCH ?)';
    params.push(without);
  }
  const total = db.get<{ n: number }>(`SELECT count(*) AS n FROM entries e ${where}`, params)!.n;
  const rows = db.all<{ id: number }>(`SELECT e.id FROM entries e ${where} ORDER BY e.path, e.vault_id LIMIT ? OFFSET ?`, [...params, window.limit, window.offset]);
  return { rows: rows.map((r) => ({ id: r.id, score: 0 })), total };
}

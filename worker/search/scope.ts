// Where a search may look: every scope argument becomes one SQL condition
// over `entries e`, applied inside the candidate query (pre-filter), so a
// narrow scope never starves a page. Text, vector and hybrid modes all use it.
import type { Db, SqlValue } from '../db/database';
import { optString } from '../tools/args';
import { resolveVault } from '../tools/resolve';
import { metadataScope, type SqlCondition } from '../query';
import { folderArg, pathPrefixRange } from './path-rules';

export type { SqlCondition };

export interface SearchScope {
  /** A boolean SQL expression over `entries e`; '1' when nothing restricts. Best when the scope drives the query (listing, vector candidates). */
  condition: SqlCondition;
  /** The same condition, in a form cheap to test row by row when something else drives (FTS matches). */
  rowCondition: SqlCondition;
  /** The query text left after tag: tokens were taken out. */
  text: string;
  /** The merged metadata filter, for echoing back; null when none. */
  filter: Record<string, unknown> | null;
  /** True when a metadata condition applies (such searches return notes only). */
  hasMetadata: boolean;
}

/**
 * vault (alias project), folder, path_prefix and the metadata arguments
 * (filters / metadata_filters / tags / status / tag:) → one condition.
 * Throws ToolError (invalid_argument, invalid_filter, not_found) naming the argument.
 */
export function buildScope(db: Db, args: Record<string, unknown>, query: string | undefined): SearchScope {
  const parts: string[] = [];
  const params: SqlValue[] = [];

  const vaultArg = args.vault !== undefined && args.vault !== null ? 'vault' : 'project';
  const vault = resolveVault(db, optString(args, vaultArg), vaultArg);
  if (vault) {
    parts.push('e.vault_id = ?');
    params.push(vault.id);
  }
  if (args.folder !== undefined && args.folder !== null) {
    parts.push('e.folder = ?');
    params.push(folderArg(args.folder));
  }
  if (args.path_prefix !== undefined && args.path_prefix !== null) {
    // The half-open range uses the index on entries(path).
    const range = pathPrefixRange(args.path_prefix);
    parts.push('e.path >= ? AND e.path < ?');
    params.push(range.prefix, range.upper);
  }

  const meta = metadataScope(args, query);
  if (meta.condition) {
    parts.push(`(${meta.condition.sql})`);
    params.push(...meta.condition.params);
  }
  const condition = { sql: parts.length ? parts.join(' AND ') : '1', params };
  return {
    condition,
    rowCondition: { sql: perRow(condition.sql), params },
    text: meta.text,
    filter: meta.filter,
    hasMetadata: meta.condition !== null,
  };
}

/**
 * The filter language selects notes with `e.id IN (SELECT entry_id FROM fm
 * WHERE key = ? AND …)`, which SQLite materialises once per statement: right
 * when the filter drives, but when FTS matches drive, building the set of
 * every note with `type: note` (7,000 of seekstone's 10,000) costs more than
 * the query (1.4 ms against 0.02 ms). Correlating each subquery with the row
 * (`entry_id = e.id AND …`) turns it into an index probe per match. Same
 * meaning either way; a filter compiled in another shape is left as it is.
 */
export function perRow(sql: string): string {
  return sql.replace(/SELECT entry_id FROM fm WHERE key = \?/g, 'SELECT entry_id FROM fm WHERE entry_id = e.id AND key = ?');
}

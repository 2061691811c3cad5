// Where a search may look: every scope argument becomes one SQL condition
// over `entries e`, applied inside the candidate query (pre-filter), so a
// narrow scope never starves a page. Text, vector and hybrid modes all use it.
import type { Db, SqlValue } from '../db/database';
import { metadataScope, type MetadataScope, type SqlCondition } from '../query';
import { optString, usedKey } from '../tools/args';
import { resolveVault } from '../tools/resolve';
import { folderArg, pathPrefixRange, type PathRange } from './path-rules';

export type { SqlCondition };

export interface SearchScope {
  /** A boolean SQL expression over `entries e`; '1' when nothing restricts. Best when the scope drives the query (listing, vector candidates). */
  condition: SqlCondition;
  /**
   * The same selection with the metadata part as per-note probes (the filter
   * language's `probe` form): cheap to test row by row when something else
   * drives, such as FTS matches.
   */
  rowCondition: SqlCondition;
  /** The query text left after tag: tokens were taken out. */
  text: string;
  /** The merged metadata filter, for echoing back; null when none. */
  filter: Record<string, unknown> | null;
  /** True when a metadata condition applies (such searches return notes only). */
  hasMetadata: boolean;
  /** The arguments as parsed, for listings that use the filter language's own paging. */
  parts: { vaultId?: number; folder?: string; range?: PathRange; metadata: MetadataScope };
}

/**
 * vault (alias project), folder, path_prefix and the metadata arguments
 * (filters / metadata_filters / tags / status / tag:) → one condition.
 * Throws ToolError (invalid_argument, invalid_filter, not_found) naming the argument.
 */
export function buildScope(db: Db, args: Record<string, unknown>, query: string | undefined): SearchScope {
  const parts: string[] = [];
  const params: SqlValue[] = [];
  const scopeParts: SearchScope['parts'] = { metadata: metadataScope(args, query) };

  const vaultArg = usedKey(args, ['vault', 'project']);
  const vault = resolveVault(db, optString(args, vaultArg), vaultArg);
  if (vault) {
    parts.push('e.vault_id = ?');
    params.push(vault.id);
    scopeParts.vaultId = vault.id;
  }
  if (args.folder !== undefined && args.folder !== null) {
    scopeParts.folder = folderArg(args.folder);
    parts.push('e.folder = ?');
    params.push(scopeParts.folder);
  }
  if (args.path_prefix !== undefined && args.path_prefix !== null) {
    // The half-open range uses the index on entries(path).
    scopeParts.range = pathPrefixRange(args.path_prefix);
    parts.push('e.path >= ? AND e.path < ?');
    params.push(scopeParts.range.prefix, scopeParts.range.upper);
  }

  const meta = scopeParts.metadata;
  const withMeta = (c: SqlCondition | null): SqlCondition => {
    const all = c ? [...parts, `(${c.sql})`] : parts;
    return { sql: all.length ? all.join(' AND ') : '1', params: c ? [...params, ...c.params] : [...params] };
  };
  return {
    condition: withMeta(meta.condition),
    rowCondition: withMeta(meta.probe ?? meta.condition),
    text: meta.text,
    filter: meta.filter,
    hasMetadata: meta.condition !== null,
    parts: scopeParts,
  };
}

// Where a search may look: every scope argument becomes one SQL condition
// over `entries e`, applied inside the candidate query (pre-filter), so a
// narrow scope never starves a page. Text, vector and hybrid modes all use it.
// The arguments are read and checked once, when the call is parsed
// (readScope): a bad filter is refused before anything runs.
import type { Db, SqlValue } from '../db/database';
import { metadataScope, readMetadataArgs, withoutEmptyTagNesting, type MetadataScope, type SqlCondition } from '../query';
import { argName, optString, type Args } from '../args';
import { resolveVault } from '../resolve';
import { folderArg, pathPrefixRange, type PathRange } from './path-rules';
import { anyHidden, VISIBLE } from '../team/sql';

export type { SqlCondition };

/** The scope arguments of a search or find call, read and checked (the vault is resolved when the call runs). */
export interface ScopeArgs {
  vault?: string;
  /** The name the caller wrote for the vault (`vault` or `project`). */
  vaultKey: string;
  folder?: string;
  range?: PathRange;
  metadata: MetadataScope;
  /** A further condition over `entries e` set by a tool itself (team notes: subscribed folders), never by a caller. */
  extra?: SqlCondition;
}

/**
 * vault (alias project), folder, path_prefix and the metadata arguments
 * (filters / metadata_filters / tags / status / tag: in the query).
 * Throws ToolError (invalid_argument, invalid_filter) naming the argument.
 */
export function readScope(args: Args, query: string | undefined): ScopeArgs {
  return {
    vault: optString(args, 'vault'),
    vaultKey: argName(args, 'vault'),
    folder: args.folder === undefined || args.folder === null ? undefined : folderArg(args.folder),
    // The half-open range uses the index on entries(path).
    range: args.path_prefix === undefined || args.path_prefix === null ? undefined : pathPrefixRange(args.path_prefix),
    metadata: metadataScope(readMetadataArgs(args), query),
  };
}

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
  /** The arguments as parsed, for listings that use the filter language's own paging; `hidden`: some entry in scope is hidden from the local identity. */
  parts: { vaultId?: number; folder?: string; range?: PathRange; metadata: MetadataScope; hidden: boolean };
}

/** The read scope → one condition (throws not_found for an unknown vault). */
export function buildScope(db: Db, scope: ScopeArgs): SearchScope {
  const parts: string[] = [];
  const params: SqlValue[] = [];
  const vault = resolveVault(db, scope.vault, scope.vaultKey);
  // Team-space notes the local identity may not read are never in scope; where
  // none is hidden there is no condition at all, so the scope stays '1'.
  const hidden = anyHidden(db, vault?.id);
  if (hidden) parts.push(VISIBLE);
  const scopeParts: SearchScope['parts'] = { metadata: scope.metadata, folder: scope.folder, range: scope.range, hidden };

  if (vault) {
    parts.push('e.vault_id = ?');
    params.push(vault.id);
    scopeParts.vaultId = vault.id;
  }
  if (scope.folder !== undefined) {
    parts.push('e.folder = ?');
    params.push(scope.folder);
  }
  if (scope.range) {
    parts.push('e.path >= ? AND e.path < ?');
    params.push(scope.range.prefix, scope.range.upper);
  }

  if (scope.extra) {
    parts.push(`(${scope.extra.sql})`);
    params.push(...scope.extra.params);
  }
  // A tag's nested tags, when the vault has none, are left out of the SQL (the same selection, cheaper).
  const meta = withoutEmptyTagNesting(db, scope.metadata);
  scopeParts.metadata = meta;
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

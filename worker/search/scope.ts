// Where a search may look: every scope argument becomes one SQL condition
// over `entries e`, applied inside the candidate query (pre-filter), so a
// narrow scope never starves a page. Text, vector and hybrid modes all use it.
// The arguments are read and checked once, when the call is parsed
// (readScope): a bad filter is refused before anything runs.
import type { Db, SqlValue } from '../db/database';
import { metadataScope, readMetadataArgs, withoutEmptyTagNesting, type MetadataScope, type SqlCondition } from '../query';
import { argName, optString, type Args } from '../args';
import { resolveNoteRef, resolveVault, withoutMemoryScheme, type VaultRef } from '../resolve';
import { folderArg, pathPrefixRange, upperBound, type PathRange } from './path-rules';
import { toolError } from '../errors';
import { anyHidden, assertVisible, VISIBLE } from '../team/sql';
import { linkedIds, linkingIds } from './links';
import { takeOperators, type TakenOperators } from './operators';

export type { SqlCondition };

/** The scope arguments of a search or find call, read and checked (the vault is resolved when the call runs). */
export interface ScopeArgs {
  vault?: string;
  /** The name the caller wrote for the vault (`vault` or `project`). */
  vaultKey: string;
  folder?: string;
  range?: PathRange;
  metadata: MetadataScope;
  /** Only notes that link to this note (a path, title or permalink; Dataview's `FROM [[note]]`). */
  linksTo?: string;
  /** Only notes and files this note links to (Dataview's `FROM outgoing([[note]])`). */
  linkedFrom?: string;
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
    linksTo: noteArg(args, 'links_to'),
    linkedFrom: noteArg(args, 'linked_from'),
  };
}

/** A note named by path, title or permalink; `[[Name]]` as written in a note is taken too. */
function noteArg(args: Args, name: string): string | undefined {
  const v = optString(args, name)?.trim();
  if (v === undefined) return undefined;
  const inner = /^\[\[([^\]]*)\]\]$/u.exec(v)?.[1] ?? v;
  const note = inner.split('|')[0].split('#')[0].trim();
  if (note === '') throw toolError('invalid_argument', `${name} must name a note (its path, title or permalink), got ${JSON.stringify(v)}.`, name);
  return note;
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
  /** The query text left after tag: tokens were taken out and Obsidian's operators (file:, path:, …) replaced by their words (operators.ts). */
  text: string;
  /** Obsidian operators Kioku does not support, whose words were searched as plain words (for the notice). */
  unsupported: TakenOperators['unsupported'];
  /** The merged metadata filter, for echoing back; null when none. */
  filter: Record<string, unknown> | null;
  /** True when a metadata condition applies (such searches return notes only). */
  hasMetadata: boolean;
  /** The arguments as parsed, for listings that use the filter language's own paging; `hidden`: some entry in scope is hidden from the local identity. */
  parts: { vaultId?: number; folder?: string; range?: PathRange; metadata: MetadataScope; hidden: boolean; operators?: SqlCondition[] };
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
  // A folder or prefix naming nothing is a mistake to say, as an unknown vault is, not an empty page.
  if (scope.folder !== undefined && scope.folder !== '') requireSubtree(db, `${scope.folder}/`, 'folder', vault, hidden);
  if (scope.range) requireSubtree(db, scope.range.prefix, 'path_prefix', vault, hidden);
  if (scope.folder !== undefined) {
    parts.push('e.folder = ?');
    params.push(scope.folder);
  }
  if (scope.range) {
    parts.push('e.path >= ? AND e.path < ?');
    params.push(scope.range.prefix, scope.range.upper);
  }

  for (const ids of linkSelections(db, scope, vault)) {
    parts.push('e.id IN (SELECT value FROM json_each(?))');
    params.push(ids);
  }
  if (scope.extra) {
    parts.push(`(${scope.extra.sql})`);
    params.push(...scope.extra.params);
  }
  // A tag's nested tags, when the vault has none, are left out of the SQL (the same selection, cheaper).
  const meta = withoutEmptyTagNesting(db, scope.metadata);
  scopeParts.metadata = meta;
  // file:, path:, content: restrict like the other scope arguments, inside every statement.
  const ops = takeOperators(meta.text);
  for (const c of ops.conditions) {
    parts.push(c.sql);
    params.push(...c.params);
  }
  if (ops.conditions.length) scopeParts.operators = ops.conditions;
  const withMeta = (c: SqlCondition | null): SqlCondition => {
    const all = c ? [...parts, `(${c.sql})`] : parts;
    return { sql: all.length ? all.join(' AND ') : '1', params: c ? [...params, ...c.params] : [...params] };
  };
  return {
    condition: withMeta(meta.condition),
    rowCondition: withMeta(meta.probe ?? meta.condition),
    text: ops.text,
    unsupported: ops.unsupported,
    filter: meta.filter,
    hasMetadata: meta.condition !== null,
    parts: scopeParts,
  };
}

/**
 * links_to and linked_from: for each given, the ids of the notes it selects
 * (a JSON list). The note named is resolved as read_note resolves it (not_found,
 * ambiguous, not visible: refused naming the argument); its links as a click on them would be.
 */
export function linkSelections(db: Db, scope: Pick<ScopeArgs, 'linksTo' | 'linkedFrom'>, vault: VaultRef | undefined): string[] {
  const out: string[] = [];
  for (const [ref, arg, ids] of [
    [scope.linksTo, 'links_to', linkingIds],
    [scope.linkedFrom, 'linked_from', linkedIds],
  ] as const) {
    if (ref === undefined) continue;
    const note = resolveNoteRef(db, ref, vault, arg);
    assertVisible(db, note, withoutMemoryScheme(ref), arg);
    out.push(JSON.stringify(ids(db, note)));
  }
  return out;
}

/**
 * Throws not_found when no note or file lies under `prefix` (a folder's
 * path with its trailing "/"), naming the folders there are next to it: a
 * misspelt folder answered nothing, silently, where a misspelt vault says so.
 */
function requireSubtree(db: Db, prefix: string, arg: 'folder' | 'path_prefix', vault: { id: number; name: string } | undefined, hidden: boolean): void {
  // Notes hidden from the local identity neither make a folder exist nor are named.
  const inVault = (vault ? ' AND e.vault_id = ?' : '') + (hidden ? ` AND ${VISIBLE}` : '');
  const at = (p: string) => (vault ? [p, upperBound(p), vault.id] : [p, upperBound(p)]);
  if (db.get(`SELECT 1 AS x FROM entries e WHERE e.path >= ? AND e.path < ?${inVault} LIMIT 1`, at(prefix))) return;
  // The deepest parent that holds something, and its subfolders, for the message.
  const segments = prefix.split('/').slice(0, -1);
  let parent = '';
  for (let n = segments.length - 1; n > 0; n--) {
    const p = `${segments.slice(0, n).join('/')}/`;
    if (db.get(`SELECT 1 AS x FROM entries e WHERE e.path >= ? AND e.path < ?${inVault} LIMIT 1`, at(p))) {
      parent = p;
      break;
    }
  }
  const rows = parent
    ? db.column<string>(`SELECT DISTINCT e.folder FROM entries e WHERE e.path >= ? AND e.path < ?${inVault} ORDER BY e.folder LIMIT 500`, at(parent))
    : db.column<string>(`SELECT DISTINCT e.folder FROM entries e WHERE e.folder <> ''${inVault} ORDER BY e.folder LIMIT 500`, vault ? [vault.id] : []);
  const subfolders = [...new Set(rows.filter((f) => f.startsWith(parent) && f.length > parent.length).map((f) => parent + f.slice(parent.length).split('/')[0]))];
  // The folders spelt most like the one asked for first (en/Plugin → en/Plugins).
  const wanted = (segments[segments.length - 1] ?? '').toLowerCase();
  const likeness = (f: string) => {
    const name = f.slice(parent.length).toLowerCase();
    let n = 0;
    while (n < name.length && n < wanted.length && name[n] === wanted[n]) n++;
    return n;
  };
  subfolders.sort((a, b) => likeness(b) - likeness(a));
  const shown = subfolders.slice(0, 8).map((f) => JSON.stringify(arg === 'path_prefix' ? `${f}/` : f));
  const where = vault ? ` in vault ${JSON.stringify(vault.name)}` : '';
  const named = arg === 'folder' ? prefix.slice(0, -1) : prefix;
  const hint = shown.length ? ` ${parent ? `Folders in ${JSON.stringify(parent.slice(0, -1))}` : 'Top folders'}: ${shown.join(', ')}${subfolders.length > 8 ? ', …' : ''}.` : '';
  throw toolError('not_found', `No folder ${JSON.stringify(named)}${where}: no note or file lies in it (${arg} is vault-relative and case-sensitive).${hint}`, arg);
}

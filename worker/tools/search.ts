// The search tool: reads and checks arguments, builds the scope (every
// filter pushed into SQL), dispatches on `mode`, and turns ranked ids into
// hits. Fetch mode (`ids`) bypasses ranking and scope entirely.
import { hydrateHits, type SearchHit } from '../search/hits';
import { lookupIds } from '../search/ids';
import type { ModeResult, ModeRunner } from '../search/mode';
import { highlightLeaves, parseQuery, type ParsedQuery } from '../search/query-syntax';
import { compileQuery } from '../search/fts-query';
import { unsupportedNotice } from '../search/operators';
import { buildScope, readScope, type ScopeArgs, type SearchScope } from '../search/scope';
import { readFieldList } from '../query/keys';
import { textMode } from '../search/text-mode';
import { withoutStopWords } from '../text/stop-words';
import { defaultMode, hybridMode, vectorMode } from '../search/hybrid';
import { argName, describe, optInt, optStringList, type Args } from '../args';
import { defineTool, type ToolContext } from './define';
import { toolError } from '../errors';
import { entitiesOnly, parseGraphArgs, type GraphArgs } from './graph-args';
import { searchGraph } from './search-graph';
import { withFuzzy } from '../search/fuzzy';
import { shownTextScore } from '../search/shown-score';
import { boundPrefixExpansion } from '../search/prefix-bound';
import { didYouMean, type DidYouMean } from '../search/did-you-mean';
import { unknownKeyNotice } from '../query/unknown-keys';

export type { SearchHit };

/** Search modes by name; vector and hybrid register here. */
export const SEARCH_MODES: Record<string, ModeRunner> = {
  text: textMode,
  vector: vectorMode,
  hybrid: hybridMode,
};

export type SearchMode = 'text' | 'vector' | 'hybrid';

export interface SearchResult {
  results: SearchHit[];
  page: number;
  page_size: number;
  total: number;
  total_is_exact: boolean;
  has_more: boolean;
  mode: SearchMode | 'ids';
  /** No hit holds every query word (matching was loosened). */
  relaxed?: boolean;
  elapsed_ms: number;
  /** The metadata filter applied (filters, tags, status and tag: merged). */
  filter?: Record<string, unknown>;
  /** Fetch mode: the ids and paths that named nothing. */
  missing?: string[];
  /** Vector and hybrid modes: the embedding model and whether every note is embedded with it. */
  embeddings?: { model: string; complete: boolean };
  /** Why results differ from what was asked (embeddings still being computed, a query the model cannot read). */
  notice?: string;
  /** The time budget ran out or the ranking work bound applied: the page holds the notes with every word, not those with only some (query-syntax.ts QUERY_BOUNDS). */
  partial?: boolean;
  /** What the notice is about: "embeddings_incomplete", "query_language", "query_exclusions_only" (only -words: listed by text), "query_bounded" (a query cut to its cost bounds), "query_operator_unsupported" (an Obsidian operator such as line: searched as plain words) or "query_contradiction" (a word both asked for and excluded). */
  notice_code?: string;
  /** A valid-time argument was applied (absent otherwise). */
  temporal_applied?: true;
  /** No hit: the query with its misspelt words replaced by the nearest words the vault holds. */
  did_you_mean?: DidYouMean;
  [extra: string]: unknown;
}

interface SearchInput {
  /** Undefined in fetch mode (ids), which ignores the scope. */
  scope?: ScopeArgs;
  query: string | undefined;
  mode: string;
  ids?: string[];
  page: number;
  pageSize: number;
  fields?: string[];
  markers: [string, string];
  graph: GraphArgs;
  fuzzy: boolean;
}

/** Names of the modes as `mode` (or Basic Memory's `search_type`) takes them. */
const MODE_NAMES: Readonly<Record<string, SearchMode>> = { text: 'text', vector: 'vector', semantic: 'vector', hybrid: 'hybrid' };

/** Basic Memory's search types that are not ranking modes, each with what Kioku offers instead. */
const NOT_MODES: Readonly<Record<string, string>> = {
  title: 'text search already weighs a match in the title most (BM25 weight 10, against 1 for the body); to open the note with exactly that title, call read_note {"path": "<the title>"}',
  permalink: 'read_note {"path": "<the permalink>"} (or a memory:// URL) reads the note with that permalink; for a pattern such as "docs/meeting-*", search with path_prefix "docs/"',
};

function modeArg(args: Args): string {
  const given = args.mode;
  const key = argName(args, 'mode');
  if (typeof given === 'string' && Object.hasOwn(MODE_NAMES, given)) return MODE_NAMES[given];
  const accepted = Object.keys(MODE_NAMES).map((m) => JSON.stringify(m)).join(', ');
  if (typeof given === 'string' && Object.hasOwn(NOT_MODES, given)) {
    throw toolError('invalid_argument', `${key} ${JSON.stringify(given)} (Basic Memory's) is not a Kioku search mode: ${NOT_MODES[given]}. ${key} takes ${accepted}.`, key);
  }
  throw toolError('invalid_argument', `${key} must be one of ${accepted}; got ${describe(given)}.`, key);
}

export const MAX_PAGE = 100_000;
const MAX_IDS = 1000;

export const searchTool = defineTool<SearchInput, SearchResult>({
  name: 'search',
  aliases: ['search_notes', 'bm_search'],
  description: 'Finds notes and files by text, ranked by relevance, with highlighted snippets, within a vault, folder, path prefix or metadata filter.',
  params: [
    { name: 'query', type: 'string', description: 'Words to look for. "exact phrase" is required, prefix* matches word starts, -word excludes, a OR b takes either; tag:x filters by tag (tag:a OR tag:b either, -tag:x none); file:x, path:x and content:x (as in Obsidian) need x in the title, the path or the text (-file:x: not). Empty: every note and file in scope, by path.' },
    { name: 'mode', type: 'string', aliases: ['search_type'], description: 'How to rank: "text" (BM25 full-text), "vector" (meaning, by embeddings; "semantic" says the same) or "hybrid" (both fused). Default: hybrid once every note is embedded, text before. The response says which mode ran. Basic Memory\'s "title" and "permalink" are refused with what to use instead.' },
    { name: 'filters', type: 'object | string', aliases: ['metadata_filters'], description: 'Frontmatter filter, e.g. {"status": "active", "confidence": {"$gt": 0.7}}; with no query, every matching note (with entity_types, their observations or relations).' },
    { name: 'tags', type: 'string[] | string', description: 'Notes having all these tags; ignored when filters sets "tags". tag:x in the query works too.' },
    { name: 'status', type: 'string', description: 'Notes with this status; ignored when filters sets "status".' },
    { name: 'vault', type: 'string', aliases: ['project'], description: 'Search one vault; default all.' },
    { name: 'folder', type: 'string', description: 'Only notes directly inside this vault-relative folder, not its subfolders ("" for the root).' },
    { name: 'path_prefix', type: 'string', description: 'Only notes under this vault-relative folder and its subfolders; ends with "/", e.g. "specs/".' },
    { name: 'links_to', type: 'string', description: 'Only notes that link to this note (its path, title or permalink, or [[Name]] as written in a note), as Dataview\'s FROM [[Name]]; a link another note answers to as well counts when it resolves to this one.' },
    { name: 'linked_from', type: 'string', description: 'Only the notes and files this note links to (each link resolved as a click on it would be), as Dataview\'s FROM outgoing([[Name]]).' },
    { name: 'after_date', type: 'string', description: 'Only notes whose file was modified at or after this time: a date ("2024-01-01", UTC), a date and time ("2024-01-01T09:30:00Z"), "today", "yesterday" or a time ago ("1 week", "2d", "3 months"). The same as filters {"file.mtime": {"$gte": "2024-01-01T00:00:00"}} (Kioku keeps no creation time); echoed in the response\'s filter.' },
    { name: 'ids', type: 'string[]', description: 'Fetch these hits (ids "vault:path" or vault-relative paths) in this order, ignoring query, filters and scope.' },
    { name: 'fields', type: 'string[]', description: 'Frontmatter fields to add to each hit, e.g. ["status", "schema.version"].' },
    { name: 'page', type: 'integer', description: 'Page number, from 1 (default 1).' },
    { name: 'page_size', type: 'integer', aliases: ['limit'], description: 'Hits per page, 1 to 100 (default 10).' },
    { name: 'snippet_markers', type: '[string, string]', description: 'Text put around matches in snippets (default ["[", "]"]).' },
    // Typos (issue 12).
    { name: 'fuzzy', type: 'boolean', description: 'Also match words 1 edit away (2 for words of 8+ letters; never words of 3 letters or fewer), listed after every exact match and marked fuzzy: true; near words are looked for for the first 4 such words only (the notice names the others). Text mode only: without a mode, a fuzzy search runs in text mode. Default false.' },
    // Observations, relations and valid time (issue 13).
    { name: 'entity_types', type: 'string[] | string', aliases: ['kind'], description: 'What to return: "entity" (notes and files, the default), "observation" (Basic Memory\'s - [category] lines), "relation" (typed links and wikilinks); any mix, merged by score. filters, tags, status, vault, folder and path_prefix apply through the note an item is in.' },
    { name: 'categories', type: 'string[]', description: 'Observations of these categories only, e.g. ["decision"]; alone it searches observations.' },
    { name: 'valid_at', type: 'string', description: 'Observations whose temporal qualifier says they hold at this date ("2026-07-01") or instant (RFC 3339, e.g. "2026-07-01T09:30:00Z"); undated ones are left out. Not with valid_overlaps.' },
    { name: 'valid_overlaps', type: 'string', description: 'Observations valid at any time in this range, e.g. "[2026-06-01,2026-08-01)"; [ ] include a bound, ( ) exclude it, an empty side is open.' },
    { name: 'time_kind', type: 'string', aliases: ['time_role'], description: 'Only assertions of this kind: "valid", "effective", "occurred", "due" or "mentioned"; alone, every observation dated with it.' },
  ],
  foreign: {
    types: 'Basic Memory\'s note types are the frontmatter key type in Kioku: give filters {"type": {"$in": ["note", "person"]}} instead.',
  },
  examples: [{ query: 'auth design' }, { query: '"token refresh" -draft', path_prefix: 'specs/' }, { query: '設計', page_size: 5 }, { query: 'cache layer', valid_at: '2026-07-28' }],
  parse(args, ctx) {
    const query = args.query;
    if (query !== undefined && query !== null && typeof query !== 'string') throw toolError('invalid_argument', `query must be a string, got ${describe(query)}.`, 'query');
    // fuzzy matches words as written: without a mode it runs in text mode, whatever the default is then.
    const mode = args.mode === undefined || args.mode === null ? (args.fuzzy === true ? 'text' : defaultMode(ctx.services, scopedVaultId(ctx, args))) : modeArg(args);
    const ids = optStringList(args, 'ids');
    if (ids && ids.length > MAX_IDS) throw toolError('invalid_argument', `ids holds at most ${MAX_IDS} entries; got ${ids.length}.`, 'ids');
    const text = (query as string | null | undefined) ?? undefined;
    const graph = parseGraphArgs(args);
    if (ids && !entitiesOnly(graph)) {
      throw toolError('invalid_argument', 'ids fetches notes and files; it does not combine with entity_types, categories or valid-time arguments. Search without ids instead.', 'ids');
    }
    return {
      graph,
      scope: ids ? undefined : readScope(args, text),
      query: text,
      mode,
      ids,
      page: optInt(args, 'page', 1, MAX_PAGE, 1),
      pageSize: optInt(args, 'page_size', 1, 100, 10),
      fields: readFieldList(args),
      markers: markersArg(args),
      fuzzy: fuzzyArg(args, mode),
    };
  },
  async run(ctx, input) {
    const started = performance.now();
    const window = { offset: (input.page - 1) * input.pageSize, limit: input.pageSize };
    let found: ModeResult;
    let extra: Partial<SearchResult> = {};
    let mode: SearchResult['mode'];
    let fuzzyIds: Set<number> | null = null;
    if (input.ids) {
      const { found: ids, missing } = lookupIds(ctx.db, input.ids);
      const query = parseQuery(input.query);
      found = {
        rows: ids.slice(window.offset, window.offset + window.limit).map((id) => ({ id, score: 0 })),
        total: ids.length,
        totalIsExact: true,
        highlight: highlightLeaves(query).map((l) => ({ text: l.text, prefix: l.prefix })),
      };
      if (missing.length) extra = { missing };
      mode = 'ids';
    } else if (!entitiesOnly(input.graph)) {
      const scope = buildScope(ctx.db, input.scope!);
      const query = boundPrefixExpansion(ctx.db, parseQuery(scope.text));
      const graph = await searchGraph(ctx, input.graph, scope, query, window, {
        mode: input.mode,
        markers: input.markers,
        fields: input.fields,
        rankEntities: async (w) => SEARCH_MODES[input.mode]({ db: ctx.db, services: ctx.services, scope, query, window: w }),
      });
      return {
        results: graph.results as unknown as SearchHit[],
        page: input.page,
        page_size: input.pageSize,
        total: graph.total,
        total_is_exact: graph.totalIsExact,
        has_more: window.offset + graph.results.length < graph.total,
        mode: input.mode as SearchMode,
        ...(graph.relaxed ? { relaxed: true } : {}),
        ...graph.extra,
        ...withNotices(graph.extra, queryNotices(scope.unsupported, query)),
        ...(scope.filter ? { filter: scope.filter } : {}),
        ...(graph.temporal_applied ? { temporal_applied: true as const } : {}),
        elapsed_ms: Math.round((performance.now() - started) * 100) / 100,
      };
    } else {
      const scope = buildScope(ctx.db, input.scope!);
      const query = boundPrefixExpansion(ctx.db, parseQuery(scope.text));
      const req = { db: ctx.db, services: ctx.services, scope, query, window };
      found = await SEARCH_MODES[input.mode](req);
      let fuzzyBounded: string | undefined;
      if (input.fuzzy) {
        const f = await withFuzzy(SEARCH_MODES.text, req, found);
        fuzzyIds = f.fuzzyIds;
        fuzzyBounded = f.fuzzyBounded;
        found = f;
      }
      // Ranked by words (not a listing of the scope): no hit shows 0 (shown-score.ts).
      if ((found.extra?.mode ?? input.mode) === 'text' && highlightLeaves(query).length) found = { ...found, rows: found.rows.map((r) => ({ ...r, score: shownTextScore(r.score) })) };
      if (found.total === 0) {
        const hint = didYouMean(ctx.db, query, input.query ?? '');
        if (hint) extra = { did_you_mean: hint };
      }
      // Nothing found, and the filter names a field no note has: say so, and the fields nearest to it.
      const unknownKey = found.total === 0 && scope.hasMetadata ? unknownKeyNotice(ctx.db, scope.parts.metadata.compiled) : null;
      if (scope.filter) extra = { ...extra, filter: scope.filter };
      const bounded = [...(query.bounded ?? []), ...(fuzzyBounded ? [fuzzyBounded] : []), ...(found.extra?.partial ? [PARTIAL_NOTICE] : [])];
      const notes = [
        ...(unknownKey ? [{ code: unknownKey.notice_code, text: unknownKey.notice }] : []),
        ...queryNotices(scope.unsupported, query),
        ...bounded.map((text) => ({ code: 'query_bounded', text })),
      ];
      if (notes.length) extra = { ...extra, ...withNotices(found.extra, notes) };
      mode = input.mode as SearchMode;
    }
    // Stop words still rank, but marking every "the" would hide why a note matched.
    const hydrate = (rows: ModeResult['rows']) => hydrateHits(ctx.db, rows, { highlight: withoutStopWords(found.highlight), termCounts: found.termCounts, markers: input.markers, fields: input.fields });
    const fuzzy = fuzzyIds;
    // Fuzzy-only hits come after the exact ones (withFuzzy appends them) and say so.
    const results = fuzzy?.size
      ? [...hydrate(found.rows.filter((r) => !fuzzy.has(r.id))), ...hydrate(found.rows.filter((r) => fuzzy.has(r.id))).map((h) => ({ ...h, fuzzy: true as const }))]
      : hydrate(found.rows);
    return {
      results,
      page: input.page,
      page_size: input.pageSize,
      total: found.total,
      total_is_exact: found.totalIsExact,
      has_more: window.offset + found.rows.length < found.total,
      mode,
      ...(found.relaxed ? { relaxed: true } : {}),
      ...found.extra,
      ...extra,
      elapsed_ms: Math.round((performance.now() - started) * 100) / 100,
    };
  },
});

const PARTIAL_NOTICE = 'The search stopped at its time budget or its bound on ranking work: notes holding every word are listed, notes holding only some of them were not ranked. Use fewer or rarer words.';

/**
 * What the query itself asked that the search did differently, as notices:
 * Obsidian operators not supported (searched as plain words), and excluded
 * words the query also asks for (`canvas -canvas`: the exclusion holds, so
 * those notes cannot match; said rather than silently dropping either side).
 */
function queryNotices(unsupported: SearchScope['unsupported'], query: ParsedQuery): { code: string; text: string }[] {
  const out: { code: string; text: string }[] = [];
  if (unsupported.length) out.push({ code: 'query_operator_unsupported', text: unsupportedNotice(unsupported) });
  const contradicted = compileQuery(query).contradicted;
  if (contradicted?.length) {
    const words = contradicted.map((w) => JSON.stringify(w)).join(', ');
    out.push({
      code: 'query_contradiction',
      text: `The query both asks for and excludes ${words}: the exclusion holds, so no note holding ${contradicted.length > 1 ? 'them' : 'it'} can match. Remove the -word to search for ${contradicted.length > 1 ? 'them' : 'it'}.`,
    });
  }
  return out;
}

/** Notices after any notice the mode gave; the code is the mode's, else the first one's. */
function withNotices(modeExtra: Record<string, unknown> | undefined, notes: { code: string; text: string }[]): Partial<SearchResult> {
  if (!notes.length) return {};
  const before = typeof modeExtra?.notice === 'string' ? `${modeExtra.notice} ` : '';
  return { notice: before + notes.map((n) => n.text).join(' '), notice_code: typeof modeExtra?.notice_code === 'string' ? modeExtra.notice_code : notes[0].code };
}

function fuzzyArg(args: Args, mode: unknown): boolean {
  const v = args.fuzzy;
  if (v === undefined || v === null || v === false) return false;
  if (v !== true) throw toolError('invalid_argument', `fuzzy must be true or false; got ${describe(v)}.`, 'fuzzy');
  if (mode !== 'text') throw toolError('invalid_argument', `fuzzy matches words as written, so it works in text mode only, not in mode "${String(mode)}". Leave mode out or set "mode": "text".`, 'fuzzy');
  return true;
}

function markersArg(args: Args): [string, string] {
  const m = optStringList(args, 'snippet_markers');
  if (m === undefined) return ['[', ']'];
  if (m.length !== 2) throw toolError('invalid_argument', `snippet_markers must be two strings [open, close]; got ${m.length}.`, 'snippet_markers');
  return [m[0], m[1]];
}

/** The id of the vault a search is scoped to, if it names one that exists. */
function scopedVaultId(ctx: ToolContext, args: Args): number | undefined {
  const name = args.vault;
  if (typeof name !== 'string') return undefined;
  // An unknown name is reported by the scope, with the vaults there are.
  return ctx.db.get<{ id: number }>('SELECT id FROM vaults WHERE name = ?', [name])?.id;
}

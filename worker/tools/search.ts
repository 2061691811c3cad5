// The search tool. This first version ranks notes by FTS5 BM25 over title,
// headings, body, tags, aliases and path; filters, modes and the full query
// syntax plug in here.
import { plainTerms } from '../search/fts-query';
import { makeSnippet } from '../search/snippet';
import { alias, optInt, optString, optStringList } from './args';
import { toolError } from './errors';
import { defineTool } from './define';
import { resolveVault } from './resolve';
// Filter language (issue 3): metadata scope and filter-only listing.
import { metadataScope, type MetadataScope } from '../query';
import { listNotes } from '../query/listing';

export interface SearchHit {
  id: string;
  kind: 'note' | 'file';
  path: string;
  vault: string;
  title: string;
  type: string | null;
  permalink: string | null;
  tags: string[];
  score: number;
  snippet: string;
}

export interface SearchResult {
  results: SearchHit[];
  page: number;
  page_size: number;
  total: number;
  total_is_exact: boolean;
  has_more: boolean;
  mode: 'text';
  relaxed?: boolean;
  elapsed_ms: number;
}

interface SearchInput {
  query: string;
  markers: [string, string];
  vault?: string;
  page: number;
  pageSize: number;
  metadata: MetadataScope;
}

/** BM25 column weights: title, headings, body, tags, aliases, path. */
export const BM25_WEIGHTS = [10, 4, 1, 5, 8, 2] as const;

export const searchTool = defineTool<SearchInput, SearchResult>({
  name: 'search',
  aliases: ['search_notes', 'bm_search'],
  description: 'Finds notes and files by text, ranked by relevance, with highlighted snippets.',
  params: [
    { name: 'query', type: 'string', description: 'Words to look for.' },
    { name: 'vault', type: 'string', description: 'Search one vault (alias: project); default all.' },
    { name: 'page', type: 'integer', description: 'Page number, from 1.' },
    { name: 'snippet_markers', type: '[string, string]', description: 'Text put around matches in snippets (default ["[", "]"]).' },
    { name: 'page_size', type: 'integer', description: 'Hits per page, 1 to 100 (default 10; alias: limit).' },
    { name: 'filters', type: 'object | string', description: 'Frontmatter filter (alias: metadata_filters), e.g. {"status": "active"}; with no query, every matching note.' },
    { name: 'tags', type: 'string[] | string', description: 'Notes having all these tags; ignored when filters sets "tags". tag:x in the query works too.' },
    { name: 'status', type: 'string', description: 'Notes with this status; ignored when filters sets "status".' },
  ],
  examples: [{ query: 'auth design' }],
  parse(raw) {
    const args = alias(alias(raw, ['vault', 'project']), ['page_size', 'limit']);
    return {
      query: optString(args, 'query') ?? '',
      markers: markersArg(args),
      vault: optString(args, 'vault'),
      page: optInt(args, 'page', 1, 1_000_000, 1),
      pageSize: optInt(args, 'page_size', 1, 100, 10),
      metadata: metadataScope(args, optString(args, 'query')),
    };
  },
  run({ db }, input) {
    const started = performance.now();
    const vault = resolveVault(db, input.vault);
    const terms = plainTerms(input.metadata.text);
    const empty: SearchResult = { results: [], page: input.page, page_size: input.pageSize, total: 0, total_is_exact: true, has_more: false, mode: 'text', elapsed_ms: 0 };
    const meta = input.metadata.condition;
    if (!terms.length && meta) return filterOnly(db, input, vault?.id, started);
    if (!terms.length) return { ...empty, elapsed_ms: Math.round(performance.now() - started) };

    const scope = (vault ? 'AND e.vault_id = ?' : '') + (meta ? ` AND (${meta.sql})` : '');
    const run = (match: string) => {
      const params = [match, ...(vault ? [vault.id] : []), ...(meta?.params ?? [])];
      const total = db.get<{ n: number }>(`SELECT COUNT(*) AS n FROM fts JOIN entries e ON e.id = fts.rowid WHERE fts MATCH ? ${scope}`, params)!.n;
      const rows = db.all<{ id: number; rank: number }>(
        `SELECT e.id, bm25(fts, ${BM25_WEIGHTS.join(', ')}) AS rank FROM fts JOIN entries e ON e.id = fts.rowid
         WHERE fts MATCH ? ${scope} ORDER BY rank LIMIT ? OFFSET ?`,
        [...params, input.pageSize, (input.page - 1) * input.pageSize],
      );
      return { total, rows };
    };
    let relaxed = false;
    let found = run(terms.map((t) => t.fts).join(' AND '));
    if (found.total === 0 && terms.length > 1) {
      relaxed = true;
      found = run(terms.map((t) => t.fts).join(' OR '));
    }
    const results = found.rows.map((r) => hitFor(db, r.id, -r.rank, terms.map((t) => t.text), input.markers));
    return {
      results,
      page: input.page,
      page_size: input.pageSize,
      total: found.total,
      total_is_exact: true,
      has_more: input.page * input.pageSize < found.total,
      mode: 'text',
      ...(relaxed ? { relaxed } : {}),
      elapsed_ms: Math.round((performance.now() - started) * 100) / 100,
    };
  },
});

/** Filters and no text: every matching note, in path order, paged (issue 3). */
function filterOnly(db: import('../db/database').Db, input: SearchInput, vaultId: number | undefined, started: number): SearchResult {
  const { rows, total } = listNotes(db, { filter: input.metadata.compiled, vaultId, page: input.page, pageSize: input.pageSize });
  // No words to find: the snippet is the start of the note, so only its first characters are read.
  const heads = new Map(
    db.all<{ id: number; head: string }>(`SELECT entry_id AS id, substr(body, 1, 600) AS head FROM contents WHERE entry_id IN (${rows.map(() => '?').join(', ')})`, rows.map((r) => r.id)).map((h) => [h.id, h.head]),
  );
  return {
    results: rows.map((r) => ({
      id: `${r.vault}:${r.path}`,
      kind: 'note' as const,
      path: r.path,
      vault: r.vault,
      title: r.title,
      type: r.type,
      permalink: r.permalink,
      tags: r.tags ? JSON.parse(r.tags) : [],
      score: 0,
      snippet: makeSnippet(heads.get(r.id) ?? '', [], { open: input.markers[0], close: input.markers[1] }),
    })),
    page: input.page,
    page_size: input.pageSize,
    total,
    total_is_exact: true,
    has_more: input.page * input.pageSize < total,
    mode: 'text',
    elapsed_ms: Math.round((performance.now() - started) * 100) / 100,
  };
}

function markersArg(args: Record<string, unknown>): [string, string] {
  const m = optStringList(args, 'snippet_markers');
  if (m === undefined) return ['[', ']'];
  if (m.length !== 2) throw toolError('invalid_argument', `snippet_markers must be two strings [open, close]; got ${m.length}.`, 'snippet_markers');
  return [m[0], m[1]];
}

function hitFor(db: import('../db/database').Db, id: number, score: number, words: string[], markers: [string, string]): SearchHit {
  const e = db.get<{ kind: 'note' | 'file'; path: string; vault: string; title: string; type: string | null; permalink: string | null; tags: string | null; body: string | null }>(
    `SELECT e.kind, e.path, v.name AS vault, e.title, e.type, e.permalink, e.tags, c.body
     FROM entries e JOIN vaults v ON v.id = e.vault_id LEFT JOIN contents c ON c.entry_id = e.id WHERE e.id = ?`,
    [id],
  )!;
  return {
    id: `${e.vault}:${e.path}`,
    kind: e.kind,
    path: e.path,
    vault: e.vault,
    title: e.title,
    type: e.type,
    permalink: e.permalink,
    tags: e.tags ? JSON.parse(e.tags) : [],
    score: Math.round(score * 1000) / 1000,
    snippet: e.body ? makeSnippet(e.body, words, { open: markers[0], close: markers[1] }) : e.path,
  };
}

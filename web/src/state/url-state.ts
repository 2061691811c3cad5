// The whole search state lives in the URL, so a search can be bookmarked,
// shared and walked with Back/Forward. Pure: encode/decode only; unknown or
// malformed parameters fall back to defaults instead of failing.

export type SearchMode = 'auto' | 'text' | 'vector' | 'hybrid';
export type ViewKind = 'results' | 'table' | 'tasks';
/** What the results are: notes and files, or observations, or relations (the search tool's entity_types). */
export type EntityKind = 'entity' | 'observation' | 'relation';
export type Filter = Record<string, unknown>;

export interface SortSpec {
  field: string;
  order: 'asc' | 'desc';
}

export interface OpenNote {
  vault: string;
  path: string;
  /** Opened from a search hit: the query's words are marked in it and the first is scrolled to. */
  fromSearch?: boolean;
  /** Opened from an observation or relation hit: its file line (1-based), scrolled to instead. */
  line?: number;
}

export interface SearchState {
  /** The query text as typed (tag: tokens included). */
  q: string;
  mode: SearchMode;
  /** The filter-language JSON object, or null. */
  filter: Filter | null;
  /** One vault, or null for all. */
  vault: string | null;
  /** A vault-relative folder prefix ending in '/', or null. */
  prefix: string | null;
  /** Only notes linking to this one (its hit id, vault:path; the search tool's links_to), or null. */
  links: string | null;
  page: number;
  view: ViewKind;
  /**
   * Frontmatter fields shown as result badges and table columns; null: none
   * picked yet (the table then shows the filter's fields), [] picked none.
   */
  cols: string[] | null;
  sort: SortSpec | null;
  note: OpenNote | null;
  entity: EntityKind;
  /** "As of" this date (YYYY-MM-DD): what the notes said held then (valid_at). */
  asOf: string | null;
}

export const EMPTY_STATE: SearchState = {
  q: '',
  mode: 'auto',
  filter: null,
  vault: null,
  prefix: null,
  links: null,
  page: 1,
  view: 'results',
  cols: null,
  sort: null,
  note: null,
  entity: 'entity',
  asOf: null,
};

const MODES: readonly SearchMode[] = ['auto', 'text', 'vector', 'hybrid'];
const MAX_PAGE = 1_000_000;

/** State → query string (without '?'); defaults are left out so URLs stay short. */
export function encodeState(s: SearchState): string {
  const p = new URLSearchParams();
  if (s.q) p.set('q', s.q);
  if (s.mode !== 'auto') p.set('mode', s.mode);
  if (s.filter && Object.keys(s.filter).length) p.set('filter', JSON.stringify(s.filter));
  if (s.vault) p.set('vault', s.vault);
  if (s.prefix) p.set('in', s.prefix);
  if (s.links) p.set('links_to', s.links);
  if (s.page > 1) p.set('page', String(s.page));
  if (s.view !== 'results') p.set('view', s.view);
  if (s.cols !== null) p.set('cols', JSON.stringify(s.cols));
  if (s.sort) p.set('sort', `${s.sort.order === 'desc' ? '-' : ''}${s.sort.field}`);
  if (s.entity !== 'entity') p.set('kind', s.entity);
  if (s.asOf) p.set('as_of', s.asOf);
  if (s.note) {
    p.set('note', s.note.path);
    p.set('note_vault', s.note.vault);
    if (s.note.fromSearch) p.set('from', 'search');
    if (s.note.fromSearch && s.note.line) p.set('line', String(s.note.line));
  }
  return p.toString();
}

function parseJson(text: string | null): unknown {
  if (text === null) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

const MAX_LINE = 100_000_000;

/** `line=12` of a note opened from an observation or relation hit; nothing when absent or not a line number. */
function hitLine(text: string | null): { line?: number } {
  const line = Number(text);
  return text && Number.isInteger(line) && line >= 1 && line <= MAX_LINE ? { line } : {};
}

/** Query string → state. Anything unreadable becomes the default for that part. */
export function decodeState(search: string): SearchState {
  const p = new URLSearchParams(search.startsWith('?') ? search.slice(1) : search);
  const filter = parseJson(p.get('filter'));
  const cols = parseJson(p.get('cols'));
  const page = Number(p.get('page'));
  const mode = p.get('mode') as SearchMode | null;
  const view = p.get('view');
  const sortRaw = p.get('sort');
  const notePath = p.get('note');
  const noteVault = p.get('note_vault');
  const prefix = p.get('in');
  const kind = p.get('kind');
  const asOf = p.get('as_of');
  return {
    q: p.get('q') ?? '',
    mode: mode && MODES.includes(mode) ? mode : 'auto',
    filter: filter && typeof filter === 'object' && !Array.isArray(filter) && Object.keys(filter).length ? (filter as Filter) : null,
    vault: p.get('vault') || null,
    prefix: prefix ? (prefix.endsWith('/') ? prefix : `${prefix}/`) : null,
    links: p.get('links_to') || null,
    page: Number.isInteger(page) && page >= 1 && page <= MAX_PAGE ? page : 1,
    view: view === 'table' || view === 'tasks' ? view : 'results',
    cols: Array.isArray(cols) ? [...new Set(cols.filter((c): c is string => typeof c === 'string' && c !== ''))] : null,
    sort: sortRaw && sortRaw !== '-' ? { field: sortRaw.replace(/^-/, ''), order: sortRaw.startsWith('-') ? 'desc' : 'asc' } : null,
    note: notePath && noteVault !== null ? { vault: noteVault, path: notePath, ...(p.get('from') === 'search' ? { fromSearch: true, ...hitLine(p.get('line')) } : {}) } : null,
    entity: kind === 'observation' || kind === 'relation' ? kind : 'entity',
    asOf: asOf && /^\d{4}-\d{2}-\d{2}$/.test(asOf) ? asOf : null,
  };
}

/** Whether two states describe the same search (the open note aside): a change resets paging. */
export function sameSearch(a: SearchState, b: SearchState): boolean {
  return (
    a.q === b.q &&
    a.mode === b.mode &&
    JSON.stringify(a.filter) === JSON.stringify(b.filter) &&
    a.vault === b.vault &&
    a.prefix === b.prefix &&
    a.links === b.links &&
    a.view === b.view &&
    a.entity === b.entity &&
    a.asOf === b.asOf &&
    JSON.stringify(a.sort) === JSON.stringify(b.sort)
  );
}

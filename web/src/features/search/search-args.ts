// Search state → the search tool's arguments, using only what the engine supports.
import type { Capabilities } from '../../engine/capabilities';
import type { EmbedStatus, ToolArgs } from '../../../../worker/contract';
import { decodeState, type SearchState } from '../../state/url-state';
import { MARK_CLOSE, MARK_OPEN } from './markers';
import type { SemanticWarm } from './use-semantic-warm';

export const PAGE_SIZE = 20;

/** What of the engine's capabilities the search arguments depend on. */
type SearchCaps = Pick<Capabilities, 'modes' | 'filters' | 'pathPrefix' | 'hitFields'>;
/** The app's own engine offers all of them (the page knows its tool list only once the engine is open). */
const OWN_ENGINE: SearchCaps = { modes: true, filters: true, pathPrefix: true, hitFields: true };

export function searchArgs(s: SearchState, caps: SearchCaps): ToolArgs<'search'> {
  const a: ToolArgs<'search'> = { query: s.q, page: s.page, page_size: PAGE_SIZE, snippet_markers: [MARK_OPEN, MARK_CLOSE] };
  if (caps.modes && s.mode !== 'auto') a.mode = s.mode;
  if (caps.filters && s.filter) a.filters = s.filter;
  if (s.vault) a.vault = s.vault;
  if (caps.pathPrefix && s.prefix) a.path_prefix = s.prefix;
  if (s.links) a.links_to = s.links;
  if (caps.hitFields && s.cols?.length) a.fields = s.cols;
  // Only observations carry valid time: with a date the entity choice shows them, and the search asks for them.
  const entity = s.asOf ? 'observation' : s.entity;
  if (entity !== 'entity') a.entity_types = [entity];
  if (s.asOf) a.valid_at = s.asOf;
  return a;
}

/**
 * Whether the state asks for anything: some text, or (with an engine whose
 * search lists every note in scope for an empty query) a filter or a scope.
 */
export function hasSearch(s: SearchState, caps: Pick<Capabilities, 'filters' | 'pathPrefix'>): boolean {
  // The search that takes path_prefix also lists every note in scope for an empty query.
  return s.q.trim() !== '' || (caps.filters && !!s.filter) || (caps.pathPrefix && (!!s.prefix || !!s.vault)) || !!s.links || !!s.asOf || s.entity !== 'entity';
}

/**
 * How the search by meaning waits for the model and the vector index to
 * load (the first query after opening). "wait": auto mode ranks by text
 * until they are loaded, then the search runs again. "both": a mode by
 * meaning was asked for; it runs at once, and the same search by text
 * shows until it answers.
 */
export function textFirst(s: SearchState, caps: Capabilities, embed: EmbedStatus | null, warm: SemanticWarm): 'wait' | 'both' | null {
  if (!caps.modes || s.mode === 'text' || warm.ready || !s.q.trim()) return null;
  // While the index or the model loads, the status cannot call the vault complete yet.
  const settling = !!embed && (embed.state === 'indexing' || embed.state === 'loading' || embed.state === 'downloading');
  if (s.mode === 'auto') return warm.warming && embed && (settling || embed.complete) ? 'wait' : null;
  return !embed || embed.state === 'indexing' || (embed.chunks_done > 0 && !embed.ready) ? 'both' : null;
}

/**
 * The first search the page will send for this URL (`location.search`), as
 * SearchPane sends it, or null when the page opens without searching. The
 * engine runs it while the page is still loading (Engine.searchAhead); the
 * page's own call then gets the answer at once if the arguments are the same.
 * A mode by meaning first shows the same search by text (textFirst: "both").
 */
export function firstSearchArgs(search: string): ToolArgs<'search'> | null {
  const s = decodeState(search);
  if (s.view !== 'results' || !hasSearch(s, OWN_ENGINE)) return null;
  const args = searchArgs(s, OWN_ENGINE);
  return (s.mode === 'vector' || s.mode === 'hybrid') && s.q.trim() ? { ...args, mode: 'text' } : args;
}

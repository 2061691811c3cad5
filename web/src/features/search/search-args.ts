// Search state → the search tool's arguments, using only what the engine supports.
import type { Capabilities } from '../../engine/capabilities';
import type { EmbedStatus, ToolArgs } from '../../../../worker/contract';
import type { SearchState } from '../../state/url-state';
import { MARK_CLOSE, MARK_OPEN } from './Highlight';
import type { SemanticWarm } from './use-semantic-warm';

export const PAGE_SIZE = 20;

export function searchArgs(s: SearchState, caps: Capabilities): ToolArgs<'search'> {
  const a: ToolArgs<'search'> = { query: s.q, page: s.page, page_size: PAGE_SIZE, snippet_markers: [MARK_OPEN, MARK_CLOSE] };
  if (caps.modes && s.mode !== 'auto') a.mode = s.mode;
  if (caps.filters && s.filter) a.filters = s.filter;
  if (s.vault) a.vault = s.vault;
  if (caps.pathPrefix && s.prefix) a.path_prefix = s.prefix;
  if (caps.hitFields && s.cols.length) a.fields = s.cols;
  if (s.entity !== 'entity') a.entity_types = [s.entity];
  if (s.asOf) a.valid_at = s.asOf;
  return a;
}

/**
 * Whether the state asks for anything: some text, or (with an engine whose
 * search lists every note in scope for an empty query) a filter or a scope.
 */
export function hasSearch(s: SearchState, caps: Capabilities): boolean {
  // The search that takes path_prefix also lists every note in scope for an empty query.
  return s.q.trim() !== '' || (caps.filters && !!s.filter) || (caps.pathPrefix && (!!s.prefix || !!s.vault)) || !!s.asOf || s.entity !== 'entity';
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

// The search state, kept in the URL. Typing that continues the same query
// (more letters, or backspacing) replaces the current history entry, so Back
// does not walk through every keystroke; a different query, and every other
// change (a filter, a page, opening a note), gets its own entry.
import { useCallback, useEffect, useRef, useState } from 'react';
import { decodeState, encodeState, sameSearch, type SearchState } from './url-state';

export type UpdateState = (patch: Partial<SearchState> | ((s: SearchState) => Partial<SearchState>), opts?: { replace?: boolean }) => void;

function withoutLine(note: NonNullable<SearchState['note']>): SearchState['note'] {
  const { line: _line, ...rest } = note;
  return rest;
}

export function useSearchState(): [SearchState, UpdateState] {
  const [state, setState] = useState<SearchState>(() => decodeState(location.search));
  const current = useRef(state);
  const lastWasTyping = useRef(false);

  useEffect(() => {
    const onPop = () => {
      const next = decodeState(location.search);
      current.current = next;
      lastWasTyping.current = false;
      setState(next);
    };
    window.addEventListener('popstate', onPop);
    return () => window.removeEventListener('popstate', onPop);
  }, []);

  const update = useCallback<UpdateState>((patch, opts = {}) => {
    const prev = current.current;
    const change = typeof patch === 'function' ? patch(prev) : patch;
    let next: SearchState = { ...prev, ...change };
    // A different search starts again on its first page.
    if (!('page' in change) && !sameSearch(prev, next)) next = { ...next, page: 1 };
    // The line of an observation hit belongs to the query that found it: another query marks from the top.
    if (prev.q !== next.q && next.note?.line !== undefined && !('note' in change)) next = { ...next, note: withoutLine(next.note) };
    const url = `${location.pathname}${encodeState(next) ? `?${encodeState(next)}` : ''}${location.hash}`;
    if (url === `${location.pathname}${location.search}${location.hash}`) return;
    const typing = !!opts.replace;
    // Typing in the filter's JSON leaves q alone; typing in the query box continues it or not.
    const continues = prev.q === next.q || (prev.q !== '' && (next.q.startsWith(prev.q) || prev.q.startsWith(next.q)));
    if (typing && lastWasTyping.current && continues) history.replaceState(null, '', url);
    else history.pushState(null, '', url);
    lastWasTyping.current = typing;
    current.current = next;
    setState(next);
  }, []);

  return [state, update];
}

// The search state, kept in the URL. Typing replaces the current history
// entry (Back should not walk through every keystroke); every other change
// (a filter, a page, opening a note) pushes a new one.
import { useCallback, useEffect, useRef, useState } from 'react';
import { decodeState, encodeState, sameSearch, type SearchState } from './url-state';

export type UpdateState = (patch: Partial<SearchState> | ((s: SearchState) => Partial<SearchState>), opts?: { replace?: boolean }) => void;

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
    const url = `${location.pathname}${encodeState(next) ? `?${encodeState(next)}` : ''}${location.hash}`;
    if (url === `${location.pathname}${location.search}${location.hash}`) return;
    const typing = !!opts.replace;
    // Consecutive keystrokes share one history entry; the first one after another change gets its own.
    if (typing && lastWasTyping.current) history.replaceState(null, '', url);
    else history.pushState(null, '', url);
    lastWasTyping.current = typing;
    current.current = next;
    setState(next);
  }, []);

  return [state, update];
}

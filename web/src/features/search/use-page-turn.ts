// After the pager turns a page the reader was at the bottom of the old one: the
// new page's first rows are brought into sight and keyboard focus goes to the
// first of them, instead of staying on a pager that is now far below.
import { useCallback, useEffect, useRef } from 'react';

/**
 * `shown`: the rows on screen answer the current page (not the previous page's, still shown while it loads).
 * Returns the ref for the element whose top is scrolled to, and `turn(page)` for the pager to call.
 * Only a pager click moves the view: a page reset by a new query leaves focus in the search box.
 */
export function usePageTurn<T extends HTMLElement>(page: number, shown: boolean, focusSelector: string) {
  const top = useRef<T>(null);
  const wanted = useRef<number | null>(null);
  useEffect(() => {
    if (wanted.current !== page || !shown || !top.current) return;
    wanted.current = null;
    top.current.scrollIntoView({ block: 'start' });
    (top.current.querySelector<HTMLElement>(focusSelector) ?? top.current).focus({ preventScroll: true });
  }, [page, shown, focusSelector]);
  const turn = useCallback((to: number) => {
    wanted.current = to;
  }, []);
  return { top, turn };
}

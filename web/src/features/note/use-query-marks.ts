// The search's words marked in a rendered note, and the reader's place among
// them: which mark is the current one (styled apart, scrolled to), moved by
// the match bar and by n / Shift+N. A note opened from an observation or
// relation hit starts at the mark on that hit's line (source-lines.ts), or,
// when its words are not on the line, shows the line itself.
import { useCallback, useLayoutEffect, useRef, useState, type DependencyList, type RefObject } from 'react';
import { engineApi } from '../../engine/client';
import { clearMarks, CURRENT_MARK_CLASS, readText, wrapMatches } from './query-marks';
import { blockAtLine } from './source-lines';

export interface MarkWalk {
  /** How many marks the note holds (0: no bar). */
  total: number;
  /** The current mark's index. */
  current: number;
  /** The next (1) or previous (-1) mark becomes current, wrapping around at either end. */
  step(by: 1 | -1): void;
}

/** Folded callouts around an element open, as Obsidian opens one for a search. */
function unfold(el: Element): void {
  for (let d = el.closest('details'); d; d = d.parentElement?.closest('details') ?? null) d.open = true;
}

/** The first mark inside or after `block`, or -1. */
function markFrom(marks: readonly HTMLElement[], block: Element): number {
  return marks.findIndex((m) => block.contains(m) || !!(block.compareDocumentPosition(m) & Node.DOCUMENT_POSITION_FOLLOWING));
}

/** Scrolls to a block and outlines it for a moment (the outline anchors.ts gives a link's target). */
function reveal(block: Element): void {
  unfold(block);
  block.scrollIntoView?.({ block: 'center' });
  block.classList.add('md-target');
  setTimeout(() => block.classList.remove('md-target'), 2000);
}

/**
 * Marks `query`'s words in `ref`'s element each time `rendered` changes (the
 * body was put in anew); `line` is the 0-based line of the rendered text a
 * hit named, or null. `filled` changes when embeds are in: the current mark
 * is scrolled to again, as one above it may have grown.
 */
export function useQueryMarks(ref: RefObject<HTMLElement | null>, query: string | null, line: number | null, rendered: DependencyList, filled: number): MarkWalk {
  const marks = useRef<HTMLElement[]>([]);
  // The current mark is only a place to start from (not yet shown) when the hit's line held none.
  const shown = useRef(true);
  const [place, setPlace] = useState({ total: 0, current: 0 });

  const show = useCallback((i: number, scroll: boolean) => {
    const all = marks.current;
    for (const m of all) m.classList.remove(CURRENT_MARK_CLASS);
    const mark = all[i];
    if (!mark) return;
    mark.classList.add(CURRENT_MARK_CLASS);
    shown.current = scroll;
    if (scroll) {
      unfold(mark);
      mark.scrollIntoView?.({ block: 'center' });
    }
    setPlace({ total: all.length, current: i });
  }, []);

  useLayoutEffect(() => {
    const root = ref.current;
    marks.current = [];
    setPlace({ total: 0, current: 0 });
    if (!root) return;
    clearMarks(root);
    const block = line === null ? null : blockAtLine(root, line);
    if (!query) {
      if (block) reveal(block);
      return;
    }
    let live = true;
    const runs = readText(root);
    void engineApi()
      .queryMatches(query, runs.text)
      .then((found) => {
        if (!live) return;
        marks.current = wrapMatches(runs, found);
        if (!block) return show(0, true);
        const from = markFrom(marks.current, block);
        if (from >= 0 && block.contains(marks.current[from])) return show(from, true);
        reveal(block);
        // None below it either: "next" wraps round to the first.
        show(Math.max(from, 0), false);
      });
    return () => {
      live = false;
    };
    // `rendered` names the render these marks are made in.
  }, [...rendered, query, line, show]);

  useLayoutEffect(() => {
    const mark = marks.current[place.current];
    if (filled && shown.current && mark?.isConnected) mark.scrollIntoView?.({ block: 'center' });
    // Only when embeds came in, not on every step.
  }, [filled]);

  const step = useCallback(
    (by: 1 | -1) => {
      const total = marks.current.length;
      if (!total) return;
      // From a place not yet shown, "next" is that mark itself.
      const from = shown.current || by < 0 ? place.current : place.current - 1;
      show((from + by + total) % total, true);
    },
    [place, show],
  );

  return { total: place.total, current: place.current, step };
}

// A note found only through where its links point (`[[Hotkeys|a keyboard
// shortcut]]` for "hotkeys") showed a snippet with no word marked: snippets
// show what a reader sees, and the target is not shown. Such a hit now shows
// the link with its target after its text, marked, as Obsidian shows a link
// to a heading ("Hotkeys › Setting hotkeys").
import { replaceLinks } from '../text/link-text';
import { makeSnippet, SNIPPET_PLAN, type Highlighter } from './snippet';

/** The text with each link's target after the text shown for it: "a keyboard shortcut (→ Hotkeys › Setting hotkeys)". */
export function revealLinks(text: string): string {
  return replaceLinks(text, (link) => {
    const target = link.target.replace(/#/g, ' › ').trim();
    return link.shown ? `${link.shown} (→ ${target})` : `(${target})`;
  });
}

/**
 * The snippet a note's hit shows: `snippet` when it marks a query word, else
 * the part of the note's head (`head`, the start of its text) whose link
 * targets hold one, with the targets shown; `snippet` when none does.
 */
export function withLinkMatch(head: string | null, snippet: string, hl: Highlighter, markers: [string, string]): string {
  if (!hl.re || !head || !SNIPPET_PLAN.links || snippet.includes(markers[0]) || !head.includes('[')) return snippet;
  return makeSnippet(revealLinks(head), hl, { open: markers[0], close: markers[1], requireHit: true }) ?? snippet;
}

// Where a search's words are in a text the page shows (an opened note's
// rendered text), found by the very matcher snippets mark with (snippet.ts:
// highlighter, findHits), so the note marks what its hit's snippet marked:
// inflections (Porter stems), case, width and accents folded, Japanese words
// inside sentences; stop words are not marked. The page imports no engine
// code, so the engine worker answers it (worker/engine-worker.ts).
import { extractTagTokens } from '../query/shortcuts';
import { withoutStopWords } from '../text/stop-words';
import { compileQuery } from './fts-query';
import { NormalizedText } from './normalized-text';
import { parseQuery } from './query-syntax';
import { findHits, highlighter, type HighlightTerm } from './snippet';

/** The words a search marks, as the search tool gives them to its snippets: its tag: tokens aside, stop words left out. */
export function markTerms(query: string): HighlightTerm[] {
  const parsed = parseQuery(extractTagTokens(query).text);
  return withoutStopWords(compileQuery(parsed).highlight);
}

/** The [start, end) offsets in `text` of every word `query` marks, in order and not overlapping. */
export function queryMatches(query: string, text: string): [number, number][] {
  const hl = highlighter(markTerms(query));
  if (!hl.re || !text) return [];
  const norm = new NormalizedText(text);
  return findHits(norm.text, hl).map((h) => [norm.toRaw(h.start), norm.toRaw(h.end)]);
}

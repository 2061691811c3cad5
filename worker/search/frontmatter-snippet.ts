// A note found by a frontmatter value (a book's topic, an author, an alias)
// shows that value as its snippet: the body's text would not say why the note
// is there. The values are searched (the FTS `meta` and `aliases` columns);
// the snippet shows them with their keys, as the note view's table does.
import type { FmValue, Frontmatter } from '../ingest/frontmatter';
import { makeSnippet, SNIPPET_PLAN, type Highlighter } from './snippet';

/** Keys the hit shows by itself (its title and tag chips) or that only repeat the path. */
const SHOWN_ELSEWHERE = new Set(['title', 'tags', 'tag', 'permalink']);

/** The frontmatter as one line, "key: value · key: a, b": nested maps as key.sub; booleans and nulls left out, as the index leaves them out. */
export function frontmatterLine(fm: Frontmatter): string {
  const parts: string[] = [];
  const scalars = (v: FmValue): string[] =>
    typeof v === 'string' ? [v] : typeof v === 'number' ? [String(v)] : Array.isArray(v) ? v.flatMap(scalars) : [];
  const walk = (key: string, v: FmValue) => {
    if (v !== null && typeof v === 'object' && !Array.isArray(v)) {
      for (const [k, sub] of Object.entries(v)) walk(`${key}.${k}`, sub);
      return;
    }
    const values = scalars(v).filter((s) => s.trim() !== '');
    if (values.length) parts.push(`${key}: ${values.join(', ')}`);
  };
  for (const [k, v] of Object.entries(fm)) if (!SHOWN_ELSEWHERE.has(k)) walk(k, v);
  return parts.join(' · ');
}

/** What the query words a snippet shows weigh (each word once; its rarity where the page weighed words, else 1). */
export function snippetWeight(snippet: string, hl: Highlighter, markers: [string, string]): number {
  if (!snippet.includes(markers[0])) return 0;
  const plain = snippet.split(markers[0]).join('').split(markers[1]).join('');
  const weighed = { weight: 0 };
  return makeSnippet(plain, hl, { requireHit: true, length: plain.length + 1, weighed }) === null ? 0 : weighed.weight;
}

/**
 * The snippet a note's hit shows: `body` (cut from its text or the passage
 * that matched), or the note's frontmatter values (`frontmatter`, the stored
 * JSON) where they show query words that weigh more than the body's snippet
 * does.
 */
export function withFrontmatterMatch(frontmatter: string | null, body: string, hl: Highlighter, markers: [string, string]): string {
  if (!hl.re || !frontmatter || !SNIPPET_PLAN.frontmatter) return body;
  const line = frontmatterLine(JSON.parse(frontmatter) as Frontmatter);
  if (!line) return body;
  const weighed = { weight: 0 };
  const fromFm = makeSnippet(line, hl, { open: markers[0], close: markers[1], requireHit: true, weighed });
  return fromFm !== null && weighed.weight > snippetWeight(body, hl, markers) ? fromFm : body;
}

/**
 * A note found only through a tag (`engine` finds #engineering by its stem)
 * shows the tag as its snippet, "tags: [engineering], history", when the
 * snippet found no query word: a UI trial saw such hits with nothing marked
 * and no reason given.
 */
export function withTagMatch(tags: readonly string[], snippet: string, hl: Highlighter, markers: [string, string]): string {
  if (!hl.re || !tags.length || markers[0] === '' || snippet.includes(markers[0])) return snippet;
  return makeSnippet(`tags: ${tags.join(', ')}`, hl, { open: markers[0], close: markers[1], requireHit: true }) ?? snippet;
}

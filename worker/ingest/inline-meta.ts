// What Obsidian and Dataview read from a note's body beside its frontmatter:
// inline #tags and Dataview inline fields, in one pass over the prose lines.
import { forEachProseLine } from './prose-lines';
import { tagsInLine } from './inline-tags';
import { foldTag } from './standard-keys';

export interface InlineMeta {
  /** Inline tags as first written (without '#'), each once (case-insensitively), in order. */
  tags: string[];
}

export const NO_INLINE_META: InlineMeta = { tags: [] };

export function readInlineMeta(body: string, firstLine = 1): InlineMeta {
  // Most notes of most vaults have neither: skip the pass.
  if (!body.includes('#')) return NO_INLINE_META;
  const written: string[] = [];
  forEachProseLine(body, firstLine, (line) => {
    tagsInLine(line, written);
  });
  return { tags: uniqueTags(written) };
}

/** Tags deduplicated case- and width-insensitively, keeping the first spelling. */
export function uniqueTags(tags: readonly string[]): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const t of tags) {
    const k = foldTag(t);
    if (seen.has(k)) continue;
    seen.add(k);
    out.push(t);
  }
  return out;
}

// The shortcuts beside `filters`: the `tags` and `status` arguments, and
// `tag:` tokens in the text query. They become ordinary filter entries.
import { tagName } from '../ingest/standard-keys';
import { describe } from '../args';
import { toolError } from '../errors';

/** tags as a list or a comma-separated string → clean tag names ('#' and blanks dropped). */
export function readTagsArg(value: unknown, path = 'tags'): string[] {
  if (value === undefined || value === null) return [];
  if (typeof value === 'string') return cleanTags(value.split(','));
  if (!Array.isArray(value)) {
    throw toolError('invalid_argument', `${path} must be a list of tags or a comma-separated string; got ${describe(value)}.`, path);
  }
  value.forEach((t, i) => {
    if (typeof t !== 'string') throw toolError('invalid_argument', `${path}[${i}] must be a string; got ${describe(t)}.`, `${path}[${i}]`);
  });
  return cleanTags(value as string[]);
}

export function readStatusArg(value: unknown, path = 'status'): string | null {
  if (value === undefined || value === null) return null;
  if (typeof value !== 'string') throw toolError('invalid_argument', `${path} must be a string such as "draft"; got ${describe(value)}.`, path);
  return value.trim() === '' ? null : value.trim();
}

function cleanTags(items: string[]): string[] {
  const out: string[] = [];
  for (const item of items) {
    const tag = tagName(item);
    if (tag && !out.includes(tag)) out.push(tag);
  }
  return out;
}

export interface TagTokens {
  /** The query without its tag: tokens and the AND/OR they leave dangling. */
  text: string;
  /** Tags every note must carry (`tag:a`, `tag:a,b`, `tag:a AND tag:b`). */
  tags: string[];
  /** `tag:a OR tag:b`: a note carries at least one of them. */
  anyOf?: string[];
  /** `-tag:a`: a note carries none of them. */
  none?: string[];
}

const CONNECTOR = /^(AND|OR|NOT|&&|\|\|)$/;
const OR = /^(OR|\|\|)$/;

interface Word {
  text: string;
  /** The tags of a tag: token (absent for other words). */
  tags?: string[];
  negated?: boolean;
}

/**
 * Pulls `tag:a`, `tag:a,b`, `tag:#a`, `tag:"two words"`, `-tag:a` and
 * `tag:a OR tag:b` out of a text query. Quoted phrases are left alone, so
 * "see tag:x" stays text. One group of alternatives per query: the filter
 * language holds one $in per field, and the echoed filter must say exactly
 * what ran.
 */
export function extractTagTokens(query: string | undefined | null): TagTokens {
  if (!query) return { text: '', tags: [] };
  const words: Word[] = [];
  const re = /(?:(-?)[Tt][Aa][Gg]:("[^"]*"?|\S*))|("[^"]*"?)|(\S+)/gy;
  let i = 0;
  while (i < query.length) {
    if (/\s/.test(query[i])) {
      i++;
      continue;
    }
    re.lastIndex = i;
    const m = re.exec(query)!;
    i = re.lastIndex;
    if (m[2] !== undefined) {
      const value = m[2].startsWith('"') ? m[2].replace(/^"|"$/g, '') : m[2];
      words.push({ text: m[0], tags: cleanTags(value.split(',')), negated: m[1] === '-' });
    } else words.push({ text: m[0] });
  }
  if (!words.some((w) => w.tags)) return { text: query.trim(), tags: [] };

  const tags: string[] = [];
  const none: string[] = [];
  const add = (list: string[], items: string[]) => items.forEach((t) => list.includes(t) || list.push(t));
  let anyOf: string[] | undefined;
  const isTag = (w: Word | undefined) => !!w?.tags && !w.negated;
  for (let k = 0; k < words.length; k++) {
    const w = words[k];
    if (!w.tags) continue;
    if (w.negated) {
      add(none, w.tags);
      continue;
    }
    // A chain tag:a OR tag:b (OR tag:c …).
    const chain: Word[] = [w];
    while (OR.test(words[k + 1]?.text ?? '') && isTag(words[k + 2])) {
      chain.push(words[k + 2]);
      k += 2;
    }
    if (chain.length === 1) {
      add(tags, w.tags);
      continue;
    }
    const both = chain.find((c) => c.tags!.length > 1);
    if (both) {
      throw toolError('invalid_argument', `${both.text} needs all of its tags, so it cannot be one of several alternatives joined by OR; write the alternatives one tag each (tag:a OR tag:b), or use the filters argument.`, 'query');
    }
    if (anyOf) {
      throw toolError('invalid_argument', 'The query holds two groups of tag alternatives (tag:a OR tag:b); a search takes one. Search for each group separately.', 'query');
    }
    anyOf = [];
    chain.forEach((c) => add(anyOf!, c.tags!));
  }

  // Drop AND/OR/NOT that joined a removed token to the rest ("auth AND tag:x").
  const kept: string[] = [];
  words.forEach((w, k) => {
    if (w.tags) return;
    if (CONNECTOR.test(w.text)) {
      const prev = words[k - 1];
      const next = words[k + 1];
      if (!prev || !next || prev.tags || next.tags) return;
    }
    kept.push(w.text);
  });
  // Connectors left at either end after removals are dangling too.
  while (kept.length && CONNECTOR.test(kept[0])) kept.shift();
  while (kept.length && CONNECTOR.test(kept[kept.length - 1])) kept.pop();
  return { text: kept.join(' '), tags, ...(anyOf && anyOf.length ? { anyOf } : {}), ...(none.length ? { none } : {}) };
}

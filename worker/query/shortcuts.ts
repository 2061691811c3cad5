// The shortcuts beside `filters`: the `tags` and `status` arguments, and
// `tag:` tokens in the text query. They become ordinary filter entries.
import { tagName } from '../ingest/standard-keys';
import { describe } from '../tools/args';
import { toolError } from '../tools/errors';

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
  tags: string[];
}

const CONNECTOR = /^(AND|OR|NOT|&&|\|\|)$/;

/**
 * Pulls `tag:a`, `tag:a,b`, `tag:#a` and `tag:"two words"` out of a text
 * query. Quoted phrases are left alone, so "see tag:x" stays text.
 */
export function extractTagTokens(query: string | undefined | null): TagTokens {
  if (!query) return { text: '', tags: [] };
  const words: { text: string; removed: boolean }[] = [];
  const tags: string[] = [];
  const re = /(?:[Tt][Aa][Gg]:("[^"]*"?|\S*))|("[^"]*"?)|(\S+)/gy;
  let i = 0;
  while (i < query.length) {
    if (/\s/.test(query[i])) {
      i++;
      continue;
    }
    re.lastIndex = i;
    const m = re.exec(query)!;
    i = re.lastIndex;
    if (m[1] !== undefined) {
      const value = m[1].startsWith('"') ? m[1].replace(/^"|"$/g, '') : m[1];
      for (const t of cleanTags(value.split(','))) if (!tags.includes(t)) tags.push(t);
      words.push({ text: m[0], removed: true });
    } else words.push({ text: m[0], removed: false });
  }
  if (tags.length === 0 && !words.some((w) => w.removed)) return { text: query.trim(), tags };
  // Drop AND/OR/NOT that joined a removed token to the rest ("auth AND tag:x").
  const kept: string[] = [];
  words.forEach((w, k) => {
    if (w.removed) return;
    if (CONNECTOR.test(w.text)) {
      const prev = words[k - 1];
      const next = words[k + 1];
      if (!prev || !next || prev.removed || next.removed) return;
    }
    kept.push(w.text);
  });
  // Connectors left at either end after removals are dangling too.
  while (kept.length && CONNECTOR.test(kept[0])) kept.shift();
  while (kept.length && CONNECTOR.test(kept[kept.length - 1])) kept.pop();
  return { text: kept.join(' '), tags };
}

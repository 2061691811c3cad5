// What Obsidian and Dataview read from a note's body beside its frontmatter:
// inline #tags and Dataview inline fields, in one pass over the prose lines.
import type { FmValue, Frontmatter } from './frontmatter';
import { fieldsInLine, type InlineField } from './inline-fields';
import { tagsInLine } from './inline-tags';
import { forEachProseLine } from './prose-lines';
import { foldTag } from './standard-keys';

export interface InlineMeta {
  /** Inline tags as first written (without '#'), each once (case-insensitively), in order. */
  tags: string[];
  /** Every inline field, in order. */
  fields: InlineField[];
}

export const NO_INLINE_META: InlineMeta = { tags: [], fields: [] };

/** Benchmark switch (bench/import-inline.ts): off, imports read no inline metadata, the baseline it is compared with. */
export const inlineMetaReading = { enabled: true };

const MAY_HOLD_TAG = /(?:^|\s)#[^\s#]/;

export function readInlineMeta(body: string, firstLine = 1): InlineMeta {
  if (!inlineMetaReading.enabled) return NO_INLINE_META;
  // Most notes of most vaults have neither: skip the pass. A '#' that only
  // starts headings ("# ", "## ") cannot start a tag: a tag's '#' follows a
  // blank or a line start and is followed by something else.
  const hash = MAY_HOLD_TAG.test(body);
  const colons = body.includes('::');
  if (!hash && !colons) return NO_INLINE_META;
  const written: string[] = [];
  const fields: InlineField[] = [];
  forEachProseLine(body, firstLine, (line, lineNo) => {
    if (hash) tagsInLine(line, written);
    if (colons) fieldsInLine(line, lineNo, fields);
  });
  return { tags: uniqueTags(written), fields };
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

/** Keys Kioku gives a value of its own (title, type, permalink, tags): inline fields never set them. */
const STANDARD = new Set(['title', 'type', 'permalink', 'tags', 'aliases', 'alias']);

export interface InlineValues {
  /** The inline fields that take part in filters and `fields`: a key written several times holds all its values as a list. */
  values: Frontmatter;
  /** Keys set both in the frontmatter and inline (the frontmatter wins). */
  clashes: string[];
}

export function inlineValues(fields: readonly InlineField[], frontmatter: Frontmatter): InlineValues {
  const byKey = new Map<string, FmValue[]>();
  const clashes: string[] = [];
  for (const f of fields) {
    if (Object.hasOwn(frontmatter, f.key)) {
      if (!clashes.includes(f.key)) clashes.push(f.key);
      continue;
    }
    if (STANDARD.has(f.key)) continue;
    const list = byKey.get(f.key) ?? [];
    list.push(...(Array.isArray(f.value) ? f.value : [f.value]));
    byKey.set(f.key, list);
  }
  const values: Frontmatter = {};
  for (const [k, list] of byKey) {
    const one = fields.filter((f) => f.key === k);
    values[k] = one.length === 1 ? one[0].value : list;
  }
  return { values, clashes };
}

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

export function readInlineMeta(body: string, firstLine = 1): InlineMeta {
  if (!inlineMetaReading.enabled) return NO_INLINE_META;
  // Most notes of most vaults have neither: skip the pass.
  const hash = body.includes('#');
  const colons = body.includes('::');
  if (!hash && !colons) return NO_INLINE_META;
  const written: string[] = [];
  const fields: InlineField[] = [];
  const visit = (line: string, lineNo: number, shown: string) => {
    if (hash) tagsInLine(line, written);
    if (colons) fieldsInLine(line, lineNo, fields, shown);
  };
  forEachInlineLine(body, firstLine, visit);
  return { tags: uniqueTags(written), fields };
}

/**
 * The prose lines that may hold a tag or a field. Without code or comment
 * markers every line is prose as written: only the lines holding a possible
 * tag or '::' are read.
 */
export function forEachInlineLine(body: string, firstLine: number, visit: (line: string, lineNo: number, shown: string) => void): void {
  if (mayHoldCodeOrComment(body)) forEachProseLine(body, firstLine, visit);
  else forEachCandidateLine(body, firstLine, (line, lineNo) => visit(line, lineNo, line));
}

/** A line indented four columns or more: it may be in an indented code block. */
const INDENTED = /(?:^|\n)(?: {0,3}\t| {4})/;

/** Whether the body may hold a fence, inline code, a comment, a $$ math block or an indented code block (the only things that make a line differ from its prose). */
function mayHoldCodeOrComment(body: string): boolean {
  return body.includes('`') || body.includes('~~~') || body.includes('%%') || body.includes('<!--') || body.includes('$$') || INDENTED.test(body);
}
const isBlank = (c: number) => c === 32 || c === 9 || c === 10 || c === 13 || c === 12 || c === 11 || c === 0xa0 || c === 0x3000;

/** Where a tag may start ('#' after a line start or blank, before neither a blank nor '#') or a field's '::' is. */
function candidates(body: string): number[] {
  const at: number[] = [];
  for (let i = body.indexOf('#'); i >= 0; i = body.indexOf('#', i + 1)) {
    if ((i === 0 || isBlank(body.charCodeAt(i - 1))) && i + 1 < body.length && !isBlank(body.charCodeAt(i + 1)) && body.charCodeAt(i + 1) !== 35) at.push(i);
  }
  for (let i = body.indexOf('::'); i >= 0; i = body.indexOf('::', i + 2)) at.push(i);
  return at.sort((a, b) => a - b);
}

/** The lines holding a possible tag start or `::`, each once, in order, with their numbers (CR dropped). */
export function forEachCandidateLine(body: string, firstLine: number, visit: (line: string, lineNo: number) => void): void {
  let lineNo = firstLine;
  let counted = 0;
  let done = -1;
  for (const at of candidates(body)) {
    if (at <= done) continue;
    const start = body.lastIndexOf('\n', at - 1) + 1;
    let end = body.indexOf('\n', at);
    if (end < 0) end = body.length;
    for (let i = body.indexOf('\n', counted); i >= 0 && i < start; i = body.indexOf('\n', i + 1)) lineNo++;
    counted = start;
    done = end;
    const line = body.slice(start, end);
    visit(line.charCodeAt(line.length - 1) === 13 ? line.slice(0, -1) : line, lineNo);
  }
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

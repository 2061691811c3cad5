// Snippets are cut from the original text (the FTS index holds normalised,
// bigram-split text), around the densest cluster of matched terms, with
// matches wrapped in markers the caller chooses.
import { normalizeText } from '../text/index-text';

export interface SnippetOptions {
  open?: string;
  close?: string;
  /** Approximate length of the snippet in characters. */
  length?: number;
}

/**
 * Terms are matched case- and width-insensitively. The body is normalised
 * per character so offsets in the normalised copy map back to the original.
 */
export function makeSnippet(text: string, terms: string[], opts: SnippetOptions = {}): string {
  const open = opts.open ?? '[';
  const close = opts.close ?? ']';
  const length = opts.length ?? 200;
  // Snippets come from the first 100k characters: enough for any real match cluster, bounded cost for huge notes.
  const plain = stripMarkdown(text.length > 100_000 ? text.slice(0, 100_000) : text);
  const { norm, map } = normalizeWithMap(plain);
  const needles = [...new Set(terms.map((t) => normalizeText(t).trim()).filter(Boolean))].sort((a, b) => b.length - a.length);

  const hits: { start: number; end: number }[] = [];
  for (const needle of needles) {
    let from = 0;
    for (let guard = 0; guard < 2000; guard++) {
      const i = norm.indexOf(needle, from);
      if (i < 0) break;
      hits.push({ start: map[i], end: map[i + needle.length] ?? plain.length });
      from = i + needle.length;
    }
  }
  hits.sort((a, b) => a.start - b.start);
  const merged: { start: number; end: number }[] = [];
  for (const h of hits) {
    const last = merged[merged.length - 1];
    if (last && h.start < last.end) last.end = Math.max(last.end, h.end);
    else merged.push({ ...h });
  }

  // Window with the most distinct hits.
  let bestStart = 0;
  if (merged.length) {
    let best = -1;
    for (let i = 0; i < merged.length; i++) {
      let count = 0;
      for (let j = i; j < merged.length && merged[j].end <= merged[i].start + length; j++) count++;
      if (count > best) {
        best = count;
        bestStart = merged[i].start;
      }
    }
    bestStart = Math.max(0, bestStart - Math.floor(length / 4));
  }
  let start = bestStart;
  let end = Math.min(plain.length, start + length);
  // Prefer word boundaries for space-separated scripts.
  if (start > 0) {
    const sp = plain.lastIndexOf(' ', start);
    if (sp >= 0 && start - sp < 20) start = sp + 1;
  }
  if (end < plain.length) {
    const sp = plain.indexOf(' ', end);
    if (sp >= 0 && sp - end < 20) end = sp;
  }
  let out = '';
  let pos = start;
  for (const h of merged) {
    if (h.end <= start || h.start >= end) continue;
    const s = Math.max(h.start, start);
    const e = Math.min(h.end, end);
    out += plain.slice(pos, s) + open + plain.slice(s, e) + close;
    pos = e;
  }
  out += plain.slice(pos, end);
  return (start > 0 ? '…' : '') + out.trim() + (end < plain.length ? '…' : '');
}

/** Markup that would only clutter a one-line snippet. */
export function stripMarkdown(text: string): string {
  return text
    .replace(/```[\s\S]*?```/g, ' ')
    .replace(/!\[\[([^\]]*)\]\]/g, '$1')
    .replace(/\[\[([^\]|#]*)(?:#[^\]|]*)?(?:\|([^\]]*))?\]\]/g, (_, t, a) => a ?? t)
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/^\s{0,3}#{1,6}\s+/gm, '')
    .replace(/[*_`>~]+/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** Normalises char by char, keeping for each output index its source index. */
function normalizeWithMap(s: string): { norm: string; map: number[] } {
  // Lower-casing ASCII never changes length, so offsets are the identity.
  if (/^[\x00-\x7f]*$/.test(s)) return { norm: s.toLowerCase(), map: Array.from({ length: s.length + 1 }, (_, i) => i) };
  let norm = '';
  const map: number[] = [];
  for (let i = 0; i < s.length; ) {
    const cp = s.codePointAt(i)!;
    const ch = String.fromCodePoint(cp);
    const n = normalizeText(ch);
    for (let k = 0; k < n.length; k++) map.push(i);
    norm += n;
    i += ch.length;
  }
  map.push(s.length);
  return { norm, map };
}

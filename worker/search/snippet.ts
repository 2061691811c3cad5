// Snippets are cut from the original body around the densest cluster of
// matched words, with matches wrapped in markers the caller chooses. Words
// are found in a normalised copy (NFKC, lower case: the same forms the index
// uses) and mapped back, so full-width, half-width and case variants are
// marked in the text as written. Cost is bounded for huge notes: the copy is
// made natively, and the character-by-character map only runs inside the
// chosen window.
import { CJK_RUN } from '../text/index-text';
import { porterStem } from '../text/porter';
import { NormalizedText, searchForm } from './normalized-text';
import { render } from './snippet-render';

export interface HighlightTerm {
  text: string;
  /** The last word was typed as a prefix (auth*): mark the whole word. */
  prefix: boolean;
}

export interface SnippetOptions {
  open?: string;
  close?: string;
  /** Approximate length of the snippet in characters. */
  length?: number;
  /** Return null instead of the text's start when no word matches (the caller then tries more text). */
  requireHit?: boolean;
  /** `text` is a window of a longer text: the whole text's length, and where the window starts in it (for the ellipses). */
  fullLength?: number;
  windowStart?: number;
  /** `text` is the start of a longer text: null when the snippet would reach its end (more text could change it). */
  within?: true;
  /** Set to what the chosen window's words weigh (bestWindow), for a caller comparing two snippets. */
  weighed?: { weight: number };
}

/** Matches further in are not looked for: enough for any real note, bounded cost for huge ones. */
export const SNIPPET_SCAN_CHARS = 200_000;

/**
 * How a snippet finds the words to show. `laterWindows`: how many windows
 * past the first a long note's snippet looks in when each held a word's
 * letters but not the word ("chang" in "changelog"; bounds the work for a
 * note full of them). `seenOnly`: the window is placed on matches the reader
 * sees (not inside a link's target, a URL or a tag) and marks every match it
 * shows. `cjkGaps`: a CJK word's first occurrence in a long note is also
 * found with a space inside it (hits.ts locatorPattern). `weighted`: a
 * window's words count by their rarity in the vault, and a long note is
 * looked at past its head for the query's rarest word (term-weights.ts).
 * `frontmatter`: a note whose frontmatter values show query words that
 * weigh more than its body's snippet shows them (frontmatter-snippet.ts).
 * `links`: a snippet marking no word shows the note's links with their
 * targets, when a target holds a query word (link-snippet.ts).
 * bench:snippets turns them off for the before side of its run.
 */
export const SNIPPET_PLAN = { laterWindows: 4, seenOnly: true, cjkGaps: true, weighted: true, frontmatter: true, links: true };
const MAX_HITS = 2000;

interface Span {
  start: number;
  end: number;
  term: number;
}

/** The terms of one query compiled once, for every snippet of its page. */
export interface Highlighter {
  re: RegExp | null;
  /** Regex group (from 1) → term index, and the compiled term. */
  termOf: number[];
  patterns: TermPattern[];
  /**
   * stemsAgree() answers by term and matched text, remembered for the page:
   * a note repeats its words, and the same words recur across the page's
   * snippets (Porter stems were a third of finding hits).
   */
  agrees?: Map<string, boolean>[];
  /** By term index: how much a term tells (term-weights.ts); unset, every term counts 1. */
  weights?: number[];
  /** Each pattern alone, whole: made when a match is taken by a pattern whose stems disagree (otherAgreeing). */
  whole?: RegExp[];
}

export function highlighter(terms: readonly HighlightTerm[]): Highlighter {
  const sources: { p: TermPattern; i: number }[] = [];
  terms.forEach((t, i) => {
    const p = termPattern(t);
    if (p) sources.push({ p, i });
  });
  if (!sources.length) return { re: null, termOf: [], patterns: [] };
  // Longest alternatives first so phrases win over their words.
  sources.sort((a, b) => b.p.source.length - a.p.source.length);
  return {
    re: new RegExp(sources.map((o) => `(${o.p.source})`).join('|'), 'g'),
    termOf: sources.map((o) => o.i),
    patterns: sources.map((o) => o.p),
    agrees: sources.map(() => new Map()),
  };
}

export function makeSnippet(text: string, terms: readonly HighlightTerm[] | Highlighter, opts: SnippetOptions & ({ requireHit: true } | { within: true })): string | null;
export function makeSnippet(text: string, terms: readonly HighlightTerm[] | Highlighter, opts?: SnippetOptions): string;
export function makeSnippet(text: string, terms: readonly HighlightTerm[] | Highlighter, opts: SnippetOptions = {}): string | null {
  const open = opts.open ?? '[';
  const close = opts.close ?? ']';
  const length = opts.length ?? 200;
  const raw = text.length > SNIPPET_SCAN_CHARS ? text.slice(0, SNIPPET_SCAN_CHARS) : text;
  const norm = new NormalizedText(raw);
  // Obsidian hides %%comments%% when reading: a snippet neither shows them nor is placed on a match inside one.
  const comments = commentSpans(norm.text);
  const hl = 're' in terms ? terms : highlighter(terms);
  let hits = findHits(norm.text, hl).filter((h) => !comments.some((c) => h.start >= c.start && h.start < c.end));
  if (!hits.length && opts.requireHit) return null;
  for (let round = 0; ; round++) {
    const window = bestWindow(hits, length, norm.text.length, hl.weights);
    // Back to the original text, with room for markup that stripping removes.
    let start = norm.toRaw(window.start);
    let end = Math.min(raw.length, norm.toRaw(window.end) + Math.floor(length / 4));
    start = wordStart(raw, start);
    // Only markup before it (quote marks, a heading's #, a list marker): the snippet starts at the
    // text's start, without "…" (a UI trial saw "…Anemometer ANEMOMETER" for a note opening "# Anemometer").
    if (start > 0 && start < 40 && /^[\s>#*+-]*$/.test(raw.slice(0, start))) start = 0;
    end = wordEnd(raw, end);
    if (opts.within && end >= raw.length) return null;
    // Every match the snippet shows is marked, also past the window (dropped markup leaves room for more text).
    const rawHits = hits
      .filter((h) => h.end > window.start && h.start < window.end + (SNIPPET_PLAN.seenOnly ? 2 * length : 0))
      .map((h) => ({ start: norm.toRaw(h.start), end: norm.toRaw(h.end), span: h }))
      .filter((h) => h.start < end);
    // The slice ends after a match it cuts (Japanese has no spaces to end on): "ネ" alone was marked.
    for (const h of rawHits) if (h.end > end) end = h.end;
    const hidden = comments
      .filter((c) => c.end > window.start - length && c.start < window.end + 2 * length)
      .map((c) => ({ start: norm.toRaw(c.start), end: norm.toRaw(c.end) }));
    const { text: out, cut, concealed } = render(raw, start, end, rawHits, open, close, length, hidden, SNIPPET_PLAN.seenOnly);
    // Matches inside markup the snippet drops (a link's target, a URL, a tag) are never seen:
    // the window goes where the others are, or to the text's start if there are none.
    if (concealed.length && round < MAX_PLACINGS && SNIPPET_PLAN.seenOnly) {
      const gone = new Set(concealed.map((k) => rawHits[k].span));
      hits = hits.filter((h) => !gone.has(h));
      if (!hits.length && opts.requireHit) return null;
      continue;
    }
    const before = start > 0 || (opts.windowStart ?? 0) > 0;
    const after = cut || (opts.windowStart ?? 0) + end < Math.max(text.length, opts.fullLength ?? 0);
    if (opts.weighed) opts.weighed.weight = window.weight;
    return (before ? '…' : '') + out + (after ? '…' : '');
  }
}

/** How many times a snippet's window is moved off matches hidden in markup (each try renders about 250 characters). */
const MAX_PLACINGS = 8;

const COMMENT = /%%[\s\S]*?(?:%%|$)/g;

/** The %%comment%% spans of the text (an unclosed one runs to the end, as in Obsidian). */
function commentSpans(text: string): { start: number; end: number }[] {
  if (!text.includes('%%')) return [];
  return [...text.matchAll(COMMENT)].map((m) => ({ start: m.index!, end: m.index! + m[0].length }));
}

function escapeRegex(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * Word characters for the per-query regex, as explicit ranges: letters,
 * digits and marks of the scripts notes are written in (surrogates count, so
 * astral letters do). Unicode property classes (\p{L}) would be exact but
 * cost V8 about 3 ms to compile per new query; these cost 0.1 ms. The
 * text is already NFKC and lower case, so full-width forms need no ranges.
 */
const WORD_CHARS =
  '0-9A-Za-z\\u00aa\\u00b5\\u00ba\\u00c0-\\u00d6\\u00d8-\\u00f6\\u00f8-\\u1fff\\u2070-\\u209f\\u2c00-\\u2dff' +
  '\\u3005-\\u3007\\u3021-\\u302f\\u3031-\\u3035\\u3038-\\u303c\\u3040-\\u30fa\\u30fc-\\u9fff\\ua000-\\ud7ff' +
  '\\ud800-\\udfff\\uf900-\\ufdff\\ufe70-\\ufefe\\uff66-\\uffdc';
/**
 * WORD_CHARS without Han, kana and Hangul. The index splits scripts
 * ("Keepからノート" is `keep` and the kana's bigrams), so a Latin word ends
 * where CJK text begins: marking "keep" must not mark "Keepからノートを…"
 * whole, and "OAuth" in "認証OAuth" is a word of its own.
 */
const LATIN_WORD_CHARS =
  '0-9A-Za-z\\u00aa\\u00b5\\u00ba\\u00c0-\\u00d6\\u00d8-\\u00f6\\u00f8-\\u1fff\\u2070-\\u209f\\u2c00-\\u2dff' +
  '\\ua000-\\uabff\\ud800-\\udfff\\ufb00-\\ufdff\\ufe70-\\ufefe';
const SEP = `[^${WORD_CHARS}]`;
const WORD_REST = `[${LATIN_WORD_CHARS}]*`;
const NOT_AFTER_WORD = `(?<![${LATIN_WORD_CHARS}])`;
const LATIN_WORDS = /[^\p{L}\p{N}\p{M}]+/u;

/** A term compiled for the snippet regex, with what a match must satisfy. */
interface TermPattern {
  source: string;
  /** Porter stems of its Latin words, in order: a match's words must stem the same. */
  stems: string[];
  /** The last word was a prefix: its stem need only start with the query's. */
  prefix: boolean;
}

function commonPrefix(a: string, b: string): string {
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  return a.slice(0, i);
}

/**
 * One regex per term: its words in order, separated as the tokenizer would
 * allow. Latin words match any word sharing their stem's leading letters
 * ("model" finds modelling); the stem check after matching keeps only true
 * inflections, as the porter index matched them.
 */
function termPattern(term: HighlightTerm): TermPattern | null {
  const n = searchForm(term.text);
  const pieces: { text: string; cjk: boolean }[] = [];
  let last = 0;
  const latin = (s: string) => {
    for (const w of s.split(LATIN_WORDS)) if (w) pieces.push({ text: w, cjk: false });
  };
  for (const m of n.matchAll(CJK_RUN)) {
    latin(n.slice(last, m.index));
    pieces.push({ text: m[0], cjk: true });
    last = m.index! + m[0].length;
  }
  latin(n.slice(last));
  if (!pieces.length) return null;
  const stems: string[] = [];
  let src = '';
  pieces.forEach((p, i) => {
    if (i > 0) src += pieces[i - 1].cjk || p.cjk ? `${SEP}*` : `${SEP}+`;
    if (p.cjk) {
      // Documents may put a space inside a compound ("マスター プラン").
      src += Array.from(p.text).map(escapeRegex).join('[ \\u3000]?');
      return;
    }
    const stem = porterStem(p.text);
    stems.push(stem);
    src += `${NOT_AFTER_WORD}${escapeRegex(commonPrefix(p.text, stem) || p.text)}${WORD_REST}`;
  });
  return { source: src, stems, prefix: term.prefix };
}

/** Whether the Latin words of a match stem like the term's. */
function stemsAgree(match: string, t: TermPattern): boolean {
  if (!t.stems.length) return true;
  const words = match.replace(CJK_RUN, ' ').split(LATIN_WORDS).filter(Boolean);
  if (words.length !== t.stems.length) return false;
  return words.every((w, i) => {
    const s = porterStem(w);
    return t.prefix && i === words.length - 1 ? s.startsWith(t.stems[i]) || w.startsWith(t.stems[i]) : s === t.stems[i];
  });
}

/** stemsAgree() for pattern i, through the highlighter's memory (bounded: a huge note's distinct words could be many). */
function agreeing(hl: Highlighter, i: number, match: string): boolean {
  const memory = hl.agrees?.[i];
  if (!memory) return stemsAgree(match, hl.patterns[i]);
  let ok = memory.get(match);
  if (ok === undefined) {
    ok = stemsAgree(match, hl.patterns[i]);
    if (memory.size >= 4096) memory.clear();
    memory.set(match, ok);
  }
  return ok;
}

/**
 * Another pattern that matches the same text and agrees on its stems, or -1.
 * The alternation takes the first pattern that matches: "Embed" is taken by
 * embedded's pattern (embed…), whose stem it does not share, and would go
 * unmarked though the query's `embed` is there too.
 */
function otherAgreeing(hl: Highlighter, taken: number, match: string): number {
  if (hl.patterns.length < 2) return -1;
  hl.whole ??= hl.patterns.map((p) => new RegExp(`^(?:${p.source})$`));
  for (let k = 0; k < hl.patterns.length; k++) {
    if (k !== taken && hl.whole[k].test(match) && agreeing(hl, k, match)) return k;
  }
  return -1;
}

/** Every match of the highlighter's terms in a normalised text (searchForm), at most MAX_HITS, in order. */
export function findHits(norm: string, hl: Highlighter): Span[] {
  if (!hl.re) return [];
  const hits: Span[] = [];
  for (const m of norm.matchAll(hl.re)) {
    if (m[0].length === 0) continue;
    let g = 1;
    while (m[g] === undefined) g++;
    const k = agreeing(hl, g - 1, m[0]) ? g - 1 : otherAgreeing(hl, g - 1, m[0]);
    if (k < 0) continue;
    hits.push({ start: m.index!, end: m.index! + m[0].length, term: hl.termOf[k] });
    if (hits.length >= MAX_HITS) break;
  }
  return hits;
}

/**
 * The window of `length` characters whose distinct terms weigh most (each
 * counts 1 without weights), then with the most hits; `weight` is that sum.
 */
function bestWindow(hits: Span[], length: number, textLength: number, weights?: number[]): { start: number; end: number; weight: number } {
  if (!hits.length) return { start: 0, end: Math.min(textLength, length), weight: 0 };
  const w = (t: number) => (weights && SNIPPET_PLAN.weighted ? weights[t] ?? 1 : 1);
  let all = 0;
  for (const t of new Set(hits.map((h) => h.term))) all += w(t);
  let best = { weight: -1, count: -1, first: 0 };
  for (let i = 0; i < hits.length; i++) {
    const seen = new Set<number>();
    let count = 0;
    let weight = 0;
    for (let j = i; j < hits.length && hits[j].end <= hits[i].start + length; j++) {
      if (!seen.has(hits[j].term)) weight += w(hits[j].term);
      seen.add(hits[j].term);
      count++;
    }
    if (weight > best.weight + 1e-9 || (Math.abs(weight - best.weight) <= 1e-9 && count > best.count)) best = { weight, count, first: i };
    // Every term already in one window: later windows cannot weigh more.
    if (best.weight >= all - 1e-9 && i > best.first + 50) break;
  }
  const first = hits[best.first].start;
  const start = Math.max(0, first - Math.floor(length / 4));
  return { start, end: Math.min(textLength, start + length), weight: best.weight };
}


/** Snippets start at a word boundary for space-separated scripts. */
function wordStart(raw: string, i: number): number {
  if (i <= 0) return 0;
  const sp = raw.lastIndexOf(' ', i);
  return sp >= 0 && i - sp < 20 ? sp + 1 : i;
}

function wordEnd(raw: string, i: number): number {
  if (i >= raw.length) return raw.length;
  const sp = raw.indexOf(' ', i);
  return sp >= 0 && sp - i < 20 ? sp : i;
}

/**
 * Strings to find a term's first occurrence in a long body, ASCII letters in
 * either case (hits.ts locateInBody): the stem's leading letters of each Latin word, or
 * the CJK text itself. A locator only narrows where to look; the snippet
 * regex decides what is a match.
 */
export function locators(terms: readonly HighlightTerm[]): string[] {
  const out = new Set<string>();
  for (const t of terms) {
    const n = searchForm(t.text);
    const cjk = n.match(CJK_RUN);
    if (cjk) {
      out.add(cjk.sort((a, b) => b.length - a.length)[0]);
      continue;
    }
    const words = n.split(LATIN_WORDS).filter((w) => /^[a-z0-9]+$/.test(w));
    const longest = words.sort((a, b) => b.length - a.length)[0];
    if (longest) out.add(commonPrefix(longest, porterStem(longest)) || longest);
  }
  return [...out].slice(0, 8);
}

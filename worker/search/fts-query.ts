// Parsed query → FTS5 expressions. Every leaf becomes one quoted FTS5 string
// (maybe with a trailing *), built from index tokens that contain only
// letters, digits and marks, so no user input can be an FTS5 syntax error.
import { CJK_SPACED_RUN, cjkQueryTokens, hasCjk, normalizeText } from '../text/index-text';
import { katakanaSpelling, okuriganaStem, segmentWords, type Segmented } from '../text/segment';
import { otherInflection } from '../text/inflection';
import type { Clause, Leaf, ParsedQuery } from './query-syntax';

/** How leaves become FTS5 strings; the eval swaps it to compare tokenisations. */
export interface Analyzer {
  /** The FTS5 expression for a leaf, or null when it has no searchable tokens. */
  leaf(leaf: Leaf): string | null;
  /** The separate words inside one plain word (Japanese typed without spaces holds several). */
  words(text: string): Segmented;
}

/** How many notes hold each MATCH expression, counted up to `cap`. */
export interface TermCounts {
  cap: number;
  of: ReadonlyMap<string, number>;
}

export interface CompiledQuery {
  /** Must all match: quoted phrases. */
  required: string[];
  /** Optional clauses: plain words and OR groups; ranking prefers notes with more of them. */
  optional: string[];
  /** Notes matching any of these are left out. */
  excluded: string[];
  /** Scored, never required: a Japanese run as typed (rewarding notes that have it verbatim) and its hiragana words. */
  boost: string[];
  /** What snippets highlight. */
  highlight: { text: string; prefix: boolean }[];
  /**
   * Excluded words the query also asks for (`canvas -canvas`), as typed: the
   * exclusion holds, so no note holding them can match; the search's notice
   * names them (worker/tools/search.ts).
   */
  contradicted?: string[];
  /** How many notes hold each optional clause, counted up to `cap`, where the text ranking counted them; snippets weigh words by it (term-weights.ts). */
  counts?: TermCounts;
}

const WORD_SPLIT = /[^\p{L}\p{N}\p{M}]+/u;

/**
 * The index tokens of a piece of query text, in order, and whether the last
 * one must be matched as a prefix (a lone CJK character).
 */
export function queryTokens(text: string): { tokens: string[]; prefix: boolean } {
  const norm = normalizeText(text);
  const tokens: string[] = [];
  let prefix = false;
  let last = 0;
  const words = (s: string) => {
    let any = false;
    for (const t of s.split(WORD_SPLIT)) {
      if (t) {
        tokens.push(t);
        any = true;
      }
    }
    return any;
  };
  for (const m of norm.matchAll(CJK_SPACED_RUN)) {
    if (words(norm.slice(last, m.index))) prefix = false;
    const q = cjkQueryTokens(m[0]);
    tokens.push(...q.tokens);
    prefix = q.prefix;
    last = m.index! + m[0].length;
  }
  if (words(norm.slice(last))) prefix = false;
  return { tokens, prefix };
}

export function quotePhrase(tokens: string[], prefix: boolean): string {
  return `"${tokens.join(' ').replace(/"/g, '""')}"${prefix ? '*' : ''}`;
}

/** The production analyzer: unicode61 words, CJK bigrams (worker/text/index-text.ts). */
export const bigramAnalyzer: Analyzer = {
  leaf(leaf) {
    const { tokens, prefix } = queryTokens(leaf.text);
    if (!tokens.length) return null;
    return quotePhrase(tokens, prefix || leaf.prefix);
  },
  words(text) {
    return hasCjk(text) ? segmentWords(text) : { words: [text], soft: [] };
  },
};

export function compileQuery(q: ParsedQuery, analyzer: Analyzer = bigramAnalyzer): CompiledQuery {
  const out: CompiledQuery = { required: [], optional: [], excluded: [], boost: [], highlight: [] };
  // Included and excluded expressions are deduplicated apart: an exclusion equal to an inclusion is a contradiction to apply and say, not a repeat to drop.
  const seen = new Set<string>();
  const seenExcluded = new Set<string>();
  const add = (list: string[], expr: string | null) => {
    const set = list === out.excluded ? seenExcluded : seen;
    if (expr === null || set.has(expr)) return false;
    set.add(expr);
    list.push(expr);
    return true;
  };
  const excludedAs = new Map<string, string>();
  for (const c of q.clauses) {
    if (c.kind === 'not') {
      const expr = excludedExpression(c.leaf, analyzer);
      if (expr !== null && add(out.excluded, expr)) excludedAs.set(expr, c.leaf.text);
    } else compileClause(c, analyzer, out, add);
  }
  const positive = new Set([...out.required, ...out.optional]);
  for (const c of q.clauses) if (c.kind === 'any') for (const l of c.leaves) positive.add(analyzer.leaf(l) ?? '');
  const contradicted = [...excludedAs].filter(([expr]) => positive.has(expr)).map(([, text]) => text);
  if (contradicted.length) out.contradicted = contradicted;
  return out;
}

/**
 * The FTS5 expression of one plain word as an inclusion matches it: each of
 * its words (Japanese typed without spaces holds several) by its okurigana
 * stem, or its katakana spelling, or its other English inflection. Null when it has no searchable tokens.
 */
function wordExpression(analyzer: Analyzer, typed: string, prefix: boolean): { expr: string | null; stem: string; other: string | null } {
  const w = okuriganaStem(typed) ?? typed;
  const leaf: Leaf = { text: w, quoted: false, prefix };
  // Another spelling of the same word: katakana for hiragana, or an English inflection Porter stems apart (embed, embedded).
  const other = katakanaSpelling(w) ?? (prefix ? null : otherInflection(w));
  const alt = other === null ? null : analyzer.leaf({ ...leaf, text: other });
  const expr = analyzer.leaf(leaf);
  return { expr: alt && expr ? `(${expr} OR ${alt})` : expr, stem: w, other: alt ? other : null };
}

/**
 * What an excluded leaf leaves out: every note the same text would find as
 * an inclusion (same segmentation, okurigana stems, katakana spellings), so
 * `-埋め込み` leaves out the note with 埋め込まれた that `埋め込み` finds. A
 * run of several words leaves out the notes holding all of them; a quoted
 * phrase, the notes holding the phrase.
 */
function excludedExpression(leaf: Leaf, analyzer: Analyzer): string | null {
  if (leaf.quoted) return analyzer.leaf(leaf);
  const { words } = analyzer.words(leaf.text);
  const parts = words.map((typed, i) => wordExpression(analyzer, typed, leaf.prefix && i === words.length - 1).expr).filter((e): e is string => e !== null);
  if (!parts.length) return analyzer.leaf(leaf);
  return parts.length === 1 ? parts[0] : `(${parts.join(' AND ')})`;
}

function compileClause(c: Exclude<Clause, { kind: 'not' }>, analyzer: Analyzer, out: CompiledQuery, add: (list: string[], expr: string | null) => boolean): void {
  switch (c.kind) {
    case 'phrase':
      if (add(out.required, analyzer.leaf(c.leaf))) out.highlight.push({ text: c.leaf.text, prefix: c.leaf.prefix });
      return;
    case 'any': {
      const parts = c.leaves.map((l) => analyzer.leaf(l)).filter((e): e is string => e !== null);
      if (!parts.length) return;
      if (add(out.optional, parts.length === 1 ? parts[0] : `(${parts.join(' OR ')})`)) {
        for (const l of c.leaves) out.highlight.push({ text: l.text, prefix: l.prefix });
      }
      return;
    }
    case 'word': {
      const { words, soft } = analyzer.words(c.leaf.text);
      // The run as typed is highlighted too: where a note holds it whole, it is one match, not its pieces.
      if (words.length + soft.length > 1 && add(out.boost, analyzer.leaf(c.leaf))) out.highlight.push({ text: c.leaf.text, prefix: c.leaf.prefix });
      for (const w of soft) {
        if (add(out.boost, analyzer.leaf({ text: w, quoted: false, prefix: false }))) out.highlight.push({ text: w, prefix: false });
      }
      words.forEach((typed, i) => {
        const prefix = c.leaf.prefix && i === words.length - 1;
        const { expr, stem, other } = wordExpression(analyzer, typed, prefix);
        if (!add(out.optional, expr)) return;
        // A stem is marked in every form; the word as typed, where the note has it, whole.
        if (stem !== typed) out.highlight.push({ text: typed, prefix });
        out.highlight.push({ text: stem, prefix });
        if (other) out.highlight.push({ text: other, prefix });
      });
    }
  }
}

/**
 * The MATCH expression selecting candidates: every required phrase, and at
 * least one optional clause when there are any (the optional and boost
 * expressions are kept inside the OR so that bm25() scores them). With
 * `selectBy`, only those optional clauses select (common words then score
 * without matching on their own). Null when nothing positive was asked for.
 */
export function matchExpression(c: CompiledQuery, opts: { allOptional?: boolean; selectBy?: string[] } = {}): string | null {
  if (opts.allOptional) {
    const all = [...c.required, ...c.optional];
    return all.length ? all.join(' AND ') : null;
  }
  const scored = [...c.optional, ...c.boost];
  if (opts.selectBy?.length && opts.selectBy.length < c.optional.length) {
    return [...c.required, `(${opts.selectBy.join(' OR ')})`, `(${scored.join(' OR ')})`].join(' AND ');
  }
  if (!c.required.length) return scored.length ? scored.join(' OR ') : null;
  if (!scored.length) return c.required.join(' AND ');
  // "r1 AND (o1 OR o2 OR r1)" selects what r1 does while bm25 sees o1, o2.
  return `${c.required.join(' AND ')} AND (${[...scored, c.required[0]].join(' OR ')})`;
}

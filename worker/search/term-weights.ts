// How much each marked word of a query tells about a note: the rarer in the
// vault, the more (the inverse document frequency BM25 weighs words by). A
// snippet shows the window whose words weigh most, not the one with most
// words ("変更 する" in a note's first lines over "フォントサイズ" further on),
// and a long note whose first 4,000 characters lack the query's rarest word
// is looked at past them (hits.ts).
import type { Db } from '../db/database';
import { cappedCounts, entriesEstimate } from './common-words';
import { bigramAnalyzer, type TermCounts } from './fts-query';
import type { HighlightTerm } from './snippet';

/** Counting stops here: a word held by more notes than this weighs the least (bounds the cost of a common word). */
const COUNT_CAP = 500;

export interface TermWeights {
  /** By term index; 0 for a term no note holds (a Japanese query's whole run, say). */
  weights: number[];
  /** The index of the rarest term some note holds, and its MATCH expression; null when no term stands out. */
  rarest: { term: number; expr: string } | null;
}

/**
 * The terms' weights, ln(1 + notes / notes holding it), from one capped
 * count per term. Null for fewer than two terms (nothing to choose between)
 * or if counting fails (the snippet then weighs every word alike).
 */
export function termWeights(db: Db, terms: readonly HighlightTerm[], known?: TermCounts): TermWeights | null {
  if (terms.length < 2) return null;
  const exprs = terms.map((t) => bigramAnalyzer.leaf({ text: t.text, quoted: true, prefix: t.prefix }));
  if (exprs.filter((e) => e !== null).length < 2) return null;
  try {
    // The text ranking counted most words already: the rest are counted to the same cap, so all compare alike.
    const cap = Math.min(COUNT_CAP, known?.cap ?? COUNT_CAP);
    const asked = exprs.filter((e): e is string => e !== null && !known?.of.has(e));
    const counted = new Map<string, number>();
    cappedCounts(db, asked, cap, true).forEach((c, i) => counted.set(asked[i], c));
    const n = entriesEstimate(db);
    const weights = exprs.map((e) => {
      if (e === null) return 0;
      const c = Math.min(cap, known?.of.get(e) ?? counted.get(e) ?? 0);
      return c > 0 ? Math.log(1 + n / c) : 0;
    });
    let top = -1;
    weights.forEach((w, i) => {
      if (w > 0 && (top < 0 || w > weights[top])) top = i;
    });
    // The rarest term is chased only when it is rarer than every other word marked.
    const standsOut = top >= 0 && weights.every((w, i) => i === top || w < weights[top]);
    return { weights, rarest: standsOut ? { term: top, expr: exprs[top]! } : null };
  } catch {
    return null;
  }
}

/** Which of the page's notes hold the rarest term (one statement for the page). */
export function notesHolding(db: Db, expr: string, ids: readonly number[]): Set<number> {
  if (!ids.length) return new Set();
  try {
    return new Set(db.column<number>(`SELECT rowid FROM fts WHERE fts MATCH ? AND rowid IN (${ids.map(() => '?').join(',')})`, [expr, ...ids]));
  } catch {
    return new Set();
  }
}

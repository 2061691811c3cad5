// The fuzzy option of search (Omnisearch's habit): words one or two edits
// from a query word match too, ranked after every exact match. The exact
// query runs as ever; the fuzzy-only notes come from a second query made of
// the near words, leaving out every note the exact query matched (one that
// holds a query word), so the two lists never share a note and paging runs
// across both.
import type { Db } from '../db/database';
import { normalizeText } from '../text/index-text';
import { porterStem } from '../text/porter';
import { isStopWord } from '../text/stop-words';
import type { ModeResult, ModeRunner, ModeRequest } from './mode';
import type { Clause, Leaf, ParsedQuery } from './query-syntax';
import { QUERY_BOUNDS } from './query-syntax';
import { correctable, hasStem, nearestWord, nearStems } from './typos';

export interface FuzzyPlan {
  /** The query of the fuzzy-only notes; null when no word has a near word in the vault. */
  query: ParsedQuery | null;
  /** What the bound on fuzzy words left out, for the answer's notice. */
  bounded?: string;
}

/** The query of the fuzzy-only notes, near words looked up for at most QUERY_BOUNDS.maxFuzzyWords words. */
export function fuzzyQuery(db: Db, q: ParsedQuery): FuzzyPlan {
  const near: Leaf[] = [];
  const keep: Clause[] = [];
  const without: Clause[] = [];
  const skipped: string[] = [];
  let looked = 0;
  for (const c of q.clauses) {
    if (c.kind === 'word') {
      const w = normalizeText(c.leaf.text);
      if (!c.leaf.prefix && correctable(w)) {
        if (QUERY_BOUNDS.enabled && ++looked > QUERY_BOUNDS.maxFuzzyWords) skipped.push(c.leaf.text);
        // A stem the index tokenizer would stem again differently cannot be asked for as written.
        else {
          for (const v of nearStems(db, w)) if (porterStem(v.stem) === v.stem) near.push({ text: v.stem, quoted: false, prefix: false });
          // A word the vault does not hold also matches the word "did you mean" offers for it: Porter can stem a
          // typo two edits from its word's stem ("hotkyes": hotky, "hotkeys": hotkei).
          const meant = hasStem(db, porterStem(w)) ? null : nearestWord(db, w);
          const stem = meant ? porterStem(normalizeText(meant)) : null;
          if (stem && porterStem(stem) === stem && !near.some((l) => l.text === stem)) near.push({ text: stem, quoted: false, prefix: false });
        }
      }
      // A stop word is in nearly every note: leaving those out would leave nothing.
      if (!isStopWord(w)) without.push({ kind: 'not', leaf: c.leaf });
    } else if (c.kind === 'any') {
      for (const leaf of c.leaves) without.push({ kind: 'not', leaf });
    } else {
      keep.push(c); // required phrases and -words hold for fuzzy matches too
    }
  }
  const list = skipped.slice(0, 5).join(' ') + (skipped.length > 5 ? ' …' : '');
  const bounded = skipped.length
    ? `Fuzzy matching looks for near words of at most ${QUERY_BOUNDS.maxFuzzyWords} words of a query, so ${list} ${skipped.length === 1 ? 'was' : 'were'} matched only as written. Put the words that may be misspelt first, or search with fewer words.`
    : undefined;
  if (!near.length) return { query: null, bounded };
  return { query: { clauses: [...keep, { kind: 'any', leaves: near }, ...without], truncated: q.truncated }, bounded };
}

/**
 * The exact page, then fuzzy-only notes filling the rest of it: their ids in
 * `fuzzyIds`, the near words added to what snippets mark.
 */
export async function withFuzzy(run: ModeRunner, req: ModeRequest, exact: ModeResult): Promise<ModeResult & { fuzzyIds: Set<number>; fuzzyBounded?: string }> {
  const { query: fq, bounded } = fuzzyQuery(req.db, req.query);
  const fuzzyBounded = bounded ? { fuzzyBounded: bounded } : {};
  if (!fq) return { ...exact, fuzzyIds: new Set(), ...fuzzyBounded };
  const { offset, limit } = req.window;
  const fill = Math.max(0, offset + limit - Math.max(exact.total, offset));
  const more = await run({ ...req, query: fq, window: { offset: Math.max(0, offset - exact.total), limit: Math.max(1, fill) } });
  // A fuzzy hit does not hold the query's words as typed: its text score (0 to 2) is halved, below 1, in order (shown-score.ts).
  const rows = more.rows.slice(0, fill).map((r) => ({ ...r, score: r.score / 2 }));
  return {
    ...exact,
    rows: [...exact.rows, ...rows],
    total: exact.total + more.total,
    totalIsExact: exact.totalIsExact && more.totalIsExact,
    relaxed: exact.total ? exact.relaxed : more.relaxed,
    highlight: [...exact.highlight, ...more.highlight],
    // The fuzzy query stopped at its own time budget: the answer is partial too.
    ...(more.extra?.partial && !exact.extra?.partial ? { extra: { ...exact.extra, partial: true } } : {}),
    fuzzyIds: new Set(rows.map((r) => r.id)),
    ...fuzzyBounded,
  };
}

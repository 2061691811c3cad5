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
import { correctable, nearStems } from './typos';

/** The query of the fuzzy-only notes, or null when no word has a near word in the vault. */
export function fuzzyQuery(db: Db, q: ParsedQuery): ParsedQuery | null {
  const near: Leaf[] = [];
  const keep: Clause[] = [];
  const without: Clause[] = [];
  for (const c of q.clauses) {
    if (c.kind === 'word') {
      const w = normalizeText(c.leaf.text);
      if (!c.leaf.prefix && correctable(w)) {
        // A stem the index tokenizer would stem again differently cannot be asked for as written.
        for (const v of nearStems(db, w)) if (porterStem(v.stem) === v.stem) near.push({ text: v.stem, quoted: false, prefix: false });
      }
      // A stop word is in nearly every note: leaving those out would leave nothing.
      if (!isStopWord(w)) without.push({ kind: 'not', leaf: c.leaf });
    } else if (c.kind === 'any') {
      for (const leaf of c.leaves) without.push({ kind: 'not', leaf });
    } else {
      keep.push(c); // required phrases and -words hold for fuzzy matches too
    }
  }
  if (!near.length) return null;
  return { clauses: [...keep, { kind: 'any', leaves: near }, ...without], truncated: q.truncated };
}

/**
 * The exact page, then fuzzy-only notes filling the rest of it: their ids in
 * `fuzzyIds`, the near words added to what snippets mark.
 */
export async function withFuzzy(run: ModeRunner, req: ModeRequest, exact: ModeResult): Promise<ModeResult & { fuzzyIds: Set<number> }> {
  const fq = fuzzyQuery(req.db, req.query);
  if (!fq) return { ...exact, fuzzyIds: new Set() };
  const { offset, limit } = req.window;
  const fill = Math.max(0, offset + limit - Math.max(exact.total, offset));
  const more = await run({ ...req, query: fq, window: { offset: Math.max(0, offset - exact.total), limit: Math.max(1, fill) } });
  const rows = more.rows.slice(0, fill);
  return {
    ...exact,
    rows: [...exact.rows, ...rows],
    total: exact.total + more.total,
    totalIsExact: exact.totalIsExact && more.totalIsExact,
    relaxed: exact.total ? exact.relaxed : more.relaxed,
    highlight: [...exact.highlight, ...more.highlight],
    fuzzyIds: new Set(rows.map((r) => r.id)),
  };
}

// Pseudo-relevance feedback, measured for issue 16 (lead-text.ts), not used
// by the engine: the words that the openings of the first pass's top notes
// share, rarest first, re-score the first pass's top 200 through fts_lead.
import type { Db } from '../../worker/db/database';
import { parseQuery } from '../../worker/search/query-syntax';
import { searchText } from '../../worker/search/text';
import { indexText } from '../../worker/text/index-text';
import { leadText, SENTENCE_LEAD_SHAPE } from '../../worker/text/opening';
import { porterStem } from '../../worker/text/porter';
import { isStopWord } from '../../worker/text/stop-words';

const TOP_NOTES = 3;
const WORDS = 5;
const FEEDBACK_WEIGHT = 0.1;
const DEPTH = 200;

const wordsOf = (s: string) => indexText(s).toLowerCase().split(/[^\p{L}\p{N}]+/u).filter(Boolean);

/** Entry ids, best first: the first pass re-ranked by its rank plus the feedback words' BM25 in each opening. */
export function expandedRanking(db: Db, query: string, leadWeight: number): number[] {
  const first = searchText(db, { sql: '1', params: [] }, parseQuery(query), { offset: 0, limit: DEPTH }, { leadWeight }).rows.map((r) => r.id);
  if (first.length < 2) return first;
  const asked = new Set(wordsOf(query).map(porterStem));
  const shared = new Map<string, number>();
  for (const id of first.slice(0, TOP_NOTES)) {
    const body = db.get<{ body: string | null }>('SELECT substr(body, 1, 4000) AS body FROM contents WHERE entry_id = ?', [id])?.body ?? '';
    for (const w of new Set(wordsOf(leadText(body, SENTENCE_LEAD_SHAPE)))) {
      if (w.length < 3 || /\d/.test(w) || isStopWord(w) || asked.has(porterStem(w))) continue;
      shared.set(w, (shared.get(w) ?? 0) + 1);
    }
  }
  const notes = db.get<{ n: number }>('SELECT count(*) AS n FROM entries')!.n;
  const picked = [...shared]
    .map(([w, f]) => ({ w, score: f * Math.log(notes / (1 + db.get<{ n: number }>('SELECT count(*) AS n FROM fts_lead WHERE fts_lead MATCH ?', [`"${w}"`])!.n)) }))
    .filter((x) => x.score > 0)
    .sort((a, b) => b.score - a.score)
    .slice(0, WORDS);
  if (!picked.length) return first;
  const extra = new Map(db.all<{ id: number; s: number }>('SELECT rowid AS id, -bm25(fts_lead) AS s FROM fts_lead WHERE fts_lead MATCH ?', [picked.map((x) => `"${x.w}"`).join(' OR ')]).map((r) => [r.id, r.s]));
  // The first pass's order as a score (its BM25 is not returned on one scale), plus the feedback.
  return first
    .map((id, i) => ({ id, s: -3 * Math.log(i + 2) + FEEDBACK_WEIGHT * (extra.get(id) ?? 0) }))
    .sort((a, b) => b.s - a.s)
    .map((x) => x.id);
}

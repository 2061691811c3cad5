// Candidate ways of ranking plain words, measured for docs/search-text.md
// (`npm run eval:experiments ranking`). Each is SQL over the engine's own
// index and weights; the engine's choice is searchText() itself.
import type { Db } from '../../worker/db/database';
import { compileQuery } from '../../worker/search/fts-query';
import { parseQuery } from '../../worker/search/query-syntax';
import { bm25Sql } from '../../worker/search/rank-sql';
import { isStopWord } from '../../worker/text/stop-words';

export interface RankingVariant {
  /** Notes holding every counted word first, only when the query has at most this many counted words (Infinity: always; 0: never). */
  tierUpTo: number;
  /** Words in more than this share of notes are not counted for the tier or coordination (1: every word counts). */
  commonShare: number;
  /** Soft coordination: BM25 × (1 + coord × share of the counted words' IDF the note holds); 0: none. */
  coord: number;
  /** Common words do not select candidates on their own (the engine's speed rule). */
  commonSelects: boolean;
  /** Stop words (worker/text/stop-words.ts) are left out of the query unless it has nothing else. */
  dropStop?: boolean;
  /** Words in more than commonShare of the notes are left out of scoring too (unless nothing else is left). */
  dropCommon?: boolean;
}

interface Clause {
  expr: string;
  df: number;
}

export function rankVariant(db: Db, query: string, limit: number, v: RankingVariant): number[] {
  const c = compileQuery(parseQuery(query));
  let words = [...c.optional];
  if (v.dropStop) {
    const kept = words.filter((w) => !isStopWord(w.replace(/^"|"\*?$/g, '')));
    if (kept.length) words = kept;
  }
  if (!words.length && !c.required.length) return [];
  const n = db.get<{ n: number }>('SELECT max(id) AS n FROM entries')!.n;
  let clauses: Clause[] = words.map((expr) => ({ expr, df: db.get<{ n: number }>('SELECT count(*) AS n FROM fts WHERE fts MATCH ?', [expr])!.n }));
  if (v.dropCommon) {
    const kept = clauses.filter((x) => x.df <= n * v.commonShare);
    if (kept.length) clauses = kept;
  }
  const counted = clauses.filter((x) => x.df > 0 && x.df <= n * v.commonShare);
  const select = !v.commonSelects && counted.length && counted.length < clauses.length ? counted : clauses;
  const anyExpr = [...c.required, `(${[...select.map((x) => x.expr)].join(' OR ') || c.required[0]})`].join(' AND ');
  const scored = [...clauses.map((x) => x.expr), ...c.boost];
  const match = scored.length ? `${anyExpr} AND (${scored.join(' OR ')})` : anyExpr;
  const idf = (x: Clause) => Math.log(1 + (n - x.df + 0.5) / (x.df + 0.5));
  const total = counted.reduce((s, x) => s + idf(x), 0);
  const has = counted.map((x) => `(fts.rowid IN (SELECT rowid FROM fts WHERE fts MATCH ?))`);
  const coordSql = counted.length ? `(${has.map((h, i) => `${h} * ${idf(counted[i]) / total}`).join(' + ')})` : '1';
  const tier = counted.length >= 2 && counted.length <= v.tierUpTo ? `(${has.join(' AND ')})` : '0';
  const params = [...(counted.length >= 2 && counted.length <= v.tierUpTo ? counted.map((x) => x.expr) : []), ...(v.coord && counted.length ? counted.map((x) => x.expr) : []), match, limit];
  const coordExpr = v.coord && counted.length ? coordSql : '0';
  return db.column<number>(
    `SELECT id FROM (SELECT fts.rowid AS id, ${bm25Sql()} AS rank, ${tier} AS full, ${coordExpr} AS coord FROM fts WHERE fts MATCH ?)
     ORDER BY full DESC, rank * (1 + ${v.coord} * coord) LIMIT ?`,
    params,
  );
}

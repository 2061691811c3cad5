// How text mode scores a note, as SQL: FTS5's BM25 over the note's columns,
// files discounted, plus a match in the note's opening (fts_lead, issue 16),
// more for a note the query names (names.ts).
// The plain-OR baseline of the eval uses bm25Sql() alone.
import type { Db, SqlValue } from '../db/database';
import type { CompiledQuery } from './fts-query';
import { FRONTMATTER_WEIGHT, LINK_WEIGHT } from '../text/fts-row';

/** BM25 column weights: title, headings, body, tags, aliases, path, meta (frontmatter values), links (targets and URLs); measured in docs/search-text.md. */
export const BM25_WEIGHTS: readonly number[] = [10, 4, 1, 5, 8, 2, FRONTMATTER_WEIGHT, LINK_WEIGHT];

/**
 * A file (PDF, image, …) is indexed by its name and path alone: a row of a
 * few words, which BM25's length normalisation would rank above a note
 * titled the same (anemometer-diagram.png over Anemometer.md). Files count
 * this much of their BM25 score.
 */
export const FILE_RANK_FACTOR = 0.5;

/**
 * `files: false` (the database holds no file entries) leaves the discount
 * out: the same scores (x × 1 is x), without a set lookup for every candidate.
 */
export function bm25Sql(weights: readonly number[] = BM25_WEIGHTS, files = true): string {
  const bm25 = `bm25(fts, ${weights.map((w) => Number(w)).join(', ')})`;
  return files ? `${bm25} * (CASE WHEN fts.rowid IN (SELECT id FROM entries WHERE kind = 'file') THEN ${FILE_RANK_FACTOR} ELSE 1 END)` : bm25;
}

/** Whether any entry is a file (the ranking then discounts files; an index lookup). */
export function holdsFiles(db: Db): boolean {
  return db.get("SELECT 1 AS x FROM entries WHERE kind = 'file' LIMIT 1") !== undefined;
}

/**
 * How a page is scored: BM25 over the note's columns plus LEAD_WEIGHT times
 * BM25 over its opening (fts_lead), times NAME_FACTOR for the notes the query
 * names. `with` is a CTE prefix holding the opening's scores for the query;
 * `params` are those of `with` and then of `expr` (they come first in the
 * statement, `expr` right after `with`).
 */
export interface Ranker {
  with: string;
  params: SqlValue[];
  expr: string;
}

/**
 * The weight of a match in a note's opening beside its whole text (BM25 of
 * fts_lead, whose rows are all about one sentence, so a long note gains
 * nothing there for its length). 0.3 with openings that are the first
 * sentence without asides (worker/text/opening.ts): 0.4 and 0.5 lift the
 * English questions a little more and take the Japanese held-out set below
 * plain OR (docs/search-text.md).
 */
export const LEAD_WEIGHT = 0.3;

/**
 * The openings' index the ranking reads. Benchmarks point it at a copy (the
 * same rows in another segment layout) to time both in one run; the answers
 * are the same. Measurements also set `weight` (a before side's
 * LEAD_WEIGHT, bench:search) and `hits` (other ways of scoring the openings,
 * bench/eval/lead-text.ts); the engine never sets either.
 */
export const LEAD_INDEX: {
  table: string;
  weight?: number;
  hits?: (words: string[], table: string) => { with: string; params: SqlValue[] };
} = { table: 'fts_lead' };

/**
 * `within`: an FTS5 expression every candidate the ranker scores matches
 * (the rarer words that select them, text.ts): only the openings of those
 * notes are scored. The scores are the same (BM25's statistics are the whole
 * index's, whichever rows are read); a common word's openings ("history": a
 * few thousand) are no longer all scored and stored for a handful of candidates.
 */
export function ranker(
  c: CompiledQuery,
  weights?: readonly number[],
  leadWeight: number = LEAD_INDEX.weight ?? LEAD_WEIGHT,
  files = true,
  within?: string,
  named: readonly number[] = [],
  nameFactor: number = NAME_FACTOR,
): Ranker {
  return byName(withLead(c, weights, leadWeight, files, within), named, nameFactor);
}

function withLead(c: CompiledQuery, weights: readonly number[] | undefined, leadWeight: number, files: boolean, within?: string): Ranker {
  const base = bm25Sql(weights, files);
  const words = [...c.optional, ...c.required];
  if (!leadWeight || !words.length) return { with: '', params: [], expr: base };
  const t = LEAD_INDEX.table;
  // `+rowid`: the set is read once; a plain rowid IN (…) would run the openings' MATCH once per candidate.
  const narrowed = within ? ' AND +rowid IN (SELECT rowid FROM fts WHERE fts MATCH ?)' : '';
  const hits = LEAD_INDEX.hits?.(words, t) ?? {
    with: `WITH lead_hits (id, score) AS MATERIALIZED (SELECT rowid, bm25(${t}) FROM ${t} WHERE ${t} MATCH ?${narrowed})`,
    params: within ? [words.join(' OR '), within] : [words.join(' OR ')],
  };
  return { ...hits, expr: `(${base} + ${Number(leadWeight)} * coalesce((SELECT score FROM lead_hits WHERE id = fts.rowid), 0))` };
}

/**
 * How much more a note the query names counts (its title or an alias holds
 * every word as typed: names.ts). BM25 alone cannot tell it from
 * notes that hold the same stems as often: FTS5 adds the title's weight to a
 * word's count before saturating it, so a note that repeats "sync" and
 * "settings" in its body scores as high, and porter makes "Set up …" a title
 * match for "settings". Measured in docs/search-text.md.
 */
export const NAME_FACTOR = 2;

/**
 * The score of the named notes multiplied by `factor` (scores are negative,
 * lower is better). Its one parameter follows the CTE's: every statement puts
 * `expr` right after `with`.
 */
function byName(r: Ranker, named: readonly number[], factor: number): Ranker {
  if (!named.length || factor === 1) return r;
  return {
    with: r.with,
    params: [...r.params, JSON.stringify(named)],
    expr: `(${r.expr} * (CASE WHEN fts.rowid IN (SELECT value FROM json_each(?)) THEN ${Number(factor)} ELSE 1 END))`,
  };
}

// Vector search: exact cosine similarity over the chunks of the notes that
// pass every filter and scope argument. The candidate notes come from SQL
// first (the scope condition), then only their chunks are scored, so a filter
// never starves the results the way post-filtering a global top-k does.
import type { Db } from '../db/database';
import type { NoteSimilarity, VectorIndex } from '../embed/vector-index';
import type { SqlCondition } from './scope';

export interface Ranked {
  entryId: number;
  score: number;
  /** The chunk that decided a vector score; its text becomes the snippet. */
  chunkId?: number;
}

export interface VectorRanking {
  hits: Ranked[];
  /** Candidate notes with vectors: every one of them was scored. */
  scored: number;
}

/** Note ids passing the condition, or null when nothing restricts the search. */
export function candidateIds(db: Db, condition: SqlCondition | null): number[] | null {
  if (!condition) return null;
  return db.column<number>(`SELECT e.id FROM entries e WHERE e.kind = 'note' AND (${condition.sql})`, condition.params);
}

/**
 * The `limit` most similar notes in scope. Notes below the model's floor
 * (unrelated for this model) or too far below the best note of `reference`
 * (see meaning-criterion.ts; null: every note of every vault) are left out;
 * `scored` counts the rest exactly.
 */
export function vectorRank(
  db: Db,
  index: VectorIndex,
  query: ArrayLike<number>,
  condition: SqlCondition | null,
  limit: number,
  cut: { minScore?: number; maxGap?: number } = {},
  by: NoteSimilarity = 'best',
  reference: SqlCondition | null | 'candidates' = 'candidates',
): VectorRanking {
  const candidates = candidateIds(db, condition);
  let gapFrom: 'candidates' | number[] | null = 'candidates';
  if (candidates && reference !== 'candidates') gapFrom = reference ? candidateIds(db, reference) : null;
  const { hits, scored } = index.search(query, candidates, limit, { ...cut, by, gapFrom });
  return { hits: hits.map((h) => ({ entryId: h.entryId, score: h.score, chunkId: h.chunkId })), scored };
}

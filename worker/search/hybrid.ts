// Search by meaning: vector mode, and hybrid mode that fuses the text ranking
// with the vector ranking (score fusion, see DEFAULT_FUSION). Notes the model
// cannot read (other scripts) or has not embedded yet keep their full text
// score in place of a vector score, and a query the model cannot read is
// ranked by text alone, so hybrid never ranks such notes worse than text
// mode does.
import type { Db } from '../db/database';
import type { EmbedService } from '../embed/service';
import { toolError } from '../tools/errors';
import { noteHits, vectorRank, type NoteHit, type Ranked, type SqlCondition } from './vector';

export type Fusion = 'rrf' | 'score';

/**
 * Hybrid ranking is score fusion: each side's scores scaled to 0-1 over its
 * candidates, then 0.7 × text + 0.3 × vector. Chosen by measurement
 * (docs/benchmarks.md, docs/embeddings.md): on Cranfield it is the only
 * variant that beats text alone (nDCG@10 0.345 vs 0.334; RRF with equal
 * weights 0.299), on seekstone paraphrase queries MRR@10 0.63 vs text 0.55,
 * and on title queries it keeps text's 0.99 (RRF drops to 0.78).
 */
export const DEFAULT_FUSION: Fusion = 'score';
/** Weight of the vector side in score fusion. */
export const SCORE_ALPHA = 0.3;
/** Reciprocal-rank fusion, kept for comparison: constant and vector weight. */
export const RRF_K = 60;
export const RRF_ALPHA = 0.5;

export interface FuseOptions {
  method: Fusion;
  /** RRF constant. */
  k?: number;
  /** Weight of the vector side, 0-1 (the text side gets 1 - alpha). */
  alpha?: number;
  /** Whether a note has vectors; notes without get their text evidence on the vector side too. */
  hasVectors(entryId: number): boolean;
}

/** Fuses two rankings (best first) into one, best first. Pure. */
export function fuse(text: readonly Ranked[], vector: readonly Ranked[], opts: FuseOptions): Ranked[] {
  const fused = new Map<number, Ranked>();
  const add = (id: number, score: number, chunkId?: number) => {
    const cur = fused.get(id);
    if (cur) {
      cur.score += score;
      if (chunkId !== undefined) cur.chunkId = chunkId;
    } else fused.set(id, { entryId: id, score, ...(chunkId !== undefined ? { chunkId } : {}) });
  };
  if (opts.method === 'rrf') {
    const k = opts.k ?? RRF_K;
    const alpha = opts.alpha ?? RRF_ALPHA;
    text.forEach((r, i) => add(r.entryId, (opts.hasVectors(r.entryId) ? 1 - alpha : 1) / (k + i + 1)));
    vector.forEach((r, i) => add(r.entryId, alpha / (k + i + 1), r.chunkId));
  } else {
    const alpha = opts.alpha ?? SCORE_ALPHA;
    const tn = minMax(text);
    const vn = minMax(vector);
    text.forEach((r, i) => add(r.entryId, (opts.hasVectors(r.entryId) ? 1 - alpha : 1) * tn[i]));
    vector.forEach((r, i) => add(r.entryId, alpha * vn[i], r.chunkId));
  }
  return [...fused.values()].sort((a, b) => b.score - a.score || a.entryId - b.entryId);
}

function minMax(list: readonly Ranked[]): number[] {
  if (!list.length) return [];
  let lo = Infinity, hi = -Infinity;
  for (const r of list) {
    lo = Math.min(lo, r.score);
    hi = Math.max(hi, r.score);
  }
  return list.map((r) => (hi > lo ? (r.score - lo) / (hi - lo) : 1));
}

/** The text side, as the text search ranks it: best first, over the same scope. */
export interface TextRanking {
  hits: Ranked[];
  /** Every note matching the text (exact). */
  total: number;
  relaxed?: boolean;
}
export type TextRanker = (limit: number) => TextRanking;

export interface MeaningInput {
  mode: 'vector' | 'hybrid';
  query: string;
  condition: SqlCondition | null;
  page: number;
  pageSize: number;
  markers: [string, string];
  fusion?: Fusion;
  /** Ranks by text over the same scope (needed for hybrid, and for falling back). */
  text: TextRanker;
}

export interface MeaningResult {
  results: NoteHit[];
  total: number;
  total_is_exact: boolean;
  has_more: boolean;
  /** The mode that actually ran: 'text' when the model cannot read the query. */
  mode: 'vector' | 'hybrid' | 'text';
  embeddings: { model: string; complete: boolean };
  relaxed?: boolean;
  notice?: string;
}

/** How deep each ranking is read before fusing: enough for the page and then some. */
function depthFor(page: number, pageSize: number): number {
  return Math.max(100, page * pageSize * 2);
}

export async function searchByMeaning(db: Db, embed: EmbedService | undefined, input: MeaningInput): Promise<MeaningResult> {
  if (!embed) {
    throw toolError('unsupported', `mode "${input.mode}" needs the embedding model, which this host does not provide; use mode "text".`, 'mode');
  }
  const status = embed.status();
  const embeddings = { model: status.model.id, complete: status.complete };
  const offset = (input.page - 1) * input.pageSize;
  const depth = depthFor(input.page, input.pageSize);

  const q = await embed.queryVector(input.query);
  if (!q.ok) {
    if (q.reason === 'unavailable') throw toolError('unsupported', `${q.message} Use mode "text".`, 'mode');
    // Outside the model's languages: the text ranking is the honest answer.
    const t = input.text(offset + input.pageSize);
    return {
      results: noteHits(db, t.hits.slice(offset), input.query, input.markers),
      total: t.total,
      total_is_exact: true,
      has_more: offset + input.pageSize < t.total,
      mode: 'text',
      embeddings,
      ...(t.relaxed ? { relaxed: true } : {}),
      notice: q.message,
    };
  }

  const index = await embed.index();
  if (index.dim !== q.vector.length) {
    // Vectors of this model have not been written yet (or belong to a model of another size).
    if (index.size > 0) throw toolError('internal', `The stored vectors have ${index.dim} dimensions but the model produces ${q.vector.length}.`, 'mode');
  }
  const minScore = embed.model.minScore;
  const vec = index.size > 0 ? vectorRank(db, index, q.vector, input.condition, input.mode === 'vector' ? offset + input.pageSize : depth, minScore) : { hits: [], scored: 0 };

  if (input.mode === 'vector') {
    return {
      results: noteHits(db, vec.hits.slice(offset, offset + input.pageSize), input.query, input.markers),
      total: vec.scored,
      total_is_exact: true,
      has_more: offset + input.pageSize < vec.scored,
      mode: 'vector',
      embeddings,
      ...(status.complete ? {} : { notice: `Embeddings are still being computed (${status.chunks_done} of ${status.chunks_total} passages); notes not embedded yet are missing from these results.` }),
    };
  }

  const text = input.text(depth);
  const fused = fuse(text.hits, vec.hits, { method: input.fusion ?? DEFAULT_FUSION, hasVectors: (id) => index.has(id) });
  // Every text match and every similar-enough note is a hit: exact when both sides were read whole,
  // otherwise a lower bound (each side's own total, and what was fused).
  const exact = text.total <= text.hits.length && vec.scored <= vec.hits.length;
  const total = exact ? fused.length : Math.max(vec.scored, text.total, fused.length);
  return {
    results: noteHits(db, fused.slice(offset, offset + input.pageSize), input.query, input.markers),
    total,
    total_is_exact: exact,
    has_more: offset + input.pageSize < total,
    mode: 'hybrid',
    embeddings,
    // Loosened text matching only matters when it contributed hits.
    ...(text.relaxed && text.total > 0 ? { relaxed: true } : {}),
    ...(status.complete ? {} : { notice: `Embeddings are still being computed (${status.chunks_done} of ${status.chunks_total} passages); notes not embedded yet are ranked by text.` }),
  };
}

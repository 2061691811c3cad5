// The fusion variants the hybrid ranking was chosen against, for the
// benchmarks only: the engine fuses by weighted reciprocal rank
// (worker/search/hybrid.ts); score fusion (min-max scaled scores, weighted)
// and other RRF constants are measured beside it in bench/eval-vector.ts and
// bench/vector-measure.ts.
import { fuse, fuseScores } from '../../worker/search/hybrid';
import type { Ranked } from '../../worker/search/vector';

export type Fusion = 'rrf' | 'score';

/** Weight of the vector side in score fusion when none is given. */
export const SCORE_ALPHA = 0.3;

export interface VariantOptions {
  method: Fusion;
  k?: number;
  alpha?: number;
  hasVectors(entryId: number): boolean;
}

export function fuseVariant(text: readonly Ranked[], vector: readonly Ranked[], opts: VariantOptions): Ranked[] {
  if (opts.method === 'rrf') return fuse(text, vector, opts);
  const alpha = opts.alpha ?? SCORE_ALPHA;
  const tn = minMax(text);
  const vn = minMax(vector);
  return fuseScores(
    text.map((r, i) => (opts.hasVectors(r.entryId) ? 1 - alpha : 1) * tn[i]),
    vn.map((v) => alpha * v),
    text,
    vector,
  );
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

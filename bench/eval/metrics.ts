// Retrieval metrics over one ranked list and its judgments. Pure functions.

/** Graded judgments: document key → gain (> 0 relevant). */
export type Gains = ReadonlyMap<string, number>;

/** nDCG@k with exponential gain (2^g − 1) and log2 discount; 0 when nothing is relevant. */
export function ndcgAt(ranked: readonly string[], gains: Gains, k: number): number {
  const dcg = (gs: number[]) => gs.reduce((sum, g, i) => sum + (2 ** g - 1) / Math.log2(i + 2), 0);
  const got = ranked.slice(0, k).map((d) => gains.get(d) ?? 0);
  const ideal = [...gains.values()].filter((g) => g > 0).sort((a, b) => b - a).slice(0, k);
  const best = dcg(ideal);
  return best > 0 ? dcg(got) / best : 0;
}

/** Reciprocal rank of the first relevant document within k, else 0. */
export function mrrAt(ranked: readonly string[], gains: Gains, k: number): number {
  const i = ranked.slice(0, k).findIndex((d) => (gains.get(d) ?? 0) > 0);
  return i < 0 ? 0 : 1 / (i + 1);
}

/** Share of the relevant documents found within k. */
export function recallAt(ranked: readonly string[], gains: Gains, k: number): number {
  const relevant = [...gains.values()].filter((g) => g > 0).length;
  if (!relevant) return 0;
  return ranked.slice(0, k).filter((d) => (gains.get(d) ?? 0) > 0).length / relevant;
}

/** 1 when a relevant document is within k. */
export function hitAt(ranked: readonly string[], gains: Gains, k: number): number {
  return ranked.slice(0, k).some((d) => (gains.get(d) ?? 0) > 0) ? 1 : 0;
}

export function mean(xs: readonly number[]): number {
  return xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : 0;
}

export function percentile(xs: readonly number[], p: number): number {
  if (!xs.length) return 0;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil((p / 100) * s.length) - 1))];
}

// Hybrid fusion (weighted reciprocal rank): the engine's one rule, with the
// benchmark-only variants kept out of worker/ (bench/lib/fusion-variants.ts).
import { describe, expect, it } from 'vitest';
import { fuse, RRF_K } from './hybrid';

const ranked = (...ids: number[]) => ids.map((entryId, i) => ({ entryId, score: 10 - i }));

describe('fuse', () => {
  it('adds each side\'s weighted reciprocal rank; a note on both sides leads', () => {
    const out = fuse(ranked(1, 2, 3), [{ entryId: 3, score: 0.9, chunkId: 30 }, { entryId: 4, score: 0.8, chunkId: 40 }], { alpha: 0.3, hasVectors: () => true });
    expect(out.map((r) => r.entryId)).toEqual([3, 1, 2, 4]);
    expect(out[0].score).toBeCloseTo(0.7 / (RRF_K + 3) + 0.3 / (RRF_K + 1), 12);
    expect(out[0].chunkId).toBe(30);
  });

  it('a note without vectors keeps its whole text weight', () => {
    const out = fuse(ranked(1, 2), [], { alpha: 0.3, hasVectors: (id) => id !== 2 });
    expect(out.map((r) => [r.entryId, r.score])).toEqual([
      [2, 1 / (RRF_K + 2)],
      [1, 0.7 / (RRF_K + 1)],
    ]);
  });
});

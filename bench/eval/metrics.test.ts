import { describe, expect, it } from 'vitest';
import { hitAt, mrrAt, ndcgAt, percentile, recallAt } from './metrics';

const gains = new Map([['a', 3], ['b', 1], ['c', 0]]);

describe('retrieval metrics', () => {
  it('nDCG is 1 for the ideal order and lower otherwise', () => {
    expect(ndcgAt(['a', 'b'], gains, 10)).toBeCloseTo(1);
    const swapped = ((2 ** 1 - 1) / 1 + (2 ** 3 - 1) / Math.log2(3)) / ((2 ** 3 - 1) / 1 + (2 ** 1 - 1) / Math.log2(3));
    expect(ndcgAt(['b', 'a'], gains, 10)).toBeCloseTo(swapped);
    expect(ndcgAt(['x', 'y'], gains, 10)).toBe(0);
  });

  it('MRR, recall and hit count only documents with gain', () => {
    expect(mrrAt(['c', 'x', 'b'], gains, 10)).toBeCloseTo(1 / 3);
    expect(mrrAt(['c', 'x', 'b'], gains, 2)).toBe(0);
    expect(recallAt(['b', 'c'], gains, 100)).toBe(0.5);
    expect(hitAt(['x', 'x', 'x', 'x', 'a'], gains, 5)).toBe(1);
    expect(hitAt(['x', 'x', 'x', 'x', 'x', 'a'], gains, 5)).toBe(0);
  });

  it('percentile is nearest-rank', () => {
    expect(percentile([5, 1, 3, 2, 4], 50)).toBe(3);
    expect(percentile([5, 1, 3, 2, 4], 95)).toBe(5);
  });
});

// The vector side's weight in hybrid fusion: keywords lean on text, anything
// that reads like a sentence on meaning (measured in docs/embeddings.md).
import { describe, expect, it } from 'vitest';
import { fuse, VECTOR_WEIGHTS, vectorWeight } from './hybrid';

describe('vectorWeight', () => {
  it('gives keywords (up to 5 words, no stop word) the small weight and questions the large one', () => {
    expect(vectorWeight('leaf cactus epiphytal')).toBe(VECTOR_WEIGHTS.short);
    expect(vectorWeight('dutch painter tulip mania windmill')).toBe(VECTOR_WEIGHTS.short);
    expect(vectorWeight('dutch painter tulip mania windmill canal')).toBe(VECTOR_WEIGHTS.long);
    // Four words, but one is a stop word: a description, not keywords.
    expect(vectorWeight('the green precious stone')).toBe(VECTOR_WEIGHTS.long);
    expect(vectorWeight('organs we breathe with')).toBe(VECTOR_WEIGHTS.long);
    expect(vectorWeight('The, green')).toBe(VECTOR_WEIGHTS.long);
    expect(VECTOR_WEIGHTS.short).toBeLessThan(VECTOR_WEIGHTS.long);
  });

  it('with the keyword weight, the vector side cannot move text’s first three hits', () => {
    // Text ranks 1..10; the vector side's best is text's fourth, and it has nothing else above the floor.
    const text = Array.from({ length: 10 }, (_, i) => ({ entryId: i + 1, score: 10 - i }));
    const vector = [{ entryId: 4, score: 0.6 }];
    const fused = fuse(text, vector, { k: 10, alpha: vectorWeight('leaf cactus epiphytal'), hasVectors: () => true });
    expect(fused.slice(0, 3).map((r) => r.entryId)).toEqual([1, 2, 3]);
    const question = fuse(text, vector, { k: 10, alpha: vectorWeight('the green precious stone'), hasVectors: () => true });
    expect(question[0].entryId).toBe(4);
  });
});

import { describe, expect, it } from 'vitest';
import { cosine, quantizeInt8 } from './quantize';
import { VectorIndex } from './vector-index';

function rng(seed: number) {
  let x = seed;
  return () => ((x = (Math.imul(x, 1103515245) + 12345) >>> 0), x / 2 ** 32 - 0.5);
}
function unit(r: () => number, dim: number): Float32Array {
  const v = Float32Array.from({ length: dim }, r);
  const n = Math.hypot(...v);
  return v.map((x) => x / n);
}

/** Notes with 1-5 random chunks each; the brute-force float ranking to compare with. */
function fixture(notes: number, dim: number, seed = 1) {
  const r = rng(seed);
  const data = new Map<number, { chunkId: number; v: Float32Array }[]>();
  let chunk = 1;
  for (let e = 1; e <= notes; e++) {
    data.set(e * 3, Array.from({ length: 1 + (e % 5) }, () => ({ chunkId: chunk++, v: unit(r, dim) })));
  }
  const brute = (q: Float32Array, only?: Set<number>) =>
    [...data]
      .filter(([e]) => !only || only.has(e))
      .map(([e, rows]) => {
        let best = -2, id = 0;
        for (const row of rows) {
          const s = cosine(q, row.v);
          if (s > best) [best, id] = [s, row.chunkId];
        }
        return { entryId: e, score: best, chunkId: id };
      })
      .sort((a, b) => b.score - a.score);
  return { data, brute, r };
}

function build(data: Map<number, { chunkId: number; v: Float32Array }[]>, dim: number, simd = true) {
  const index = new VectorIndex('m', dim, { simd });
  for (const [e, rows] of data) index.add(e, rows.map((row) => ({ chunkId: row.chunkId, ...quantizeInt8(row.v) })));
  return index;
}

describe('vector index', () => {
  for (const simd of [true, false]) {
    it(`ranks notes by their best chunk like exact float cosine (${simd ? 'SIMD' : 'JS'} kernel)`, () => {
      const dim = 64;
      const { data, brute, r } = fixture(300, dim);
      const index = build(data, dim, simd);
      expect(index.simd).toBe(simd);
      expect(index.notes).toBe(300);
      for (let t = 0; t < 5; t++) {
        const q = unit(r, dim);
        const got = index.search(q, null, 10);
        const want = brute(q).slice(0, 10);
        expect(got.scored).toBe(300);
        // int8 rounding may swap near ties: compare scores, and ids where the gap is clear.
        got.hits.forEach((h, i) => expect(h.score).toBeCloseTo(want[i].score, 2));
        expect(got.hits[0].entryId).toBe(want[0].entryId);
        expect(got.hits[0].chunkId).toBe(want[0].chunkId);
      }
    });
  }

  it('scores only candidate notes, whether few or most of them', () => {
    const dim = 32;
    const { data, brute, r } = fixture(200, dim, 7);
    const index = build(data, dim);
    const q = unit(r, dim);
    for (const ids of [[9, 30, 600], [...data.keys()].filter((e) => e % 2 === 0)]) {
      const only = new Set(ids);
      const got = index.search(q, [...ids, 99999, ids[0]], 500);
      expect(got.scored).toBe(ids.filter((e) => data.has(e)).length);
      expect(got.hits.map((h) => h.entryId).sort()).toEqual(brute(q, only).map((h) => h.entryId).sort());
    }
  });

  it('replacing and removing notes updates results; compaction keeps the rest intact', () => {
    const dim = 16;
    const { data, r } = fixture(6000, dim, 3);
    const index = build(data, dim);
    const q = unit(r, dim);
    const target = 3 * 17;
    index.replace(target, [{ chunkId: 424242, ...quantizeInt8(q) }]);
    expect(index.search(q, null, 1).hits[0]).toMatchObject({ entryId: target, chunkId: 424242 });
    // Removing most notes triggers compaction; the survivors still rank exactly.
    for (const e of [...data.keys()]) if (e !== target && e % 4 !== 0) index.remove(e);
    expect(index.has(target)).toBe(true);
    expect(index.search(q, null, 1).hits[0]).toMatchObject({ entryId: target, chunkId: 424242 });
    const kept = [...data.keys()].filter((e) => e % 4 === 0 && e !== target);
    expect(index.search(q, null, 100000).scored).toBe(kept.length + 1);
    const other = data.get(kept[5])![0];
    const hit = index.search(other.v, [kept[5]], 1).hits[0];
    expect(hit.chunkId).toBe(other.chunkId);
    expect(hit.score).toBeGreaterThan(0.99);
  });

  it('returns nothing for an empty index or no candidates', () => {
    const index = new VectorIndex('m', 8);
    expect(index.search(new Float32Array(8).fill(0.3), null, 10)).toEqual({ hits: [], scored: 0 });
    expect(index.search(new Float32Array(8).fill(0.3), [], 10)).toEqual({ hits: [], scored: 0 });
  });

  for (const simd of [true, false]) it(`by opening, a note scores by its first passage only, through replacing, removing and compaction (${simd ? 'SIMD' : 'JS'} kernel)`, () => {
    const dim = 32;
    const { data, r } = fixture(5000, dim, 11);
    const index = build(data, dim, simd);
    const byOpening = (q: Float32Array, only?: Set<number>) =>
      [...data]
        .filter(([e]) => !only || only.has(e))
        .map(([e, rows]) => ({ entryId: e, score: cosine(q, rows[0].v), chunkId: rows[0].chunkId }))
        .sort((a, b) => b.score - a.score);
    const check = (q: Float32Array, candidates: number[] | null) => {
      const got = index.search(q, candidates, 20, { by: 'opening' });
      const want = byOpening(q, candidates ? new Set(candidates) : undefined);
      expect(got.scored).toBe(want.length);
      got.hits.forEach((h, i) => expect(h.score).toBeCloseTo(want[i].score, 2));
      expect(got.hits[0]).toMatchObject({ entryId: want[0].entryId, chunkId: want[0].chunkId });
    };
    // A note whose later passage is the query itself does not lead by opening; by best passage it does.
    const q = unit(r, dim);
    const deep = 3 * 4; // 5 passages
    data.get(deep)![3].v = q;
    index.replace(deep, data.get(deep)!.map((row) => ({ chunkId: row.chunkId, ...quantizeInt8(row.v) })));
    expect(index.search(q, null, 1).hits[0].entryId).toBe(deep);
    expect(index.search(q, null, 1, { by: 'opening' }).hits[0].entryId).not.toBe(deep);
    check(q, null);
    check(q, [...data.keys()].filter((e) => e % 7 === 0));
    // Most notes removed (compaction), one replaced: openings are still each note's first passage.
    for (const e of [...data.keys()]) {
      if (e % 5 !== 0) {
        index.remove(e);
        data.delete(e);
      }
    }
    const moved = [...data.keys()][10];
    data.set(moved, [{ chunkId: 777001, v: unit(r, dim) }, { chunkId: 777002, v: q }]);
    index.replace(moved, data.get(moved)!.map((row) => ({ chunkId: row.chunkId, ...quantizeInt8(row.v) })));
    check(q, null);
    check(unit(r, dim), [...data.keys()].slice(0, 40));
    // The floor and the gap cut by opening too.
    const cut = index.search(q, null, 10000, { maxGap: 0.05, by: 'opening' });
    expect(cut.scored).toBe(cut.hits.length);
    expect(cut.scored).toBeLessThan(data.size / 2);
    expect(cut.hits.every((h) => h.score >= cut.hits[0].score - 0.05)).toBe(true);
    const floor = index.search(q, null, 10000, { minScore: 0.2, by: 'opening' });
    expect(floor.hits.length).toBeGreaterThan(0);
    expect(floor.hits.every((h) => h.score >= 0.2)).toBe(true);
  });

  it('the gap can be measured from notes beyond the candidates: every note, or a given set', () => {
    const dim = 32;
    const { data, brute, r } = fixture(400, dim, 5);
    const index = build(data, dim);
    const q = unit(r, dim);
    const ranked = brute(q);
    const top = ranked[0];
    // Candidates well below the best note of the vault, though close to each other.
    const far = ranked.filter((h) => h.score < top.score - 0.2).slice(0, 5).map((h) => h.entryId);
    for (const by of ['best', 'opening'] as const) {
      expect(index.search(q, far, 10, { maxGap: 0.15, by }).scored).toBeGreaterThan(0);
      expect(index.search(q, far, 10, { maxGap: 0.15, by, gapFrom: null })).toEqual({ hits: [], scored: 0 });
      expect(index.search(q, far, 10, { maxGap: 0.15, by, gapFrom: far }).scored).toBeGreaterThan(0);
    }
    // The reference holding the best note cuts the candidates below it.
    expect(index.search(q, [...far, top.entryId], 10, { maxGap: 0.15, gapFrom: [top.entryId, ...far] }).hits.map((h) => h.entryId)).toEqual([top.entryId]);
  });

  it('the best over every note is remembered per query until a note changes', () => {
    const dim = 16;
    const { data, brute, r } = fixture(300, dim, 9);
    const index = build(data, dim);
    const q = unit(r, dim);
    const ranked = brute(q);
    // Notes near the best anywhere, but more than 0.3 below a note that would hold the query itself.
    const few = ranked.filter((h) => h.score >= ranked[0].score - 0.25 && h.score < 0.65).slice(0, 3).map((h) => h.entryId);
    expect(few.length).toBeGreaterThan(0);
    const before = index.search(q, few, 10, { maxGap: 0.3, gapFrom: null });
    expect(before.scored).toBe(few.length);
    expect(index.search(q, few, 10, { maxGap: 0.3, gapFrom: null })).toEqual(before);
    index.add(99999, [{ chunkId: 1, ...quantizeInt8(q) }]);
    expect(index.search(q, few, 10, { maxGap: 0.3, gapFrom: null }).scored).toBe(0);
    index.remove(99999);
    expect(index.search(q, few, 10, { maxGap: 0.3, gapFrom: null })).toEqual(before);
  });
});

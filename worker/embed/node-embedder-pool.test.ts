// The Node embedder pool: a batch split over threads gives the vectors one
// embedder gives, in the texts' order, and a thread that is gone is started
// again with the model loaded (the real bundled model from public/models).
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { BUILTIN_MODELS, DEFAULT_MODEL_ID } from './models';
import { BUNDLED_MODELS_DIR, nodeEmbedder } from './node-embedder';
import { MAX_PASSAGES_PER_RUN, MIN_PASSAGES_PER_THREAD, nodeEmbedderPool, runsOf, splitByLength } from './node-embedder-pool';

const spec = BUILTIN_MODELS.find((m) => m.id === DEFAULT_MODEL_ID)!;
const hasModel = existsSync(join(BUNDLED_MODELS_DIR, spec.source.kind === 'bundled' ? spec.source.path : '', 'onnx'));
const TEXTS = [
  'An anemometer measures wind speed.',
  'Bake the loaf in a hot oven after the dough has risen.',
  'The harbour froze in the winter of 1684, and traders walked across the ice with their goods.',
  'Siege engines',
  'A trebuchet throws stones with a counterweight.',
  'Tides rise and fall twice a day because the moon pulls on the oceans.',
  'Moss grows on the north side of trees in damp forests, though not always.',
  'Ferries carried passengers across the river before the bridge opened.',
  'Copper and tin make bronze.',
  'The lighthouse keeper trimmed the wick every evening at dusk.',
];

/**
 * One embedder's vectors for the runs the pool's threads get. Not for the
 * whole batch at once: the int8 model quantises each run's activations with
 * one scale, so a text's vector moves slightly (~1e-2) with its batch-mates.
 */
const byRuns = async (e: { embed(t: string[], r: 'passage'): Promise<Float32Array> }, texts: string[], threads: number) => {
  const parts: Float32Array[] = [];
  for (const run of runsOf(texts, threads)) parts.push(await e.embed(run, 'passage'));
  const out = new Float32Array(parts.reduce((n, p) => n + p.length, 0));
  parts.reduce((at, p) => (out.set(p, at), at + p.length), 0);
  return out;
};

const expectClose = (a: Float32Array, b: Float32Array) => {
  expect(a.length).toBe(b.length);
  let worst = 0;
  for (let i = 0; i < a.length; i++) worst = Math.max(worst, Math.abs(a[i] - b[i]));
  expect(worst).toBeLessThan(1e-5);
};

describe('splitByLength', () => {
  const lengths = (slices: string[][]) => slices.map((s) => s.reduce((n, t) => n + t.length, 0));

  it('cuts texts sorted by length into contiguous slices of about equal characters, not equal counts', () => {
    const texts = [10, 10, 10, 10, 10, 10, 20, 20, 30, 30].map((n, i) => String(i % 10).repeat(n));
    const slices = splitByLength(texts, 2);
    expect(slices.flat()).toEqual(texts);
    expect(slices.map((s) => s.length)).toEqual([7, 3]);
    expect(lengths(slices)).toEqual([80, 80]);
  });

  it('gives every slice a text, and one slice when asked for one or given one text', () => {
    const texts = ['a', 'b', 'c'.repeat(100)];
    expect(splitByLength(texts, 3)).toEqual([['a'], ['b'], ['c'.repeat(100)]]);
    expect(splitByLength(texts, 2)).toEqual([['a', 'b'], ['c'.repeat(100)]]);
    expect(splitByLength(texts, 1)).toEqual([texts]);
    expect(splitByLength(['x'], 2)).toEqual([['x']]);
    const many = Array.from({ length: 64 }, (_, i) => 'w'.repeat(50 + i * 5));
    const four = splitByLength(many, 4);
    expect(four).toHaveLength(4);
    expect(four.flat()).toEqual(many);
    const l = lengths(four);
    expect(Math.max(...l) - Math.min(...l)).toBeLessThanOrEqual(400); // within about one text (up to 365 characters)
  });
});

describe('runsOf', () => {
  const texts = (n: number) => Array.from({ length: n }, (_, i) => 'p'.repeat(40 + i));

  it('gives each thread one run, or several of MAX_PASSAGES_PER_RUN passages on average when its share is larger', () => {
    expect(runsOf(texts(6), 2)).toHaveLength(1); // under MIN_PASSAGES_PER_THREAD a thread: not split
    expect(runsOf(texts(2 * MIN_PASSAGES_PER_THREAD), 2)).toHaveLength(2);
    expect(runsOf(texts(2 * MAX_PASSAGES_PER_RUN), 2)).toHaveLength(2);
    const big = runsOf(texts(64), 2);
    expect(big).toHaveLength(4);
    expect(big.flat()).toEqual(texts(64));
    expect(64 / big.length).toBeLessThanOrEqual(MAX_PASSAGES_PER_RUN);
    const chars = big.map((r) => r.reduce((n, t) => n + t.length, 0));
    expect(Math.max(...chars) - Math.min(...chars)).toBeLessThanOrEqual(103); // equal characters, within one passage
    expect(runsOf(texts(64), 3)).toHaveLength(6);
  });
});

describe.skipIf(!hasModel)('the Node embedder pool (needs public/models/use-lite-onnx)', () => {
  const pool = nodeEmbedderPool({ offline: true, workers: 2 });
  afterAll(() => pool.close());

  it('splits a batch over its threads and gives one embedder\'s vectors, in order', async () => {
    expect(TEXTS.length).toBeGreaterThanOrEqual(2 * MIN_PASSAGES_PER_THREAD);
    const one = nodeEmbedder({ offline: true, threads: 1 });
    await one.load(spec);
    const loaded = await pool.load(spec);
    expect(loaded.dim).toBe(spec.dim);
    expectClose(await pool.embed(TEXTS, 'passage'), await byRuns(one, TEXTS, 2));
    expectClose(await pool.embed(TEXTS.slice(0, 1), 'query'), await one.embed(TEXTS.slice(0, 1), 'query'));
    expect(await pool.tokenCounts!(TEXTS)).toEqual(await one.tokenCounts!(TEXTS));
  }, 120_000);

  it("embeds a batch larger than its threads' runs in several runs a thread, in order, close to one run of the whole batch", async () => {
    const one = nodeEmbedder({ offline: true, threads: 1 });
    await one.load(spec);
    await pool.load(spec);
    const texts = Array.from({ length: 40 }, (_, i) => `${TEXTS[i % TEXTS.length]} (${i})`);
    expect(runsOf(texts, 2).length).toBeGreaterThan(2);
    const got = await pool.embed(texts, 'passage');
    expectClose(got, await byRuns(one, texts, 2));
    // Against one run of all 40: only the int8 activations' batch-mate noise.
    const whole = await one.embed(texts, 'passage');
    for (let i = 0; i < texts.length; i++) {
      let dot = 0;
      for (let d = 0; d < spec.dim; d++) dot += got[i * spec.dim + d] * whole[i * spec.dim + d];
      expect(dot).toBeGreaterThanOrEqual(0.998);
    }
  }, 120_000);

  it('starts its threads again, with the model, after they were ended', async () => {
    const one = nodeEmbedder({ offline: true, threads: 1 });
    await one.load(spec);
    await pool.load(spec);
    const before = await pool.embed(TEXTS, 'passage');
    await pool.close();
    expectClose(await pool.embed(TEXTS, 'passage'), before);
    expectClose(before, await byRuns(one, TEXTS, 2));
  }, 120_000);
});

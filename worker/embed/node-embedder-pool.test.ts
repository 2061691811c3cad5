// The Node embedder pool: a batch split over threads gives the vectors one
// embedder gives, in the texts' order, and a thread that is gone is started
// again with the model loaded (the real bundled model from public/models).
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { BUILTIN_MODELS, DEFAULT_MODEL_ID } from './models';
import { BUNDLED_MODELS_DIR, nodeEmbedder } from './node-embedder';
import { MIN_PASSAGES_PER_THREAD, nodeEmbedderPool } from './node-embedder-pool';

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
 * One embedder's vectors for the slices the pool's threads get. Not for the
 * whole batch at once: the int8 model quantises each run's activations with
 * one scale, so a text's vector moves slightly (~1e-2) with its batch-mates.
 */
const bySlices = async (e: { embed(t: string[], r: 'passage'): Promise<Float32Array> }, texts: string[], k: number) => {
  const size = Math.ceil(texts.length / k);
  const parts: Float32Array[] = [];
  for (let i = 0; i < k; i++) parts.push(await e.embed(texts.slice(i * size, (i + 1) * size), 'passage'));
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

describe.skipIf(!hasModel)('the Node embedder pool (needs public/models/use-lite-onnx)', () => {
  const pool = nodeEmbedderPool({ offline: true, workers: 2 });
  afterAll(() => pool.close());

  it('splits a batch over its threads and gives one embedder\'s vectors, in order', async () => {
    expect(TEXTS.length).toBeGreaterThanOrEqual(2 * MIN_PASSAGES_PER_THREAD);
    const one = nodeEmbedder({ offline: true, threads: 1 });
    await one.load(spec);
    const loaded = await pool.load(spec);
    expect(loaded.dim).toBe(spec.dim);
    expectClose(await pool.embed(TEXTS, 'passage'), await bySlices(one, TEXTS, 2));
    expectClose(await pool.embed(TEXTS.slice(0, 1), 'query'), await one.embed(TEXTS.slice(0, 1), 'query'));
    expect(await pool.tokenCounts!(TEXTS)).toEqual(await one.tokenCounts!(TEXTS));
  }, 120_000);

  it('starts its threads again, with the model, after they were ended', async () => {
    const one = nodeEmbedder({ offline: true, threads: 1 });
    await one.load(spec);
    await pool.load(spec);
    const before = await pool.embed(TEXTS, 'passage');
    await pool.close();
    expectClose(await pool.embed(TEXTS, 'passage'), before);
    expectClose(before, await bySlices(one, TEXTS, 2));
  }, 120_000);
});

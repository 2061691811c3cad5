// ONNX Runtime's thread pool settings in Node: the embedder hands them to every
// session it creates (the real bundled model from public/models), and they
// change how many threads run the model, never the vectors it gives.
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BUILTIN_MODELS } from './models';
import { BUNDLED_MODELS_DIR, nodeEmbedder } from './node-embedder';
import { threadPoolOptions } from './threads';

const spec = BUILTIN_MODELS[0];
const MODEL = join(BUNDLED_MODELS_DIR, spec.source.kind === 'bundled' ? spec.source.path : '', 'onnx');
const hasModel = existsSync(MODEL);
const threadCount = () => readdirSync('/proc/self/task').length;
const TEXTS = ['An anemometer measures wind speed.', 'Bake the loaf in a hot oven after the dough has risen.'];

describe('threadPoolOptions', () => {
  it('turns spinning off through the session config entry, and sets a thread count only when asked', () => {
    expect(threadPoolOptions({ spinning: true })).toEqual({});
    expect(threadPoolOptions({ spinning: false })).toEqual({ extra: { session: { intra_op: { allow_spinning: '0' } } } });
    expect(threadPoolOptions({ threads: 3, spinning: true })).toEqual({ intraOpNumThreads: 3, interOpNumThreads: 1 });
    expect(threadPoolOptions({ threads: 0, spinning: true })).toEqual({});
  });
});

describe.skipIf(!hasModel)('the Node embedder with thread pool options (needs public/models/use-lite-onnx)', () => {
  it.skipIf(!existsSync('/proc/self/task'))('starts as many ONNX Runtime threads as it is given', async () => {
    // A first load starts whatever else loading needs (libuv's file threads), so the counts below are ONNX Runtime's alone.
    await nodeEmbedder({ offline: true, threads: 1 }).load(spec);
    const before = threadCount();
    await nodeEmbedder({ offline: true, threads: 1 }).load(spec);
    const withOne = threadCount();
    await nodeEmbedder({ offline: true, threads: 4 }).load(spec);
    const withFour = threadCount();
    expect(withOne - before).toBe(0);
    // Four intra-op threads: the calling thread and three of the pool's own.
    expect(withFour - withOne).toBeGreaterThanOrEqual(3);
  }, 60_000);

  it('gives the same vectors with spinning on or off and one thread or two', async () => {
    const runs = [];
    for (const opts of [{ spinning: true }, { spinning: false }, { threads: 1 }, { threads: 2, spinning: false }]) {
      const e = nodeEmbedder({ offline: true, ...opts });
      await e.load(spec);
      runs.push(await e.embed(TEXTS, 'passage'));
    }
    for (const v of runs.slice(1)) {
      expect(v.length).toBe(runs[0].length);
      for (let i = 0; i < v.length; i++) expect(Math.abs(v[i] - runs[0][i])).toBeLessThan(1e-5);
    }
  }, 60_000);
});

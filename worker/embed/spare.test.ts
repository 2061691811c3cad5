// The queue's second runner (issue 17): while the user has long been quiet a
// second embedder takes batches of the same window beside the first, and
// gives the vectors the first alone gives; it is opened only when wanted,
// not while keys or searches come, given back when the queue is done, and a
// runner that fails hands its batch back. Real SQLite, the real model (two
// Node embedders of one thread each stand for the browser's two workers).
import { describe, expect, it } from 'vitest';
import type { Db } from '../db/database';
import { openMemoryDb } from '../db/open-node';
import { memorySource } from '../ingest/source';
import type { Embedder } from './embedder';
import { nodeEmbedder } from './node-embedder';
import type { SpareSource } from './spare-runner';
import { BULK_NOTES } from './bulk-chunking';
import { chunkerId } from './models';
import { notesToChunk } from './store';
import { engineOn, settle, sharedEmbedder } from './testing';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function notes(n: number): Record<string, string> {
  const out: Record<string, string> = {};
  for (let i = 0; i < n; i++) out[`n${i}.md`] = `# Harbour ${i}\n\nThe harbour of town ${i} traded salt and wool each winter${i % 3 ? ', and its ships sailed north with timber and tar to the ports of the cold sea' : ''}.\n\n## Ships\n\nRecords of every ship that came in during year ${1800 + i}.\n`;
  return out;
}

/** An embedder that notes when each passage batch starts (and may fail from its `failFrom`-th one). */
function recording(inner: Embedder, failFrom = Infinity, onFail = () => {}, slowMs = 0) {
  const starts: number[] = [];
  const embedder: Embedder = {
    load: (spec, p) => inner.load(spec, p),
    embed: (texts, role) => {
      if (role === 'passage') {
        starts.push(performance.now());
        if (starts.length >= failFrom) {
          onFail();
          return Promise.reject(new Error('the second embed worker died'));
        }
      }
      // Slowed where a test needs the first runner busy for a while whatever the machine's speed.
      return slowMs ? sleep(slowMs).then(() => inner.embed(texts, role)) : inner.embed(texts, role);
    },
    tokenCounts: (texts) => inner.tokenCounts!(texts),
  };
  return { embedder, starts };
}

/** Second runners over one real Node embedder (one thread), counting opens and closes. */
function spareSource(failFrom = Infinity) {
  const inner = nodeEmbedder({ offline: true, threads: 1 });
  const log = { opened: [] as number[], closed: 0, starts: [] as number[], failures: 0 };
  const source: SpareSource = {
    async open() {
      log.opened.push(performance.now());
      const r = recording(inner, failFrom, () => void log.failures++);
      log.starts = r.starts;
      return r.embedder;
    },
    close: () => void log.closed++,
  };
  return { source, log };
}

/** Every stored vector of the model, dequantised, by passage hash. */
function vectors(db: Db): Map<string, Float32Array> {
  const rows = db.all<{ hash: string; scale: number; vec: Uint8Array }>('SELECT hash, scale, vec FROM vectors');
  return new Map(rows.map((r) => [r.hash, Float32Array.from(new Int8Array(r.vec.buffer, r.vec.byteOffset, r.vec.byteLength), (x) => x * r.scale)]));
}

const cosine = (a: Float32Array, b: Float32Array) => {
  let ab = 0;
  let aa = 0;
  let bb = 0;
  for (let i = 0; i < a.length; i++) (ab += a[i] * b[i]), (aa += a[i] * a[i]), (bb += b[i] * b[i]);
  return ab / Math.sqrt(aa * bb);
};

describe('the queue with a second runner', () => {
  it('embeds batches on both runners while the user is quiet, with the vectors one runner gives, and gives the second back when done', async () => {
    const files = notes(40);
    const main = recording(sharedEmbedder());
    const { source, log } = spareSource();
    const two = engineOn(await openMemoryDb(), { embedder: main.embedder, service: { maxBatch: 4, targetBatchMs: 1e6, spareQuietMs: 0, spare: source } });
    const one = engineOn(await openMemoryDb(), { service: { maxBatch: 4, targetBatchMs: 1e6 } });
    for (const e of [two, one]) {
      await e.importSource(memorySource('v', files));
      expect((await e.embed.runToCompletion()).error).toBeNull();
    }
    const status = two.embed.status();
    expect(status).toMatchObject({ complete: true });
    expect(status.chunks_done).toBe(status.chunks_total);
    // Both runners took batches of the same windows.
    expect(main.starts.length).toBeGreaterThan(0);
    expect(log.starts.length).toBeGreaterThan(0);
    expect(log.opened.length).toBeGreaterThan(0);
    expect(log.closed).toBeGreaterThanOrEqual(log.opened.length);
    // Same batches (fixed size, by length) on either runner: the same vectors, up to the int8 model's noise.
    const a = vectors(two.db);
    const b = vectors(one.db);
    expect(a.size).toBe(b.size);
    let worst = 1;
    for (const [hash, v] of b) worst = Math.min(worst, cosine(v, a.get(hash)!));
    expect(worst).toBeGreaterThanOrEqual(0.998);
  }, 120_000);

  it('is not opened while keys come, and joins only spareQuietMs after the last one, after the first runner resumed', async () => {
    const QUIET = 200;
    const SPARE_QUIET = 900;
    const main = recording(sharedEmbedder(), Infinity, undefined, 30);
    const { source, log } = spareSource();
    const engine = engineOn(await openMemoryDb(), { embedder: main.embedder, service: { maxBatch: 2, targetBatchMs: 1, quietMs: QUIET, spareQuietMs: SPARE_QUIET, spare: source } });
    engine.embed.pause();
    await engine.importSource(memorySource('v', notes(150)));
    await engine.idle();
    engine.embed.touch();
    engine.embed.resume();
    const first = performance.now();
    let last = first;
    while (performance.now() - first < 800) {
      last = performance.now();
      engine.embed.touch();
      await sleep(50);
    }
    const status = await engine.embed.whenIdle();
    expect(status).toMatchObject({ complete: true });
    expect(status.chunks_done).toBe(status.chunks_total);
    expect(main.starts.filter((t) => t < last + QUIET - 5)).toEqual([]);
    // The first runner resumed a quiet moment after the last key; the second was not even opened before its longer quiet time.
    expect(main.starts.length).toBeGreaterThan(0);
    expect(log.opened.length).toBeGreaterThan(0);
    expect(Math.min(...log.opened)).toBeGreaterThanOrEqual(last + SPARE_QUIET - 5);
    expect(Math.min(...log.starts)).toBeGreaterThanOrEqual(last + SPARE_QUIET - 5);
    expect(log.closed).toBeGreaterThanOrEqual(log.opened.length);
  }, 120_000);

  it('hands the batch of a second runner that fails back to the first, and embeds everything', async () => {
    const main = recording(sharedEmbedder());
    const { source, log } = spareSource(2);
    const engine = engineOn(await openMemoryDb(), { embedder: main.embedder, service: { maxBatch: 2, targetBatchMs: 1e6, spareQuietMs: 0, spare: source } });
    await engine.importSource(memorySource('v', notes(300)));
    const status = await engine.embed.runToCompletion();
    expect(status.error).toBeNull();
    expect(status).toMatchObject({ complete: true });
    expect(status.chunks_done).toBe(status.chunks_total);
    // It failed, was opened once more, failed again, and was not asked again.
    expect(log.failures).toBe(2);
    expect(log.opened).toHaveLength(2);
    expect(log.closed).toBeGreaterThanOrEqual(2);
  }, 120_000);

  it('a key while the second runner embeds ends it at once: its batch goes back to the first, it is no failure, and it joins again after the next quiet time', async () => {
    const inner = nodeEmbedder({ offline: true, threads: 1 });
    const log = { opened: 0, closed: 0, starts: 0 };
    // As the page's worker does: ending it rejects whatever it was still working on (remote.ts). Its batches are slow.
    const source: SpareSource = {
      async open() {
        log.opened++;
        let fail: (e: Error) => void = () => undefined;
        const ended = new Promise<never>((_, reject) => (fail = reject));
        ended.catch(() => undefined);
        const runner: Embedder & { end(): void } = {
          load: (spec, p) => Promise.race([inner.load(spec, p), ended]),
          embed: (texts, role) => (role === 'passage' && log.starts++, Promise.race([sleep(400).then(() => inner.embed(texts, role)), ended])),
          tokenCounts: (texts) => inner.tokenCounts!(texts),
          end: () => fail(new Error('ended')),
        };
        return runner;
      },
      close: (runner) => {
        log.closed++;
        (runner as Embedder & { end(): void }).end();
      },
    };
    const engine = engineOn(await openMemoryDb(), { embedder: sharedEmbedder(), service: { maxBatch: 2, targetBatchMs: 1e6, quietMs: 50, spareQuietMs: 0, spare: source } });
    await engine.importSource(memorySource('v', notes(120)));
    const run = engine.embed.runToCompletion();
    while (log.starts === 0) await sleep(5);
    // A batch of the second runner is in flight (400 ms): the key ends its runner there and then.
    const closed = log.closed;
    engine.embed.touch();
    expect(log.closed).toBe(closed + 1);
    const status = await run;
    expect(status.error).toBeNull();
    expect(status).toMatchObject({ complete: true });
    expect(status.chunks_done).toBe(status.chunks_total);
    // Not counted as a failure: the second runner was opened again once the user was quiet.
    expect(log.opened).toBeGreaterThanOrEqual(2);
  }, 120_000);

  it('in a large backlog, loads the model into the second runner while the notes are still being chunked, once, and then both embed', async () => {
    const inner = nodeEmbedder({ offline: true, threads: 1 });
    const db = await openMemoryDb();
    const log = { opened: 0, loads: 0, unchunkedAtLoad: -1, starts: [] as number[] };
    const source: SpareSource = {
      async open() {
        log.opened++;
        const r = recording(inner);
        log.starts = r.starts;
        return {
          ...r.embedder,
          load: (spec, p) => {
            log.loads++;
            log.unchunkedAtLoad = notesToChunk(db, chunkerId(spec), 1).length;
            return inner.load(spec, p);
          },
        };
      },
      close: () => undefined,
    };
    const engine = engineOn(db, { embedder: sharedEmbedder(), service: { maxBatch: 8, targetBatchMs: 1e6, spareQuietMs: 0, spare: source } });
    // The first runner has its model already (a vault embedded before), as after a restart.
    await engine.importSource(memorySource('v', { 'first.md': '# First\n\nA note embedded before the large folder came.\n' }));
    expect(await engine.embed.runToCompletion()).toMatchObject({ complete: true });
    expect(log.opened).toBe(0);
    await engine.importSource(memorySource('v', { 'first.md': '# First\n\nA note embedded before the large folder came.\n', ...notes(BULK_NOTES + 40) }));
    const status = await settle(engine);
    expect(status.error).toBeNull();
    expect(status).toMatchObject({ complete: true });
    // Loaded while notes were still waiting to be chunked, not after; one open, one load for both of the queue's asks.
    expect(log.unchunkedAtLoad).toBe(1);
    expect(log.opened).toBe(1);
    expect(log.loads).toBe(1);
    expect(log.starts.length).toBeGreaterThan(0);
  }, 120_000);
});

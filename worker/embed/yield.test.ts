// The embedding queue gives way to the user (issue 17): while key presses
// (the page's userTyping) or searches keep coming, no batch starts and the
// status says the queue is yielding; a quiet moment after the last one it
// resumes by itself and embeds everything. Real SQLite, the real model.
import { describe, expect, it } from 'vitest';
import { openMemoryDb } from '../db/open-node';
import { memorySource } from '../ingest/source';
import type { Embedder } from './embedder';
import { engineOn, sharedEmbedder } from './testing';

const QUIET_MS = 400;

/** The real embedder, noting when each batch of passages starts. */
function timed(inner: Embedder = sharedEmbedder()) {
  const starts: number[] = [];
  const embedder: Embedder = {
    load: (spec, p) => inner.load(spec, p),
    embed: (texts, role) => {
      if (role === 'passage') starts.push(performance.now());
      return inner.embed(texts, role);
    },
  };
  return { embedder, starts };
}

function notes(n: number): Record<string, string> {
  const out: Record<string, string> = {};
  for (let i = 0; i < n; i++) out[`n${i}.md`] = `# Harbour ${i}\n\nThe harbour of town ${i} traded salt and wool each winter.\n\n## Ships\n\nRecords of every ship that came in during year ${1800 + i}.\n`;
  return out;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** An engine embedding 30 notes two passages a batch, the queue already running. */
async function embeddingEngine() {
  const t = timed();
  const engine = engineOn(await openMemoryDb(), { embedder: t.embedder, service: { maxBatch: 2, targetBatchMs: 1, quietMs: QUIET_MS } });
  engine.embed.pause();
  await engine.importSource(memorySource('v', notes(30)));
  await engine.idle();
  engine.embed.resume();
  while (t.starts.length < 2) await sleep(5);
  return { engine, starts: t.starts };
}

/** Calls `act` every `everyMs` for `forMs`; returns when the first and the last call were made, and whether the status said "yielding" midway. */
async function keepActive(act: () => unknown, everyMs: number, forMs: number, yielding: () => boolean) {
  const first = performance.now();
  let last = first;
  let sawYielding = false;
  while (performance.now() - first < forMs) {
    last = performance.now();
    await act();
    await sleep(everyMs);
    if (performance.now() - first > forMs / 2) sawYielding ||= yielding();
  }
  return { first, last, sawYielding };
}

describe('the embedding queue yields to the user', () => {
  it('starts no batch while key presses keep coming, says so, and resumes a quiet moment after the last one', async () => {
    const { engine, starts } = await embeddingEngine();
    const active = await keepActive(() => engine.embed.touch(), 50, 1500, () => engine.embed.status().yielding);
    expect(active.sawYielding).toBe(true);
    const status = await engine.embed.whenIdle();
    expect(status).toMatchObject({ complete: true, yielding: false });
    // The batch running at the first key may finish; none starts until the user has been quiet for QUIET_MS.
    const during = starts.filter((t) => t > active.first && t < active.last + QUIET_MS - 5);
    expect(during).toEqual([]);
    expect(starts.filter((t) => t >= active.last + QUIET_MS - 5).length).toBeGreaterThan(0);
    expect(status.chunks_done).toBe(status.chunks_total);
  });

  it('searches hold it the same way', async () => {
    const { engine, starts } = await embeddingEngine();
    const active = await keepActive(() => engine.call('search', { query: 'harbour salt', mode: 'text' }), 100, 1200, () => engine.embed.status().yielding);
    expect(active.sawYielding).toBe(true);
    const status = await engine.embed.whenIdle();
    expect(starts.filter((t) => t > active.first && t < active.last + QUIET_MS - 5)).toEqual([]);
    expect(status).toMatchObject({ complete: true, yielding: false });
  });

  it('paused while it waits for the user, it starts no batch when the user is quiet again, nor says it yields', async () => {
    const { engine, starts } = await embeddingEngine();
    engine.embed.touch();
    await sleep(100);
    engine.embed.pause();
    const pausedAt = performance.now();
    expect(engine.embed.status()).toMatchObject({ paused: true, yielding: false });
    await engine.embed.whenIdle();
    expect(starts.filter((t) => t > pausedAt)).toEqual([]);
    expect(engine.embed.status()).toMatchObject({ state: 'paused', complete: false });
  });
});

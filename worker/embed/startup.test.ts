// Opening an embedded vault (issue 16, first result after load): the
// engine's first search runs before any background embedding work, and a
// restart over a fully embedded vault costs no scan of every passage and no
// collection of vectors. Real engine, real SQLite, the real model.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Db } from '../db/database';
import { openMemoryDb, saveDb } from '../db/open-node';
import { createEngine } from '../engine';
import { memorySource } from '../ingest/source';
import { ok } from '../test/make-engine';
import type { Embedder } from './embedder';
import { embeddedEngine, sharedEmbedder } from './testing';
import { createEmbedHost } from './embed-host';

const tmp = mkdtempSync(join(tmpdir(), 'kioku-startup-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

const FILES: Record<string, string> = {
  'a.md': '# Anemometer\n\nMeasures how fast the wind blows.\n\n## Cups\n\nThree cups spin faster in a gale.\n',
  'b.md': '# Bread\n\nFlour and water, baked in a hot oven.\n',
  'c.md': '# Compass\n\nA needle that points north.\n',
};

type Status = { state: string; ready: boolean; complete: boolean; chunks_done: number };

/** How many passages the vault above has (every one embedded in embeddedFile's database). */
let passages = 0;

/** A database file holding the vault above, fully embedded. */
async function embeddedFile(name: string): Promise<string> {
  const file = join(tmp, name);
  const a = await embeddedEngine(FILES);
  passages = a.embed.status().chunks_done;
  expect(passages).toBeGreaterThan(1);
  saveDb(a.db, file);
  a.embed.stop();
  return file;
}

/** The database, with every SQL statement it is given recorded. */
function recording(db: Db): { db: Db; sql: string[] } {
  const sql: string[] = [];
  const proxy = new Proxy(db, {
    get(target, key) {
      const v = Reflect.get(target, key, target);
      if (typeof v !== 'function') return v;
      return (...args: unknown[]) => {
        if (typeof args[0] === 'string') sql.push(args[0]);
        return v.apply(target, args);
      };
    },
  });
  return { db: proxy, sql };
}

const status = async (e: { call(name: string, args?: unknown): Promise<unknown> }) => ok(await e.call('embed_status', {})) as Status;

async function until(check: () => Promise<boolean>, what: string): Promise<void> {
  for (let i = 0; i < 200; i++) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`timed out waiting for ${what}`);
}

describe('opening an embedded vault', () => {
  it('the vector index waits for the first search, which answers by text; then it loads', async () => {
    const e = createEngine(await openMemoryDb({ file: await embeddedFile('grace.db') }), { embedder: sharedEmbedder(), startupGraceMs: 60_000 });
    e.embed!.start(); // as the browser's host does for each engine
    await new Promise((r) => setTimeout(r, 300));
    // Asked for its status meanwhile, the engine still has not read the vectors.
    expect(await status(e)).toMatchObject({ state: 'indexing', chunks_done: 0, ready: false });
    await new Promise((r) => setTimeout(r, 300));
    expect((await status(e)).chunks_done).toBe(0);

    const first = ok(await e.call('search', { query: 'wind' })) as { mode: string; results: { path: string }[] };
    expect(first.mode).toBe('text');
    expect(first.results[0]?.path).toBe('a.md');

    // Once the first search has answered, the index loads in the background.
    await until(async () => (await status(e)).chunks_done > 0, 'the vector index');
    expect(await status(e)).toMatchObject({ complete: true, chunks_done: passages });
    const next = ok(await e.call('search', { query: 'wind speed instrument' })) as { mode: string; results: { path: string }[] };
    expect(next.mode).toBe('hybrid');
    expect(next.results[0]?.path).toBe('a.md');
    e.embed!.stop();
  });

  it('the first search before the index is in memory counts no passage; the default mode still turns hybrid once it loads', async () => {
    const { db, sql } = recording(await openMemoryDb({ file: await embeddedFile('no-count.db') }));
    const e = createEngine(db, { embedder: sharedEmbedder(), startupGraceMs: 60_000 });
    e.embed!.start();
    const first = ok(await e.call('search', { query: 'wind' })) as { mode: string; results: { path: string }[] };
    expect(first.mode).toBe('text');
    expect(first.results.map((r) => r.path)).toEqual(['a.md']);
    // Counting 200k passages cold is the first search's longest step at 10k notes; its answer cannot be "complete" yet.
    expect(sql.filter((s) => /COUNT\(\*\) FROM chunks/i.test(s))).toEqual([]);
    // With no grace holding it back, a search is what starts reading the index (as the status did).
    const later = createEngine(await openMemoryDb({ file: await embeddedFile('no-count-later.db') }), { embedder: sharedEmbedder() });
    expect((ok(await later.call('search', { query: 'wind' })) as { mode: string }).mode).toBe('text');
    await until(async () => (ok(await later.call('search', { query: 'wind speed instrument' })) as { mode: string }).mode === 'hybrid', 'hybrid search');
    e.embed!.stop();
    later.embed!.stop();
  });

  it('without a search, background work starts when the grace is over', async () => {
    const e = createEngine(await openMemoryDb({ file: await embeddedFile('no-search.db') }), { embedder: sharedEmbedder(), startupGraceMs: 200 });
    e.embed!.start();
    await until(async () => (await status(e)).chunks_done > 0, 'the vector index');
    expect((await status(e)).complete).toBe(true);
    e.embed!.stop();
  });

  it('what is asked for explicitly is not held back: embed_warm loads the index and the model at once', async () => {
    const e = createEngine(await openMemoryDb({ file: await embeddedFile('warm.db') }), { embedder: sharedEmbedder(), startupGraceMs: 60_000 });
    e.embed!.start();
    expect(ok(await e.call('embed_warm', {}))).toMatchObject({ ready: true, complete: true, chunks_done: passages });
    const r = ok(await e.call('search', { query: 'wind speed instrument', mode: 'vector' })) as { results: { path: string }[] };
    expect(r.results[0]?.path).toBe('a.md');
    e.embed!.stop();
  });

  it('embed_warm loads the model while the index is being read, not after it', async () => {
    const inner = sharedEmbedder();
    const atLoad: { chunks_done: number; state: string }[] = [];
    const embedder: Embedder = {
      load: (spec, p) => {
        atLoad.push(e.embed!.status());
        return inner.load(spec, p);
      },
      embed: (texts, role) => inner.embed(texts, role),
    };
    const e = createEngine(await openMemoryDb({ file: await embeddedFile('parallel.db') }), { embedder, startupGraceMs: 60_000 });
    expect(ok(await e.call('embed_warm', {}))).toMatchObject({ ready: true, complete: true, chunks_done: passages });
    // One load, begun before any vector was in memory; the status said the index was loading, not "0 embedded".
    expect(atLoad).toEqual([expect.objectContaining({ chunks_done: 0, state: 'indexing' })]);
    e.embed!.stop();
  });

  it('opening as the browser does loads the model once the first search has answered, unasked, and counts no passage before', async () => {
    const { db, sql } = recording(await openMemoryDb({ file: await embeddedFile('preload.db') }));
    const loads: string[] = [];
    const embedder: Embedder = {
      load: (spec, p) => (loads.push(spec.id), sharedEmbedder().load(spec, p)),
      embed: (texts, role) => sharedEmbedder().embed(texts, role),
    };
    // The browser's engine worker: a status listener (the page follows the embedding) and the embed host's attach.
    const told: string[] = [];
    const e = createEngine(db, { embedder, startupGraceMs: 60_000, embedding: { onStatus: (s) => told.push(s.state) } });
    createEmbedHost().attach(e);
    // Not beside the first search: on two cores that slowed it.
    expect(loads).toEqual([]);
    const first = ok(await e.call('search', { query: 'wind' })) as { mode: string };
    expect(first.mode).toBe('text');
    // A status (telling the listener "loading") would have counted every passage, cold, before the first search.
    expect(sql.filter((s) => /COUNT\(\*\) FROM chunks/i.test(s))).toEqual([]);
    expect(told).toEqual([]);
    // Then the model loads with no embed_warm from the page.
    await until(async () => loads.length === 1, 'the model load');
    e.embed!.stop();
  });

  it('what changed unheard during the grace (embed_warm loading the model and the index) is told once it is over', async () => {
    const told: { state: string; ready: boolean }[] = [];
    const e = createEngine(await openMemoryDb({ file: await embeddedFile('told.db') }), {
      embedder: sharedEmbedder(),
      startupGraceMs: 60_000,
      embedding: { onStatus: (s) => told.push({ state: s.state, ready: s.ready }) },
    });
    // The page asks for the model before its first search; loading is untold while the grace lasts.
    expect(ok(await e.call('embed_warm', {}))).toMatchObject({ ready: true, complete: true });
    expect(told).toEqual([]);
    // The first search ends the grace: the listener must not keep believing whatever it heard last (nothing, or "loading").
    expect((ok(await e.call('search', { query: 'wind' })) as { mode: string }).mode).toBe('hybrid');
    await until(async () => told.length > 0, 'a status after the grace');
    expect(told.at(-1)).toEqual({ state: 'complete', ready: true });
    e.embed!.stop();
  });

  it('restarting over a fully embedded vault scans no passage for a missing vector and collects nothing; a change does both', async () => {
    const file = await embeddedFile('restart.db');
    const seed = await openMemoryDb({ file });
    // A vector no passage uses (as a removed vault leaves): collected only by a run that changes something.
    seed.run("INSERT INTO vectors (model, hash, dim, scale, vec) SELECT model, 'orphan', dim, scale, vec FROM vectors LIMIT 1");
    saveDb(seed, file);
    seed.close();
    const { db, sql } = recording(await openMemoryDb({ file }));
    const e = createEngine(db, { embedder: sharedEmbedder() });
    e.embed!.start();
    const after = await e.embed!.whenIdle();
    expect(after).toMatchObject({ complete: true, chunks_done: passages });
    expect(sql.filter((s) => /NOT EXISTS \(SELECT 1 FROM vectors/.test(s))).toEqual([]);
    expect(sql.filter((s) => /DELETE FROM vectors/.test(s))).toEqual([]);
    expect(db.column("SELECT hash FROM vectors WHERE hash = 'orphan'")).toEqual(['orphan']);

    await e.importSource(memorySource('test', { ...FILES, 'c.md': '# Compass\n\nA magnetised needle that points north, for sailors.\n' }));
    await e.idle();
    expect(await e.embed!.whenIdle()).toMatchObject({ complete: true });
    expect(db.column("SELECT hash FROM vectors WHERE hash = 'orphan'")).toEqual([]);
    e.embed!.stop();
  });
});

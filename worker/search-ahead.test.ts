// A search run ahead (Engine.searchAhead: the browser's engine runs the
// page's URL query while the page is still loading): the first identical
// search gets that answer, and nothing that could change it may come in
// between. Real engine, real SQLite; the grace case with the bundled model.
import { describe, expect, it } from 'vitest';
import { openMemoryDb, saveDb } from './db/open-node';
import { createEngine } from './engine';
import { embeddedEngine, sharedEmbedder } from './embed/testing';
import { engineWith, ok } from './test/make-engine';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const FILES: Record<string, string> = {
  'zebra.md': '# Zebra\n\nStriped horses of the savanna.\n',
  'lion.md': '# Lion\n\nA big cat that hunts zebra at dusk.\n',
  'oven.md': '# Oven\n\nBread bakes in a hot oven.\n',
};
const ARGS = { query: 'zebra', page: 1, page_size: 20, snippet_markers: ['\u0002', '\u0003'] };
type Result = { mode: string; total: number; results: { path: string }[] };
const paths = (r: unknown) => (ok(r) as Result).results.map((h) => h.path).sort();

describe('a search run ahead', () => {
  it('is the answer of the first search with the same arguments, and only of that one', async () => {
    const engine = await engineWith(FILES);
    const ahead = engine.searchAhead(ARGS);
    expect(ahead).toBeDefined();
    // Reads in between keep it (what the page asks for at start-up).
    ok(await engine.call('unsaved_changes', {}));
    ok(await engine.call('vaults', {}));
    const first = await engine.call('search', { ...ARGS });
    expect(first).toBe(await ahead);
    expect(paths(first)).toEqual(['lion.md', 'zebra.md']);
    // The next search runs anew (same results, a fresh answer).
    const second = await engine.call('search', { ...ARGS });
    expect(second).not.toBe(first);
    expect(paths(second)).toEqual(paths(first));
    // Once a search has been called there is nothing to run ahead for.
    expect(engine.searchAhead(ARGS)).toBeUndefined();
  });

  it('is dropped by a write in between: the search answers what the notes say now', async () => {
    const engine = await engineWith(FILES);
    const ahead = engine.searchAhead(ARGS);
    expect(paths(await ahead)).toEqual(['lion.md', 'zebra.md']);
    ok(await engine.call('write_note', { path: 'lion.md', body: '# Lion\n\nA big cat that sleeps all day.\n' }));
    const r = await engine.call('search', ARGS);
    expect(r).not.toBe(await ahead);
    expect(paths(r)).toEqual(['zebra.md']);
  });

  it('is dropped by an import and by removing a vault', async () => {
    const engine = await engineWith(FILES);
    const ahead = engine.searchAhead(ARGS);
    await ahead;
    await engine.importSource((await import('./ingest/source')).memorySource('more', { 'z.md': '# Another zebra\n' }));
    expect(paths(await engine.call('search', ARGS))).toEqual(['lion.md', 'z.md', 'zebra.md']);

    const other = await engineWith(FILES);
    const kept = other.searchAhead(ARGS);
    await kept;
    expect(await other.removeVault('test')).toBe(true);
    const r = await other.call('search', ARGS);
    expect(r).not.toBe(await kept);
    expect(paths(r)).toEqual([]);
  });

  it('is not used for other arguments, and a search with other arguments drops it', async () => {
    const engine = await engineWith(FILES);
    const ahead = engine.searchAhead(ARGS);
    const other = await engine.call('search', { ...ARGS, query: 'oven' });
    expect(other).not.toBe(await ahead);
    expect(paths(other)).toEqual(['oven.md']);
    const same = await engine.call('search', ARGS);
    expect(same).not.toBe(await ahead);
    expect(paths(same)).toEqual(['lion.md', 'zebra.md']);
  });

  it('does not end the start-up grace: background work waits until the page has taken the answer', async () => {
    const tmp = mkdtempSync(join(tmpdir(), 'kioku-ahead-'));
    try {
      const source = await embeddedEngine(FILES);
      const file = join(tmp, 'embedded.db');
      saveDb(source.db, file);
      source.embed.stop();
      const e = createEngine(await openMemoryDb({ file }), { embedder: sharedEmbedder(), startupGraceMs: 60_000 });
      e.embed!.start();
      const status = async () => ok(await e.call('embed_status', {})) as { chunks_done: number };
      const ahead = e.searchAhead(ARGS)!;
      expect((ok(await ahead) as Result).mode).toBe('text');
      // Answered, but not yet taken: the vector index still waits.
      await new Promise((r) => setTimeout(r, 400));
      expect((await status()).chunks_done).toBe(0);
      expect(await e.call('search', ARGS)).toBe(await ahead);
      for (let i = 0; i < 200 && (await status()).chunks_done === 0; i++) await new Promise((r) => setTimeout(r, 50));
      expect((await status()).chunks_done).toBeGreaterThan(0);
      e.embed!.stop();
    } finally {
      rmSync(tmp, { recursive: true, force: true });
    }
  });
});

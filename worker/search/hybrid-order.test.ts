// Hybrid search of a new query: the query is embedded in the model's worker
// while the text side runs in the engine's, so neither waits for the other
// (issue 16, hybrid latency). Checked by what has run while the model is held
// back, with the real model and real SQLite; never by timing.
import { describe, expect, it, vi } from 'vitest';
import type { Embedder } from '../embed/embedder';
import { embeddedEngine, sharedEmbedder } from '../embed/testing';
import { ok } from '../test/make-engine';

const NOTES = {
  'Anemometer.md': '# Anemometer\n\nA device for gauging the velocity of air currents and gusts, with cups which spin faster in a gale.\n',
  'Hygrometer.md': '# Hygrometer\n\nA gauge whose hair strand stretches in damp air, showing the humidity of a room.\n',
  'Compass.md': '# Compass\n\nA magnetised needle that points north, used by hikers and sailors to find their way.\n',
  'Sourdough.md': '# Sourdough\n\nMix flour and water, feed the starter daily, and bake the loaf in a hot oven.\n',
};

/** The real model, with query embeddings held until released. */
function heldQueries(): { embedder: Embedder; hold(): void; release(): void; waiting(): number; onQuery(f: () => void): void } {
  const real = sharedEmbedder();
  let gate: Promise<void> | null = null;
  let open = () => {};
  let waiting = 0;
  let seen = () => {};
  return {
    embedder: {
      load: (spec, progress) => real.load(spec, progress),
      async embed(texts, role) {
        if (role === 'query') seen();
        if (role === 'query' && gate) {
          waiting++;
          await gate;
          waiting--;
        }
        return real.embed(texts, role);
      },
    },
    hold() {
      gate = new Promise((r) => (open = r));
    },
    release() {
      gate = null;
      open();
    },
    waiting: () => waiting,
    onQuery: (f) => (seen = f),
  };
}

type Result = { results: { path: string; snippet: string }[]; total: number; mode: string };

describe('hybrid search of a new query', () => {
  it('ranks by text while the query is being embedded, and answers as it would without the wait', async () => {
    const held = heldQueries();
    const engine = await embeddedEngine(NOTES, { embedder: held.embedder });
    const query = 'gauge of wind gusts';
    const all = vi.spyOn(engine.db, 'all');
    const ranked = () => all.mock.calls.filter(([sql]) => String(sql).includes('bm25(')).length;
    // The model is asked before the text side starts, not after it (the two then overlap).
    let rankedWhenAsked = -1;
    held.onQuery(() => (rankedWhenAsked = ranked()));
    held.hold();
    const answer = engine.call('search', { query, mode: 'hybrid' });
    await vi.waitFor(() => expect(held.waiting()).toBe(1));
    expect(rankedWhenAsked).toBe(0);
    // The model has not answered, and the text ranking (BM25) has already run.
    expect(all.mock.calls.some(([sql]) => String(sql).includes('bm25('))).toBe(true);
    held.release();
    const first = ok((await answer) as Result);
    all.mockRestore();
    expect(first.mode).toBe('hybrid');
    // The query vector is cached now: the same search again, with no wait at all, answers the same.
    const again = ok((await engine.call('search', { query, mode: 'hybrid' })) as Result);
    expect(again).toMatchObject({ results: first.results, total: first.total });
    expect(first.results.map((h) => h.path)).toContain('Anemometer.md');
  });

  it('a query the model cannot read is ranked by text without asking the model', async () => {
    const held = heldQueries();
    const engine = await embeddedEngine({ ...NOTES, 'Kaze.md': '# 風速計\n\n風の速さを測る道具。\n' }, { embedder: held.embedder });
    held.hold();
    const r = ok((await engine.call('search', { query: '風速計', mode: 'hybrid' })) as Result & { notice_code?: string });
    expect(held.waiting()).toBe(0);
    held.release();
    expect(r.notice_code).toBe('query_language');
    expect(r.results.map((h) => h.path)).toEqual(['Kaze.md']);
  });
});

// A model switch while a search by meaning waits for the model: the search
// answers with the model now active, never with the old model's query vector
// ranked against an index it was not made for. Real engine, real SQLite, the
// real bundled model (both bundled files).
import { describe, expect, it } from 'vitest';
import { ok } from '../test/make-engine';
import type { Embedder } from '../embed/embedder';
import { DEFAULT_MODEL_ID, USE_LITE_Q8_ID } from '../embed/models';
import { embeddedEngine, sharedEmbedder } from '../embed/testing';

const NOTES = {
  'Anemometer.md': '# Anemometer\n\nA device for gauging the velocity of air currents and gusts, with cups which spin faster in a gale.\n',
  'Sourdough.md': '# Sourdough\n\nMix flour and water, feed the starter daily, and bake the loaf in a hot oven.\n',
};

type Result = { mode: string; results: { path: string }[]; embeddings?: { model: string; complete: boolean }; notice_code?: string };

/** The real embedder, whose model loads wait until the test opens the gate. */
function gated(): { embedder: Embedder; open: () => void; loads: string[] } {
  const inner = sharedEmbedder();
  let open!: () => void;
  const gate = new Promise<void>((r) => (open = r));
  const loads: string[] = [];
  return {
    loads,
    open,
    embedder: {
      load: async (spec, p) => {
        loads.push(spec.id);
        await gate;
        return inner.load(spec, p);
      },
      embed: (texts, role) => inner.embed(texts, role),
    },
  };
}

describe('switching the model while a search by meaning waits for it', () => {
  it.each(['hybrid', 'vector'] as const)('%s: the search answers for the model now active', async (mode) => {
    const e = await embeddedEngine(NOTES);
    expect(e.embed.model.id).toBe(DEFAULT_MODEL_ID);
    // A new runner (as after the embed worker restarted): the model must load again before the query's vector.
    const g = gated();
    e.embed.setEmbedder(g.embedder);
    const pending = e.call('search', { query: 'device with cups for a gale', mode });
    await new Promise((r) => setTimeout(r, 50));
    expect(g.loads).toEqual([DEFAULT_MODEL_ID]);
    ok(await e.call('embed_model', { model: USE_LITE_Q8_ID }));
    g.open();
    const r = ok(await pending) as unknown as Result;
    // The other model has no vectors here yet: the answer says so, rather than ranking by the old model's.
    expect(r.embeddings).toEqual({ model: USE_LITE_Q8_ID, complete: false });
    expect(r.notice_code).toBe('embeddings_incomplete');
    if (mode === 'hybrid') expect(r.results.map((h) => h.path)).toEqual(['Anemometer.md']);
    else expect(r.results).toEqual([]);
    e.embed.stop();
  });
});

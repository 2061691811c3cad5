// The embedding queue steered by tools (issue 10), and calls before the
// database is open answering not_ready (defect 4).
import { describe, expect, it } from 'vitest';
import { openMemoryDb } from '../db/open-node';
import { engineOn } from '../embed/testing';
import { BUILTIN_MODELS } from '../embed/models';
import { createEngineHost } from '../platform/engine-host';
import { makeEngine, ok } from '../test/make-engine';

describe('embed_pause, embed_resume, embed_model', () => {
  it('pause and resume the queue, kept in the database', async () => {
    const db = await openMemoryDb();
    const engine = engineOn(db, { embedder: null });
    expect(ok(await engine.call('embed_pause', {})).paused).toBe(true);
    expect(engineOn(db, { embedder: null }).embed.paused).toBe(true); // a restart finds it paused
    expect(ok(await engine.call('embed_resume', {})).paused).toBe(false);
  });

  it('switches the model, and names what is wrong with an unknown one', async () => {
    const engine = engineOn(await openMemoryDb(), { embedder: null });
    const other = BUILTIN_MODELS[1];
    const r = ok(await engine.call('embed_model', { model: other.id }));
    expect(r.model.id).toBe(other.id);
    expect(r.models.find((m) => m.active)?.id).toBe(other.id);
    expect(await engine.call('embed_model', { model: 'nope/none' })).toMatchObject({ isError: true, error: { code: 'not_found', path: 'model' } });
    expect(await engine.call('embed_model', {})).toMatchObject({ isError: true, error: { code: 'invalid_argument', path: 'model' } });
  });

  it('say so on a host without embeddings', async () => {
    const engine = await makeEngine();
    for (const tool of ['embed_pause', 'embed_resume']) expect(await engine.call(tool, {})).toMatchObject({ isError: true, error: { code: 'unsupported' } });
  });
});

describe('before the database is open', () => {
  it('a call answers not_ready with what to do, and host methods return error results instead of throwing', async () => {
    const { api } = createEngineHost();
    const r = (await api.call('search', { query: 'x' })) as { isError: boolean; error: { code: string; message: string } };
    expect(r).toMatchObject({ isError: true, error: { code: 'not_ready' } });
    expect(r.error.message).toMatch(/not open yet.*try again/i);
    expect(await api.removeVault('v')).toMatchObject({ isError: true, error: { code: 'not_ready' } });
    expect(api.exportDb()).toMatchObject({ isError: true, error: { code: 'not_ready' } });
    expect(await api.importTexts('v', { 'a.md': 'x' })).toMatchObject({ phase: 'failed', error: expect.stringMatching(/not open yet/) });
  });
});

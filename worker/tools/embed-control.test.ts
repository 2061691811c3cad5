// The embedding queue steered by tools (issue 10), and calls before the
// database is open answering not_ready (defect 4).
import { describe, expect, it } from 'vitest';
import { openMemoryDb } from '../db/open-node';
import { engineOn } from '../embed/testing';
import { BUILTIN_MODELS } from '../embed/models';
import { createEngineHost } from '../platform/engine-host';
import { createEmbedHost } from '../embed/embed-host';
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
  const notReady = { isError: true, error: { code: 'not_ready', message: expect.stringMatching(/not open yet.*try again/i) } };

  it('a call answers not_ready with what to do, and host methods return error results instead of throwing', async () => {
    const { api } = createEngineHost();
    expect(await api.call('search', { query: 'x' })).toMatchObject(notReady);
    expect(await api.removeVault('v')).toMatchObject(notReady);
    expect(api.exportDb()).toMatchObject(notReady);
    expect(api.readAttachment('v', 'a.png')).toMatchObject(notReady);
    expect(await api.wipe()).toMatchObject(notReady);
    expect(await api.restoreDb(new Uint8Array(200))).toMatchObject({ ok: false, code: 'not_ready' });
  });

  it('imports do not start, answering not_ready as an error result', async () => {
    const { api } = createEngineHost();
    expect(await api.importTexts('v', { 'a.md': 'x' })).toMatchObject(notReady);
    expect(await api.importFiles('v', [], undefined)).toMatchObject(notReady);
  });

  it('the embedding host keeps the code: not_ready, not a thrown error or a bare message', async () => {
    const { api } = createEmbedHost();
    expect(api.embedStatus()).toBeNull();
    expect(await api.embedAddFolder('m', [])).toMatchObject({ ok: false, code: 'not_ready', message: expect.stringMatching(/not open yet/) });
  });
});

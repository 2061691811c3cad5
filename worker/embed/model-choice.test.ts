// A damaged list of added models is reported, not silently emptied.
import { describe, expect, it } from 'vitest';
import { openMemoryDb } from '../db/open-node';
import { ok } from '../test/make-engine';
import { knownModels, readCustomModels } from './model-choice';
import { BUILTIN_MODELS } from './models';
import { setMeta } from './store';
import { engineOn } from './testing';

describe('the list of added models', () => {
  it.each([
    ['{not json', /not valid JSON/],
    ['{"id": "x"}', /not a list/],
    ['[{"id": "a/b", "source": {"kind": "hub", "repo": "a/b"}}, 3]', /entry 2 is not a model/],
  ])('when damaged (%s) is reported by embed_status and only the built-in models are offered', async (stored, why) => {
    const db = await openMemoryDb();
    setMeta(db, 'embed.custom_models', stored);
    expect(readCustomModels(db).problem).toMatch(why);
    expect(knownModels(db)).toEqual(BUILTIN_MODELS);
    const status = ok(await engineOn(db, { embedder: null }).call('embed_status', {}));
    expect(status.models_problem).toMatch(/damaged.*Load the model folders again/);
  });

  it('reads fine when absent or valid', async () => {
    const db = await openMemoryDb();
    expect(readCustomModels(db)).toEqual({ models: [], problem: null });
    expect(ok(await engineOn(db, { embedder: null }).call('embed_status', {})).models_problem).toBeUndefined();
  });
});

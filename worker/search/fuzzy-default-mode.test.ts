// fuzzy without a mode, once every note is embedded (the default mode is then
// hybrid): it failed with "works in text mode only"; it runs in text mode.
import { describe, expect, it } from 'vitest';
import { embeddedEngine } from '../embed/testing';

const NOTES = {
  'canvas.md': '# Canvas\n\nA canvas lays notes out on a board.',
  'garden.md': '# Garden\n\nWater the tomatoes every morning.',
};

describe('fuzzy and the default mode', () => {
  it('runs a fuzzy search without a mode in text mode, once embedded too', async () => {
    const engine = await embeddedEngine(NOTES);
    const plain = (await engine.call('search', { query: 'garden' })) as { mode: string };
    expect(plain.mode).toBe('hybrid');
    const r = (await engine.call('search', { query: 'cnavas', fuzzy: true })) as { mode: string; results: { path: string }[] };
    expect(r.mode).toBe('text');
    expect(r.results.map((h) => h.path)).toEqual(['canvas.md']);
  });

  it('refuses fuzzy with another mode, naming it', async () => {
    const engine = await embeddedEngine(NOTES);
    const r = (await engine.call('search', { query: 'cnavas', fuzzy: true, mode: 'hybrid' })) as { isError?: boolean; error?: { code: string; message: string; path: string } };
    expect(r.isError).toBe(true);
    expect(r.error).toMatchObject({ code: 'invalid_argument', path: 'fuzzy' });
    expect(r.error!.message).toContain('not in mode "hybrid"');
  });
});

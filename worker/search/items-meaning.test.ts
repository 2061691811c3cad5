// Observations by meaning, with the real bundled model: an item ranks where
// its note ranks by meaning, hybrid keeps lines that say the words first, and
// valid time, categories and scope still decide what can answer.
import { describe, expect, it } from 'vitest';
import { ok } from '../test/make-engine';
import { embeddedEngine } from '../embed/testing';

const NOTES = {
  'Anemometer.md': '# Anemometer\n\nA device for gauging the velocity of air currents and gusts, with cups which spin faster in a gale.\n\n- [fact] @2026-05 The cups were replaced.\n- [fact] Calibrated yearly\n',
  'Hygrometer.md': '# Hygrometer\n\nA gauge whose hair strand stretches in damp air, showing the humidity of a room.\n\n- [fact] @2026-05 The hair strand was replaced.\n',
  'Sourdough.md': '# Sourdough\n\nMix flour and water, feed the starter daily, and bake the loaf in a hot oven.\n\n- [fact] @2026-05 The starter was replaced.\n',
  'Taxes.md': '# Taxes\n\nFile the annual return before April; keep receipts for deductions.\n\n- [decision] @2026-05 The accountant was replaced.\n',
};

type Result = { results: { path: string; content: string; entity_type: string }[]; mode: string; total: number; temporal_applied?: boolean; embeddings?: { complete: boolean } };

describe('observations by meaning', () => {
  it('vector mode ranks items by their note, then by line', async () => {
    const engine = await embeddedEngine(NOTES);
    const r = ok((await engine.call('search', { query: 'instrument that measures wind speed', mode: 'vector', entity_types: ['observation'] })) as unknown as Result);
    expect(r.mode).toBe('vector');
    expect(r.embeddings?.complete).toBe(true);
    expect(r.results.slice(0, 2).map((h) => h.content)).toEqual(['The cups were replaced.', 'Calibrated yearly']);
    expect(r.results.map((h) => h.path)).not.toContain('Taxes.md');
  });

  it('hybrid mode keeps valid time, categories and the words of the line', async () => {
    const engine = await embeddedEngine(NOTES);
    const dated = ok((await engine.call('search', { query: 'instrument that measures wind speed', mode: 'hybrid', valid_at: '2026-05-20' })) as unknown as Result);
    expect(dated.temporal_applied).toBe(true);
    expect(dated.results[0].content).toBe('The cups were replaced.');
    expect(dated.results.map((h) => h.content)).not.toContain('Calibrated yearly');
    const words = ok((await engine.call('search', { query: 'accountant replaced', mode: 'hybrid', entity_types: ['observation'] })) as unknown as Result);
    expect(words.results[0].content).toBe('The accountant was replaced.');
    const cats = ok((await engine.call('search', { query: 'replaced', mode: 'hybrid', categories: ['decision'] })) as unknown as Result);
    expect(cats.results.map((h) => h.content)).toEqual(['The accountant was replaced.']);
  });

  it('runs hybrid by default once the notes are embedded', async () => {
    const engine = await embeddedEngine(NOTES);
    const r = ok((await engine.call('search', { query: 'replaced', valid_at: '2026-05-01' })) as unknown as Result);
    expect(r.mode).toBe('hybrid');
    expect(r.total).toBe(4);
  });
});

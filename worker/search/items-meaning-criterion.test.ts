// Observations and relations by meaning earn their place as notes do
// (meaning-criterion.ts), with the real bundled model: nothing for a query no
// note holds and the model cannot read, a lone word only among notes holding
// it, an exact total that does not depend on the page, and one id per hit.
import { describe, expect, it } from 'vitest';
import { ok } from '../test/make-engine';
import { embeddedEngine } from '../embed/testing';

const NOTES = {
  'Anemometer.md': '# Anemometer\n\nA device for gauging the velocity of air currents and gusts, with cups which spin faster in a gale.\n\n- [fact] The cups were replaced.\n- part_of [[Weather Station]]\n',
  'Hygrometer.md': '# Hygrometer\n\nA gauge whose hair strand stretches in damp air, showing the humidity of a room.\n\n- [fact] The hair strand was replaced.\n- part_of [[Weather Station]]\n',
  'Sourdough.md': '# Sourdough\n\nMix flour and water, feed the starter daily, and bake the loaf in a hot oven.\n\n- [fact] The starter was replaced.\n- uses [[Flour]] and [[Oven]]\n',
  'Taxes.md': '# Taxes\n\nFile the annual return before April; keep receipts for deductions.\n\n- [decision] The accountant was replaced.\n',
};

type Hit = { id: string; path: string; entity_type: string; content?: string; target?: string };
type Result = { results: Hit[]; mode: string; total: number; total_is_exact: boolean };
const search = async (engine: Awaited<ReturnType<typeof embeddedEngine>>, args: Record<string, unknown>) => ok((await engine.call('search', args)) as unknown as Result);

describe('observations and relations by meaning', () => {
  it('returns nothing for a word no note holds and the model does not know, in every mode (it returned every relation)', async () => {
    const engine = await embeddedEngine(NOTES);
    for (const mode of ['vector', 'hybrid', 'text']) {
      for (const entity_types of [['relation'], ['observation'], ['relation', 'observation', 'entity']]) {
        const r = await search(engine, { query: 'xyzzyplugh', mode, entity_types });
        expect({ mode, entity_types, total: r.total, hits: r.results.length }).toEqual({ mode, entity_types, total: 0, hits: 0 });
      }
    }
  });

  it('lets a lone word reach only the items of notes that hold it', async () => {
    const engine = await embeddedEngine(NOTES);
    const r = await search(engine, { query: 'humidity', mode: 'vector', entity_types: ['observation', 'relation'] });
    expect(new Set(r.results.map((h) => h.path))).toEqual(new Set(['Hygrometer.md']));
  });

  it('gives each relation its own id when a line holds several (two shared one id)', async () => {
    const engine = await embeddedEngine(NOTES);
    for (const mode of ['text', 'hybrid']) {
      const r = await search(engine, { query: 'flour oven', mode, entity_types: ['relation'] });
      const ids = r.results.map((h) => h.id);
      expect(ids.length).toBeGreaterThanOrEqual(2);
      expect(new Set(ids).size).toBe(ids.length);
    }
  });

  it('says the same about the total on every page (it changed from page to page)', async () => {
    const facts = Array.from({ length: 230 }, (_, i) => `- [fact] Reading number ${i} of the cups`).join('\n');
    const engine = await embeddedEngine({ ...NOTES, 'Anemometer.md': `# Anemometer\n\nA device for gauging the velocity of air currents and gusts.\n\n${facts}\n` });
    const first = await search(engine, { query: 'instrument that measures wind speed', mode: 'hybrid', entity_types: ['observation'], page_size: 10 });
    const later = await search(engine, { query: 'instrument that measures wind speed', mode: 'hybrid', entity_types: ['observation'], page_size: 10, page: 22 });
    expect(first.total).toBe(later.total);
    expect(first.total_is_exact).toBe(later.total_is_exact);
    expect(first.total_is_exact).toBe(true);
  });

  it('says so when a query holds only excluded words (-canvas in vector mode ran as text without a word)', async () => {
    const engine = await embeddedEngine(NOTES);
    for (const mode of ['vector', 'hybrid']) {
      // A note is left out by its words; an observation by its own line's.
      for (const [entity_types, query] of [[['entity'], '-sourdough'], [['observation'], '-starter']] as const) {
        const r = (await engine.call('search', { query, mode, entity_types })) as unknown as Result & { notice_code?: string };
        expect({ mode, entity_types, ran: r.mode, code: r.notice_code }).toEqual({ mode, entity_types, ran: 'text', code: 'query_exclusions_only' });
        expect(r.results.length).toBeGreaterThan(0);
        expect(r.results.map((h) => h.path)).not.toContain('Sourdough.md');
      }
    }
    // An empty query lists the scope, as ever, without a notice.
    const all = (await engine.call('search', { mode: 'vector' })) as unknown as Result & { notice_code?: string };
    expect(all.notice_code).toBeUndefined();
  });
});

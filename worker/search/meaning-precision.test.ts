// Issue 16: nothing for nothing in vector and hybrid search, with the real
// bundled model (USE-lite int8 from public/models). A query no note matches
// returns 0 in every mode; a vector hit must earn its place.
import { describe, expect, it } from 'vitest';
import { ok } from '../test/make-engine';
import { embeddedEngine } from '../embed/testing';
import { parseQuery } from './query-syntax';
import { meaningText } from './hybrid';

type Hit = { title: string; snippet: string; path: string };
type Result = { results: Hit[]; mode: string; total: number; total_is_exact: boolean };

// A small vault of unrelated everyday notes: the model scores every one of them above its floor for almost any query.
const VAULT: Record<string, string> = {
  'Anemometer.md': '# Anemometer\n\nA device for gauging the velocity of air currents and gusts, with cups which spin faster in a gale.\n',
  'Hygrometer.md': '# Hygrometer\n\nA gauge whose hair strand stretches in damp air, showing the humidity of a room.\n',
  'Orchestra.md': '# Orchestra\n\nThe percussion section keeps the beat; the xylophone part in the second movement is hard.\n',
  'Music lessons.md': '# Music lessons\n\nPiano on Tuesdays, violin on Fridays. Practise scales every morning before school.\n',
  'Band practice.md': '# Band practice\n\nDrums, bass and two guitars in the garage; the neighbours complained about the noise.\n',
  'Sourdough.md': '# Sourdough\n\nMix flour and water, feed the starter daily, and bake the loaf in a hot oven.\n',
  'Taxes.md': '# Taxes\n\nFile the annual return before April; keep receipts for deductions.\n',
  'Garden.md': '# Garden\n\nPlant tomatoes after the last frost and water them in the evening.\n',
  'Trip to Kyoto.md': '# Trip to Kyoto\n\nTemples in the morning, a tea house in the afternoon, the night train back.\n',
  'Car.md': '# Car\n\nThe mechanic changed the brake pads and the oil; next service in spring.\n',
  'Long history.md': `# Long history\n\n${'The town grew slowly over the centuries. '.repeat(40)}\n\nMuch later, a violin maker opened a workshop by the river and sold instruments to players across the country.\n`,
};

describe('vector hits earn their place', () => {
  it('a word found in no note and unknown to the model returns nothing in every mode', async () => {
    const engine = await embeddedEngine(VAULT);
    for (const query of ['xyzzyplugh', 'florbnax quendrilax', 'ﾌﾞﾛﾙｸﾞﾅｯｸｽ']) {
      for (const mode of ['text', 'vector', 'hybrid']) {
        const r = ok((await engine.call('search', { query, mode })) as Result);
        expect(r.results, `${query} in ${mode}`).toEqual([]);
        expect(r.total, `${query} in ${mode}`).toBe(0);
      }
      // The default mode (hybrid once embedded) too.
      const auto = ok((await engine.call('search', { query })) as Result);
      expect(auto.total).toBe(0);
    }
  });

  it('one plain word: meaning re-ranks the notes holding it instead of adding every note', async () => {
    const engine = await embeddedEngine(VAULT);
    for (const mode of ['vector', 'hybrid']) {
      const r = ok((await engine.call('search', { query: 'xylophone', mode })) as Result);
      expect(r.results.map((h) => h.title), mode).toEqual(['Orchestra']);
      expect(r.total).toBe(1);
      expect(r.total_is_exact).toBe(true);
    }
    // A word the model knows but no note holds: still nothing.
    const none = ok((await engine.call('search', { query: 'smartphone', mode: 'hybrid' })) as Result);
    expect(none.total).toBe(0);
  });

  it('stop words beside a word found nowhere do not list the notes holding the stop words, in any mode', async () => {
    const engine = await embeddedEngine(VAULT);
    for (const query of ['the xyzzyplugh', 'the smartphone', 'what is the smartphone of the future']) {
      for (const mode of ['text', 'vector', 'hybrid']) {
        const r = ok((await engine.call('search', { query, mode })) as Result);
        expect(r.total, `${query} in ${mode}`).toBe(0);
      }
    }
    // Under a scope too (another plan): the stop words match notes at the root, the word none.
    const scoped = ok((await engine.call('search', { query: 'the smartphone', mode: 'text', folder: '' })) as Result);
    expect(scoped.total).toBe(0);
    expect(ok((await engine.call('search', { query: 'the violin', mode: 'text', folder: '' })) as Result).total).toBe(2);
  });

  it('one plain word beside stop words is still one word: meaning re-ranks the notes holding it', async () => {
    const engine = await embeddedEngine(VAULT);
    for (const mode of ['vector', 'hybrid']) {
      const r = ok((await engine.call('search', { query: 'the xylophone', mode })) as Result);
      expect(r.results.map((h) => h.title), mode).toEqual(['Orchestra']);
      expect(r.total).toBe(1);
    }
    // Stop words alone are still searched as words.
    expect(ok((await engine.call('search', { query: 'the', mode: 'text' })) as Result).total).toBeGreaterThan(5);
  });

  it('keywords: hybrid re-ranks the notes holding one of the words, and adds none that hold neither', async () => {
    const engine = await embeddedEngine(VAULT);
    const hybrid = ok((await engine.call('search', { query: 'violin scales', mode: 'hybrid' })) as Result);
    expect(hybrid.results.map((h) => h.title).sort()).toEqual(['Long history', 'Music lessons']);
    expect(hybrid.total).toBe(2);
    // Search by meaning alone still brings the notes near it (the orchestra, the band).
    const vector = ok((await engine.call('search', { query: 'violin scales', mode: 'vector' })) as Result);
    expect(vector.results.map((h) => h.title)).toContain('Orchestra');
    // Keywords no note holds: meaning alone answers, as for a description.
    const unsaid = ok((await engine.call('search', { query: 'wind speed sensor', mode: 'hybrid' })) as Result);
    expect(unsaid.results[0]?.title).toBe('Anemometer');
  });

  it('a description still finds the note by meaning, without listing the whole vault', async () => {
    const engine = await embeddedEngine(VAULT);
    const query = 'instrument that measures wind speed';
    const vector = ok((await engine.call('search', { query, mode: 'vector' })) as Result);
    expect(vector.results[0].title).toBe('Anemometer');
    expect(vector.total).toBe(vector.results.length);
    expect(vector.total).toBeLessThan(Object.keys(VAULT).length / 2);
    // Hybrid adds it beside the text match ("instruments" in Long history), and little else.
    const hybrid = ok((await engine.call('search', { query, mode: 'hybrid' })) as Result);
    expect(hybrid.results.slice(0, 2).map((h) => h.title)).toContain('Anemometer');
    expect(hybrid.total).toBeLessThan(Object.keys(VAULT).length / 2);
  });

  it('a narrow filter does not return every note in scope whatever the query', async () => {
    const files: Record<string, string> = { ...VAULT };
    for (const name of ['a', 'b']) files[`sec/${name}.md`] = `---\ntags: [security]\n---\n# ${name}\n\n${name}\n`;
    files['sec/oauth.md'] = '---\ntags: [security]\n---\n# Tokens\n\nWe refresh OAuth tokens before they expire.\n';
    const engine = await embeddedEngine(files);
    for (const mode of ['vector', 'hybrid']) {
      const r = ok((await engine.call('search', { query: 'OAuth tag:security', mode })) as Result);
      expect(r.results.map((h) => h.path), mode).toEqual(['sec/oauth.md']);
    }
  });

  it('a question over a narrow filter of unrelated notes returns none of them: they are measured against the best note anywhere', async () => {
    const files: Record<string, string> = { ...VAULT };
    files['sec/keys.md'] = '---\ntags: [security]\n---\n# Key rotation\n\nWe rotate the signing keys every quarter and revoke the old ones.\n';
    files['sec/audit.md'] = '---\ntags: [security]\n---\n# Audit log\n\nEvery admin action is written to the audit log and kept for a year.\n';
    const engine = await embeddedEngine(files);
    for (const mode of ['vector', 'hybrid']) {
      const r = ok((await engine.call('search', { query: 'instrument that measures wind speed tag:security', mode })) as Result);
      expect(r.results.map((h) => h.path), mode).toEqual([]);
      expect(r.total, mode).toBe(0);
      // A question about what the filter holds still finds it.
      const hit = ok((await engine.call('search', { query: 'how often are signing keys replaced tag:security', mode })) as Result);
      expect(hit.results[0]?.path, mode).toBe('sec/keys.md');
    }
  });

  it('snippets show the query words when the note has them, and never mark stop words', async () => {
    const engine = await embeddedEngine(VAULT);
    const r = ok((await engine.call('search', { query: 'violin maker workshop by the river', mode: 'hybrid' })) as Result);
    const hit = r.results.find((h) => h.title === 'Long history')!;
    expect(hit.snippet).toContain('[violin]');
    expect(hit.snippet).toContain('[workshop]');
    for (const h of r.results) expect(h.snippet, h.title).not.toMatch(/\[(the|by|a)\]/i);
    const text = ok((await engine.call('search', { query: 'the violin', mode: 'text' })) as Result);
    expect(text.results[0].snippet).toContain('[violin]');
    expect(text.results[0].snippet).not.toMatch(/\[the\]/i);
  });
});

describe('width variants read the same on every path', () => {
  it('the model reads a query in NFKC: half-width katakana as full-width', () => {
    expect(meaningText(parseQuery('ﾌﾟﾗｸﾞｲﾝ 設定'))).toBe(meaningText(parseQuery('プラグイン 設定')));
    expect(meaningText(parseQuery('ＯＡｕｔｈ'))).toBe('OAuth');
  });

  it('full-width Latin gives the same hybrid and vector results as ASCII', async () => {
    const engine = await embeddedEngine(VAULT);
    for (const mode of ['vector', 'hybrid']) {
      const ascii = ok((await engine.call('search', { query: 'bake bread in the oven', mode })) as Result);
      const wide = ok((await engine.call('search', { query: 'ｂａｋｅ ｂｒｅａｄ ｉｎ ｔｈｅ ｏｖｅｎ', mode })) as Result);
      expect(ascii.results.length).toBeGreaterThan(0);
      expect(wide.results.map((h) => h.path), mode).toEqual(ascii.results.map((h) => h.path));
      expect(wide.total).toBe(ascii.total);
    }
  });
});

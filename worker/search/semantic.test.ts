// Search by meaning with the real bundled model (USE-lite int8 from public/models).
import { describe, expect, it } from 'vitest';
import { ok } from '../test/make-engine';
import { embeddedEngine } from '../embed/testing';
import { memorySource } from '../ingest/source';

// Other instruments are the distractors; none of the notes says "instrument", "measures", "wind" or "speed".
const WEATHER = {
  'Anemometer.md': '# Anemometer\n\nA device for gauging the velocity of air currents and gusts, with cups which spin faster in a gale.\n',
  'Hygrometer.md': '# Hygrometer\n\nA gauge whose hair strand stretches in damp air, showing the humidity of a room.\n',
  'Seismograph.md': '# Seismograph\n\nA pen on a rotating drum records the shaking of the ground during earthquakes.\n',
  'Compass.md': '# Compass\n\nA magnetised needle that points north, used by hikers and sailors to find their way.\n',
  'Thermometer.md': '# Thermometer\n\nA glass tube of mercury that rises as things get hotter, showing temperature in degrees.\n',
  'Rain gauge.md': '# Rain gauge\n\nA cylinder that collects precipitation so the depth of rainfall can be read.\n',
  'Sourdough.md': '# Sourdough\n\nMix flour and water, feed the starter daily, and bake the loaf in a hot oven.\n',
  'Taxes.md': '# Taxes\n\nFile the annual return before April; keep receipts for deductions.\n',
};

type Result = { results: { title: string; snippet: string; path: string }[]; mode: string; total: number; total_is_exact: boolean; notice?: string; notice_code?: string; embeddings?: { complete: boolean } };

describe('search by meaning', () => {
  it('a paraphrase finds the note in vector mode where text mode cannot', async () => {
    const engine = await embeddedEngine(WEATHER);
    const query = 'instrument that measures wind speed';
    const text = ok((await engine.call('search', { query, mode: 'text' })) as Result);
    expect(text.results.map((h) => h.title)).not.toContain('Anemometer');
    const vector = ok((await engine.call('search', { query, mode: 'vector' })) as Result);
    expect(vector.mode).toBe('vector');
    expect(vector.results[0].title).toBe('Anemometer');
    expect(vector.results[0].snippet).toContain('air currents');
    // Notes unrelated to the query (below the model's similarity floor) are not hits.
    expect(vector.results.map((h) => h.title)).not.toContain('Taxes');
    expect(vector.total).toBe(vector.results.length);
    expect(vector.total).toBeLessThan(Object.keys(WEATHER).length);
    expect(vector.embeddings).toEqual({ model: 'use-lite-int8', complete: true });
    // Hybrid still finds it on the first page.
    const hybrid = ok((await engine.call('search', { query, mode: 'hybrid' })) as Result);
    expect(hybrid.mode).toBe('hybrid');
    expect(hybrid.results.map((h) => h.title)).toContain('Anemometer');
  });

  it('the default mode is hybrid once embeddings are complete, text before', async () => {
    const pending = await embeddedEngine(WEATHER, { embed: false });
    pending.embed.pause();
    const before = ok((await pending.call('search', { query: 'cups' })) as Result);
    expect(before.mode).toBe('text');
    // Asked for by meaning before every note is embedded: said, with a code a UI can word itself.
    const partial = ok((await pending.call('search', { query: 'cups', mode: 'vector' })) as Result);
    expect(partial.embeddings?.complete).toBe(false);
    expect(partial.notice_code).toBe('embeddings_incomplete');
    expect(partial.notice).toMatch(/^Embedding is paused/);
    const done = await embeddedEngine(WEATHER);
    expect(ok((await done.call('search', { query: 'cups' })) as Result).mode).toBe('hybrid');
  });

  // A trial's `kioku mcp --no-embed` took 2-4.5 s for a vector search of a database with no vectors (the
  // model loaded to embed the query), said "Embedding is paused", and embed_resume answered success, still paused.
  it('with no vector stored, searches by meaning answer without loading the model; a --no-embed run says so', async () => {
    const engine = await embeddedEngine(WEATHER, { embed: false });
    engine.embed.pause('run');
    const vector = ok((await engine.call('search', { query: 'wind speed instrument', mode: 'vector' })) as Result);
    expect([vector.total, vector.results.length]).toEqual([0, 0]);
    expect(vector.notice).toMatch(/^Embedding is off in this run \(it was started with --no-embed\)/);
    const hybrid = ok((await engine.call('search', { query: 'cups', mode: 'hybrid' })) as Result);
    expect(hybrid.results.map((h) => h.title)).toEqual(['Anemometer']);
    expect(engine.embed.status().ready).toBe(false);
    const resumed = ok(await engine.call('embed_resume', {})) as unknown as { paused: boolean; notice?: string };
    expect(resumed.paused).toBe(true);
    expect(resumed.notice).toContain('without --no-embed');
  });

  it('a vault that is fully embedded searches by meaning by default while another vault is still embedding', async () => {
    const engine = await embeddedEngine(WEATHER, { vault: 'weather' });
    engine.embed.pause();
    await engine.importSource(memorySource('later', { 'Kettle.md': '# Kettle\n\nWater boils for tea in the morning.\n' }));
    expect(engine.embed.isComplete()).toBe(false);
    const all = ok((await engine.call('search', { query: 'wind speed instrument' })) as Result);
    expect(all.mode).toBe('text');
    const scoped = ok((await engine.call('search', { query: 'wind speed instrument', vault: 'weather' })) as Result);
    expect(scoped.mode).toBe('hybrid');
    expect(scoped.embeddings).toEqual({ model: 'use-lite-int8', complete: true });
    expect(scoped.notice).toBeUndefined();
    expect(scoped.results[0].title).toBe('Anemometer');
    const later = ok((await engine.call('search', { query: 'boiling water', project: 'later' })) as Result);
    expect(later.mode).toBe('text');
  });

  it('filters are applied before similarity: 200 notes on one topic, 3 rare ones, page_size 10 returns exactly those 3', async () => {
    const files: Record<string, string> = {};
    const moods = ['crusty', 'dense', 'airy', 'sour', 'mild', 'dark', 'pale', 'chewy'];
    for (let i = 0; i < 200; i++) {
      const status = [17, 88, 163].includes(i) ? 'rare' : 'common';
      files[`bread/loaf-${i}.md`] =
        `---\nstatus: ${status}\n---\n# Sourdough bake ${i}\n\nFed the starter at ${i % 12} o'clock, let the dough rise for ${(i % 9) + 2} hours and baked it hot; the loaf came out ${moods[i % moods.length]}.\n`;
    }
    const engine = await embeddedEngine(files);
    const rare = ['bread/loaf-163.md', 'bread/loaf-17.md', 'bread/loaf-88.md'];
    // The status shortcut, the filters argument and its JSON-string form: the same scope, pushed into SQL.
    for (const args of [{ status: 'rare' }, { filters: { status: 'rare' } }, { filters: '{"status": "rare"}' }]) {
      for (const mode of ['vector', 'hybrid']) {
        const r = ok((await engine.call('search', { query: 'baking sourdough bread', mode, page_size: 10, ...args })) as Result & { has_more: boolean });
        expect(r.results.map((h) => h.path).sort()).toEqual(rare);
        expect(r.total).toBe(3);
        expect(r.has_more).toBe(false);
      }
    }
    // A global top 10 filtered afterwards would have found fewer.
    const top10 = ok((await engine.call('search', { query: 'baking sourdough bread', mode: 'vector', page_size: 10 })) as Result);
    expect(top10.results.filter((h) => rare.includes(h.path)).length).toBeLessThan(3);
  });

  it('folder, path_prefix, -excluded words and quoted phrases restrict vector and hybrid search too', async () => {
    const files: Record<string, string> = {};
    for (const [dir, n] of [['weather/', 6], ['weather-archive/', 6], ['weather/old/', 2]] as const) {
      for (let i = 0; i < n; i++) files[`${dir}gauge-${i}.md`] = `# Gauge ${i}\n\nCups spin faster as the gusts of air get stronger${i === 0 ? '; a calibrated unit' : ''}.\n`;
    }
    const engine = await embeddedEngine(files);
    for (const mode of ['vector', 'hybrid']) {
      const sub = ok((await engine.call('search', { query: 'wind speed instrument', mode, path_prefix: 'weather/', page_size: 50 })) as Result);
      expect(sub.results.length).toBe(8);
      expect(sub.results.every((h) => h.path.startsWith('weather/'))).toBe(true);
      const folder = ok((await engine.call('search', { query: 'wind speed instrument', mode, folder: 'weather/old', page_size: 50 })) as Result);
      expect(folder.results.map((h) => h.path).sort()).toEqual(['weather/old/gauge-0.md', 'weather/old/gauge-1.md']);
      const without = ok((await engine.call('search', { query: 'wind speed instrument -calibrated', mode, page_size: 50 })) as Result);
      expect(without.results.some((h) => h.path.endsWith('gauge-0.md'))).toBe(false);
      expect(without.results.length).toBe(11);
      // A quoted phrase is required by meaning too: only the notes holding it.
      const phrase = ok((await engine.call('search', { query: 'wind speed instrument "calibrated unit"', mode, page_size: 50 })) as Result);
      expect(phrase.results.map((h) => h.path).sort()).toEqual(['weather-archive/gauge-0.md', 'weather/gauge-0.md', 'weather/old/gauge-0.md']);
    }
  });

  it('paging through hybrid results never repeats or skips a note, and pages match one big page', async () => {
    const files: Record<string, string> = {};
    const things = ['kettle', 'lantern', 'compass', 'anchor', 'harbour', 'mill', 'orchard', 'bridge', 'ferry', 'lighthouse'];
    for (let i = 0; i < 260; i++) {
      files[`items/item-${i}.md`] = `# Item ${i}\n\nDetails of the ${things[i % things.length]} number ${i}, kept near the ${things[(i * 7) % things.length]} since ${1900 + (i % 97)}.\n`;
    }
    const engine = await embeddedEngine(files);
    for (const query of ['details item', 'old lighthouse by the harbour']) {
      const paged: string[] = [];
      let total: number | undefined;
      for (let page = 1; page <= 20; page++) {
        const r = ok((await engine.call('search', { query, mode: 'hybrid', page, page_size: 10 })) as Result);
        expect(r.mode).toBe('hybrid');
        if (total === undefined) total = r.total;
        expect(r.total, `${query} page ${page}`).toBe(total);
        paged.push(...r.results.map((h) => h.path));
      }
      expect(new Set(paged).size, query).toBe(paged.length);
      const big = ok((await engine.call('search', { query, mode: 'hybrid', page_size: 100 })) as Result);
      expect(paged.slice(0, 100)).toEqual(big.results.map((h) => h.path));
    }
  });

  it('a Japanese query in hybrid mode ranks exactly as text mode (the English model cannot read it)', async () => {
    const files = {
      ...WEATHER,
      'ja/検索設計.md': '# 検索エンジンの設計\n\n検索エンジンの設計について。索引と順位付けを説明します。\n',
      'ja/猫.md': '# 猫の飼い方\n\n猫は一日に何度も眠ります。設計図の上でも寝ます。\n',
      'ja/会計.md': '# 会計期間\n\n会計期間の設定と締め処理の手順。\n',
      'ja/mixed.md': '# OAuth 設定\n\nOAuth のトークンを更新する設計メモ。\n',
    };
    const engine = await embeddedEngine(files);
    const status = engine.embed.status();
    expect(status.chunks_unreadable).toBe(4); // the Japanese notes are not embedded with an English-only model
    for (const query of ['設計', '猫', '会計期間の設定', 'OAuth 設計']) {
      const text = ok((await engine.call('search', { query, mode: 'text' })) as Result);
      const hybrid = ok((await engine.call('search', { query, mode: 'hybrid' })) as Result);
      expect(text.results.length).toBeGreaterThan(0);
      expect(hybrid.results.map((h) => h.path)).toEqual(text.results.map((h) => h.path));
      expect(hybrid.mode).toBe('text');
      expect(hybrid.notice).toMatch(/English/);
      expect(hybrid.notice_code).toBe('query_language');
    }
  });

  it('English queries over a mixed vault keep Japanese text matches at least as high as text mode ranks them', async () => {
    const files = {
      ...WEATHER,
      'ja/mixed.md': '# OAuth 設定\n\nOAuth のトークンを更新する手順。\n',
      'en/oauth.md': '# Auth design\n\nWe refresh OAuth tokens before they expire and rotate the signing keys.\n',
      'en/cooking.md': '# Cooking\n\nHow to season a cast iron pan.\n',
    };
    const engine = await embeddedEngine(files);
    const text = ok((await engine.call('search', { query: 'OAuth', mode: 'text' })) as Result);
    const hybrid = ok((await engine.call('search', { query: 'OAuth', mode: 'hybrid' })) as Result);
    const rank = (r: Result) => r.results.findIndex((h) => h.path === 'ja/mixed.md');
    expect(rank(text)).toBeGreaterThanOrEqual(0);
    expect(rank(hybrid)).toBeGreaterThanOrEqual(0);
    expect(rank(hybrid)).toBeLessThanOrEqual(rank(text));
  });

  it('vector mode without an embedding model is a clear error, text mode still works', async () => {
    const engine = await embeddedEngine(WEATHER, { embedder: null, embed: false });
    const r = (await engine.call('search', { query: 'wind', mode: 'vector' })) as { isError: boolean; error: { code: string; message: string } };
    expect(r.isError).toBe(true);
    expect(r.error.code).toBe('unsupported');
    expect(r.error.message).toMatch(/mode "text"/);
    expect(ok((await engine.call('search', { query: 'cups' })) as Result).mode).toBe('text');
  });

  it('rejects an unknown mode naming the valid ones', async () => {
    const engine = await embeddedEngine(WEATHER, { embed: false });
    const r = (await engine.call('search', { query: 'x', mode: 'meaning' })) as { error: { code: string; path: string; message: string } };
    expect(r.error).toMatchObject({ code: 'invalid_argument', path: 'mode' });
    expect(r.error.message).toContain('"hybrid"');
  });
});

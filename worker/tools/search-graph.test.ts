// Observations and relations as search results, and valid-time search, over
// a real engine and real SQLite: the worked example of issue 13, hit shapes,
// scope and filters through the parent note, paging, mixing with notes, and
// every refusal.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Engine } from '../engine';
import { engineWith, ok } from '../test/make-engine';

type Hit = Record<string, unknown> & { entity_type?: string; content?: string; path: string };
type Result = { results: Hit[]; total: number; has_more: boolean; temporal_applied?: boolean; mode: string };

async function search(engine: Engine, args: Record<string, unknown>): Promise<Result> {
  return ok(await engine.call('search', args)) as unknown as Result;
}

async function refusal(engine: Engine, args: Record<string, unknown>): Promise<{ code: string; message: string; path?: string }> {
  const r = (await engine.call('search', args)) as unknown as { isError?: boolean; error: { code: string; message: string; path?: string } };
  expect(r.isError).toBe(true);
  return r.error;
}

const contents = (r: Result) => r.results.map((h) => h.content);

const CACHE_RANGES = `---
title: Cache Layer
status: active
tags: [infra]
---
# Cache Layer

- [decision] @effective[2026-06-10,2026-07-27) The cache layer will use Redis.
- [decision] @effective[2026-07-27,) The cache layer will use Memcached.
`;
// The open range written as an effective point: "from then on".
const CACHE_POINTS = CACHE_RANGES.replace('@effective[2026-07-27,)', '@effective:2026-07-27');
const QUEUE = `---
title: Queue Layer
status: draft
---
# Queue Layer

- [decision] The queue layer uses RabbitMQ.
- depends_on [[Cache Layer]]
- see [[Missing Note]]
`;

for (const [form, cache] of [['range', CACHE_RANGES], ['point', CACHE_POINTS]] as const) {
  describe(`the worked example (${form} form)`, () => {
    let engine: Engine;
    beforeAll(async () => {
      engine = await engineWith({ 'decisions/cache.md': cache, 'decisions/queue.md': QUEUE });
    });

    it('valid_at 2026-07-28 finds Memcached and not Redis', async () => {
      const r = await search(engine, { query: 'cache layer', valid_at: '2026-07-28' });
      expect(contents(r)).toEqual(['The cache layer will use Memcached.']);
      expect(r.temporal_applied).toBe(true);
      expect(r.total).toBe(1);
      expect(r.has_more).toBe(false);
    });

    it('valid_at 2026-07-01 finds Redis and not Memcached', async () => {
      expect(contents(await search(engine, { query: 'cache layer', valid_at: '2026-07-01' }))).toEqual(['The cache layer will use Redis.']);
    });

    it('valid_overlaps [2026-06-01,2026-08-01) finds both', async () => {
      const r = await search(engine, { query: 'cache layer', valid_overlaps: '[2026-06-01,2026-08-01)' });
      expect(contents(r).sort()).toEqual(['The cache layer will use Memcached.', 'The cache layer will use Redis.']);
    });

    it('without a valid-time argument both compete by rank, with the undated one', async () => {
      const r = await search(engine, { query: 'layer', entity_types: ['observation'] });
      expect(contents(r).sort()).toEqual(['The cache layer will use Memcached.', 'The cache layer will use Redis.', 'The queue layer uses RabbitMQ.']);
      expect(r.temporal_applied).toBeUndefined();
      expect(r.results.every((h) => !('temporal' in h))).toBe(true);
    });

    it('never returns the undated Queue Layer to a valid-time search', async () => {
      for (const args of [{ valid_at: '2026-07-28' }, { valid_overlaps: '[0001-01-01,)' }, { time_kind: 'effective' }, { time_kind: 'valid', query: 'queue' }]) {
        const r = await search(engine, { query: 'layer', ...args });
        expect(r.results.map((h) => h.path)).not.toContain('decisions/queue.md');
        expect(r.temporal_applied).toBe(true);
      }
    });
  });
}

describe('valid-time hits', () => {
  let engine: Engine;
  beforeAll(async () => {
    engine = await engineWith({ 'decisions/cache.md': CACHE_RANGES, 'decisions/queue.md': QUEUE });
  });

  it('carry the observation, its note and the assertion that answered', async () => {
    const r = await search(engine, { query: 'cache layer', entity_types: ['observation'], time_kind: 'effective', valid_at: '2026-07-28' });
    expect(r.results).toEqual([
      {
        id: 'test:decisions/cache.md#L9',
        entity_type: 'observation',
        vault: 'test',
        path: 'decisions/cache.md',
        title: 'Cache Layer',
        permalink: 'decisions/cache',
        line: 9,
        category: 'decision',
        content: 'The cache layer will use Memcached.',
        tags: [],
        context: null,
        score: expect.any(Number),
        snippet: 'The [cache] [layer] will use Memcached.',
        temporal: [
          {
            kind: 'effective',
            source_text: '@effective[2026-07-27,)',
            valid_during: { literal: '[2026-07-27,)', axis: 'date', lower: '2026-07-27', upper: null, lower_inclusive: true, upper_inclusive: false, is_empty: false },
          },
        ],
      },
    ]);
  });

  it('answers time_kind alone with every assertion of that kind, and an empty answer still says it applied', async () => {
    expect((await search(engine, { time_kind: 'effective' })).total).toBe(2);
    expect((await search(engine, { time_kind: 'due' })).total).toBe(0);
    const none = await search(engine, { query: 'cache', valid_at: '2020-01-01' });
    expect(none).toMatchObject({ results: [], total: 0, temporal_applied: true });
  });

  it('is bounded at the edges: the Redis range ends where Memcached starts', async () => {
    expect(contents(await search(engine, { valid_at: '2026-07-26' }))).toEqual(['The cache layer will use Redis.']);
    expect(contents(await search(engine, { valid_at: '2026-07-27' }))).toEqual(['The cache layer will use Memcached.']);
    expect(contents(await search(engine, { valid_at: '2026-06-10' }))).toEqual(['The cache layer will use Redis.']);
    expect(contents(await search(engine, { valid_at: '2026-06-09' }))).toEqual([]);
    expect(contents(await search(engine, { valid_overlaps: '(2026-07-26,2026-07-27)' }))).toEqual([]);
    expect(contents(await search(engine, { valid_overlaps: '(,2026-06-10]' }))).toEqual(['The cache layer will use Redis.']);
  });

  it('asks date assertions with dates and instant assertions with instants', async () => {
    const e = await engineWith({ 'ops.md': '- [incident] @occurred[2026-07-01T10:00:00Z,2026-07-01T12:00:00Z) Outage of the cache\n- [incident] @2026-07-01 Cache warmed' });
    expect(contents(await search(e, { valid_at: '2026-07-01T11:00:00+01:00' }))).toEqual(['Outage of the cache']);
    expect(contents(await search(e, { valid_at: '2026-07-01T12:00:00Z' }))).toEqual([]);
    expect(contents(await search(e, { valid_at: '2026-07-01' }))).toEqual(['Cache warmed']);
  });
});

describe('scope and filters with observation and relation hits', () => {
  let engine: Engine;
  beforeAll(async () => {
    engine = await engineWith({
      'decisions/cache.md': CACHE_RANGES,
      'decisions/queue.md': QUEUE,
      'archive/old-cache.md': '---\ntitle: Old cache\nstatus: archived\n---\n- [decision] @effective[2025-01-01,) The cache layer used Varnish. #legacy\n- [idea] A cache layer idea',
    });
  });

  it('applies path_prefix, folder, filters, tags and tag: through the parent note', async () => {
    const base = { query: 'cache layer', valid_overlaps: '[2025-01-01,)' };
    expect(contents(await search(engine, base))).toHaveLength(3);
    expect(contents(await search(engine, { ...base, path_prefix: 'archive/' }))).toEqual(['The cache layer used Varnish.']);
    expect(contents(await search(engine, { ...base, folder: 'decisions' }))).toHaveLength(2);
    expect(contents(await search(engine, { ...base, filters: { status: 'archived' } }))).toEqual(['The cache layer used Varnish.']);
    expect(contents(await search(engine, { ...base, tags: ['infra'] })).sort()).toEqual(['The cache layer will use Memcached.', 'The cache layer will use Redis.']);
    expect(contents(await search(engine, { ...base, query: 'cache layer tag:infra', valid_at: '2026-07-28', valid_overlaps: undefined }))).toEqual(['The cache layer will use Memcached.']);
    expect(contents(await search(engine, { ...base, vault: 'test', query: 'varnish' }))).toEqual(['The cache layer used Varnish.']);
  });

  it('restricts observations to categories and keeps their own tags apart from the text', async () => {
    const r = await search(engine, { query: 'cache', categories: ['idea'] });
    expect(contents(r)).toEqual(['A cache layer idea']);
    const v = await search(engine, { query: 'varnish', entity_types: 'observation' });
    expect(v.results[0]).toMatchObject({ content: 'The cache layer used Varnish.', tags: ['legacy'] });
    expect(contents(await search(engine, { query: 'legacy', entity_types: ['observation'] }))).toEqual(['The cache layer used Varnish.']);
  });

  it('pages without repeating or skipping, with the total of the whole answer', async () => {
    const all = await search(engine, { query: 'cache', entity_types: ['observation'], page_size: 10 });
    const pages = [];
    for (let p = 1; p <= 3; p++) pages.push(...(await search(engine, { query: 'cache', entity_types: ['observation'], page_size: 2, page: p })).results.map((h) => h.id));
    expect(pages).toEqual(all.results.map((h) => h.id));
    expect(all.total).toBe(4);
  });

  it('returns relations with their target resolved or unresolved', async () => {
    const r = await search(engine, { query: 'cache', entity_types: ['relation'] });
    expect(r.results).toEqual([
      expect.objectContaining({ entity_type: 'relation', relation_type: 'depends_on', path: 'decisions/queue.md', title: 'Queue Layer', target: 'Cache Layer', target_path: 'decisions/cache.md', line: 8 }),
    ]);
    const missing = await search(engine, { query: 'missing', kind: 'relation' });
    expect(missing.results[0]).toMatchObject({ relation_type: 'see', target: 'Missing Note', target_path: null, unresolved: true });
  });

  it('mixes notes and items by score, and lists all kinds without words by path', async () => {
    const r = await search(engine, { query: 'varnish', entity_types: ['entity', 'observation'] });
    expect(r.results.map((h) => h.entity_type).sort()).toEqual(['entity', 'observation']);
    expect(r.total).toBe(2);
    const listed = await search(engine, { entity_types: ['observation', 'relation'], path_prefix: 'decisions/', page_size: 50 });
    expect(listed.results.map((h) => [h.path, h.line])).toEqual([
      ['decisions/cache.md', 8], ['decisions/cache.md', 9], ['decisions/queue.md', 7], ['decisions/queue.md', 8], ['decisions/queue.md', 9],
    ]);
  });

  it('leaves the plain search as it was', async () => {
    const r = await search(engine, { query: 'varnish' });
    expect(r.results.map((h) => [h.path, 'entity_type' in h])).toEqual([['archive/old-cache.md', false]]);
    expect('temporal_applied' in r).toBe(false);
  });
});

describe('refusals', () => {
  let engine: Engine;
  beforeAll(async () => {
    engine = await engineWith({ 'a.md': CACHE_RANGES });
  });

  it('names the value and the rule', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ valid_at: '2026-07-01', valid_overlaps: '[2026-06-01,)' }, 'valid_overlaps', 'not both'],
      [{ valid_at: '' }, 'valid_at', 'valid_at is empty'],
      [{ valid_at: '   ' }, 'valid_at', 'valid_at is empty'],
      [{ valid_overlaps: '' }, 'valid_overlaps', 'valid_overlaps is empty'],
      [{ valid_at: '2026-13-01' }, 'valid_at', '"2026-13-01" is not a date: there is no month 13'],
      [{ valid_overlaps: '2026-06-10..2026-07-27' }, 'valid_overlaps', '"2026-06-10..2026-07-27" is not a range literal'],
      [{ valid_overlaps: '[2026-08-01,2026-07-01)' }, 'valid_overlaps', 'is backwards'],
      [{ valid_overlaps: '[2026-07-01,2026-08-01T00:00:00Z)' }, 'valid_overlaps', 'mixes a date and a timestamp'],
      [{ time_kind: 'asserted' }, 'time_kind', 'time_kind "asserted" is not a kind of time; the kinds are "valid", "effective", "occurred", "due", "mentioned".'],
      [{ valid_at: 20260701 }, 'valid_at', 'must be a string'],
      [{ entity_types: ['note'] }, 'entity_types[0]', 'is not an entity type'],
      [{ entity_types: ['entity'], valid_at: '2026-07-01' }, 'entity_types', 'answered by observations'],
      [{ categories: [] }, 'categories', 'categories is empty'],
      [{ ids: ['a.md'], entity_types: ['observation'] }, 'ids', 'does not combine'],
    ];
    for (const [args, path, message] of cases) {
      const e = await refusal(engine, args);
      expect(e.code).toBe('invalid_argument');
      expect(e.path).toBe(path);
      expect(e.message).toContain(message);
    }
  });
});

describe('read_note', () => {
  it('returns observations with their temporal assertions', async () => {
    const engine = await engineWith({ 'decisions/cache.md': CACHE_RANGES + '- [fact] Undated\n' });
    const note = ok(await engine.call('read_note', { path: 'decisions/cache.md' })) as unknown as { observations: { content: string; temporal: { source_text: string; valid_during: { literal: string } }[] }[] };
    expect(note.observations.map((o) => [o.content, o.temporal.map((t) => [t.source_text, t.valid_during.literal])])).toEqual([
      ['The cache layer will use Redis.', [['@effective[2026-06-10,2026-07-27)', '[2026-06-10,2026-07-27)']]],
      ['The cache layer will use Memcached.', [['@effective[2026-07-27,)', '[2026-07-27,)']]],
      ['Undated', []],
    ]);
  });

  it('gives each observation as search and graph do: content without its qualifier, tags and context, the tags apart', async () => {
    const engine = await engineWith({
      'decisions/cache.md': '# Cache Layer\n\n- [decision] @effective[2026-06-10,2026-07-27) The cache layer will use #infra Redis. #storage #cache/redis (after the load test)\n- [risk] Eviction storms under #load spikes\n',
    });
    type Obs = { category: string; content: string; tags: string[]; context: string | null; line: number };
    const pick = ({ category, content, tags, context, line }: Obs) => ({ category, content, tags, context, line });
    const note = ok(await engine.call('read_note', { path: 'decisions/cache.md' })) as unknown as { observations: Obs[] };
    expect(note.observations.map(pick)).toEqual([
      { category: 'decision', content: 'The cache layer will use Redis.', tags: ['infra', 'storage', 'cache/redis'], context: 'after the load test', line: 3 },
      { category: 'risk', content: 'Eviction storms under spikes', tags: ['load'], context: null, line: 4 },
    ]);
    const hits = (await search(engine, { entity_types: ['observation'] })).results as unknown as Obs[];
    expect(hits.map(pick)).toEqual(note.observations.map(pick));
    const graph = ok(await engine.call('graph', { note: 'decisions/cache.md' })) as unknown as { nodes: { observations: Obs[] }[] };
    expect(graph.nodes[0].observations.map(pick)).toEqual(note.observations.map(pick));
  });
});

describe('find', () => {
  it('lists the notes with an observation answering the valid-time question', async () => {
    const engine = await engineWith({ 'decisions/cache.md': CACHE_RANGES, 'decisions/queue.md': QUEUE });
    const find = async (args: Record<string, unknown>) => ok(await engine.call('find', args)) as unknown as { results: { path: string }[]; temporal_applied?: true };
    expect((await find({ valid_at: '2026-07-28' })).results.map((r) => r.path)).toEqual(['decisions/cache.md']);
    expect((await find({ valid_at: '2020-01-01' })).results).toEqual([]);
    expect((await find({ valid_at: '2026-07-28' })).temporal_applied).toBe(true);
    expect((await find({ categories: ['decision'] })).results.map((r) => r.path)).toEqual(['decisions/cache.md', 'decisions/queue.md']);
    expect('temporal_applied' in (await find({}))).toBe(false);
    const bad = (await engine.call('find', { valid_at: '2026-13-01' })) as unknown as { error: { code: string; path: string } };
    expect(bad.error).toMatchObject({ code: 'invalid_argument', path: 'valid_at' });
  });
});

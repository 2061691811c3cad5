// The shortcuts (tags, status, tag: tokens), their merge rules with
// `filters`, and filters through the search tool with and without text.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Engine } from '../engine';
import { ok } from '../test/make-engine';
import { canonicalArgs } from '../args';
import { metadataScope as scopeOf, readMetadataArgs } from './index';
import { extractTagTokens } from './shortcuts';
import { fixtureEngine, short } from './testdata/engine';

/** Arguments as the tools hand them over: `metadata_filters` renamed to `filters`, then read. */
const metadataScope = (args: Record<string, unknown>, query: string | undefined) =>
  scopeOf(readMetadataArgs(canonicalArgs(args, [{ name: 'filters', aliases: ['metadata_filters'] }])), query);

describe('tag: tokens in the text query', () => {
  it.each([
    ['authentication tag:security', 'authentication', ['security']],
    ['tag:tier1', '', ['tier1']],
    ['tag:tier1,alpha', '', ['tier1', 'alpha']],
    ['tag:a AND tag:b', '', ['a', 'b']],
    ['auth AND tag:x', 'auth', ['x']],
    ['tag:x OR auth', 'auth', ['x']],
    ['cats tag:x AND dogs', 'cats dogs', ['x']],
    ['cats AND dogs tag:x', 'cats AND dogs', ['x']],
    ['TAG:#Project x', 'x', ['Project']],
    ['tag:"two words" y', 'y', ['two words']],
    ['"see tag:x here" z', '"see tag:x here" z', []],
    ['tag: leftover', 'leftover', []],
    ['  plain   words  ', 'plain   words', []],
    ['AND alone', 'AND alone', []],
    ['tag:a tag:a,b', '', ['a', 'b']],
  ])('%j → text %j, tags %j', (query, text, tags) => {
    expect(extractTagTokens(query)).toEqual({ text, tags });
  });

  it.each([
    ['tag:a OR tag:b', { text: '', tags: [], anyOf: ['a', 'b'] }],
    ['auth tag:a OR tag:#B OR tag:c', { text: 'auth', tags: [], anyOf: ['a', 'B', 'c'] }],
    ['tag:a || tag:b tag:c', { text: '', tags: ['c'], anyOf: ['a', 'b'] }],
    ['notes -tag:archived', { text: 'notes', tags: [], none: ['archived'] }],
    ['-tag:a,b x -tag:c', { text: 'x', tags: [], none: ['a', 'b', 'c'] }],
    ['tag:a OR tag:b -tag:c', { text: '', tags: [], anyOf: ['a', 'b'], none: ['c'] }],
    ['tag:a OR -tag:b', { text: '', tags: ['a'], none: ['b'] }], // OR beside a negation does not make a group
    ['tag:x OR auth', { text: 'auth', tags: ['x'] }], // nor beside text
    ['"-tag:x" y', { text: '"-tag:x" y', tags: [] }],
  ])('%j → %j', (query, want) => {
    expect(extractTagTokens(query)).toEqual(want);
  });

  it.each([
    ['tag:a,b OR tag:c', /tag:a,b needs all of its tags/],
    ['tag:a OR tag:b tag:c OR tag:d', /two groups of tag alternatives/],
  ])('%j is refused, not misread', (query, message) => {
    expect(() => extractTagTokens(query)).toThrow(message);
  });
});

describe('merge rules', () => {
  it.each([
    ['tags list', { tags: ['a', 'b'] }, undefined, { tags: ['a', 'b'] }],
    ['tags comma string', { tags: 'a, #b,, c' }, undefined, { tags: ['a', 'b', 'c'] }],
    ['status', { status: 'draft' }, undefined, { status: 'draft' }],
    ['explicit filter wins over tags', { filters: { tags: 'x' }, tags: ['a'] }, undefined, { tags: 'x' }],
    ['explicit filter wins over status', { filters: { status: 'active' }, status: 'draft' }, undefined, { status: 'active' }],
    ['tags argument and tag: are unioned', { tags: ['a'] }, 'q tag:b,a', { tags: ['a', 'b'] }],
    ['tag: adds to an explicit tags list', { filters: { tags: ['x'] } }, 'tag:y', { tags: ['x', 'y'] }],
    ['tag: adds $all to explicit tag operators', { filters: { tags: { $in: ['x', 'z'] } } }, 'tag:y', { tags: { $in: ['x', 'z'], $all: ['y'] } }],
    ['tag: beside an explicit scalar', { filters: { tags: 'x' } }, 'tag:y', { tags: { $eq: 'x', $all: ['y'] } }],
    ['tag: alternatives', {}, 'q tag:a OR tag:b', { tags: { $in: ['a', 'b'] } }],
    ['-tag: beside the tags argument', { tags: ['a'] }, 'q -tag:b', { tags: { $all: ['a'], $nin: ['b'] } }],
    ['-tag: joins an explicit $nin', { filters: { tags: { $nin: ['x'] } } }, '-tag:y', { tags: { $nin: ['x', 'y'] } }],
    ['tag: alternatives beside an explicit list', { filters: { tags: ['x'] } }, 'tag:a OR tag:b', { tags: { $all: ['x'], $in: ['a', 'b'] } }],
    ['metadata_filters alias', { metadata_filters: '{"status": "a"}', status: 'b' }, undefined, { status: 'a' }],
    ['filters given as JSON text', { filters: '{"x": 1}', tags: 'a' }, undefined, { x: 1, tags: ['a'] }],
    ['nothing', {}, 'just text', null],
    ['blank status and tags', { status: '  ', tags: '' }, '', null],
  ])('%s', (_name, args, query, filter) => {
    expect(metadataScope(args as Record<string, unknown>, query).filter).toEqual(filter);
  });

  it('returns the text without tag: tokens and no condition without metadata', () => {
    const s = metadataScope({}, '  authentication  ');
    expect(s).toMatchObject({ text: 'authentication', filter: null, condition: null, probe: null, compiled: { arms: [] } });
  });

  it.each([
    [{ tags: 5 }, 'invalid_argument', 'tags'],
    [{ tags: ['a', 3] }, 'invalid_argument', 'tags[1]'],
    [{ status: 1 }, 'invalid_argument', 'status'],
    [{ filters: { a: 1 }, metadata_filters: { a: 2 } }, 'invalid_argument', 'metadata_filters'],
    [{ metadata_filters: { x: { $between: [2, 1] } } }, 'invalid_filter', 'metadata_filters.x.$between'],
    [{ filters: 'nope' }, 'invalid_filter', 'filters'],
  ])('rejects %j', (args, code, path) => {
    expect(() => metadataScope(args as Record<string, unknown>, undefined)).toThrow(expect.objectContaining({ code, path }));
  });
});

describe('the merged filter selects what it says', () => {
  let engine: Engine;
  beforeAll(async () => {
    engine = await fixtureEngine();
  });
  const select = (args: Record<string, unknown>, query?: string) => {
    const c = metadataScope(args, query).condition!;
    return engine.db.column<string>(`SELECT e.path FROM entries e WHERE ${c.sql} ORDER BY e.path`, c.params).map(short);
  };

  it.each([
    [{ tags: 'security, ops' }, undefined, ['beta']],
    [{ tags: ['security'] }, 'tag:oauth', ['alpha']],
    [{ filters: { tags: 'ops' }, tags: ['oauth'] }, undefined, ['beta']], // the explicit filter wins
    [{ filters: { tags: 'security' } }, 'tag:ops', ['beta']], // tag: still applies
    [{ status: 'active' }, undefined, ['alpha']],
    [{ filters: { status: 'Active' }, status: 'active' }, undefined, ['gamma']],
    [{ status: 'draft', tags: 'security' }, undefined, ['beta']],
    [{}, 'tag:oauth OR tag:ops', ['alpha', 'beta']],
    [{ tags: ['security'] }, '-tag:ops', ['alpha', 'gamma']],
    [{}, 'tag:security OR tag:strasse -tag:oauth', ['beta', 'gamma', 'zeta']],
  ])('%j with query %j', (args, query, want) => {
    expect(select(args, query)).toEqual(want);
  });
});

describe('search with filters', () => {
  let engine: Engine;
  beforeAll(async () => {
    engine = await fixtureEngine();
  });
  const paths = async (args: Record<string, unknown>) => {
    const r = ok(await engine.call('search', args));
    return { paths: r.results.map((h) => h.path).sort(), total: r.total };
  };

  it('text alone finds every note and file that mentions it', async () => {
    expect(await paths({ query: 'authentication' })).toEqual({ paths: ['notes/alpha.md', 'notes/beta.md', 'notes/delta.md'], total: 3 });
  });

  it.each([
    [{ query: 'authentication', filters: { status: 'draft' } }, ['notes/beta.md']],
    [{ query: 'authentication tag:security' }, ['notes/alpha.md', 'notes/beta.md']],
    [{ query: 'authentication', tags: 'oauth' }, ['notes/alpha.md']],
    [{ query: 'authentication', filters: { owner: null } }, ['notes/beta.md', 'notes/delta.md']],
    [{ query: 'authentication', metadata_filters: '{"confidence": {"$gt": 0.8}}' }, ['notes/alpha.md']],
    [{ query: 'report', filters: { owner: null } }, []], // the PDF matches the text but never a metadata condition
  ])('text + filter %j', async (args, want) => {
    expect((await paths(args)).paths).toEqual(want);
  });

  it.each([
    [{ filters: { status: 'active' } }, ['notes/alpha.md']],
    [{ query: '', tags: ['security'] }, ['notes/alpha.md', 'notes/beta.md', 'notes/gamma.md']],
    [{ query: null, status: 'draft' }, ['notes/beta.md']],
    [{ query: 'tag:strasse' }, ['notes/gamma.md', 'notes/zeta.md']],
    [{ filters: { owner: null } }, ['notes/beta.md', 'notes/delta.md', 'notes/epsilon.md', 'notes/gamma.md']],
  ])('filter-only %j returns every matching note', async (args, want) => {
    const r = await paths(args);
    expect(r.paths).toEqual(want);
    expect(r.total).toBe(want.length);
  });

  it('pages filter-only results in path order with an exact total', async () => {
    const p1 = ok(await engine.call('search', { filters: { type: 'note' }, page_size: 4 }));
    const p2 = ok(await engine.call('search', { filters: { type: 'note' }, page_size: 4, page: 2 }));
    expect(p1.total).toBe(6);
    expect(p1.has_more).toBe(true);
    expect(p2.has_more).toBe(false);
    expect([...p1.results, ...p2.results].map((h) => h.path)).toEqual([
      'notes/alpha.md', 'notes/beta.md', 'notes/delta.md', 'notes/epsilon.md', 'notes/gamma.md', 'notes/zeta.md',
    ]);
  });

  it('-tag: and tag: alternatives through the search tool, with the filter echoed', async () => {
    const r = ok(await engine.call('search', { query: 'authentication -tag:ops' }));
    expect(r.results.map((h) => h.path).sort()).toEqual(['notes/alpha.md', 'notes/delta.md']);
    expect(r.filter).toEqual({ tags: { $nin: ['ops'] } });
    const either = ok(await engine.call('search', { query: 'authentication tag:oauth OR tag:ops' }));
    expect(either.results.map((h) => h.path).sort()).toEqual(['notes/alpha.md', 'notes/beta.md']);
    const clash = (await engine.call('search', { query: 'tag:a OR tag:b', filters: { tags: { $in: ['c'] } } })) as { isError?: boolean; error: { code: string; path: string } };
    expect(clash.isError).toBe(true);
    expect(clash.error).toMatchObject({ code: 'invalid_argument', path: 'query' });
  });

  it('reports a bad filter as an error result with its path', async () => {
    const r = await engine.call('search', { query: 'x', filters: { score: { $between: [0.3, 0.5, 0.8] } } });
    expect(r).toEqual({
      isError: true,
      error: {
        code: 'invalid_filter',
        path: 'filters.score.$between',
        message: '$between needs exactly two bounds [min, max]; got 3.',
        details: { reason: 'between_bounds' },
      },
    });
  });
});

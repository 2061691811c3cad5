// The find and fields tools over the filter fixture vault (real engine, real SQLite).
import { beforeAll, describe, expect, it } from 'vitest';
import { toolHelp } from '../../cli/help';
import type { Engine } from '../engine';
import { memorySource } from '../ingest/source';
import { FILTER_NOTES } from '../query/testdata/notes';
import { metadataScope, readMetadataArgs } from '../query';
import { listNotes, type SortKey, type Strategy } from '../query/listing';
import { matching, short } from '../query/testdata/engine';
import { engineWith, ok } from '../test/make-engine';

let engine: Engine;
beforeAll(async () => {
  engine = await engineWith(FILTER_NOTES, 'test');
  await engine.importSource(memorySource('other', { 'x.md': '---\nstatus: active\nscore: 99\n---\nOther vault.\n' }));
});

const rows = async (args: Record<string, unknown>) => ok(await engine.call('find', args));

describe('find', () => {
  it('returns typed values as written, null where missing', async () => {
    const r = await rows({
      vault: 'test',
      filters: { title: { $in: ['Alpha', 'Beta', 'Epsilon'] } },
      fields: ['score', 'tags', 'schema.version', 'ms.topic', '状態', 'authors.name', 'draft', 'owner', 'missing'],
    });
    expect(r.total).toBe(3);
    expect(r.results).toEqual([
      {
        id: 'test:notes/alpha.md', vault: 'test', path: 'notes/alpha.md', title: 'Alpha',
        fields: { score: 0.5, tags: ['Security', 'OAuth'], 'schema.version': 2, 'ms.topic': 'article', '状態': '完了', 'authors.name': ['Ann', 'Bob'], draft: false, owner: 'alice', missing: null },
      },
      {
        id: 'test:notes/beta.md', vault: 'test', path: 'notes/beta.md', title: 'Beta',
        fields: { score: 1, tags: ['security', 'ops'], 'schema.version': '2', 'ms.topic': 'how-to', '状態': null, 'authors.name': null, draft: 'TRUE', owner: null, missing: null },
      },
      {
        id: 'test:notes/epsilon.md', vault: 'test', path: 'notes/epsilon.md', title: 'Epsilon',
        fields: { score: '1.0', tags: [], 'schema.version': null, 'ms.topic': null, '状態': null, 'authors.name': null, draft: null, owner: null, missing: null },
      },
    ]);
  });

  it('lists every note (never a file) without filters, across vaults', async () => {
    const r = await rows({});
    expect(r.total).toBe(7);
    expect(r.results.map((x) => x.path)).not.toContain('assets/report.pdf');
  });

  it('gives an exact total and pages', async () => {
    const all = await rows({ vault: 'test', page_size: 4 });
    const p2 = await rows({ vault: 'test', page_size: 4, page: 2 });
    const p3 = await rows({ vault: 'test', page_size: 4, page: 3 });
    expect([all.total, all.has_more, p2.has_more, p3.results.length]).toEqual([6, true, false, 0]);
    expect([...all.results, ...p2.results].map((x) => x.path)).toEqual([
      'notes/alpha.md', 'notes/beta.md', 'notes/delta.md', 'notes/epsilon.md', 'notes/gamma.md', 'notes/zeta.md',
    ]);
  });

  it('sorts numbers numerically, then text, then booleans, missing last', async () => {
    const order = async (field: string, dir: 'asc' | 'desc') =>
      (await rows({ vault: 'test', fields: [field], sort: [{ field, order: dir }] })).results.map((x) => [x.path.slice(6, -3), x.fields[field]]);
    expect(await order('ms.custom', 'asc')).toEqual([
      ['gamma', [1, 'two', 3]], ['epsilon', '007'], ['alpha', 12345], ['beta', 'intro-to-x'], ['delta', null], ['zeta', null],
    ]);
    expect(await order('ms.custom', 'desc')).toEqual([
      ['beta', 'intro-to-x'], ['alpha', 12345], ['epsilon', '007'], ['gamma', [1, 'two', 3]], ['delta', null], ['zeta', null],
    ]);
    expect(await order('rating', 'asc')).toEqual([
      ['alpha', 1], ['beta', '1'], ['gamma', 1], ['epsilon', true], ['delta', null], ['zeta', null],
    ]);
    expect(await order('draft', 'asc')).toEqual([
      ['gamma', 'yes'], ['alpha', false], ['beta', 'TRUE'], ['zeta', true], ['delta', null], ['epsilon', null],
    ]);
  });

  it('sorts text case-insensitively and by several fields', async () => {
    const r = await rows({ vault: 'test', filters: { status: { $exists: true } }, fields: ['status'], sort: [{ field: 'status' }] });
    expect(r.results.map((x) => x.fields.status)).toEqual(['active', 'Active', 'archived', 'draft']); // equal when folded: by path
    const two = await rows({ vault: 'test', fields: ['rating', 'score'], sort: [{ field: 'rating' }, { field: 'score', order: 'desc' }] });
    expect(two.results.slice(0, 3).map((x) => x.path)).toEqual(['notes/beta.md', 'notes/alpha.md', 'notes/gamma.md']);
    expect((await rows({ vault: 'test', sort: ['title'] })).results[0].title).toBe('Alpha');
  });

  it('walks, scans and sorts to the same pages', () => {
    const cases: [Record<string, unknown>, SortKey[]][] = [
      [{}, []],
      [{ status: { $exists: true } }, []],
      [{ owner: null }, [{ field: 'rating', order: 'asc' }]],
      [{}, [{ field: 'ms.custom', order: 'desc' }]],
      [{}, [{ field: 'draft', order: 'asc' }, { field: 'score', order: 'desc' }]],
      [{ tags: { $exists: true } }, [{ field: 'tags', order: 'asc' }]],
      [{}, [{ field: 'nowhere', order: 'asc' }, { field: 'title', order: 'desc' }]],
    ];
    for (const [filters, sort] of cases) {
      const filter = metadataScope(readMetadataArgs({ filters }), undefined).compiled;
      for (const vaultId of [undefined, 1]) {
        const pages = (strategy: Strategy) =>
          [1, 2, 3, 4].flatMap((page) => listNotes(engine.db, { filter, vaultId, sort, page, pageSize: 2, strategy }).rows.map((r) => r.id));
        const walked = pages('walk');
        expect(walked, JSON.stringify({ filters, sort, vaultId })).toEqual(pages('sort'));
        expect(pages('scan'), JSON.stringify({ filters, sort, vaultId })).toEqual(walked);
        expect(new Set(walked).size).toBe(walked.length);
        expect(walked.length).toBe(Math.min(8, listNotes(engine.db, { filter, vaultId, sort, page: 1, pageSize: 1 }).total));
      }
    }
  });

  it('combines filters, tags, tag: and text', async () => {
    expect((await rows({ query: 'authentication tag:security' })).results.map((x) => x.path)).toEqual(['notes/alpha.md', 'notes/beta.md']);
    expect((await rows({ query: 'authentication', filters: { owner: null } })).results.map((x) => x.path)).toEqual(['notes/beta.md', 'notes/delta.md']);
    expect((await rows({ tags: 'security', status: 'draft' })).total).toBe(1);
    expect((await rows({ filters: { status: 'active' } })).results.map((x) => x.id)).toEqual(['test:notes/alpha.md', 'other:x.md']);
    expect((await rows({ filters: { status: 'active' }, project: 'other' })).results.map((x) => x.id)).toEqual(['other:x.md']);
  });

  it('matches exactly what the filter language selects', async () => {
    for (const filter of [{ rating: 1 }, { tags: 'strasse' }, { owner: null }, { started: { $gte: '2026-01-01' } }, { 'ms.custom': { $gt: 5 } }]) {
      const r = await rows({ vault: 'test', filters: filter });
      expect(r.results.map((x) => short(x.path))).toEqual(matching(engine.db, filter));
    }
  });

  it('runs the largest filters the language accepts, in find and in search with and without text', async () => {
    const values = (n: number) => Array.from({ length: n }, (_, i) => `v${i}`);
    const filters = [
      { status: { $in: [...values(255), 'active'] } },
      { tags: { $all: values(256) } },
      Object.fromEntries(values(256).map((v) => [v, v])),
      Object.fromEntries(values(128).map((v) => [v, { $gt: 1, $lt: 2 }])),
      Object.fromEntries(values(256).map((v) => [v, null])),
      Object.fromEntries(values(256).map((v) => [v, { $contains: 'x' }])),
      Object.fromEntries(values(256).map((v) => [v, { $exists: true }])),
    ];
    for (const f of filters) {
      const name = JSON.stringify(f).slice(0, 40);
      expect((await rows({ filters: f, sort: [{ field: 'score' }] })).total, name).toBeGreaterThanOrEqual(0);
      for (const query of ['', 'security', 'security note']) {
        expect(ok(await engine.call('search', { query, filters: f })).total, `${name} ${query}`).toBeGreaterThanOrEqual(0);
      }
    }
    const tooMany = (await engine.call('search', { filters: { a: { $in: values(250) } }, tags: values(6), status: 'x' })) as { error: { code: string; path: string } };
    expect(tooMany.error).toMatchObject({ code: 'invalid_filter', path: 'status' });
    expect(((await engine.call('find', { tags: values(257) })) as { error: unknown }).error).toMatchObject({ code: 'invalid_filter', path: 'tags' });
  });

  it('restricts to a folder or a path prefix, as search does', async () => {
    const e = await engineWith({ 'specs/a.md': 'alpha', 'specs/deep/b.md': 'beta', 'specs-archive/c.md': 'gamma', 'd.md': 'delta', 'specs/e.pdf': 'file' });
    const found = async (args: Record<string, unknown>) => (ok(await e.call('find', args)) as { results: { path: string }[]; total: number });
    expect((await found({ path_prefix: 'specs/' })).results.map((r) => r.path)).toEqual(['specs/a.md', 'specs/deep/b.md']);
    expect((await found({ folder: 'specs', filters: { type: 'note' } })).results.map((r) => r.path)).toEqual(['specs/a.md']);
    expect((await found({ folder: '', sort: [{ field: 'title' }] })).results.map((r) => r.path)).toEqual(['d.md']);
    expect((await found({ path_prefix: 'specs/', query: 'beta' })).total).toBe(1);
    const bad = (await e.call('find', { path_prefix: 'specs' })) as { error: { code: string; path: string } };
    expect(bad.error).toMatchObject({ code: 'invalid_argument', path: 'path_prefix' });
  });

  it('does not read note bodies', async () => {
    const e = await engineWith(FILTER_NOTES);
    e.db.run('DELETE FROM contents');
    const r = ok(await e.call('bm_find', { filters: { status: 'active' }, fields: ['confidence'] })) as { results: unknown[] };
    expect(r.results).toEqual([{ id: 'test:notes/alpha.md', vault: 'test', path: 'notes/alpha.md', title: 'Alpha', fields: { confidence: 0.9 } }]);
  });

  it.each([
    [{ fields: ['bad/key'] }, 'invalid_argument', 'fields[0]'],
    [{ fields: 'a' }, null, null],
    [{ fields: [3] }, 'invalid_argument', 'fields[0]'],
    [{ sort: [{ field: 'a', order: 'up' }] }, 'invalid_argument', 'sort[0].order'],
    [{ sort: [{ field: 'a..b' }] }, 'invalid_argument', 'sort[0].field'],
    [{ sort: [{ field: 'a', dir: 'asc' }] }, 'invalid_argument', 'sort[0].dir'],
    [{ sort: [{ field: 'a' }, 'b', 'c', 'd', 'e', 'f'] }, 'invalid_argument', 'sort'],
    [{ page_size: 0 }, 'invalid_argument', 'page_size'],
    [{ page_size: 1001 }, 'invalid_argument', 'page_size'],
    [{ filters: { x: { $nope: 1 } } }, 'invalid_filter', 'filters.x.$nope'],
    [{ vault: 'nowhere' }, 'not_found', 'vault'],
  ])('%j → %s at %s', async (args, code, path) => {
    const r = (await engine.call('find', args)) as { isError?: boolean; error?: { code: string; path: string } };
    if (code === null) expect(r.isError).toBeUndefined();
    else expect(r.error).toMatchObject({ code, path });
  });
});

describe('fields', () => {
  const fieldsOf = async (args: Record<string, unknown> = {}) => ok(await engine.call('fields', { vault: 'test', ...args }));

  it('lists every key, nested ones as dotted paths, with types and note counts', async () => {
    const r = await fieldsOf();
    expect(r.notes).toBe(6);
    const by = new Map(r.fields.map((f) => [f.key, f]));
    for (const k of ['status', 'schema', 'schema.version', 'ms.topic', 'ms.custom', '状態', 'authors', 'authors.name', 'tags', 'title', 'type']) {
      expect(by.has(k), k).toBe(true);
    }
    expect(by.get('ms.custom')).toMatchObject({ notes: 4, types: { number: 1, string: 2, list: 1 }, item_types: { number: 2, string: 1 } });
    expect(by.get('schema.version')).toMatchObject({ notes: 3, types: { number: 1, string: 1, list: 1 }, item_types: { number: 2 } });
    expect(by.get('started')).toMatchObject({ notes: 4, types: { date: 4 } });
    // owner: null in one note is no value there.
    expect(by.get('owner')).toMatchObject({ notes: 2, types: { string: 2, null: 1 } });
    expect(by.get('draft')!.operators).toContain('$exists');
    expect(by.get('started')!.operators).toContain('$between');
    expect(r.fields[0].notes).toBeGreaterThanOrEqual(r.fields[r.fields.length - 1].notes);
  });

  it('counts each frequent value as the notes {key: value} selects', async () => {
    const r = await fieldsOf({ limit: 100 });
    let checked = 0;
    for (const f of r.fields) {
      for (const v of f.values) {
        expect(matching(engine.db, { [f.key]: v.value }).length, `${f.key} = ${JSON.stringify(v.value)}`).toBe(v.count);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(40);
    const rating = r.fields.find((f) => f.key === 'rating')!;
    expect(rating.values).toEqual([{ value: 1, count: 3 }, { value: true, count: 1 }]);
    expect(rating.distinct).toBe(2);
  });

  it('limits values and filters keys by prefix', async () => {
    const r = await fieldsOf({ prefix: 'ms', limit: 1 });
    expect(r.fields.map((f) => f.key).sort()).toEqual(['ms.custom', 'ms.topic']);
    expect(r.fields.every((f) => f.values.length <= 1)).toBe(true);
    expect((await fieldsOf({ limit: 0 })).fields.every((f) => f.values.length === 0)).toBe(true);
    const other = ok(await engine.call('fields', { vault: 'other' }));
    expect(other.fields.find((f) => f.key === 'score')!.values).toEqual([{ value: 99, count: 1 }]);
  });

  it('counts the notes that have a value: an empty list (every note without tags has one) is none', async () => {
    const e = await engineWith({
      'a.md': '---\ntags: [x]\n---\n',
      'b.md': '---\ntitle: B\n---\n',
      'c.md': '---\nlinks: []\n---\n',
    });
    const by = new Map(ok(await e.call('fields', {})).fields.map((f) => [f.key, f]));
    const withTags = ok(await e.call('find', { filters: { tags: { $exists: true } } })).total;
    expect(withTags).toBe(1);
    expect(by.get('tags')).toMatchObject({ notes: withTags, types: { list: 1 } });
    expect(by.get('links')).toMatchObject({ notes: 0 });
  });

  it('counts a note exactly when {"key": {"$exists": true}} selects it: null, an empty `key::` or a map of nulls is no value', async () => {
    const e = await engineWith({
      'a.md': '---\nowner: ann\nmeta: {a: 1}\nlist: [null]\nrefs: [{id: 1}]\n---\nthanks:: yes\n',
      'b.md': '---\nowner: null\nmeta: {a: null}\nlist: [x]\nrefs: []\n---\nthanks:: \n',
      'c.md': '---\nowner:\nmeta: {}\n---\nthanks::\n',
      'd.md': '---\nmeta: {b: {c: true}}\nrefs: [{id: null}]\n---\n',
    });
    const fields = ok(await e.call('fields', {})).fields.filter((f) => !f.file);
    const counts = Object.fromEntries(fields.map((f) => [f.key, f.notes]));
    const exists = Object.fromEntries(
      await Promise.all(fields.map(async (f) => [f.key, ok(await e.call('find', { filters: { [f.key]: { $exists: true } } })).total])),
    );
    expect(counts).toEqual(exists);
    expect(counts).toMatchObject({ owner: 1, meta: 2, 'meta.a': 1, list: 1, refs: 1, 'refs.id': 1, thanks: 1 });
    expect(fields.find((f) => f.key === 'thanks')).toMatchObject({ types: { string: 1, null: 2 }, sources: { frontmatter: 0, inline: 1 } });
    // A list of maps with a value is a list (a trial saw no type and no operator for `people: [{name: Ann}]`).
    expect(fields.find((f) => f.key === 'refs')).toMatchObject({ types: { list: 1 } });
    expect(fields.find((f) => f.key === 'refs')!.operators).toContain('$exists');
  });

  it('names keys with spaces between words (Obsidian properties); keys the language cannot name (a slash) are not filterable', async () => {
    const e = await engineWith({ 'a.md': '---\ndue date: 2026-05-01\nstatus: open\nin/out: x\n---\n' });
    const by = new Map(ok(await e.call('fields', {})).fields.map((f) => [f.key, f]));
    expect(by.get('due date')).toMatchObject({ notes: 1, types: { date: 1 } });
    expect(by.get('due date')!.operators).toContain('$gte');
    expect(by.get('in/out')).toMatchObject({ operators: [], filterable: false });
    expect(by.get('status')!.filterable).toBeUndefined();
    expect(by.get('status')!.operators).toContain('$eq');
    expect(ok(await e.call('find', { filters: { 'due date': '2026-05-01' } })).total).toBe(1);
    expect(await e.call('find', { filters: { 'in/out': 'x' } })).toMatchObject({ error: { code: 'invalid_filter', details: { reason: 'bad_key' } } });
    expect(ok(await e.call('find', { filters: { inout: 'x' } })).total).toBe(1);
  });

  it('answers again from its cache until the data changes', async () => {
    const e = await engineWith({ 'a.md': '---\nstage: one\n---\n' });
    const stage = async () => ok(await e.call('fields', {})).fields.find((f) => f.key === 'stage')?.values;
    expect(await stage()).toEqual([{ value: 'one', count: 1 }]);
    expect(await stage()).toEqual([{ value: 'one', count: 1 }]);
    await e.importSource(memorySource('test', { 'a.md': '---\nstage: one\n---\n', 'b.md': '---\nstage: two\n---\n' }));
    expect(await stage()).toEqual([{ value: 'one', count: 1 }, { value: 'two', count: 1 }]);
  });

  it('rejects a bad prefix and limit', async () => {
    expect(await engine.call('fields', { prefix: 'a/b' })).toMatchObject({ error: { code: 'invalid_argument', path: 'prefix' } });
    expect(await engine.call('fields', { limit: 101 })).toMatchObject({ error: { code: 'invalid_argument', path: 'limit' } });
  });
});

describe('registry documentation', () => {
  it('documents find and fields for `kioku tools`', () => {
    const find = toolHelp('find');
    expect(find).toContain('aliases: bm_find');
    for (const p of ['filters', 'fields', 'sort', 'query', 'page_size']) expect(find).toContain(`  ${p}`);
    expect(find).toContain('kioku call find \'{"filters":{"status":"active"');
    expect(toolHelp('fields')).toContain('prefix');
  });
});

// The table view sends the search box's text to find: Obsidian's operators must narrow there as in search.
describe('find with Obsidian operators', () => {
  it('file:, path: and content: narrow (negated too); an unsupported operator is searched as words, with a notice', async () => {
    const e = await engineWith({ 'projects/Launch.md': '# Launch\nplan the launch\n', 'Budget.md': '# Budget\nplan the budget\n', 'Notes.md': '# Notes\nnothing to see\n' }, 'ops');
    const paths = async (query: string) => ok(await e.call('find', { query })).results.map((r) => r.path).sort();
    expect(await paths('plan')).toEqual(['Budget.md', 'projects/Launch.md']);
    expect(await paths('plan file:launch')).toEqual(['projects/Launch.md']);
    expect(await paths('plan -path:projects')).toEqual(['Budget.md']);
    expect(await paths('content:budget')).toEqual(['Budget.md']);
    // As Obsidian matches them: any part of the file name (extension included) or path, case aside, never a stem.
    const e2 = await engineWith({ 'dailys/2022-01-15.md': 'a day', 'dailys/2022-01-16.md': 'a day', 'Use daily notes.md': 'daily', 'hw/assignment_2.md': 'two', 'hw/assignment_5.md': 'five' }, 'ops2');
    const paths2 = async (query: string) => ok(await e2.call('find', { query })).results.map((r) => r.path).sort();
    expect(await paths2('file:.md')).toHaveLength(5);
    expect(await paths2('file:assignment_2.md')).toEqual(['hw/assignment_2.md']);
    expect(await paths2('file:signment_2')).toEqual(['hw/assignment_2.md']);
    expect(await paths2('path:dailys/2022-01-1')).toEqual(['dailys/2022-01-15.md', 'dailys/2022-01-16.md']);
    expect(await paths2('path:dailys/')).toEqual(['dailys/2022-01-15.md', 'dailys/2022-01-16.md']);
    expect(await paths2('path:DAILYS -file:16')).toEqual(['dailys/2022-01-15.md']);
    // An OR between two operators joins them, as in Obsidian; a word between them does not.
    expect(await paths2('file:assignment_2 OR file:assignment_5')).toEqual(['hw/assignment_2.md', 'hw/assignment_5.md']);
    expect(await paths2('file:assignment_2 OR path:dailys/2022-01-16')).toEqual(['dailys/2022-01-16.md', 'hw/assignment_2.md']);
    expect(await paths2('file:assignment_2 file:assignment_5')).toEqual([]);
    expect(await paths2('file:(assignment_2 OR assignment_5)')).toEqual(['hw/assignment_2.md', 'hw/assignment_5.md']);
    expect(await paths2('file:assignment OR -file:_5')).toEqual(['hw/assignment_2.md']);
    // A regular expression is not supported: said, not silently nothing.
    expect(ok(await e2.call('find', { query: 'path:/\\d{4}-01-15/' }))).toMatchObject({ notice_code: 'query_operator_unsupported', notice: expect.stringMatching(/regular expression/) });
    // Non-ASCII capitals: as typed at least (SQLite's lower() folds ASCII only).
    const e3 = await engineWith({ 'École/Été.md': 'summer' }, 'ops3');
    expect(ok(await e3.call('find', { query: 'file:Été' })).total).toBe(1);
    expect(ok(await e3.call('find', { query: 'path:École' })).total).toBe(1);
    // % and _ are letters here, not LIKE's wildcards.
    expect(await paths2('file:t_2')).toEqual(['hw/assignment_2.md']);
    expect(await paths2('file:%')).toEqual([]);
    const r = ok(await e.call('find', { query: 'plan line:budget' }));
    expect(r.results.map((x) => x.path)).toEqual(['Budget.md']);
    expect(r).toMatchObject({ notice_code: 'query_operator_unsupported' });
  });
});

// A user trial on Dataview's example vault: {"file.tags": "dv"} found 75 notes, {"file.tags": {"$contains": "dv"}} 1,
// though find lists "dv" in every one of those notes' file.tags (a tag stands for the tags nested under it).
describe('$contains on file.tags', () => {
  it('matches the tags nested under the value, as equality does; on tags it takes whole tags, as documented', async () => {
    const e = await engineWith({
      'a.md': 'Body #dv/table',
      'b.md': '---\ntags: [dv]\n---\nBody',
      'c.md': 'Body #dvd and #other',
      'd.md': 'Body #dv/list/deep',
    });
    const paths = async (filters: object) => ok(await e.call('find', { filters })).results.map((r) => r.path).sort();
    expect(await paths({ 'file.tags': 'dv' })).toEqual(['a.md', 'b.md', 'd.md']);
    expect(await paths({ 'file.tags': { $contains: 'dv' } })).toEqual(['a.md', 'b.md', 'd.md']);
    expect(await paths({ 'file.tags': { $contains: '#dv/list' } })).toEqual(['d.md']);
    expect(await paths({ tags: { $contains: 'dv' } })).toEqual(['b.md']);
    expect(await paths({ 'file.tags': { $contains: 'other' } })).toEqual(['c.md']);
  });
});

// A UI trial on the Dataview vault: a filter on "pages" (the vault says totalPages) answered nothing, and nothing said why.
describe('a filter on a field no note has', () => {
  it('says so when nothing matches, naming the nearest fields; not when the field exists', async () => {
    const e = await engineWith({
      'a.md': '---\ntotalPages: 512\npagesRead: 40\nstatus: open\n---\nBody',
      'b.md': 'Rating:: 4\n',
    });
    const found = ok(await e.call('find', { filters: { pages: { $gt: 400 } } }));
    expect(found).toMatchObject({ total: 0, notice_code: 'filter_key_unknown' });
    expect(found.notice).toContain('"pages"');
    expect(found.notice).toContain('"pagesRead" or "totalPages"');
    const searched = ok(await e.call('search', { query: '', filters: { pages: 500, status: 'open' } }));
    expect(searched).toMatchObject({ total: 0, notice_code: 'filter_key_unknown' });
    // A field that exists, in any form (Dataview's rating for Rating), is never named.
    expect(ok(await e.call('find', { filters: { status: 'closed' } })).notice).toBeUndefined();
    expect(ok(await e.call('find', { filters: { rating: 5 } })).notice).toBeUndefined();
    expect(ok(await e.call('find', { filters: { totalPages: { $gt: 400 } } })).total).toBe(1);
  });
});

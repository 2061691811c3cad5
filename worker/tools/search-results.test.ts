// Split from search.test.ts (file size): fetch mode, paging, fields, snippets, filters with text.
// The search tool over a real engine and real SQLite (FTS5): syntax,
// ranking, scope, fetch mode, paging and the result shape.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Engine } from '../engine';
import { engineWith } from '../test/make-engine';
import { hitPaths, note, search, searchError } from '../test/search-kit';

const paths = hitPaths;

describe('search: fetch mode, paging, fields, result shape', () => {
  let engine: Engine;
  beforeAll(async () => {
    const files: Record<string, string> = {};
    for (let i = 0; i < 25; i++) files[`p/n${String(i).padStart(2, '0')}.md`] = note(`Note ${i}`, `paging ${'word '.repeat(i + 1)}`, `status: ${i % 2 ? 'done' : 'open'}\nscore: ${i / 10}\nschema:\n  version: ${i}\nms.topic: article\n`);
    engine = await engineWith(files);
  });

  it('returns the agreed result shape', async () => {
    const r = await search(engine, { query: 'paging', page_size: 2 });
    expect(Object.keys(r).sort()).toEqual(['elapsed_ms', 'has_more', 'mode', 'page', 'page_size', 'results', 'total', 'total_is_exact'].sort());
    expect(r).toMatchObject({ page: 1, page_size: 2, total: 25, total_is_exact: true, has_more: true, mode: 'text' });
    expect(Object.keys(r.results[0]).sort()).toEqual(['id', 'kind', 'path', 'vault', 'title', 'type', 'permalink', 'tags', 'score', 'snippet'].sort());
    expect(r.results[0].id).toBe(`test:${r.results[0].path}`);
  });

  it('pages are disjoint, in rank order, with exact totals and has_more', async () => {
    const all = await search(engine, { query: 'paging', page_size: 100 });
    expect(all.results).toHaveLength(25);
    const got: string[] = [];
    for (let page = 1; page <= 3; page++) {
      const r = await search(engine, { query: 'paging', page, page_size: 10 });
      expect(r.total).toBe(25);
      expect(r.has_more).toBe(page < 3);
      got.push(...paths(r));
    }
    expect(got).toEqual(paths(all));
    const past = await search(engine, { query: 'paging', page: 9, limit: 10 });
    expect(past).toMatchObject({ results: [], total: 25, has_more: false, page_size: 10 });
  });

  it('pages through notes with every word, then the rest, without gaps', async () => {
    const e = await engineWith(Object.fromEntries(Array.from({ length: 15 }, (_, i) => [`n${i}.md`, note(`N${i}`, i < 7 ? 'alpha beta' : 'alpha only')])));
    const a = await search(e, { query: 'alpha beta', page_size: 5, page: 1 });
    const b = await search(e, { query: 'alpha beta', page_size: 5, page: 2 });
    const c = await search(e, { query: 'alpha beta', page_size: 5, page: 3 });
    const all = [...a.results, ...b.results, ...c.results];
    expect(new Set(all.map((h) => h.path)).size).toBe(15);
    expect(all.slice(0, 7).every((h) => h.score >= 1)).toBe(true);
    expect(all.slice(7).every((h) => h.score < 1)).toBe(true);
    expect(a.total).toBe(15);
  });

  it('rejects page and page_size outside their ranges', async () => {
    for (const [args, path] of [[{ page: 0 }, 'page'], [{ page: 1.5 }, 'page'], [{ page_size: 0 }, 'page_size'], [{ page_size: 101 }, 'page_size'], [{ limit: 500 }, 'limit'], [{ page: '2' }, 'page']] as const) {
      const err = await searchError(engine, { query: 'paging', ...args });
      expect(err.code).toBe('invalid_argument');
      expect(err.path).toBe(path);
    }
  });

  it('accepts mode text and rejects unknown modes, listing the valid ones', async () => {
    expect((await search(engine, { query: 'paging', mode: 'text' })).mode).toBe('text');
    // "semantic" is Basic Memory's name for vector (basic-memory-args.test.ts); "meaning" is no mode.
    const err = await searchError(engine, { query: 'paging', mode: 'meaning' });
    expect(err).toMatchObject({ code: 'invalid_argument', path: 'mode' });
    expect(err.message).toContain('"text"');
  });

  it('adds requested frontmatter fields, typed, with nested and dotted keys, null when missing', async () => {
    const r = await search(engine, { query: '"note 3"', fields: ['status', 'score', 'schema.version', 'ms.topic', 'owner', 'title'] });
    expect(r.results[0].fields).toEqual({ status: 'done', score: 0.3, 'schema.version': 3, 'ms.topic': 'article', owner: null, title: 'Note 3' });
  });

  it('fetches ids and paths in the order given, ignoring query scope and reporting what is missing', async () => {
    const r = await search(engine, { ids: ['test:p/n07.md', 'p/n02.md', 'test:p/n07.md', 'test:nope.md'], path_prefix: 'zzz/', folder: 'x', query: 'word' });
    expect(paths(r)).toEqual(['p/n07.md', 'p/n02.md']);
    expect(r.total).toBe(2);
    expect(r.mode).toBe('ids');
    expect(r.missing).toEqual(['test:nope.md']);
    expect(r.results[0].snippet).toContain('[word]');
  });

  it('checks argument types', async () => {
    expect((await searchError(engine, { query: 42 })).path).toBe('query');
    expect((await searchError(engine, { ids: 'p/n01.md' })).path).toBe('ids');
    expect((await searchError(engine, { fields: [''] })).path).toBe('fields[0]');
    expect((await searchError(engine, { snippet_markers: ['<'] })).path).toBe('snippet_markers');
  });
});

describe('search: snippets of long notes', () => {
  it('finds the match deep inside a long note and marks it, with ellipses on both sides', async () => {
    const filler = 'Lorem ipsum dolor sit amet, consectetur adipiscing elit. '.repeat(3000);
    const e = await engineWith({ 'long.md': note('Long', `${filler}\n\nThe anemometer measures wind.\n\n${filler}`) });
    const r = await search(e, { query: 'anemometers' });
    expect(r.results[0].snippet).toMatch(/^…/);
    expect(r.results[0].snippet).toMatch(/…$/);
    expect(r.results[0].snippet).toContain('The [anemometer] measures wind.');
  });

  it('cuts the snippet of a long note where the first of the query words is, far past its head', async () => {
    const lead = 'Lorem ipsum dolor sit amet. '.repeat(2400);
    const e = await engineWith({ 'edge.md': note('Edge', `${lead} Zebrafish swim here. ${lead} The barometer falls. ${lead}`) });
    expect((await search(e, { query: 'zebrafish' })).results[0].snippet).toContain('[Zebrafish] swim here.');
    // Both words deep in the note: the snippet is cut where the first of them is.
    expect((await search(e, { query: 'barometer zebrafish' })).results[0].snippet).toContain('[Zebrafish] swim here.');
    expect((await search(e, { query: 'barometer' })).results[0].snippet).toContain('The [barometer] falls.');
  });

  it('finds a Japanese match deep inside a long note', async () => {
    const filler = 'これは長い文書の本文です。'.repeat(3000);
    const e = await engineWith({ 'ja.md': note('長文', `${filler}ここで猫の設計について述べる。${filler}`) });
    const r = await search(e, { query: '猫の設計' });
    // The run as typed is marked whole where the note holds it whole (its words 猫 and 設計 elsewhere).
    expect(r.results[0].snippet).toContain('ここで[猫の設計]について述べる。');
  });
});

describe('search: text and metadata filters together', () => {
  let engine: Engine;
  beforeAll(async () => {
    engine = await engineWith({
      'specs/oauth.md': note('OAuth design', 'Token refresh and OAuth flows.', 'status: in-progress\nconfidence: 0.9\ntags: [security, auth]\n'),
      'specs/oauth-old.md': note('Old OAuth', 'The first OAuth attempt.', 'status: archived\nconfidence: 0.4\ntags: [security]\n'),
      'specs/saml.md': note('SAML', 'SAML single sign-on.', 'status: in-progress\nconfidence: 0.8\ntags: [auth]\n'),
      'notes/oauth-meeting.md': note('Meeting', 'We discussed OAuth.', 'status: in-progress\nconfidence: 0.95\n'),
      'specs/oauth.pdf': new Uint8Array([0x25, 0x50, 0x44, 0x46]) as unknown as string,
    });
  });

  it('applies the filter inside the text query', async () => {
    const r = await search(engine, { query: 'oauth', filters: { status: 'in-progress', confidence: { $gt: 0.7 } } });
    expect(paths(r).sort()).toEqual(['notes/oauth-meeting.md', 'specs/oauth.md']);
    expect(r.total).toBe(2);
    expect(r.filter).toEqual({ status: 'in-progress', confidence: { $gt: 0.7 } });
  });

  it('combines filters with path_prefix, tags, status and tag: tokens', async () => {
    expect(paths(await search(engine, { query: 'oauth', filters: '{"status": "in-progress"}', path_prefix: 'specs/' }))).toEqual(['specs/oauth.md']);
    expect(paths(await search(engine, { query: 'oauth', tags: ['security'] })).sort()).toEqual(['specs/oauth-old.md', 'specs/oauth.md']);
    expect(paths(await search(engine, { query: 'oauth tag:security', status: 'archived' }))).toEqual(['specs/oauth-old.md']);
    expect(paths(await search(engine, { query: 'tag:auth' })).sort()).toEqual(['specs/oauth.md', 'specs/saml.md']);
  });

  it('never returns files when there is a metadata condition, even one missing keys satisfy', async () => {
    expect(paths(await search(engine, { query: 'oauth' }))).toContain('specs/oauth.pdf');
    expect(paths(await search(engine, { query: 'oauth', filters: { owner: null } }))).not.toContain('specs/oauth.pdf');
    expect(paths(await search(engine, { query: 'oauth', filters: { owner: { $exists: false } } }))).not.toContain('specs/oauth.pdf');
  });

  it('lists every matching note for filters without text, paged, in path order', async () => {
    const r = await search(engine, { filters: { status: 'in-progress' }, page_size: 2 });
    expect(r.total).toBe(3);
    expect(paths(r)).toEqual(['notes/oauth-meeting.md', 'specs/oauth.md']);
    expect(r.has_more).toBe(true);
  });

  it('reports filter errors with their path', async () => {
    const err = await searchError(engine, { query: 'oauth', filters: { confidence: { $between: [0.3, 0.5, 0.8] } } });
    expect(err.code).toBe('invalid_filter');
    expect(err.path).toBe('filters.confidence.$between');
  });
});

// read_note over a real engine: how a note can be named.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Engine } from '../engine';
import { memorySource } from '../ingest/source';
import { engineWith, ok } from '../test/make-engine';
import type { ReadNoteResult } from './read-note';

let engine: Engine;
beforeAll(async () => {
  engine = await engineWith({ 'specs/auth.md': '---\ntitle: Auth\n---\nAuth body.\n', 'a:b.md': 'A colon in the name.\n' }, 'team');
  await engine.importSource(memorySource('other', { 'specs/auth.md': 'The other vault.\n' }));
});

const read = async (args: Record<string, unknown>) => ok(await engine.call('read_note', args)) as ReadNoteResult;

describe('read_note', () => {
  it('reads a note by the id search gives its hits (vault:path), as path or id', async () => {
    const hit = ok(await engine.call('search', { query: 'auth body' })) as { results: { id: string }[] };
    expect(hit.results[0].id).toBe('team:specs/auth.md');
    expect(await read({ id: 'team:specs/auth.md' })).toMatchObject({ vault: 'team', path: 'specs/auth.md', body: 'Auth body.\n' });
    expect(await read({ path: 'other:specs/auth.md' })).toMatchObject({ vault: 'other', body: 'The other vault.\n' });
    expect(await read({ path: 'a:b.md' })).toMatchObject({ vault: 'team', path: 'a:b.md' });
  });

  it("reads a note by Basic Memory's memory:// URL, as graph and MCP resources do (bm_read_note's identifier too)", async () => {
    const e = await engineWith({ '10 Example Data/dailys/2022-01-06.md': '---\npermalink: 10-example-data/dailys/2022-01-06\n---\nA day.\n' }, 'dv');
    const url = 'memory://10-example-data/dailys/2022-01-06';
    expect(ok(await e.call('bm_read_note', { identifier: url }))).toMatchObject({ path: '10 Example Data/dailys/2022-01-06.md', body: 'A day.\n' });
    expect(ok(await e.call('read_note', { path: 'memory://dv/10-example-data/dailys/2022-01-06' }))).toMatchObject({ vault: 'dv' });
    expect(ok(await e.call('read_note', { path: 'memory://10 Example Data/dailys/2022-01-06.md' }))).toMatchObject({ vault: 'dv' });
    expect(await read({ path: 'memory://other/specs/auth.md' })).toMatchObject({ vault: 'other', body: 'The other vault.\n' });
    expect(await e.call('read_note', { path: 'memory://nowhere' })).toMatchObject({ isError: true, error: { code: 'not_found', path: 'path' } });
  });

  it('splits the frontmatter as Basic Memory does: schema, and every custom key with its type', async () => {
    const e = await engineWith({
      'm.md': '---\ntitle: Meeting\ntype: meeting\ntags: [a]\npermalink: meet\nschema:\n  version: 2\nconfidence: 0.8\nms.topic: article\ndone: false\n---\nbody\n',
      'plain.md': 'No frontmatter.\n',
    });
    const m = ok(await e.call('read_note', { path: 'm.md' })) as ReadNoteResult;
    expect(m.schema).toEqual({ version: 2 });
    expect(m.entity_metadata).toEqual({ confidence: 0.8, 'ms.topic': 'article', done: false });
    expect(Object.keys(m.frontmatter).sort()).toEqual(['confidence', 'done', 'ms.topic', 'permalink', 'schema', 'tags', 'title', 'type']);
    expect(ok(await e.call('read_note', { path: 'plain.md' }))).toMatchObject({ schema: null, entity_metadata: {} });
  });

  it('shows the frontmatter block without the BOM the file starts with', async () => {
    const e = await engineWith({ 'b.md': new Uint8Array([0xef, 0xbb, 0xbf, ...new TextEncoder().encode('---\ntitle: B\n---\nbody\n')]) });
    expect(ok(await e.call('read_note', { path: 'b.md' }))).toMatchObject({ title: 'B', frontmatter_raw: '---\ntitle: B\n---\n', body: 'body\n' });
  });

  it('still asks which vault when a bare path exists in several', async () => {
    const r = (await engine.call('read_note', { path: 'specs/auth.md' })) as { isError?: boolean; error: { code: string; path: string } };
    expect(r.error).toMatchObject({ code: 'invalid_argument', path: 'path' });
  });
});

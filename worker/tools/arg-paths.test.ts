// Argument errors point at the argument the caller wrote: an alias (project,
// limit) is named as written, never as the name it stands for.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Engine } from '../engine';
import { engineWith } from '../test/make-engine';
import { buildToolTable } from './call';
import { defineTool, type ToolDef } from './define';
import { TOOLS } from './registry';

let engine: Engine;
beforeAll(async () => {
  engine = await engineWith({ 'a.md': '---\nstatus: draft\n---\nA note.\n' }, 'notes');
});

async function error(tool: string, args: Record<string, unknown>) {
  const r = (await engine.call(tool, args)) as { isError?: boolean; error: { code: string; message: string; path?: string } };
  expect(r.isError, `${tool} ${JSON.stringify(args)}`).toBe(true);
  return r.error;
}

describe('errors name the alias the caller used', () => {
  const tools: [string, Record<string, unknown>][] = [
    ['search', {}],
    ['find', {}],
    ['fields', {}],
    ['problems', {}],
    ['read_note', { path: 'a.md' }],
    ['folders', {}],
    ['tags', {}],
    ['unsaved_changes', {}],
    ['write_back', {}],
    ['write_note', { path: 'a.md', body: 'B' }],
    ['create_note', { title: 'New one', body: 'B' }],
  ];
  it.each(tools)('%s: project', async (tool, base) => {
    expect(await error(tool, { ...base, project: 'nope' })).toMatchObject({ code: 'not_found', path: 'project' });
    const wrongType = await error(tool, { ...base, project: 5 });
    expect(wrongType).toMatchObject({ code: 'invalid_argument', path: 'project' });
    expect(wrongType.message).toMatch(/^project /);
    expect(await error(tool, { ...base, vault: 'nope' })).toMatchObject({ code: 'not_found', path: 'vault' });
  });

  it('checks the numbers of a filter inside arguments given as JSON text, as in a filter given as text', async () => {
    const e = await error('find', '{"filters": {"id": 12345678901234567891}, "page": 1}' as never);
    expect(e).toMatchObject({ code: 'invalid_filter', path: 'filters.id' });
    expect(e.message).toMatch(/Write it as a string/);
    expect(await error('search', '{"metadata_filters": {"x": {"$in": [1, 9007199254740993]}}}' as never)).toMatchObject({ path: 'metadata_filters.x.$in[1]' });
    expect(((await engine.call('find', '{"filters": {"id": 9007199254740992}, "query": "123456789012345678901234"}')) as { isError?: boolean }).isError).toBeUndefined();
  });

  it('find: limit', async () => {
    const e = await error('find', { limit: 5000 });
    expect(e).toMatchObject({ code: 'invalid_argument', path: 'limit' });
    expect(e.message).toMatch(/^limit must be from 1 to 1000/);
  });

  it('says what is missing rather than "undefined undefined"', async () => {
    const e = await error('find', { sort: [{ order: 'desc' }] });
    expect(e).toMatchObject({ code: 'invalid_argument', path: 'sort[0].field' });
    expect(e.message).not.toMatch(/undefined/);
  });
});

describe('unknown argument names are refused, not ignored', () => {
  it('a misspelt argument is named, with the nearest accepted one', async () => {
    const e = await error('search', { query: 'note', page_sise: 5 });
    expect(e).toMatchObject({ code: 'invalid_argument', path: 'page_sise' });
    expect(e.message).toMatch(/Unknown argument "page_sise"\. Did you mean "page_size"\?/);
    expect(e.message).toMatch(/search takes: query, mode, filters/);
    expect((await error('find', { filter: { status: 'draft' } })).message).toMatch(/Did you mean "filters"\?/);
    expect((await error('read_note', { path: 'a.md', 'max-chars': 10 })).message).toMatch(/Did you mean "max_chars"\?/);
    const far = await error('find', { colour: 'red' });
    expect(far.message).not.toMatch(/Did you mean/);
    expect((await error('vaults', { x: 1 })).message).toMatch(/vaults takes no arguments/);
  });

  it('every alias a parameter declares is accepted, never refused as unknown', async () => {
    for (const def of Object.values(TOOLS) as ToolDef<unknown, unknown>[]) {
      for (const p of def.params) {
        for (const a of p.aliases ?? []) {
          const r = (await engine.call(def.name, { [a]: 12345 })) as { error?: { message: string; path?: string } };
          expect(r.error?.message ?? '', `${def.name} ${a}`).not.toMatch(/Unknown argument/);
          // A wrong value under an alias is reported under the alias.
          if (r.error?.path?.startsWith(p.name)) throw new Error(`${def.name}: error names ${p.name} for ${a}: ${r.error.message}`);
        }
      }
    }
  });

  it('write_note and create_note take content for body', async () => {
    expect(await engine.call('write_note', { path: 'a.md', content: 'Rewritten by content.' })).toMatchObject({ path: 'a.md' });
    expect(await engine.call('read_note', { path: 'a.md' })).toMatchObject({ body: expect.stringContaining('Rewritten by content.') });
    expect(await engine.call('create_note', { title: 'By content', content: 'Created by content.', project: 'notes' })).toMatchObject({ path: 'By content.md' });
    expect(await engine.call('read_note', { path: 'By content.md' })).toMatchObject({ body: expect.stringContaining('Created by content.') });
    const both = await error('write_note', { path: 'a.md', body: 'one', content: 'two' });
    expect(both).toMatchObject({ code: 'invalid_argument', path: 'content' });
  });

  it('the aliases each parameter documents are accepted', async () => {
    const ok = async (tool: string, args: Record<string, unknown>) => {
      const r = (await engine.call(tool, args)) as { isError?: boolean; error?: unknown };
      expect(r.isError, `${tool} ${JSON.stringify(args)}: ${JSON.stringify(r.error)}`).toBeUndefined();
      return r;
    };
    await ok('search', { query: 'note', metadata_filters: { status: 'draft' }, project: 'notes', limit: 3 });
    await ok('find', { metadata_filters: { status: 'draft' }, project: 'notes', limit: 3 });
    expect(await ok('read_note', { identifier: 'a.md' })).toMatchObject({ path: 'a.md' });
    expect(await ok('read_note', { id: 'a.md', project: 'notes' })).toMatchObject({ path: 'a.md' });
  });
});

describe('the tool table', () => {
  const tool = (name: string, aliases: string[] = [], params: { name: string; aliases?: string[] }[] = []) =>
    defineTool({ name, aliases, description: name, params: params.map((p) => ({ ...p, type: 'string', description: p.name })), parse: () => ({}), run: () => ({}) }) as ToolDef<unknown, unknown>;

  it('refuses a tool alias that shadows another tool', () => {
    expect(() => buildToolTable([tool('search'), tool('find', ['search'])])).toThrow(/"search" of find is already a tool/);
    expect(() => buildToolTable([tool('a', ['x']), tool('b', ['x'])])).toThrow(/already an alias of a/);
  });

  it('refuses a parameter alias that is another parameter', () => {
    expect(() => buildToolTable([tool('t', [], [{ name: 'vault', aliases: ['limit'] }, { name: 'limit' }])])).toThrow(/argument "limit"/);
  });

  it('accepts the real registry', () => {
    expect(buildToolTable(Object.values(TOOLS) as ToolDef<unknown, unknown>[]).size).toBeGreaterThan(Object.keys(TOOLS).length);
  });
});

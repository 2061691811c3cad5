// Basic Memory's arguments on its tool names, as an assistant sends them over
// MCP: the SDK's own client starts `kioku mcp` as a child process.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { utimesSync } from 'node:fs';
import { join } from 'node:path';
import { removeTree, writeTree } from '../../worker/test/fixtures';
import { closeAll, connect } from './test-client';

let vault: string;

beforeAll(() => {
  vault = writeTree(
    {
      'projects/alpha/plan.md': 'The rollout plan.\n',
      'projects/beta/old.md': 'An old rollout.\n',
      'research/ml/paper.md': 'A rollout paper.\n',
    },
    'bm-mcp',
  );
  const old = new Date(Date.now() - 400 * 86_400_000);
  utimesSync(join(vault, 'projects/beta/old.md'), old, old);
});
afterAll(async () => {
  await closeAll();
  removeTree(vault);
});

describe('Basic Memory arguments over MCP', () => {
  it('search_notes takes search_type and after_date; list_directory takes dir_name and depth; title is refused with advice', { timeout: 120_000 }, async () => {
    const { client } = await connect(['--vault', vault, '--no-embed']);
    const { tools } = await client.listTools();
    const schema = tools.find((t) => t.name === 'search_notes')!.inputSchema as { properties: Record<string, unknown> };
    expect(Object.keys(schema.properties)).toEqual(expect.arrayContaining(['search_type', 'after_date']));

    const search = await client.callTool({ name: 'search_notes', arguments: { query: 'rollout', search_type: 'text', after_date: '1 week' } });
    expect(search.isError).toBeFalsy();
    const found = search.structuredContent as { mode: string; results: { path: string }[]; filter: object };
    expect(found.mode).toBe('text');
    expect(found.results.map((r) => r.path).sort()).toEqual(['projects/alpha/plan.md', 'research/ml/paper.md']);

    const listed = await client.callTool({ name: 'list_directory', arguments: { dir_name: '/projects', depth: 1 } });
    expect(listed.isError).toBeFalsy();
    expect((listed.structuredContent as { folders: { folder: string }[] }).folders.map((f) => f.folder)).toEqual(['projects', 'projects/alpha', 'projects/beta']);

    const title = await client.callTool({ name: 'search_notes', arguments: { query: 'plan', search_type: 'title' } });
    expect(title.isError).toBe(true);
    const text = (title.content as { type: string; text: string }[])[0].text;
    expect(text).toContain('search_type');
    expect(text).toContain('read_note');
  });
});

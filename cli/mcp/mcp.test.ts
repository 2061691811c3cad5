// `kioku mcp` end to end: the MCP SDK's own client starts the server as a
// child process over stdio, as Claude Desktop, Cursor or VS Code would.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { ResourceListChangedNotificationSchema } from '@modelcontextprotocol/sdk/types.js';
import { Ajv } from 'ajv';
import { removeTree, writeTree } from '../../worker/test/fixtures';
import { TOOLS } from '../../worker/tools/registry';
import { closeAll, connect, kiokuCallText, ROOT, sameTimings } from './test-client';

let vault: string;

beforeAll(() => {
  vault = writeTree(
    {
      'specs/auth-design.md': '---\ntitle: Auth design\nstatus: in-progress\nconfidence: 0.8\ntags: [auth, security]\npermalink: specs/auth\n---\n# Auth\nWe use OAuth with PKCE.\n',
      'specs/cache.md': '---\ntitle: Cache layer\nstatus: done\nconfidence: 0.4\n---\nRedis in front of the API.\n',
      'notes/同期.md': '# 同期\n端末間の同期の設計。',
    },
    'mcp-notes',
  );
});
afterAll(async () => {
  await closeAll();
  removeTree(vault);
});

/** The JSON `kioku call` prints for this vault. */
const kiokuCall = (tool: string, args: unknown): string => kiokuCallText(tool, args, ['--vault', vault]);

/** tools/list as committed (docs/mcp-tools.json, written by npm run docs:tools from the registry). */
const COMMITTED = JSON.parse(readFileSync(join(ROOT, 'docs/mcp-tools.json'), 'utf8')).tools as { name: string; description: string; inputSchema: object }[];

describe('kioku mcp over stdio', () => {
  it('lists every registry tool and alias with the generated, valid JSON Schema', async () => {
    const { client } = await connect(['--vault', vault, '--no-embed']);
    expect(client.getServerVersion()?.name).toBe('kioku');
    expect(client.getServerCapabilities()).toMatchObject({ tools: {}, resources: { listChanged: true }, prompts: {} });
    expect(client.getInstructions()).toContain('search_guide');
    const { tools } = await client.listTools();
    const names = tools.map((t) => t.name);
    for (const def of Object.values(TOOLS)) {
      expect(names).toContain(def.name);
      for (const a of def.aliases ?? []) expect(names).toContain(a);
    }
    expect(names).toEqual(expect.arrayContaining(['bm_search', 'search_notes', 'bm_find']));
    // What the server publishes is exactly the generated list (names, descriptions, schemas)…
    expect(tools).toEqual(COMMITTED);
    // …and each is a JSON Schema a validator accepts, agreeing with the engine on a known-good call.
    // strictRequired would object to `required` inside anyOf (how a required argument with aliases is written), which JSON Schema allows.
    const ajv = new Ajv({ strict: true, strictRequired: false });
    for (const t of tools) expect(() => ajv.compile(t.inputSchema), t.name).not.toThrow();
    const search = ajv.compile(tools.find((t) => t.name === 'search')!.inputSchema);
    expect(search({ query: 'oauth', metadata_filters: { status: 'done' }, limit: 5, project: 'mcp-notes' })).toBe(true);
    expect(search({ query: 'oauth', page_sise: 5 })).toBe(false);
  });

  it('answers search, find and read_note with the same JSON as kioku call, byte for byte, plus a readable text', { timeout: 240_000 }, async () => {
    const { client } = await connect(['--vault', vault, '--no-embed']);
    const cases: [string, Record<string, unknown>][] = [
      ['search', { query: 'oauth' }],
      ['search', { query: '同期' }],
      ['bm_search', { query: 'redis OR pkce', metadata_filters: { confidence: { $gte: 0.1 } }, fields: ['status'] }],
      ['find', { filters: { confidence: { $gt: 0.5 } }, fields: ['status', 'confidence'] }],
      ['read_note', { path: 'specs/cache.md' }],
    ];
    for (const [tool, args] of cases) {
      const r = await client.callTool({ name: tool, arguments: args });
      expect(r.isError ?? false).toBe(false);
      // The JSON text, key order and number formatting included; only the timing is set aside.
      expect(sameTimings(JSON.stringify(r.structuredContent)), tool).toBe(sameTimings(kiokuCall(tool, args)));
    }
    const search = await client.callTool({ name: 'bm_search', arguments: { query: 'oauth' } });
    const text = (search.content as { type: string; text: string }[])[0].text;
    expect(text).toMatch(/^1 result \(text mode/);
    expect(text).toContain('mcp-notes:specs/auth-design.md · Auth design · score');
    const find = await client.callTool({ name: 'find', arguments: { fields: ['status'], sort: [{ field: 'path' }] } });
    expect((find.content as { text: string }[])[0].text).toContain('| path | title | status |');
  });

  it('turns an engine error into an isError result with the engine error object', async () => {
    const { client } = await connect(['--vault', vault, '--no-embed']);
    const r = await client.callTool({ name: 'find', arguments: { filters: { score: { $between: [0.8, 0.3] } } } });
    expect(r.isError).toBe(true);
    const error = JSON.parse((r.content as { text: string }[])[0].text);
    expect(error.code).toBe('invalid_filter');
    const printed = kiokuCall('find', { filters: { score: { $between: [0.8, 0.3] } } });
    expect(JSON.stringify(r.structuredContent)).toBe(printed);
    expect((r.content as { text: string }[])[0].text).toBe(JSON.stringify(JSON.parse(printed).error));
    const unknown = await client.callTool({ name: 'no_such_tool', arguments: {} });
    expect(unknown.isError).toBe(true);
    expect(JSON.parse((unknown.content as { text: string }[])[0].text).code).toBe('unknown_tool');
  });

  it('lists notes as resources and reads them by kioku:// and memory:// URIs', async () => {
    const { client } = await connect(['--vault', vault, '--no-embed']);
    const { resources } = await client.listResources();
    expect(resources.map((r) => r.uri).sort()).toEqual(
      ['kioku://mcp-notes/notes/%E5%90%8C%E6%9C%9F.md', 'kioku://mcp-notes/specs/auth-design.md', 'kioku://mcp-notes/specs/cache.md'].sort(),
    );
    const byUri = await client.readResource({ uri: 'kioku://mcp-notes/specs/cache.md' });
    expect(byUri.contents[0]).toMatchObject({ mimeType: 'text/markdown', text: readFileSync(join(vault, 'specs/cache.md'), 'utf8') });
    const byPermalink = await client.readResource({ uri: 'memory://specs/auth' });
    expect(byPermalink.contents[0].uri).toBe('kioku://mcp-notes/specs/auth-design.md');
    // A permalink Kioku derived from the path, written raw or percent-encoded as in a URI.
    for (const uri of ['memory://notes/同期', 'memory://notes/%E5%90%8C%E6%9C%9F']) {
      const r = await client.readResource({ uri });
      expect(r.contents[0], uri).toMatchObject({ uri: 'kioku://mcp-notes/notes/%E5%90%8C%E6%9C%9F.md', text: readFileSync(join(vault, 'notes/同期.md'), 'utf8') });
    }
    await expect(client.readResource({ uri: 'kioku://mcp-notes/specs/none.md' })).rejects.toThrow(/none\.md/);
  });

  it('offers a search guide written from the registry and the operator table', async () => {
    const { client } = await connect(['--vault', vault, '--no-embed']);
    const { prompts } = await client.listPrompts();
    expect(prompts.map((p) => p.name)).toContain('search_guide');
    const guide = await client.getPrompt({ name: 'search_guide' });
    const text = (guide.messages[0].content as { text: string }).text;
    expect(text).toContain('$between');
    expect(text).toContain('`path_prefix`');
    // The tag: shorthand, the valid-time arguments, aliases, and how to say "missing" and "not".
    expect(text).toContain('tag:x filters by tag');
    for (const arg of ['`valid_at`', '`valid_overlaps`', '`time_kind`', '`page_size` (alias `limit`)', '`vault` (alias `project`)', '{"owner": null}', '$nin']) expect(text).toContain(arg);
    expect(text.length).toBeLessThan(6000);
    // Without a team identity the pinned context says why it is empty.
    const pinned = await client.getPrompt({ name: 'pinned_context' });
    expect((pinned.messages[0].content as { text: string }).text).toContain('No pinned context');
  });

  it('with --user, serves the team tools and the pinned context of that user', async () => {
    const team = writeTree(
      {
        'users/alice/notes/eng/a.md': '---\ntitle: A\n---\nThe kubernetes pod.',
        'users/bob/notes/ops/b.md': '---\ntitle: B\nvisibility: public\nmode_hint: inject\n---\nRunbook for the kubernetes pod.',
        'users/bob/notes/ops/c.md': '---\ntitle: C\n---\nBob only: kubernetes pod secrets.',
      },
      'mcp-team',
    );
    try {
      const { client } = await connect(['--vault', team, '--no-embed', '--user', 'alice']);
      // Subscribing changes Kioku's own settings, not notes: allowed without --allow-write.
      expect((await client.callTool({ name: 'subscribe', arguments: { owner_id: 'bob', folder: 'ops' } })).isError ?? false).toBe(false);
      const r = await client.callTool({ name: 'SearchNotes', arguments: { query: 'kubernetes pod' } });
      expect(((r.structuredContent as { results: string[] }).results).sort()).toEqual(['alice/eng/a.md: A', 'bob/ops/b.md: B']);
      const pinned = await client.getPrompt({ name: 'pinned_context' });
      expect((pinned.messages[0].content as { text: string }).text).toContain('## bob/ops/b.md');
    } finally {
      removeTree(team);
    }
  });

  it('refuses writes without --allow-write, saying how to enable them, and changes nothing', async () => {
    const { client } = await connect(['--vault', vault, '--no-embed']);
    const before = readFileSync(join(vault, 'specs/cache.md'), 'utf8');
    const r = await client.callTool({ name: 'write_note', arguments: { path: 'specs/cache.md', body: 'changed' } });
    expect(r.isError).toBe(true);
    expect((r.content as { text: string }[])[0].text).toContain('--allow-write');
    expect(readFileSync(join(vault, 'specs/cache.md'), 'utf8')).toBe(before);
  });

  it('with --allow-write, writes the note to the folder and tells the client the resource list changed', async () => {
    const copy = writeTree({ 'a.md': '---\ntitle: A\n---\nfirst' }, 'mcp-write');
    try {
      const { client } = await connect(['--vault', copy, '--no-embed', '--allow-write']);
      const changed = new Promise<void>((resolve) => client.setNotificationHandler(ResourceListChangedNotificationSchema, () => resolve()));
      const r = await client.callTool({ name: 'create_note', arguments: { path: 'b.md', body: 'second note' } });
      expect(r.isError ?? false).toBe(false);
      await changed;
      expect(readFileSync(join(copy, 'b.md'), 'utf8')).toContain('second note');
      const { resources } = await client.listResources();
      expect(resources.map((x) => x.uri)).toContain('kioku://mcp-write/b.md');
    } finally {
      removeTree(copy);
    }
  });

  it('re-reads a --vault folder while it runs and says when its notes changed', async () => {
    const live = writeTree({ 'a.md': 'first' }, 'mcp-live');
    try {
      const { client } = await connect(['--vault', live, '--no-embed'], { resyncSeconds: 1 });
      const changed = new Promise<void>((resolve) => client.setNotificationHandler(ResourceListChangedNotificationSchema, () => resolve()));
      expect((await client.listResources()).resources).toHaveLength(1);
      writeFileSync(join(live, 'b.md'), 'a note written by another program: zanzibar');
      await changed;
      const r = await client.callTool({ name: 'search', arguments: { query: 'zanzibar' } });
      expect((r.structuredContent as { total: number }).total).toBe(1);
    } finally {
      removeTree(live);
    }
  });

  it('keeps stdout for protocol messages even when code logs with console.log or writes to process.stdout', async () => {
    // A module loaded before the server that prints on a timer and on every request it sees arrive (so while each tool runs).
    const noisy = join(tmpdir(), `kioku-noisy-${process.pid}.mjs`);
    writeFileSync(
      noisy,
      [
        "const noise = (why) => { console.log('noise from a module', why); process.stdout.write('raw noise\\n'); };",
        "setInterval(() => noise('timer'), 5).unref();",
        // Listening only once the server does, so no request is read before it.
        "let hooked = false;",
        "process.stdin.on('newListener', (ev) => { if (ev !== 'data' || hooked) return; hooked = true; setImmediate(() => process.stdin.on('data', (d) => { if (String(d).includes('tools/call')) noise('during a call'); })); });",
      ].join('\n'),
    );
    const { client, stderr, transportErrors } = await connect(['--vault', vault, '--no-embed'], { preload: noisy });
    for (let i = 0; i < 5; i++) {
      const r = await client.callTool({ name: 'search', arguments: { query: 'redis' } });
      expect(r.isError ?? false).toBe(false);
      await new Promise((res) => setTimeout(res, 10));
    }
    // The client read nothing but protocol messages (a stray line would be a parse error here)…
    expect(transportErrors).toEqual([]);
    // …and the noise went to stderr.
    expect(stderr()).toContain('noise from a module during a call');
    expect(stderr()).toContain('raw noise');
  });
});

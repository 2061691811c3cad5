// `kioku mcp` over stdio, the parts mcp.test.ts leaves: the published tools
// against docs/tools.md, resource paging, a --db index written through the
// server (and read by another process while it runs), and --user's limits.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { removeTree, writeTree } from '../../worker/test/fixtures';
import { TOOLS } from '../../worker/tools/registry';
import { closeAll, connect, KIOKU, kiokuCallText, ROOT } from './test-client';

const trees: string[] = [];
const tree = (files: Record<string, string>, name: string) => {
  const dir = writeTree(files, name);
  trees.push(dir);
  return dir;
};
afterAll(async () => {
  await closeAll();
  trees.forEach(removeTree);
});

type Schema = { properties: Record<string, { description: string }> };

/** The argument rows of each tool in docs/tools.md: name, aliases and meaning. */
function documentedArguments(): Map<string, { name: string; aliases: string[]; meaning: string }[]> {
  const out = new Map<string, { name: string; aliases: string[]; meaning: string }[]>();
  let tool = '';
  for (const line of readFileSync(join(ROOT, 'docs/tools.md'), 'utf8').split('\n')) {
    const head = /^## `([^`]+)`/.exec(line);
    if (head) out.set((tool = head[1]), []);
    const row = /^\| `([^`]+)`(?: \(required\))?(?: \(alias(?:es)? ([^)]*)\))? \| .*? \| (.*) \|$/.exec(line);
    if (row && tool) out.get(tool)!.push({ name: row[1], aliases: [...(row[2] ?? '').matchAll(/`([^`]+)`/g)].map((m) => m[1]), meaning: row[3].replace(/\\\|/g, '|') });
  }
  return out;
}

describe('kioku mcp: what it serves', () => {
  it('without a source, or with a missing --db file, says what to give and prints nothing on stdout', () => {
    const run = (args: string[]) => spawnSync(process.execPath, [KIOKU, 'mcp', ...args], { cwd: ROOT, encoding: 'utf8', input: '', timeout: 60_000 });
    const none = run([]);
    expect(none.status).toBe(1);
    expect(none.stdout).toBe('');
    expect(none.stderr).toContain('kioku mcp needs --db <file>');
    const missing = run(['--db', join(ROOT, 'no-such-index.kioku')]);
    expect(missing.stdout).toBe('');
    expect(missing.stderr).toContain('create it with: kioku index <dir> --db');
  });

  it('publishes for every tool exactly the arguments docs/tools.md documents', async () => {
    const { client } = await connect(['--vault', tree({ 'a.md': 'x' }, 'mcp-doc'), '--no-embed']);
    const { tools } = await client.listTools();
    const docs = documentedArguments();
    expect(docs.size).toBeGreaterThan(20);
    for (const [name, rows] of docs) {
      const served = tools.find((t) => t.name === name);
      expect(served, name).toBeDefined();
      const props = (served!.inputSchema as unknown as Schema).properties ?? {};
      const documented = rows.flatMap((r) => [r.name, ...r.aliases]);
      expect(Object.keys(props).sort(), name).toEqual(documented.sort());
      for (const r of rows) expect(props[r.name].description, `${name}.${r.name}`).toBe(r.meaning);
    }
  });

  it('lists resources page by page (200 a page) until every note is listed once', { timeout: 120_000 }, async () => {
    const files: Record<string, string> = {};
    for (let i = 0; i < 205; i++) files[`n/${String(i).padStart(3, '0')}.md`] = `note ${i}`;
    const { client } = await connect(['--vault', tree(files, 'mcp-pages'), '--no-embed']);
    const first = await client.listResources();
    expect(first.resources).toHaveLength(200);
    expect(first.nextCursor).toBeDefined();
    const second = await client.listResources({ cursor: first.nextCursor });
    expect(second.resources).toHaveLength(5);
    expect(second.nextCursor).toBeUndefined();
    const uris = [...first.resources, ...second.resources].map((r) => r.uri);
    expect(new Set(uris).size).toBe(205);
    expect(uris).toContain('kioku://mcp-pages/n/204.md');
    await expect(client.listResources({ cursor: 'abc' })).rejects.toThrow(/nextCursor/);
  });

  it('with --db and --allow-write, each write is in the index file at once: another process reads it while the server runs', { timeout: 180_000 }, async () => {
    const notes = tree({ 'specs/plan.md': '---\ntitle: Plan\n---\nfirst draft' }, 'mcp-db');
    const db = join(notes, '..', `mcp-db-${process.pid}.kioku`);
    trees.push(db);
    const index = spawnSync(process.execPath, [KIOKU, 'index', notes, '--db', db, '--no-embed', '-q'], { cwd: ROOT, encoding: 'utf8', timeout: 60_000 });
    expect(index.status, index.stderr).toBe(0);
    const { client } = await connect(['--db', db, '--no-embed', '--allow-write']);
    const w = await client.callTool({ name: 'write_note', arguments: { path: 'specs/plan.md', body: 'second draft: quokka' } });
    expect(w.isError ?? false, JSON.stringify(w.content)).toBe(false);
    const c = await client.callTool({ name: 'create_note', arguments: { path: 'specs/new.md', body: 'a new note about wombats' } });
    expect(c.isError ?? false, JSON.stringify(c.content)).toBe(false);
    // The notes folder has both…
    expect(readFileSync(join(notes, 'specs/plan.md'), 'utf8')).toContain('quokka');
    expect(existsSync(join(notes, 'specs/new.md'))).toBe(true);
    // …and so does the index file, for a separate `kioku call` while the server still runs.
    const found = JSON.parse(kiokuCallText('search', { query: 'quokka OR wombats' }, ['--db', db]));
    expect(found.results.map((r: { path: string }) => r.path).sort()).toEqual(['specs/new.md', 'specs/plan.md']);
    const unsaved = JSON.parse(kiokuCallText('unsaved_changes', {}, ['--db', db]));
    expect(unsaved.total).toBe(0);
  });

  it('announces every tool that changes stored state as not read-only; refuses note writes naming the option it was started with', { timeout: 120_000 }, async () => {
    const notes = tree({ 'a.md': 'alpha' }, 'mcp-hints');
    const db = join(notes, '..', `mcp-hints-${process.pid}.kioku`);
    trees.push(db);
    const index = spawnSync(process.execPath, [KIOKU, 'index', notes, '--db', db, '--no-embed', '-q'], { cwd: ROOT, encoding: 'utf8', timeout: 60_000 });
    expect(index.status, index.stderr).toBe(0);
    const { client } = await connect(['--db', db, '--no-embed']);
    const { tools } = await client.listTools();
    const hints = (name: string) => tools.find((t) => t.name === name)!.annotations;
    // Clients approve read-only tools without asking: settings and embedding controls change the database too.
    for (const name of ['embed_model', 'embed_pause', 'embed_resume', 'set_identity', 'subscribe', 'mark_team_space', 'write_note', 'create_note', 'write_back', 'WriteNote']) {
      expect(hints(name)?.readOnlyHint, name).toBe(false);
    }
    for (const def of Object.values(TOOLS)) expect(hints(def.name)?.readOnlyHint, def.name).toBe(!def.write);
    expect(hints('write_note')).toMatchObject({ destructiveHint: true, idempotentHint: true });
    expect(hints('create_note')).toMatchObject({ destructiveHint: false });
    expect(hints('embed_pause')).toMatchObject({ destructiveHint: false, idempotentHint: true });
    // Reopening a task removes its done date from the note (a trial saw it annotated non-destructive).
    expect(hints('set_task')).toMatchObject({ readOnlyHint: false, destructiveHint: true, idempotentHint: false });
    // --allow-write is about writing notes: embed_pause still works without it.
    const paused = await client.callTool({ name: 'embed_pause', arguments: {} });
    expect(paused.isError ?? false, JSON.stringify(paused.content)).toBe(false);
    const refused = await client.callTool({ name: 'write_note', arguments: { path: 'a.md', body: 'changed' } });
    expect(refused.isError).toBe(true);
    const message = (refused.content as { text: string }[])[0].text;
    expect(message).toContain(`npx kioku mcp --db ${db} --allow-write`);
    expect(message).not.toContain('--vault');
  });

  it('with --user, acts for that user only: other users’ private notes stay hidden, the identity cannot be changed, WriteNote needs --allow-write', { timeout: 120_000 }, async () => {
    const team = tree(
      {
        'users/alice/notes/eng/a.md': '---\ntitle: A\n---\nThe kubernetes pod.',
        'users/bob/notes/ops/b.md': '---\ntitle: B\nvisibility: public\n---\nRunbook for the kubernetes pod.',
        'users/bob/notes/ops/secret.md': '---\ntitle: Secret\n---\nBob only: kubernetes pod secrets.',
        'users/carol/notes/org/o.md': '---\ntitle: O\nvisibility: org\nscope_org_id: acme\n---\nAcme kubernetes pod.',
      },
      'mcp-vis',
    );
    const { client } = await connect(['--vault', team, '--no-embed', '--user', 'alice', '--orgs', 'acme']);
    const hits = await client.callTool({ name: 'search', arguments: { query: 'kubernetes pod' } });
    const paths = (hits.structuredContent as { results: { path: string }[] }).results.map((r) => r.path).sort();
    expect(paths).toEqual(['users/alice/notes/eng/a.md', 'users/bob/notes/ops/b.md', 'users/carol/notes/org/o.md']);
    const { resources } = await client.listResources();
    expect(resources.map((r) => r.uri).join(' ')).not.toContain('secret.md');
    await expect(client.readResource({ uri: 'kioku://mcp-vis/users/bob/notes/ops/secret.md' })).rejects.toThrow();
    const read = await client.callTool({ name: 'read_note', arguments: { path: 'users/bob/notes/ops/secret.md' } });
    expect(read.isError).toBe(true);

    // An agent may ask who it is, but not become someone else.
    const who = await client.callTool({ name: 'set_identity', arguments: {} });
    expect(who.structuredContent).toMatchObject({ user: 'alice', orgs: ['acme'] });
    const become = await client.callTool({ name: 'set_identity', arguments: { user: 'bob' } });
    expect(become.isError).toBe(true);
    expect((become.content as { text: string }[])[0].text).toContain('--user');
    const after = await client.callTool({ name: 'search', arguments: { query: 'secrets' } });
    expect((after.structuredContent as { total: number }).total).toBe(0);

    const write = await client.callTool({ name: 'WriteNote', arguments: { folder: 'eng', file_name: 'new.md', content: '---\ntitle: New\n---\nx' } });
    expect(write.isError).toBe(true);
    expect((write.content as { text: string }[])[0].text).toContain('--allow-write');
  });

  it('answers tools/list while the first embedding runs, and tells a call that sent a progress token how far it is', { timeout: 240_000 }, async () => {
    const words = 'river mountain glacier harbour lantern orchard meadow canyon delta lagoon summit valley'.split(' ');
    const files: Record<string, string> = {};
    for (let i = 0; i < 150; i++) {
      const text = Array.from({ length: 260 }, (_, j) => words[(i * 7 + j * 3) % words.length]).join(' ');
      files[`n/${i}.md`] = `# Note ${i}\n\n${text}.\n\n${text}.\n`;
    }
    const { client, stderr } = await connect(['--vault', tree(files, 'mcp-embed')]);
    expect((await client.listTools()).tools.length).toBeGreaterThan(20);
    const seen: { progress: number; total?: number; message?: string }[] = [];
    const status = await client.callTool({ name: 'embed_status', arguments: {} }, undefined, { onprogress: (p) => seen.push(p) });
    // The import is done (the call waited for it); the embedding is not, and did not hold the call.
    expect((status.structuredContent as { notes: number }).notes).toBe(150);
    expect((status.structuredContent as { complete: boolean }).complete).toBe(false);
    const embedding = seen.filter((p) => /^embedding \d+\/\d+ passages/.test(p.message ?? ''));
    expect(embedding.length, JSON.stringify(seen)).toBeGreaterThan(0);
    // Import first (if the call came early enough), then the embedding; the count only grows.
    const values = seen.map((p) => p.progress);
    expect(values).toEqual([...values].sort((a, b) => a - b));
    expect(new Set(values).size).toBe(values.length);
    const t = Date.now();
    expect((await client.listTools()).tools.length).toBeGreaterThan(20);
    expect(Date.now() - t).toBeLessThan(5_000);
    const hit = await client.callTool({ name: 'search', arguments: { query: 'glacier' } });
    expect((hit.structuredContent as { mode: string }).mode).toBe('text');
    expect(stderr()).not.toMatch(/embedded \d+ passages/);
  });

  it('answers tools/list during a large import, and reports the import to a call that sent a progress token until it is done', { timeout: 240_000 }, async () => {
    const files: Record<string, string> = {};
    for (let i = 0; i < 3000; i++) files[`n/${i}.md`] = `# Note ${i}\nwords about topic ${i}\n`;
    const { client } = await connect(['--vault', tree(files, 'mcp-big'), '--no-embed']);
    const t = Date.now();
    expect((await client.listTools()).tools.length).toBeGreaterThan(20);
    expect(Date.now() - t).toBeLessThan(3_000);
    const seen: { progress: number; total?: number; message?: string }[] = [];
    const r = await client.callTool({ name: 'vaults', arguments: {} }, undefined, { onprogress: (p) => seen.push(p) });
    expect((r.structuredContent as { vaults: { notes: number }[] }).vaults[0].notes).toBe(3000);
    expect(seen.length, 'the import takes seconds; the call came at its start').toBeGreaterThan(0);
    expect(seen.every((p) => p.message?.startsWith('importing '))).toBe(true);
    const values = seen.map((p) => p.progress);
    expect(values).toEqual([...values].sort((a, b) => a - b));
    expect(new Set(values).size).toBe(values.length);
    expect(Math.max(...seen.map((p) => p.total ?? 0))).toBeLessThanOrEqual(3000);
  });
});

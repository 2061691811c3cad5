// `kioku mcp --db` and its background embedding, with the real model and a
// real database file: the server started as a child process (by the MCP SDK's
// client over stdio where it is spoken to), stopped by closing its stdin.
import { spawn, spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import Database from 'better-sqlite3';
import { removeTree, writeTree } from '../../worker/test/fixtures';
import { closeAll, connect, KIOKU, ROOT } from './test-client';

const trees: string[] = [];
afterAll(async () => {
  await closeAll();
  trees.forEach(removeTree);
});

/** A folder of notes and its index file, made by `kioku index` (embedded unless --no-embed is given). */
function indexed(files: Record<string, string>, name: string, ...flags: string[]): { notes: string; db: string } {
  const notes = writeTree(files, name);
  const db = join(notes, '..', `${name}-${process.pid}.kioku`);
  trees.push(notes, db, `${db}-wal`, `${db}-shm`);
  const r = spawnSync(process.execPath, [KIOKU, 'index', notes, '--db', db, '-q', ...flags], { cwd: ROOT, encoding: 'utf8', timeout: 120_000 });
  expect(r.status, r.stderr).toBe(0);
  return { notes, db };
}

/** Notes long enough that embedding them takes a few seconds. */
function longNotes(n: number): Record<string, string> {
  const words = 'river mountain glacier harbour lantern orchard meadow canyon delta lagoon summit valley'.split(' ');
  const files: Record<string, string> = {};
  for (let i = 0; i < n; i++) {
    const text = Array.from({ length: 260 }, (_, j) => words[(i * 7 + j * 3) % words.length]).join(' ');
    files[`n/${i}.md`] = `# Note ${i}\n\n${text}.\n\n${text}.\n`;
  }
  return files;
}

describe('kioku mcp --db: background embedding', () => {
  it('stops its start-up embedding cleanly when stdin closes: exit 0, the file intact, the next run goes on from there', { timeout: 240_000 }, async () => {
    const { db } = indexed(longNotes(150), 'mcp-stop', '--no-embed');
    const child = spawn(process.execPath, [KIOKU, 'mcp', '--db', db], { cwd: ROOT, stdio: ['pipe', 'pipe', 'pipe'] });
    let stderr = '';
    const embedding = new Promise<void>((resolve) =>
      child.stderr!.on('data', (d) => {
        stderr += String(d);
        if (/kioku: embedding \d+\/\d+ passages/.test(stderr)) resolve();
      }),
    );
    const exited = new Promise<number | null>((resolve) => child.on('close', (code) => resolve(code)));
    // The progress line comes from the run's timer: the run is under way when stdin closes.
    await embedding;
    child.stdin!.end();
    const code = await exited;
    expect(stderr).not.toMatch(/Error|not open/);
    expect(code).toBe(0);
    const file = new Database(db, { readonly: true });
    try {
      expect(file.pragma('integrity_check', { simple: true })).toBe('ok');
    } finally {
      file.close();
    }
    // What was embedded is kept; the next run embeds the rest.
    const next = spawnSync(process.execPath, [KIOKU, 'call', 'embed_status', '{}', '--db', db], { cwd: ROOT, encoding: 'utf8', timeout: 180_000 });
    expect(next.status, next.stderr).toBe(0);
    expect(JSON.parse(next.stdout)).toMatchObject({ complete: true, paused: false });
  });

  it('with --allow-write, embeds what a write changed in the background: search is hybrid again once done', { timeout: 240_000 }, async () => {
    const { db } = indexed(
      {
        'boats.md': '# Boats\n\nNotes about the garden: tomatoes, basil and compost.\n',
        'taxes.md': '# Taxes\n\nFile the annual return before April; keep receipts for deductions.\n',
      },
      'mcp-rewrite',
    );
    const { client } = await connect(['--db', db, '--allow-write']);
    type Hits = { mode: string; notice?: string; results: { path: string }[] };
    const search = async (query: string) => (await client.callTool({ name: 'search', arguments: { query } })).structuredContent as Hits;
    expect((await search('vegetable garden')).mode).toBe('hybrid');
    const w = await client.callTool({ name: 'write_note', arguments: { path: 'boats.md', body: '# Boats\n\nSailing a small yacht across the harbour in a strong wind.\n' } });
    expect(w.isError ?? false, JSON.stringify(w.content)).toBe(false);
    let status: { complete: boolean; paused: boolean } = { complete: false, paused: false };
    for (const end = Date.now() + 60_000; !status.complete && Date.now() < end; await new Promise((r) => setTimeout(r, 250))) {
      status = (await client.callTool({ name: 'embed_status', arguments: {} })).structuredContent as typeof status;
    }
    expect(status).toMatchObject({ complete: true, paused: false });
    const after = await search('sailing vessel on the sea');
    expect(after.mode).toBe('hybrid');
    expect(after.notice).toBeUndefined();
    expect(after.results[0].path).toBe('boats.md');
  });
});

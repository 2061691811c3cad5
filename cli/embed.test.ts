// The kioku command embeds before answering, so vector and hybrid modes work
// from the command line and in batch; --no-embed skips it.
import { execFile } from 'node:child_process';
import { copyFileSync, mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';

const run = promisify(execFile);
const KIOKU = new URL('./kioku.mjs', import.meta.url).pathname;
const dir = mkdtempSync(join(tmpdir(), 'kioku-cli-embed-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const vault = join(dir, 'weather');
mkdirSync(join(vault, 'ja'), { recursive: true });
writeFileSync(join(vault, 'Anemometer.md'), '# Anemometer\n\nA device for gauging the velocity of air currents and gusts, with cups which spin faster in a gale.\n');
writeFileSync(join(vault, 'Taxes.md'), '# Taxes\n\nFile the annual return before April; keep receipts for deductions.\n');
writeFileSync(join(vault, 'ja', '設計.md'), '# 設計\n\n検索エンジンの設計について。\n');

async function kioku(args: string[], input?: string) {
  const child = run('node', [KIOKU, ...args], { cwd: dir, timeout: 120_000 });
  if (input !== undefined) {
    child.child.stdin!.end(input);
  }
  const { stdout, stderr } = await child;
  return { stdout, lines: () => stdout.trim().split('\n').map((l) => JSON.parse(l)), stderr };
}

describe('kioku CLI embeddings', () => {
  it('--vault embeds first: vector and hybrid modes answer in batch; embed_status reports it', async () => {
    const batch = [
      { tool: 'search', args: { query: 'wind speed instrument', mode: 'vector' } },
      { tool: 'search', args: { query: 'wind speed instrument' } },
      { tool: 'search', args: { query: '設計', mode: 'hybrid' } },
      { tool: 'embed_status' },
    ].map((l) => JSON.stringify(l)).join('\n');
    const { lines: out, stderr } = await kioku(['batch', '--vault', vault], batch);
    const lines = out();
    expect(stderr).toMatch(/embedded 2 passages with use-lite-int8/);
    expect(lines[0]).toMatchObject({ mode: 'vector', results: [{ title: 'Anemometer' }] });
    expect(lines[1].mode).toBe('hybrid'); // the default once embeddings are complete
    expect(lines[1].results[0].title).toBe('Anemometer');
    expect(lines[2]).toMatchObject({ mode: 'text', results: [{ path: 'ja/設計.md' }] });
    expect(lines[3]).toMatchObject({ complete: true, chunks_done: 2, chunks_unreadable: 1, model: { id: 'use-lite-int8' } });
  });

  it('--no-embed skips embedding: the default mode is text', async () => {
    const { lines, stderr } = await kioku(['call', 'search', '{"query":"gusts"}', '--vault', vault, '--no-embed']);
    expect(stderr).not.toMatch(/embedd/);
    expect(lines()[0]).toMatchObject({ mode: 'text', results: [{ title: 'Anemometer' }] });
  });

  it('kioku index stores the vectors in the database file; later calls use them without embedding again', async () => {
    const db = join(dir, 'kioku.db');
    const index = await kioku(['index', vault, '--db', db]);
    expect(index.stderr).toMatch(/embedded 2 passages/);
    expect(JSON.parse(index.stdout)).toMatchObject({ phase: 'done', notes: 3 });
    const { lines, stderr } = await kioku(['call', 'search', '{"query":"wind speed instrument","mode":"vector"}', '--db', db]);
    expect(stderr).toBe('');
    expect(lines()[0].results[0].title).toBe('Anemometer');
    // --no-embed computes nothing, but the vectors already stored count: complete, and hybrid by default.
    const stored = await kioku(['batch', '--db', db, '--no-embed'], [{ tool: 'embed_status' }, { tool: 'search', args: { query: 'wind speed instrument' } }].map((l) => JSON.stringify(l)).join('\n'));
    const [status, search] = stored.lines();
    expect(status).toMatchObject({ complete: true, chunks_done: 2 });
    expect(search.mode).toBe('hybrid');
    expect(search.notice).toBeUndefined();
  });

  it('--no-embed pauses embedding for that run only; a pause asked for with embed_pause is kept', async () => {
    const db = join(dir, 'no-embed.db');
    await kioku(['index', vault, '--db', db, '--no-embed', '-q']);
    const once = join(dir, 'no-embed-once.db');
    copyFileSync(db, once);
    // During the run it says it is paused (nothing is computed)…
    const during = await kioku(['call', 'embed_status', '{}', '--db', once, '--no-embed']);
    expect(during.lines()[0]).toMatchObject({ paused: true, complete: false });
    // …and the next run without --no-embed embeds what is missing, as if that run had never been.
    const next = await kioku(['call', 'embed_status', '{}', '--db', once]);
    expect(next.stderr).toMatch(/embedded 2 passages/);
    expect(next.lines()[0]).toMatchObject({ paused: false, complete: true });
    // embed_pause is the user's choice: kept across runs until embed_resume.
    const kept = join(dir, 'no-embed-kept.db');
    copyFileSync(db, kept);
    await kioku(['call', 'embed_pause', '{}', '--db', kept, '--no-embed']);
    const later = await kioku(['call', 'embed_status', '{}', '--db', kept]);
    expect(later.stderr).not.toMatch(/embedded/);
    // It says so, and how to resume (a database paused by an older kioku's --no-embed looks the same).
    expect(later.stderr).toMatch(/embedding is paused in this database.*kioku call embed_resume/);
    const resumed = await kioku(['call', 'embed_resume', '{}', '--db', kept]);
    expect(resumed.stderr).toMatch(/embedded 2 passages/);
    expect(later.lines()[0]).toMatchObject({ paused: true, complete: false });
  });

  it('what call and batch write is embedded before the command ends; in batch before the next search', async () => {
    const db = join(dir, 'writes.db');
    await kioku(['index', vault, '--db', db, '-q']);
    const sailing = { path: 'Taxes.md', body: '# Taxes\n\nSailing a small yacht across the harbour in a strong wind.\n' };
    const call = await kioku(['call', 'write_note', JSON.stringify(sailing), '--db', db]);
    expect(call.lines()[0]).toMatchObject({ path: 'Taxes.md' });
    expect(call.stderr).toMatch(/embedded \d+ passages/);
    // Read without embedding: the call left the file complete.
    const status = await kioku(['call', 'embed_status', '{}', '--db', db, '--no-embed']);
    expect(status.lines()[0]).toMatchObject({ complete: true });
    const lines = [
      { tool: 'create_note', args: { path: 'Trains.md', body: '# Trains\n\nThe night train to the mountains leaves at ten.\n' } },
      { tool: 'search', args: { query: 'railway journey' } },
      { tool: 'embed_status' },
    ];
    const batch = await kioku(['batch', '--db', db, '-q'], lines.map((l) => JSON.stringify(l)).join('\n'));
    const [created, search, after] = batch.lines();
    expect(created).toMatchObject({ path: 'Trains.md' });
    expect(search).toMatchObject({ mode: 'hybrid', results: [{ path: 'Trains.md' }] });
    expect(search.notice).toBeUndefined();
    expect(after).toMatchObject({ complete: true });
  });
});

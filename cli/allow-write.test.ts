// `kioku call` and `kioku batch` write notes to the vault's folder with
// --allow-write, as `kioku mcp --allow-write` does; without it, a write says
// exactly what to type. Real child processes over a real database file.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { removeTree, writeTree } from '../worker/test/fixtures';

const ROOT = new URL('..', import.meta.url).pathname;

function kioku(args: string[], input?: string) {
  const r = spawnSync(process.execPath, [join(ROOT, 'cli/kioku.mjs'), ...args], { cwd: ROOT, input, encoding: 'utf8', timeout: 60_000 });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

let vault: string;
let db: string;
let outside: string;

beforeAll(() => {
  vault = writeTree({ 'notes/first.md': '---\ntitle: First\n---\nThe first note.\n' }, 'writable-vault');
  outside = mkdtempSync(join(tmpdir(), 'kioku-outside-'));
  symlinkSync(outside, join(vault, 'escape'));
  db = join(vault, '..', 'writable.kioku');
  expect(kioku(['index', vault, '--db', db, '--no-embed', '-q']).code).toBe(0);
});
afterAll(() => {
  removeTree(vault);
  rmSync(outside, { recursive: true, force: true });
});

describe('kioku call --allow-write', () => {
  it('without the flag, create_note is kept in Kioku and the message says to run it with --allow-write, naming the folder', () => {
    const r = kioku(['call', 'create_note', '{"path":"inbox/kept.md","body":"kept in the index"}', '--db', db, '--no-embed']);
    expect(r.code).toBe(0);
    const out = JSON.parse(r.stdout);
    expect(out.disk.status).toBe('no_folder_access');
    expect(out.disk.message).toContain(`Run kioku call with --allow-write to write to ${vault}`);
    expect(out.disk.message).toContain(`kioku call write_back '{}' --db ${db} --allow-write`);
    expect(existsSync(join(vault, 'inbox/kept.md'))).toBe(false);
  });

  it('write_back with the flag writes the note kept earlier to the folder', () => {
    const r = kioku(['call', 'write_back', '{}', '--db', db, '--allow-write', '--no-embed']);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ written: 1, remaining: 0 });
    expect(readFileSync(join(vault, 'inbox/kept.md'), 'utf8')).toContain('kept in the index');
  });

  it('create_note and write_note with the flag are on disk when the command answers', () => {
    const created = JSON.parse(kioku(['call', 'create_note', '{"path":"inbox/new.md","body":"made by a script"}', '--db', db, '--allow-write', '--no-embed']).stdout);
    expect(created).toMatchObject({ saved_to_disk: true, disk: { status: 'written' } });
    expect(readFileSync(join(vault, 'inbox/new.md'), 'utf8')).toContain('made by a script');
    const edited = JSON.parse(kioku(['call', 'write_note', '{"path":"notes/first.md","body":"Edited from the CLI.\\n"}', '--db', db, '--allow-write', '--no-embed']).stdout);
    expect(edited.disk.status).toBe('written');
    expect(readFileSync(join(vault, 'notes/first.md'), 'utf8')).toBe('---\ntitle: First\n---\nEdited from the CLI.\n');
  });

  it('never writes outside the vault folder, even through a symbolic link in it', () => {
    const r = kioku(['call', 'create_note', '{"path":"escape/out.md","body":"must not leave the vault"}', '--db', db, '--allow-write', '--no-embed']);
    const out = JSON.parse(r.stdout);
    expect(out.disk?.status ?? out.error?.code).not.toBe('written');
    expect(existsSync(join(outside, 'out.md'))).toBe(false);
  });

  it('with --vault (an in-memory index) the advice says the change would be lost, and --allow-write writes it', () => {
    const lost = JSON.parse(kioku(['call', 'create_note', '{"path":"inbox/lost.md","body":"x"}', '--vault', vault, '-q', '--no-embed']).stdout);
    expect(lost.disk.message).toContain(`kioku call --vault keeps its index in memory, so this change is gone when the command ends: run it with --allow-write to write to ${vault}.`);
    expect(existsSync(join(vault, 'inbox/lost.md'))).toBe(false);
    const kept = JSON.parse(kioku(['call', 'create_note', '{"path":"inbox/from-vault.md","body":"written"}', '--vault', vault, '-q', '--no-embed', '--allow-write']).stdout);
    expect(kept.disk.status).toBe('written');
    expect(readFileSync(join(vault, 'inbox/from-vault.md'), 'utf8')).toContain('written');
  });
});

describe('kioku batch --allow-write', () => {
  it('writes each note line by line; without the flag it advises running batch with --allow-write', () => {
    const lines = '{"tool":"create_note","args":{"path":"batch/one.md","body":"one"}}\n{"tool":"write_note","args":{"path":"batch/one.md","body":"one, edited"}}\n';
    const closed = kioku(['batch', '--db', db, '--no-embed'], lines);
    expect(closed.code).toBe(0);
    const [first] = closed.stdout.trim().split('\n').map((l) => JSON.parse(l));
    expect(first.disk.message).toContain(`Run kioku batch with --allow-write to write to ${vault}`);
    expect(existsSync(join(vault, 'batch/one.md'))).toBe(false);

    const open = kioku(['batch', '--db', db, '--no-embed', '--allow-write'], '{"tool":"write_note","args":{"path":"batch/one.md","body":"one, edited again"}}\n{"tool":"create_note","args":{"path":"batch/two.md","body":"two"}}\n');
    const results = open.stdout.trim().split('\n').map((l) => JSON.parse(l));
    expect(results.map((r) => r.disk.status)).toEqual(['written', 'written']);
    expect(readFileSync(join(vault, 'batch/one.md'), 'utf8')).toContain('one, edited again');
    expect(readFileSync(join(vault, 'batch/two.md'), 'utf8')).toContain('two');
  });
});

// The vault boundary on a real file system: symbolic links out of the vault
// are not followed unless asked, loops and dangling links are reported, and
// Node write-back never writes through a link to outside the vault.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openMemoryDb } from '../db/open-node';
import { createEngine, type Engine } from '../engine';
import { nodeDisk } from '../platform/write-back-node';
import { ok } from '../test/make-engine';
import { nodeSource } from './walk-node';

let base: string;
let vault: string;
let outside: string;

beforeEach(() => {
  base = mkdtempSync(join(tmpdir(), 'kioku-links-'));
  vault = join(base, 'vault');
  outside = join(base, 'outside');
  mkdirSync(join(vault, 'inner'), { recursive: true });
  mkdirSync(outside);
  writeFileSync(join(outside, 'secret.md'), 'SECRET outside the vault\n');
  writeFileSync(join(vault, 'inner', 'shared.md'), 'Shared inside.\n');
  writeFileSync(join(vault, 'home.md'), 'Home note.\n');
  symlinkSync(join(outside, 'secret.md'), join(vault, 'passwd.md'));
  symlinkSync(outside, join(vault, 'out-folder'));
  symlinkSync(join(vault, 'inner'), join(vault, 'linked-inner'));
  symlinkSync(vault, join(vault, 'inner', 'loop'));
  symlinkSync(join(vault, 'missing.md'), join(vault, 'dangling.md'));
  symlinkSync(join(vault, 'self-a.md'), join(vault, 'self-b.md'));
  symlinkSync(join(vault, 'self-b.md'), join(vault, 'self-a.md'));
});

afterEach(() => rmSync(base, { recursive: true, force: true }));

async function importInto(opts: { followExternalLinks?: boolean } = {}): Promise<{ engine: Engine; problems: { path: string; code: string }[] }> {
  const engine = await createEngine(await openMemoryDb());
  const summary = await engine.importSource(nodeSource(vault, 'v', opts));
  expect(summary.phase).toBe('done');
  return { engine, problems: summary.problemList.map((p) => ({ path: p.path, code: p.code })) };
}

describe('symbolic links on import', () => {
  it('does not follow links out of the vault, and reports loops and dangling links', async () => {
    const { engine, problems } = await importInto();
    const paths = ok(await engine.call('find', {})).results.map((r) => r.path).sort();
    // linked-inner leads to inner, which is walked once.
    expect(paths).toEqual(['home.md', 'inner/shared.md']);
    expect(ok(await engine.call('search', { query: 'SECRET' })).results).toEqual([]);
    expect(problems).toEqual(expect.arrayContaining([
      { path: 'passwd.md', code: 'symlink_outside' },
      { path: 'out-folder', code: 'symlink_outside' },
      { path: 'dangling.md', code: 'symlink_dangling' },
      { path: 'self-a.md', code: 'symlink_loop' },
      { path: 'self-b.md', code: 'symlink_loop' },
      { path: 'inner/loop', code: 'symlink_loop' },
    ]));
    // The problems tool lists them too, and a fixed link stops being reported.
    const listed = ok(await engine.call('problems', {})).problems.map((p) => `${p.path} ${p.code}`);
    expect(listed).toContain('passwd.md symlink_outside');
    rmSync(join(vault, 'dangling.md'));
    await engine.importSource(nodeSource(vault, 'v'));
    const after = ok(await engine.call('problems', {})).problems.map((p) => p.path);
    expect(after).not.toContain('dangling.md');
    expect(after).toContain('passwd.md');
  });

  it('indexes a linked folder of the vault under its own name, not the link that sorts first (an attack trial: read_note real/a.md not found)', async () => {
    mkdirSync(join(vault, 'zreal'));
    writeFileSync(join(vault, 'zreal', 'a.md'), 'Real.\n');
    symlinkSync(join(vault, 'zreal'), join(vault, 'alias'));
    mkdirSync(join(vault, '.hidden'));
    writeFileSync(join(vault, '.hidden', 'h.md'), 'Hidden, linked in.\n');
    symlinkSync(join(vault, '.hidden'), join(vault, 'shown'));
    const { engine } = await importInto();
    const paths = ok(await engine.call('find', {})).results.map((r) => r.path).sort();
    expect(paths).toEqual(['home.md', 'inner/shared.md', 'shown/h.md', 'zreal/a.md']);
  });

  it('follows links out of the vault only when asked (--follow-external-links)', async () => {
    const { engine, problems } = await importInto({ followExternalLinks: true });
    const paths = ok(await engine.call('find', {})).results.map((r) => r.path);
    expect(paths).toEqual(expect.arrayContaining(['passwd.md', 'out-folder/secret.md']));
    expect(problems.map((p) => p.code)).not.toContain('symlink_outside');
  });
});

describe('Node write-back stays in the vault', () => {
  it('refuses to write through a linked folder or a linked note that leads outside', async () => {
    const { engine } = await importInto({ followExternalLinks: true });
    engine.ctx.services.disk = nodeDisk({ v: vault });
    const through = ok(await engine.call('create_note', { path: 'out-folder/new.md', body: 'Written through the link.\n' }));
    expect(through.disk.status).toBe('failed');
    expect(through.disk.message).toMatch(/outside the vault folder through a symbolic link/);
    expect(existsSync(join(outside, 'new.md'))).toBe(false);
    const edit = ok(await engine.call('write_note', { path: 'passwd.md', body: 'overwritten\n' }));
    expect(edit.disk.status).toBe('failed');
    expect(readFileSync(join(outside, 'secret.md'), 'utf8')).toBe('SECRET outside the vault\n');
    // Inside the vault, notes are written as before.
    const inside = ok(await engine.call('write_note', { path: 'inner/shared.md', body: 'Edited.\n' }));
    expect(inside.disk.status).toBe('written');
  });
});

describe('kioku --follow-external-links', () => {
  const cli = (args: string[]) =>
    spawnSync(process.execPath, [new URL('../../cli/kioku.mjs', import.meta.url).pathname, ...args], { encoding: 'utf8', timeout: 60_000 });

  it('the CLI reports an outside link by default and follows it with the option', () => {
    const db = join(base, 'k.db');
    const plain = cli(['index', vault, '--db', db, '--no-embed', '-q']);
    expect(plain.status).toBe(0);
    expect(JSON.parse(plain.stdout).problems).toEqual(expect.arrayContaining([expect.objectContaining({ path: 'passwd.md', code: 'symlink_outside' })]));
    const read = cli(['call', 'read_note', '{"path": "passwd.md"}', '--db', db, '--no-embed']);
    expect(read.status).toBe(2);
    const followed = cli(['call', 'read_note', '{"path": "passwd.md"}', '--vault', vault, '--no-embed', '-q', '--follow-external-links']);
    expect(followed.status).toBe(0);
    expect(JSON.parse(followed.stdout).body).toContain('SECRET');
  });
});

// The kioku command end to end, as real child processes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { putFile, removeTree, writeTree } from '../worker/test/fixtures';
import { openMemoryDb, saveDb } from '../worker/db/open-node';
import { damageDatabaseFile } from '../worker/test/damage';
import { SCHEMA_VERSION } from '../worker/db/migrate';

const ROOT = new URL('..', import.meta.url).pathname;

function kioku(args: string[], input?: string) {
  const r = spawnSync(process.execPath, [join(ROOT, 'cli/kioku.mjs'), ...args], { cwd: ROOT, input, encoding: 'utf8', timeout: 60_000 });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

let vault: string;
let db: string;

beforeAll(() => {
  vault = writeTree(
    {
      'specs/auth-design.md': '---\ntitle: Auth design\nstatus: in-progress\nconfidence: 0.8\ntags: [auth]\n---\n# Auth\nWe use OAuth with PKCE.\n\n- [decision] PKCE everywhere #security\n- implements [[ADR 2]]\n',
      'decisions/ADR 2.md': '---\ntitle: ADR 2\n---\nPKCE for mobile clients.',
      '設計/同期 設計.md': '# 同期\n端末間の同期の設計。',
      'broken.md': '---\ntitle: [oops\n---\nbody kept',
      'assets/logo.png': new Uint8Array([0x89, 0x50, 0x4e, 0x47]),
    },
    'team-notes',
  );
  db = join(vault, '..', 'notes.kioku');
});
afterAll(() => removeTree(vault));

describe('kioku index', () => {
  it('imports a folder into a database file and prints a JSON summary', () => {
    const r = kioku(['index', vault, '--db', db]);
    expect(r.code).toBe(0);
    const summary = JSON.parse(r.stdout);
    expect(summary).toMatchObject({ phase: 'done', vault: 'team-notes', notes: 4, files: 1, indexed: 5, db, problems: [expect.objectContaining({ path: 'broken.md', code: 'frontmatter_invalid' })] });
    expect(typeof summary.seconds).toBe('number');
    expect(statSync(db).size).toBeGreaterThan(4096);
  });

  it('updates the same database on a second run: only the changed file is written', () => {
    putFile(vault, 'specs/new.md', 'brand new note');
    const r = kioku(['index', vault, '--db', db]);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ phase: 'done', indexed: 1, unchanged: 5, notes: 5 });
  });

  it('fails with exit code 1 and a message for a missing folder or missing --db', () => {
    const missing = kioku(['index', join(vault, 'nope'), '--db', db]);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toMatch(/no folder at .*nope/);
    const noDb = kioku(['index', vault]);
    expect(noDb.code).toBe(1);
    expect(noDb.stderr).toMatch(/needs --db <file>/);
    expect(noDb.stdout).toBe('');
  });
});

describe('kioku index of another folder with the same name', () => {
  it('refuses to replace the vault of the first folder, and imports it beside it when named', () => {
    const other = writeTree({ 'other.md': 'another folder that is also called team-notes' }, 'team-notes');
    try {
      const before = readFileSync(db);
      const r = kioku(['index', other, '--db', db]);
      expect(r.code).toBe(1);
      expect(r.stdout).toBe('');
      expect(r.stderr).toMatch(/already has a vault "team-notes" imported from .*--name/s);
      expect(readFileSync(db).equals(before)).toBe(true);
      expect(kioku(['index', other, '--db', db, '--name', 'team-notes-2']).code).toBe(0);
      const vaults = JSON.parse(kioku(['call', 'vaults', '{}', '--db', db]).stdout).vaults.map((v: { name: string; notes: number }) => [v.name, v.notes]);
      expect(vaults).toEqual([['team-notes', 5], ['team-notes-2', 1]]);
      // The first folder still updates its own vault.
      expect(kioku(['index', vault, '--db', db]).code).toBe(0);
    } finally {
      removeTree(other);
    }
  });
});

describe('kioku index of something that is not a folder', () => {
  it('exits 1 without creating a database or adding a vault', () => {
    const file = join(vault, 'broken.md');
    const fresh = join(vault, '..', 'not-created.kioku');
    const r = kioku(['index', file, '--db', fresh]);
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(/is a file, not a folder/);
    expect(existsSync(fresh)).toBe(false);
    const before = readFileSync(db);
    expect(kioku(['index', file, '--db', db]).code).toBe(1);
    expect(readFileSync(db).equals(before)).toBe(true);
    expect(kioku(['call', 'vaults', '{}', '--vault', file]).stderr).toMatch(/is a file, not a folder/);
  });
});

describe('kioku call', () => {
  // A user trial: `kioku call … | head` printed a stack trace for EPIPE and exited 1.
  it('ends quietly when its reader closes the pipe early', () => {
    // Far more than a pipe holds (64 KiB), so the writer meets the closed pipe.
    const calls = `${JSON.stringify({ tool: 'search', args: { query: '', page_size: 100 } })}\n`.repeat(400);
    const r = spawnSync('sh', ['-c', `"${process.execPath}" cli/kioku.mjs batch --vault "${vault}" -q --no-embed | head -c 1`], { cwd: ROOT, input: calls, encoding: 'utf8', timeout: 60_000 });
    expect(r.stdout).toBe('{');
    expect(r.stderr).not.toMatch(/EPIPE|Error/);
  });

  it('prints exactly the tool result as JSON from a saved database, with "/" paths that keep the extension', () => {
    const r = kioku(['call', 'search', '{"query":"PKCE","mode":"text"}', '--db', db]);
    expect(r.code).toBe(0);
    const out = JSON.parse(r.stdout);
    expect(r.stdout.trim().split('\n')).toHaveLength(1);
    expect(out.results.map((h: { path: string }) => h.path).sort()).toEqual(['decisions/ADR 2.md', 'specs/auth-design.md']);
    expect(out.results[0].id).toMatch(/^team-notes:/);
  });

  it('reads a note by its path, including a Japanese name with a space', () => {
    const r = kioku(['call', 'read_note', JSON.stringify({ path: '設計/同期 設計.md' }), '--db', db]);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ path: '設計/同期 設計.md', title: '同期 設計', vault: 'team-notes' });
    const read = JSON.parse(kioku(['call', 'read_note', '{"path":"specs/auth-design.md"}', '--db', db]).stdout);
    expect(read.frontmatter).toEqual({ title: 'Auth design', status: 'in-progress', confidence: 0.8, tags: ['auth'] });
    expect(read.observations).toEqual([expect.objectContaining({ category: 'decision', content: 'PKCE everywhere', tags: ['security'] })]);
    expect(read.relations).toEqual([expect.objectContaining({ type: 'implements', target: 'ADR 2', resolved: expect.objectContaining({ path: 'decisions/ADR 2.md' }) })]);
  });

  it('exits 2 with the error result when the tool returns an error', () => {
    const missing = kioku(['call', 'read_note', '{"path":"nope.md"}', '--db', db]);
    expect(missing.code).toBe(2);
    expect(JSON.parse(missing.stdout)).toMatchObject({ isError: true, error: { code: 'not_found' } });
    const unknown = kioku(['call', 'no_such_tool', '{}', '--db', db]);
    expect(unknown.code).toBe(2);
    expect(JSON.parse(unknown.stdout)).toMatchObject({ isError: true, error: { code: 'unknown_tool', path: 'tool' } });
    const badJson = kioku(['call', 'search', '{query:', '--db', db]);
    expect(badJson.code).toBe(2);
    expect(JSON.parse(badJson.stdout)).toMatchObject({ isError: true, error: { code: 'invalid_argument' } });
  });

  it('exits 1 with a clear message when --db names a folder', () => {
    for (const args of [['call', 'vaults', '{}', '--db', vault], ['index', vault, '--db', vault]]) {
      const r = kioku(args);
      expect(r.code, args.join(' ')).toBe(1);
      expect(r.stderr, args.join(' ')).toMatch(/is a folder, not a database file/);
    }
  });

  it('rejects an integer a double cannot hold in a filter, in call and in batch', () => {
    const call = kioku(['call', 'find', '{"filters":{"id":12345678901234567891}}', '--db', db]);
    expect(call.code).toBe(2);
    expect(JSON.parse(call.stdout)).toMatchObject({ isError: true, error: { code: 'invalid_filter', path: 'filters.id', details: { reason: 'lost_precision' } } });
    const batch = kioku(['batch', '--db', db], '{"tool":"find","args":{"filters":{"id":12345678901234567891}}}\n{"tool":"find","args":{"filters":{"id":1}}}\n');
    const lines = batch.stdout.trim().split('\n').map((l) => JSON.parse(l));
    expect(lines[0]).toMatchObject({ isError: true, error: { code: 'invalid_filter', path: 'filters.id' } });
    expect(lines[1].total).toBe(0);
  });

  it('exits 1 for bad usage', () => {
    for (const args of [['call', 'search', '{}'], ['call', 'search', '{}', '--db', join(vault, 'missing.kioku')], ['frobnicate'], ['call', 'search', '{}', '--db', db, '--vault', vault], ['call', 'search', '{}', '--bogus']]) {
      const r = kioku(args);
      expect(r.code, args.join(' ')).toBe(1);
      expect(r.stdout, args.join(' ')).toBe('');
      expect(r.stderr, args.join(' ')).toMatch(/^kioku: /);
    }
  });

  it('exits 1 naming an argument the command would ignore (call with two JSON objects ran the first and dropped the second)', () => {
    for (const args of [['call', 'search', '{"query":"x"}', '{"extra":1}', '--db', db], ['batch', 'stray', '--db', db], ['mcp', 'stray', '--db', db], ['index', vault, 'other', '--db', db]]) {
      const r = kioku(args, '');
      expect(r.code, args.join(' ')).toBe(1);
      expect(r.stdout, args.join(' ')).toBe('');
      expect(r.stderr, args.join(' ')).toMatch(/^kioku: unexpected argument "(\{\\"extra\\":1\}|stray|other)"/);
    }
  });

  it('--vault imports the folder into a fresh in-memory database first (and accepts --no-embed)', () => {
    const r = kioku(['call', 'vaults', '{}', '--vault', vault, '--no-embed', '--quiet']);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout).vaults).toEqual([expect.objectContaining({ name: 'team-notes', notes: 5, files: 1, problems: 1 })]);
    expect(r.stderr).toBe('');
    const noisy = kioku(['call', 'vaults', '{}', '--vault', vault]);
    expect(noisy.stderr).toMatch(/1 problem\(s\) while importing/);
  });

  it('refuses a database written by a newer Kioku without touching it', async () => {
    const newer = await openMemoryDb();
    newer.exec(`PRAGMA user_version = ${SCHEMA_VERSION + 1}`);
    const file = join(vault, '..', 'newer.kioku');
    saveDb(newer, file);
    const before = readFileSync(file);
    for (const args of [['call', 'vaults', '{}', '--db', file], ['index', vault, '--db', file]]) {
      const r = kioku(args);
      expect(r.code).toBe(1);
      expect(r.stderr).toMatch(/written by a newer version of Kioku/);
    }
    expect(readFileSync(file).equals(before)).toBe(true);
  });
});

describe('kioku on a damaged database file', () => {
  it("prints only Kioku's message: which file, that it is damaged, what to do", () => {
    const file = join(vault, '..', 'damaged.kioku');
    copyFileSync(db, file);
    damageDatabaseFile(file);
    for (const args of [['call', 'search', '{"query":"PKCE"}', '--db', file], ['batch', '--db', file]]) {
      const r = kioku(args, '{"tool":"vaults"}\n');
      expect(r.code, args[0]).not.toBe(0);
      const said = r.stderr + r.stdout;
      expect(said, args[0]).toContain(`${file} is damaged`);
      expect(said, args[0]).toMatch(/Restore it from a backup, or delete it and build it again/);
      expect(said, args[0]).not.toMatch(/sqlite3_step|rc=|SQLITE_CORRUPT|SqliteError|\n\s+at /);
    }
  });
});

describe('kioku batch', () => {
  it('answers one JSON line per request line, in order, including errors', () => {
    const input = [
      '{"tool":"vaults","args":{}}',
      '',
      '{"tool":"search","args":{"query":"同期"}}',
      'not json',
      '{"args":{}}',
      '{"tool":"read_note","args":{"path":"missing.md"}}',
      '{"tool":"problems"}',
    ].join('\n');
    const r = kioku(['batch', '--db', db], input);
    expect(r.code).toBe(0);
    const lines = r.stdout.trim().split('\n').map((l) => JSON.parse(l));
    expect(lines).toHaveLength(6);
    expect(lines[0].vaults[0].name).toBe('team-notes');
    expect(lines[1].results.map((h: { path: string }) => h.path)).toEqual(['設計/同期 設計.md']);
    expect(lines[2]).toMatchObject({ isError: true, error: { code: 'invalid_argument' } });
    expect(lines[3]).toMatchObject({ isError: true, error: { code: 'invalid_argument', path: 'tool' } });
    expect(lines[4]).toMatchObject({ isError: true, error: { code: 'not_found' } });
    expect(lines[5].problems.map((p: { path: string }) => p.path)).toEqual(['broken.md']);
  });

  it('gives every input line exactly one answer: a raw carriage return inside a line does not split it', () => {
    // "\r" is JSON whitespace: the first line is one valid request. The last has one inside a string (invalid JSON): one error.
    const input = '{"tool":"vaults",\r"args":{}}\n{"tool":"problems"}\r\n{"tool":"search","args":{"query":"a\rb"}}\n{"tool":"tags","args":{}}\n';
    const r = kioku(['batch', '--db', db], input);
    expect(r.code).toBe(0);
    const lines = r.stdout.trim().split('\n').map((l) => JSON.parse(l));
    expect(lines).toHaveLength(4);
    expect(lines[0].vaults[0].name).toBe('team-notes');
    expect(lines[1].problems.map((p: { path: string }) => p.path)).toEqual(['broken.md']);
    expect(lines[2]).toMatchObject({ isError: true, error: { code: 'invalid_argument' } });
    expect(lines[3].tags).toBeDefined();
  });

  it('works over --vault too', () => {
    const r = kioku(['batch', '--vault', vault, '--quiet'], '{"tool":"search","args":{"query":"OAuth"}}\n');
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout).results[0].path).toBe('specs/auth-design.md');
  });
});

describe('kioku help', () => {
  it('prints usage and the tools', () => {
    const r = kioku(['help']);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/kioku index <dir> --db <file>/);
    expect(r.stdout).toMatch(/read_note/);
    expect(kioku(['tools', 'search']).stdout).toMatch(/query/);
    const unknown = kioku(['tools', 'serch']);
    expect(unknown.code).toBe(1);
    expect(unknown.stdout).toBe('');
    expect(unknown.stderr).toMatch(/No tool named "serch"/);
    expect(existsSync(db)).toBe(true);
  });
});

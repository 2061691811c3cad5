// users/<me>/subscriptions.yaml through real folders on disk, real SQLite and
// the real tools: read at import, written back on subscribe (comments and
// unreadable entries kept), malformed files reported and never rewritten,
// kept as an unsaved change when the folder is not writable.
import { afterEach, describe, expect, it } from 'vitest';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openMemoryDb } from '../db/open-node';
import { createEngine, type Engine } from '../engine';
import { nodeSource } from '../ingest/walk-node';
import { nodeDisk } from '../platform/write-back-node';
import { vaultNoteTexts } from '../platform/write-back';
import { ok } from '../test/make-engine';

const NOTES: Record<string, string> = {
  'users/alice/notes/eng/a.md': '---\ntitle: A\n---\nalpha',
  'users/bob/notes/ops/b.md': '---\ntitle: B\nvisibility: public\n---\nbravo',
  'users/carol/notes/pub/c.md': '---\ntitle: C\nvisibility: public\n---\ncharlie',
};
const SUBS = `# alice's subscriptions
subscriptions:
  - owner: bob
    folder: ops
    mode: inject   # pinned
    enabled: true
  - owner: carol
    folder: pub
    mode: always
  - just a line
`;

let dir: string;
const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

async function teamOnDisk(files: Record<string, string>, writable = true): Promise<Engine> {
  dir = mkdtempSync(join(tmpdir(), 'kioku-subs-'));
  dirs.push(dir);
  for (const [p, text] of Object.entries(files)) {
    mkdirSync(join(dir, p, '..'), { recursive: true });
    writeFileSync(join(dir, p), text);
  }
  const engine = createEngine(await openMemoryDb(), writable ? { disk: nodeDisk({ team: dir }) } : {});
  ok(await engine.call('set_identity', { user: 'alice', orgs: ['acme'] }));
  expect((await engine.importSource(nodeSource(dir, 'team'))).phase).toBe('done');
  return engine;
}
type Subs = { subscriptions: { owner: string; folder: string; mode: string; enabled: boolean }[] };
const subs = async (e: Engine) => (ok(await e.call('subscriptions')) as unknown as Subs).subscriptions.map((s) => `${s.owner}/${s.folder}:${s.mode}:${s.enabled}`);
const problems = async (e: Engine) => (ok(await e.call('problems')) as unknown as { problems: { path: string; code: string; message: string }[] }).problems.filter((p) => p.code.startsWith('subscription'));
const fileText = () => readFileSync(join(dir, 'users/alice/subscriptions.yaml'), 'utf8');

describe('subscriptions.yaml', () => {
  it('is read at import: valid entries subscribe, unreadable ones are reported and skipped, my own folders are added', async () => {
    const e = await teamOnDisk({ ...NOTES, 'users/alice/subscriptions.yaml': SUBS });
    expect(await subs(e)).toEqual(['alice/eng:search:true', 'bob/ops:inject:true']);
    expect((await problems(e)).map((p) => [p.path, p.code, p.message.slice(0, 8)])).toEqual([
      ['users/alice/subscriptions.yaml', 'subscription_invalid', 'Entry 2 '],
      ['users/alice/subscriptions.yaml', 'subscription_invalid', 'Entry 3 '],
    ]);
    // Another user's file is theirs: switching identity uses it.
    ok(await e.call('set_identity', { user: 'bob' }));
    expect(await subs(e)).toEqual(['bob/ops:search:true']);
  });

  it('subscribe writes into the same document, keeping comments and the entries Kioku could not read; a re-sync reads it back unchanged', async () => {
    const e = await teamOnDisk({ ...NOTES, 'users/alice/subscriptions.yaml': SUBS });
    const r = ok(await e.call('subscribe', { owner_id: 'bob', folder: 'ops', mode: 'search', enabled: false })) as unknown as { file: { status: string; path: string } };
    expect(r.file).toMatchObject({ status: 'written', path: 'users/alice/subscriptions.yaml' });
    const text = fileText();
    expect(text).toContain("# alice's subscriptions");
    expect(text).toContain('  - owner: carol\n    folder: pub\n    mode: always\n');
    expect(text).toContain('  - just a line\n');
    expect(text).toMatch(/owner: bob\n {4}folder: ops\n {4}mode: search # pinned\n {4}enabled: false/);
    // My own folder, subscribed automatically, is written with this change; carol/pub gets a valid entry of its own.
    ok(await e.call('subscribe', { owner_id: 'carol', folder: 'pub' }));
    expect(fileText()).toContain('  - owner: carol\n    folder: pub\n    mode: always\n');
    expect(fileText()).toMatch(/- owner: carol\n {4}folder: pub\n {4}mode: search\n {4}enabled: true/);
    expect(fileText()).toMatch(/- owner: alice\n {4}folder: eng\n {4}mode: search\n {4}enabled: true/);
    const again = await e.importSource(nodeSource(dir, 'team'));
    expect(again.indexed).toBe(0);
    expect(await subs(e)).toEqual(['alice/eng:search:true', 'bob/ops:search:false', 'carol/pub:search:true']);
    expect(ok(await e.call('unsaved_changes', {})).total).toBe(0);
  });

  it('a change made on another device is read at the next re-sync', async () => {
    const e = await teamOnDisk({ ...NOTES, 'users/alice/subscriptions.yaml': 'subscriptions:\n  - owner: bob\n    folder: ops\n' });
    expect(await subs(e)).toEqual(['alice/eng:search:true', 'bob/ops:search:true']);
    writeFileSync(join(dir, 'users/alice/subscriptions.yaml'), 'subscriptions:\n  - owner: carol\n    folder: pub\n    mode: inject\n  - owner: alice\n    folder: eng\n    enabled: false\n');
    await e.importSource(nodeSource(dir, 'team'));
    expect(await subs(e)).toEqual(['alice/eng:search:false', 'carol/pub:inject:true']);
  });

  it('a malformed file is reported, changes nothing and is never rewritten', async () => {
    const broken = 'subscriptions: [oops\n';
    const e = await teamOnDisk({ ...NOTES, 'users/alice/subscriptions.yaml': broken });
    expect((await problems(e)).map((p) => p.code)).toEqual(['subscriptions_invalid']);
    expect(await subs(e)).toEqual(['alice/eng:search:true']);
    const r = ok(await e.call('subscribe', { owner_id: 'bob', folder: 'ops' })) as unknown as { file: { status: string; message: string } };
    expect(r.file.status).toBe('not_written');
    expect(r.file.message).toContain('not valid');
    expect(fileText()).toBe(broken);
    // The subscription itself is kept in Kioku.
    expect(await subs(e)).toEqual(['alice/eng:search:true', 'bob/ops:search:true']);
    const notAList = await teamOnDisk({ ...NOTES, 'users/alice/subscriptions.yaml': 'subscriptions: bob\n' });
    expect((await problems(notAList)).map((p) => p.code)).toEqual(['subscriptions_invalid']);
  });

  it('without a writable folder the file is created in Kioku as an unsaved change, and write_back writes it', async () => {
    const e = await teamOnDisk(NOTES, false);
    const r = ok(await e.call('subscribe', { owner_id: 'carol', folder: 'pub', mode: 'inject' })) as unknown as { file: { status: string } };
    expect(r.file.status).toBe('no_folder_access');
    const unsaved = ok(await e.call('unsaved_changes', {})) as unknown as { notes: { path: string }[] };
    expect(unsaved.notes.map((n) => n.path)).toEqual(['users/alice/subscriptions.yaml']);
    // The export holds it too, as Kioku has it.
    expect(vaultNoteTexts(e.db, 'team').find((n) => n.path === 'users/alice/subscriptions.yaml')?.text).toContain('owner: carol');
    e.ctx.services.disk = nodeDisk({ team: dir });
    ok(await e.call('write_back', { vault: 'team' }));
    expect(fileText()).toBe('subscriptions:\n  - owner: alice\n    folder: eng\n    mode: search\n    enabled: true\n  - owner: carol\n    folder: pub\n    mode: inject\n    enabled: true\n');
  });
});

describe('marking a vault as a team space', () => {
  it('mark_team_space marks and unmarks; the vault list and team_folders show it; WriteNote can then start the layout', async () => {
    const e = await teamOnDisk({ 'README.md': 'plain' });
    const vaults = async () => (ok(await e.call('vaults')) as unknown as { vaults: { team_space: boolean }[] }).vaults[0].team_space;
    expect(await vaults()).toBe(false);
    expect((await e.call('WriteNote', { folder: 'eng', file_name: 'x.md', content: 'x' })) as { error?: { code: string } }).toMatchObject({ error: { code: 'not_found' } });
    expect(ok(await e.call('mark_team_space', { vault: 'team' }))).toEqual({ vault: 'team', team_space: true, marked: true });
    expect(await vaults()).toBe(true);
    ok(await e.call('WriteNote', { folder: 'eng', file_name: 'x.md', content: '---\ntitle: X\n---\nfirst note' }));
    expect(readFileSync(join(dir, 'users/alice/notes/eng/x.md'), 'utf8')).toContain('first note');
    const team = ok(await e.call('team_folders')) as unknown as { spaces: unknown[]; folders: unknown[] };
    expect(team.spaces).toEqual([{ vault: 'team', marked: true }]);
    expect(team.folders).toEqual([{ vault: 'team', owner: 'alice', folder: 'eng', notes: 1, subscription: { mode: 'search', enabled: true } }]);
    // Unmarked, it is still a team space: it has notes in the layout now.
    expect(ok(await e.call('mark_team_space', { vault: 'team', team_space: false }))).toEqual({ vault: 'team', team_space: true, marked: false });
    expect((await e.call('mark_team_space', { vault: 'nope' })) as { error?: { code: string } }).toMatchObject({ error: { code: 'not_found' } });
  });
});

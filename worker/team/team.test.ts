// Team spaces through the real tools on a real SQLite: who sees what
// (owner × visibility across every listing), and the three team tools.
import { beforeEach, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { memorySource } from '../ingest/source';
import { makeEngine, ok } from '../test/make-engine';
import { logicalDump } from '../test/dump';
import type { Engine } from '../engine';

const note = (fm: string, body = 'The kubernetes pod restarts nightly. #k8s') => `---\n${fm}\nteam: shared\n---\n${body}\n`;

const FILES: Record<string, string> = {
  'data/users/alice/notes/eng/mine.md': note('title: Mine'),
  'data/users/bob/notes/ops/private.md': note('title: Bob private\nvisibility: private'),
  'data/users/bob/notes/ops/acme.md': note('title: Bob for acme\nvisibility: org\nscope_org_id: acme'),
  'data/users/bob/notes/ops/globex.md': note('title: Bob for globex\nvisibility: org\nscope_org_id: globex'),
  'data/users/bob/notes/ops/missing.md': note('title: Bob default'),
  'data/users/carol/notes/pub/public.md': note('title: Carol public\nvisibility: public\nmode_hint: inject'),
  'data/users/carol/notes/pub/invalid.md': note('title: Carol invalid\nvisibility: secret'),
  'data/users/carol/notes/pub/no-org.md': note('title: Carol no org\nvisibility: org'),
  'README.md': 'Team handbook. Links: [[Bob private]] [[Carol public]]. kubernetes pod',
};
const VISIBLE_TO_ALICE = ['README.md', 'data/users/alice/notes/eng/mine.md', 'data/users/bob/notes/ops/acme.md', 'data/users/carol/notes/pub/public.md'];

let engine: Engine;
const call = async (name: string, args: Record<string, unknown> = {}) => (await engine.call(name, args)) as Record<string, unknown> & { isError?: true; error?: { code: string; message: string } };

beforeEach(async () => {
  engine = await makeEngine();
  ok(await engine.importSource(memorySource('team', FILES)));
  ok(await call('set_identity', { user: 'alice', orgs: ['acme'] }));
});

describe('visibility everywhere', () => {
  it('search, find, fields, tags and folders show only what alice may read', async () => {
    const search = await call('search', { query: 'kubernetes', page_size: 50 });
    expect((search.results as { path: string }[]).map((r) => r.path).sort()).toEqual(VISIBLE_TO_ALICE);
    expect(search.total).toBe(4);
    const find = await call('find', { filters: { team: 'shared' }, page_size: 50 });
    expect((find.results as { path: string }[]).map((r) => r.path).sort()).toEqual(VISIBLE_TO_ALICE.slice(1));
    const fields = (await call('fields')) as unknown as { fields: { key: string; notes: number }[] };
    expect(fields.fields.find((f) => f.key === 'team')?.notes).toBe(3);
    const tags = (await call('tags')) as unknown as { tags: { tag: string; count: number }[] };
    expect(tags.tags.find((t) => t.tag === 'k8s')?.count).toBe(3);
    const folders = (await call('folders')) as unknown as { folders: { folder: string; notes: number }[] };
    expect(folders.folders.find((f) => f.folder === 'data/users/bob/notes/ops')?.notes).toBe(1);
    // A search with no words lists the scope: hidden notes are not in it either.
    const all = await call('search', { path_prefix: 'data/', page_size: 50 });
    expect(all.total).toBe(3);
  });

  it('reading a hidden note says it is not shared, and reveals nothing of it', async () => {
    const r = await call('read_note', { path: 'data/users/bob/notes/ops/private.md' });
    expect(r.error?.code).toBe('not_visible');
    expect(JSON.stringify(r)).not.toContain('kubernetes');
    // Found by its title it is simply not found: a guessed title reveals nothing.
    const byTitle = await call('read_note', { path: 'Bob private' });
    expect(byTitle.error?.code).toBe('not_found');
    expect(ok(await call('read_note', { path: 'data/users/bob/notes/ops/acme.md' })).title).toBe('Bob for acme');
    // Backlinks of a visible note never list a hidden one.
    const pub = ok(await call('read_note', { path: 'data/users/carol/notes/pub/public.md' })) as unknown as { backlinks: { path: string }[] };
    expect(pub.backlinks.map((b) => b.path)).toEqual(['README.md']);
    // Nor can a hidden note be edited.
    expect((await call('write_note', { path: 'data/users/bob/notes/ops/private.md', body: 'x' })).error?.code).toBe('not_visible');
  });

  it('without an identity, other users’ private notes are closed and the error says how to set one', async () => {
    ok(await call('set_identity', { user: null }));
    const r = await call('read_note', { path: 'data/users/alice/notes/eng/mine.md' });
    expect(r.error?.code).toBe('no_identity');
    expect(r.error?.message).toContain('--user');
    const search = await call('search', { query: 'kubernetes', page_size: 50 });
    expect((search.results as { path: string }[]).map((x) => x.path).sort()).toEqual(['README.md', 'data/users/carol/notes/pub/public.md']);
  });

  it('reports invalid visibility and org without scope_org_id as import problems, treating the notes as private', async () => {
    // The owner sees the problems of their notes; others do not even see the paths.
    expect(((await call('problems')) as unknown as { problems: { path: string }[] }).problems.filter((p) => p.path.includes('/carol/'))).toEqual([]);
    ok(await call('set_identity', { user: 'carol' }));
    const problems = (await call('problems')) as unknown as { problems: { path: string; code: string }[] };
    const team = problems.problems.filter((p) => ['visibility_invalid', 'scope_org_missing'].includes(p.code)).map((p) => [p.path, p.code]);
    expect(team.sort()).toEqual([
      ['data/users/carol/notes/pub/invalid.md', 'visibility_invalid'],
      ['data/users/carol/notes/pub/no-org.md', 'scope_org_missing'],
    ]);
    ok(await call('set_identity', { user: 'bob', orgs: ['acme', 'globex'] }));
    expect((await call('read_note', { path: 'data/users/carol/notes/pub/no-org.md' })).error?.code).toBe('not_visible');
  });
});

describe('SearchNotes', () => {
  it('searches the query as one phrase in subscribed, readable folders, in rank order', async () => {
    // alice is subscribed to her own folder only, found at import.
    let r = ok(await call('SearchNotes', { query: 'kubernetes pod' }));
    expect(r.results).toEqual(['alice/eng/mine.md: Mine']);
    ok(await call('subscribe', { owner_id: 'bob', folder: 'ops' }));
    ok(await call('subscribe', { owner_id: 'carol', folder: 'pub', mode: 'inject' }));
    r = ok(await call('SearchNotes', { query: 'kubernetes pod', limit: 10 }));
    expect((r.results as string[]).sort()).toEqual(['alice/eng/mine.md: Mine', 'bob/ops/acme.md: Bob for acme', 'carol/pub/public.md: Carol public']);
    expect(ok(await call('SearchNotes', { query: 'pod kubernetes' })).results).toEqual([]);
    expect(ok(await call('SearchNotes', { query: 'kubernetes pod', folder: 'ops' })).results).toEqual(['bob/ops/acme.md: Bob for acme']);
    expect(ok(await call('SearchNotes', { query: 'kubernetes pod', limit: 1 })).results).toHaveLength(1);
  });

  it('refuses a bad limit or folder and never raises on any query text', async () => {
    expect((await call('SearchNotes', { query: 'x', limit: 101 })).error?.code).toBe('invalid_argument');
    expect((await call('SearchNotes', { query: 'x', limit: 0 })).error?.code).toBe('invalid_argument');
    expect((await call('SearchNotes', { query: 'x', folder: '../ops' })).error?.code).toBe('invalid_argument');
    const special = fc.stringMatching(/^[a-z"*:()^ ANDORTNEA😀設計-]{1,30}$/);
    await fc.assert(
      fc.asyncProperty(fc.oneof(special, fc.string({ minLength: 1 })), async (q) => {
        const r = await call('SearchNotes', { query: q });
        if (r.isError) expect(r.error?.code).toBe('invalid_argument'); // only a blank query
        else expect(Array.isArray(r.results)).toBe(true);
      }),
      { numRuns: 150 },
    );
    expect(ok(await call('SearchNotes', { query: '"kubernetes" pod' })).results).toEqual(['alice/eng/mine.md: Mine']);
  });
});

describe('ReadNote and WriteNote', () => {
  it('reads a note exactly as stored, subject to visibility', async () => {
    const r = ok(await call('ReadNote', { owner_id: 'bob', folder: 'ops', file_name: 'acme.md' }));
    expect(r.content).toBe(FILES['data/users/bob/notes/ops/acme.md']);
    expect((await call('ReadNote', { owner_id: 'bob', folder: 'ops', file_name: 'private.md' })).error?.code).toBe('not_visible');
  });

  it('refuses each invalid write, naming the field, and leaves the index unchanged', async () => {
    const before = logicalDump(engine.db);
    const bad: [Record<string, unknown>, string][] = [
      [{ folder: '..', file_name: 'a.md', content: 'x' }, 'folder'],
      [{ folder: 'a/b', file_name: 'a.md', content: 'x' }, 'folder'],
      [{ folder: 'eng', file_name: 'a.txt', content: 'x' }, 'file_name'],
      [{ folder: 'eng', file_name: 'a b.md', content: 'x' }, 'file_name'],
      [{ folder: 'eng', file_name: 'a.md', content: '---\ntitle: [oops\n---\nx' }, 'content'],
      [{ folder: 'eng', file_name: 'a.md', content: '---\nvisibility: team\n---\nx' }, 'content.visibility'],
      [{ folder: 'eng', file_name: 'a.md', content: '---\nvisibility: org\n---\nx' }, 'content.scope_org_id'],
      [{ folder: 'eng', file_name: 'a.md', content: '---\nvisibility: org\nscope_org_id: globex\n---\nx' }, 'content.scope_org_id'],
      [{ folder: 'eng', file_name: 'a.md', content: '---\nmode_hint: always\n---\nx' }, 'content.mode_hint'],
      [{ folder: 'eng', file_name: 'a.md', content: '---\ntags: k8s\n---\nx' }, 'content.tags'],
    ];
    for (const [args, path] of bad) {
      const r = await call('WriteNote', args);
      expect(r.error, JSON.stringify(args)).toMatchObject({ code: 'invalid_argument', path });
    }
    expect(logicalDump(engine.db)).toEqual(before);
  });

  it('writes my note under users/<me>/notes/, indexes it at once, subscribes the folder, and replaces on rewrite', async () => {
    const r = ok(await call('WriteNote', { folder: 'runbooks', file_name: 'deploy.md', content: '---\ntitle: Deploy\nvisibility: org\nscope_org_id: acme\n---\nRoll out the kubernetes pod slowly.' }));
    expect(r).toMatchObject({ owner_id: 'alice', folder: 'runbooks', file_name: 'deploy.md', path: 'data/users/alice/notes/runbooks/deploy.md' });
    const subs = ok(await call('subscriptions')) as unknown as { subscriptions: { owner: string; folder: string; mode: string; notes: number }[] };
    expect(subs.subscriptions).toContainEqual({ owner: 'alice', folder: 'runbooks', mode: 'search', enabled: true, notes: 1 });
    expect(ok(await call('SearchNotes', { query: 'pod slowly' })).results).toEqual(['alice/runbooks/deploy.md: Deploy']);
    ok(await call('WriteNote', { folder: 'runbooks', file_name: 'deploy.md', content: '---\ntitle: Deploy v2\n---\nNew text.' }));
    expect(ok(await call('ReadNote', { owner_id: 'alice', folder: 'runbooks', file_name: 'deploy.md' })).content).toBe('---\ntitle: Deploy v2\n---\nNew text.');
    expect(ok(await call('SearchNotes', { query: 'pod slowly' })).results).toEqual([]);
  });

  it('needs an identity to write, and says how to set one', async () => {
    expect(ok(await call('set_identity', {}))).toEqual({ user: 'alice', orgs: ['acme'] });
    expect(ok(await call('set_identity', { clear: true }))).toEqual({ user: null, orgs: [] });
    const r = await call('WriteNote', { folder: 'eng', file_name: 'a.md', content: 'x' });
    expect(r.error?.code).toBe('no_identity');
  });
});

describe('subscriptions and pinned context', () => {
  it('subscribe refuses unknown owners and folders; pinned context bundles inject notes within the limit', async () => {
    expect((await call('subscribe', { owner_id: 'dave', folder: 'ops' })).error).toMatchObject({ code: 'invalid_argument', path: 'owner_id' });
    expect((await call('subscribe', { owner_id: 'bob', folder: 'nope' })).error).toMatchObject({ code: 'invalid_argument', path: 'folder' });
    // bob/ops subscribed for search: none of its notes is hinted inject; carol/pub's public note is.
    ok(await call('subscribe', { owner_id: 'bob', folder: 'ops' }));
    ok(await call('subscribe', { owner_id: 'carol', folder: 'pub' }));
    let p = ok(await call('pinned_context'));
    expect(p.notes).toEqual(['carol/pub/public.md']);
    expect(p.bundle).toContain('## carol/pub/public.md');
    // Inject mode pins every readable note of the folder; hidden ones never.
    ok(await call('subscribe', { owner_id: 'bob', folder: 'ops', mode: 'inject' }));
    p = ok(await call('pinned_context'));
    expect(p.notes).toEqual(['bob/ops/acme.md', 'carol/pub/public.md']);
    p = ok(await call('pinned_context', { max_bytes: 256 }));
    expect(p.notes).toHaveLength(1);
    expect(p.left_out).toEqual([{ note: 'carol/pub/public.md', bytes: expect.any(Number) }]);
  });
});

describe('every writer keeps visibility current', () => {
  it('create_note and write_note in the layout write the visibility row and subscribe my folder at once', async () => {
    ok(await call('create_note', { path: 'data/users/alice/notes/drafts/plan.md', text: '---\ntitle: Plan\n---\nThe zeppelin plan.' }));
    const subs = ok(await call('subscriptions')) as unknown as { subscriptions: { owner: string; folder: string }[] };
    expect(subs.subscriptions).toContainEqual(expect.objectContaining({ owner: 'alice', folder: 'drafts', mode: 'search', enabled: true, notes: 1 }));
    ok(await call('set_identity', { user: 'bob', orgs: ['acme'] }));
    expect((await call('read_note', { path: 'data/users/alice/notes/drafts/plan.md' })).error?.code).toBe('not_visible');
    ok(await call('set_identity', { user: 'alice', orgs: ['acme'] }));
    ok(await call('write_note', { path: 'data/users/alice/notes/drafts/plan.md', frontmatter: { title: 'Plan', visibility: 'org', scope_org_id: 'acme' } }));
    ok(await call('set_identity', { user: 'bob', orgs: ['acme'] }));
    expect(ok(await call('read_note', { path: 'data/users/alice/notes/drafts/plan.md' })).title).toBe('Plan');
    expect((ok(await call('search', { query: 'zeppelin' })).results as unknown[]).length).toBe(1);
  });
});

// A trial, as alice, rewrote bob's note with write_note (made it public and
// renamed it) and created a note in bob's folder that it could then not read:
// WriteNote's rules held only for WriteNote.
describe('only the owner writes a team note, through every writer', () => {
  it('write_note and create_note (every writer goes through the same lane) refuse another user’s note and a note that is no valid team note', async () => {
    const bobs = 'data/users/bob/notes/ops/acme.md';
    const before = ok(await call('read_note', { path: bobs })).content;
    const refused = [
      await call('write_note', { path: bobs, frontmatter: { title: 'pwned', visibility: 'public' } }),
      await call('create_note', { path: 'data/users/bob/notes/ops/evil.md', text: 'x' }),
    ];
    for (const r of refused) {
      expect(r.error?.code).toBe('not_owner');
      expect(r.error?.message).toContain('only bob may change it');
    }
    expect(ok(await call('read_note', { path: bobs })).content).toBe(before);
    expect((await call('read_note', { path: 'data/users/bob/notes/ops/evil.md' })).error?.code).toBe('not_found');
    // My own notes follow WriteNote's rules whatever tool writes them.
    const bad = await call('write_note', { path: 'data/users/alice/notes/eng/mine.md', frontmatter: { title: 'Mine', visibility: 'org', scope_org_id: 'globex' } });
    expect(bad.error?.code).toBe('invalid_argument');
    expect(bad.error?.message).toContain('not one of your organisations');
    ok(await call('write_note', { path: 'data/users/alice/notes/eng/mine.md', frontmatter: { title: 'Mine', visibility: 'public' } }));
    // Files outside the layout belong to no user: anyone may edit them.
    ok(await call('write_note', { path: 'README.md', body: 'Team handbook, edited.' }));
    // Without an identity nothing in users/ can be written, and the error says how to set one.
    ok(await call('set_identity', { clear: true }));
    expect((await call('create_note', { path: 'data/users/alice/notes/eng/new.md', text: 'x' })).error?.code).toBe('no_identity');
  });
});

// The visibility matrix on real SQLite with the real bundled model: four
// viewers (the owner, a member of the note's organisation, a member of
// another one, nobody) × bob's private, org (acme), org (globex), public,
// missing and invalid visibility notes, over every
// read path: text, vector and hybrid search, find, fields, tags, folders,
// counts, read_note, backlinks, links, graph, problems and export.
import { beforeAll, describe, expect, it } from 'vitest';
import { embeddedEngine, type EmbedEngine } from '../embed/testing';
import { memorySource } from '../ingest/source';
import { vaultNoteTexts } from '../platform/write-back';
import { buildScope, readScope } from '../search/scope';
import { ok } from '../test/make-engine';

const body = 'The anemometer on the roof measures gusts of wind during the storm. Back to [[Handbook]]. #weather\n\n- [fact] @2026-07-01 The roof sensor was calibrated.';
const bobNote = (title: string, fm: string) => `---\ntitle: ${title}\nteam: shared\n${fm}\n---\n${body}\n`;
const NOTES = {
  private: 'data/users/bob/notes/ops/private.md',
  org: 'data/users/bob/notes/ops/org.md',
  public: 'data/users/bob/notes/ops/public.md',
  otherOrg: 'data/users/bob/notes/ops/other-org.md',
  missing: 'data/users/bob/notes/ops/missing.md',
  invalid: 'data/users/bob/notes/ops/invalid.md',
} as const;
type Kind = keyof typeof NOTES;
const FILES: Record<string, string> = {
  [NOTES.private]: bobNote('Bob private', 'visibility: private\nmode_hint: always'),
  [NOTES.org]: bobNote('Bob org', 'visibility: org\nscope_org_id: acme'),
  [NOTES.public]: bobNote('Bob public', 'visibility: public'),
  [NOTES.otherOrg]: bobNote('Bob globex', 'visibility: org\nscope_org_id: globex'),
  // No visibility is private; a value that is none of the three is reported and treated as private.
  [NOTES.missing]: bobNote('Bob unmarked', 'status: draft'),
  [NOTES.invalid]: bobNote('Bob everyone', 'visibility: everyone'),
  'data/users/alice/notes/eng/a.md': '---\ntitle: Alice\n---\nAlice writes about compilers.\n',
  'Handbook.md': '# Handbook\n\nSee [[Bob private]], [[Bob org]], [[Bob globex]], [[Bob unmarked]], [[Bob everyone]] and [[Bob public]].\n',
};

interface Viewer {
  name: string;
  identity: { user: string | null; orgs?: string[] };
  sees: Kind[];
}
const VIEWERS: Viewer[] = [
  { name: 'owner', identity: { user: 'bob', orgs: [] }, sees: ['private', 'org', 'public', 'otherOrg', 'missing', 'invalid'] },
  { name: 'same-org member', identity: { user: 'alice', orgs: ['acme'] }, sees: ['org', 'public'] },
  { name: 'other-org member', identity: { user: 'carol', orgs: ['globex'] }, sees: ['public', 'otherOrg'] },
  { name: 'no identity', identity: { user: null }, sees: ['public'] },
];

let engine: EmbedEngine;
const call = async (name: string, args: Record<string, unknown> = {}) => (await engine.call(name, args)) as Record<string, unknown> & { isError?: true; error?: { code: string } };
const bobPaths = (paths: string[]) => paths.filter((p) => p.startsWith('data/users/bob/')).sort();
const expected = (v: Viewer) => v.sees.map((k) => NOTES[k]).sort();
const paths = (r: Record<string, unknown>) => (ok(r).results as { path: string }[]).map((x) => x.path);

beforeAll(async () => {
  engine = await embeddedEngine(FILES, { vault: 'team' });
}, 60_000);

describe.each(VIEWERS)('$name', (viewer) => {
  beforeAll(async () => {
    ok(await call('set_identity', viewer.identity));
  });
  const want = () => expected(viewer);

  it('text, vector and hybrid search', async () => {
    expect(bobPaths(paths(await call('search', { query: 'anemometer', mode: 'text' })))).toEqual(want());
    expect(bobPaths(paths(await call('search', { query: 'anemometer gusts of wind', mode: 'vector', page_size: 50 })))).toEqual(want());
    expect(bobPaths(paths(await call('search', { query: 'anemometer gusts of wind', mode: 'hybrid', page_size: 50 })))).toEqual(want());
    // Observations and relations as hits: the wikilinks of hidden notes are not found either.
    const rel = ok(await call('search', { query: 'handbook', entity_types: ['relation'], page_size: 50 })) as { results: { path: string }[] };
    expect(bobPaths(rel.results.map((r) => r.path))).toEqual(want());
    // Valid time without words: the page and the total, counted apart (search/observation-listing.ts), both leave hidden notes out.
    for (const scope of [{}, { path_prefix: 'data/users/bob/' }, { categories: ['fact'] }]) {
      const dated = ok(await call('search', { valid_at: '2026-07-01', page_size: 50, ...scope })) as { total: number; results: { path: string }[] };
      expect(bobPaths(dated.results.map((r) => r.path)), JSON.stringify(scope)).toEqual(want());
      expect(dated.total, JSON.stringify(scope)).toBe(want().length);
    }
  });

  it('find, fields, tags, folders and the vault counts', async () => {
    expect(bobPaths(paths(await call('find', { filters: { team: 'shared' } })))).toEqual(want());
    const fields = ok(await call('fields', { vault: 'team' })) as unknown as { notes: number; fields: { key: string; notes: number }[] };
    expect(fields.fields.find((f) => f.key === 'team')?.notes ?? 0).toBe(want().length);
    // The handbook, alice's own note when alice looks, and bob's that this viewer may read.
    expect(fields.notes).toBe(1 + (viewer.identity.user === 'alice' ? 1 : 0) + want().length);
    const tags = ok(await call('tags')) as unknown as { tags: { tag: string; count: number }[] };
    expect(tags.tags.find((t) => t.tag === 'weather')?.count ?? 0).toBe(want().length);
    const folders = ok(await call('folders')) as unknown as { folders: { folder: string; notes: number }[] };
    expect(folders.folders.find((f) => f.folder === 'data/users/bob/notes/ops')?.notes ?? 0).toBe(want().length);
    const vaults = ok(await call('vaults')) as unknown as { vaults: { notes: number; team_space: boolean }[] };
    expect(vaults.vaults[0]).toMatchObject({ notes: fields.notes, team_space: true });
  });

  it('read_note, backlinks, links and the graph', async () => {
    for (const kind of Object.keys(NOTES) as Kind[]) {
      const r = await call('read_note', { path: NOTES[kind] });
      if (viewer.sees.includes(kind)) expect(ok(r).path).toBe(NOTES[kind]);
      else {
        expect(r.error?.code).toBe(viewer.identity.user === null ? 'no_identity' : 'not_visible');
        expect(JSON.stringify(r)).not.toContain('anemometer');
      }
    }
    const handbook = ok(await call('read_note', { path: 'Handbook.md' })) as unknown as { backlinks: { path: string }[]; relations: { target: string; resolved: { path: string } | null }[] };
    expect(bobPaths(handbook.backlinks.map((b) => b.path))).toEqual(want());
    // A link to a note I may not read resolves to nothing: not even its path is shown.
    expect(bobPaths(handbook.relations.flatMap((r) => (r.resolved ? [r.resolved.path] : [])))).toEqual(want());
    const graph = ok(await call('graph', { note: 'Handbook.md' })) as unknown as { nodes: { path: string | null; title: string }[] };
    expect(bobPaths(graph.nodes.flatMap((n) => (n.path ? [n.path] : [])))).toEqual(want());
    const hiddenRoot = viewer.sees.includes('private') ? null : await call('graph', { note: NOTES.private });
    if (hiddenRoot) expect(hiddenRoot.error?.code).toBe(viewer.identity.user === null ? 'no_identity' : 'not_visible');
    // By title a hidden note is simply not there.
    if (!viewer.sees.includes('private')) expect((await call('graph', { note: 'Bob private' })).error?.code).toBe('not_found');
  });

  it('fetch by ids, resolve_links and links_to name no hidden note', async () => {
    // A trial fetched bob's private note by its path through search's ids and read its title and text.
    const all = Object.values(NOTES);
    const fetched = ok(await call('search', { ids: all })) as { results: { path: string }[]; missing?: string[] };
    expect(bobPaths(fetched.results.map((r) => r.path))).toEqual(want());
    expect((fetched.missing ?? []).sort()).toEqual(all.filter((p) => !want().includes(p)).sort());
    if (!viewer.sees.includes('private')) expect(JSON.stringify(fetched.results)).not.toContain('Bob private');
    for (const kind of Object.keys(NOTES) as Kind[]) {
      const hidden = !viewer.sees.includes(kind);
      const code = viewer.identity.user === null ? 'no_identity' : 'not_visible';
      const links = await call('resolve_links', { from: NOTES[kind], links: ['Handbook'] });
      if (hidden) expect(links.error?.code, kind).toBe(code);
      else expect(ok(links).from).toBe(NOTES[kind]);
      const linking = await call('find', { linked_from: NOTES[kind] });
      if (hidden) expect(linking.error?.code, kind).toBe(code);
      else expect(paths(linking)).toEqual(['Handbook.md']);
    }
  });

  it('problems and the export', async () => {
    const problems = ok(await call('problems')) as unknown as { problems: { path: string }[] };
    expect(problems.problems.some((p) => p.path === NOTES.private)).toBe(viewer.sees.includes('private'));
    expect(problems.problems.some((p) => p.path === NOTES.invalid)).toBe(viewer.sees.includes('invalid'));
    expect(bobPaths(vaultNoteTexts(engine.db, 'team').map((n) => n.path))).toEqual(want());
  });
});

describe('a vault that is no team space', () => {
  it('is searched with no visibility condition at all (scope "1", the plan it had before team spaces)', async () => {
    await engine.importSource(memorySource('plain', { 'a.md': 'anemometer' }));
    ok(await call('set_identity', { user: null }));
    // Something is hidden in "team", so a search of every vault must exclude it …
    expect(buildScope(engine.db, readScope({}, 'anemometer')).condition.sql).toContain('hidden_entries');
    // … but a search of "plain" has nothing to hide: no condition but the vault.
    const plain = buildScope(engine.db, readScope({ vault: 'plain' }, 'anemometer'));
    expect(plain.condition.sql).toBe('e.vault_id = ?');
    expect(plain.parts.hidden).toBe(false);
  });
});

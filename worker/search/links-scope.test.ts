// links_to and linked_from narrow search, find and tasks to the notes that
// link to a note, or that it links to (Dataview's FROM [[Note]] and FROM
// outgoing([[Note]])), combined with every other scope argument and filter.
import { describe, expect, it } from 'vitest';
import { engineWith, ok } from '../test/make-engine';

const VAULT = {
  'Projects/Apollo.md': '# Apollo\n\nThe launch plan. Links to [[Crew]].\n',
  'Crew.md': '# Crew\n\nWho flies.\n',
  'Daily/2026-12-01.md': '---\nstatus: done\n---\nWorked on [[Apollo]] today.\n\n- [ ] book the launch pad\n',
  'Daily/2026-12-02.md': '---\nstatus: open\n---\nMore on [[Projects/Apollo#Risks|the plan]]; see ![[diagram.png]] and [[Crew]].\n\n- [ ] call the crew\n',
  'Ideas.md': '# Ideas\n\nA launch party, not about the project.\n',
  'diagram.png': new Uint8Array([0x89, 0x50, 0x4e, 0x47]),
  'en/Canvas.md': '---\ntitle: Canvas\n---\nThe English page.\n',
  'ja/Canvas.md': '---\ntitle: Canvas\n---\n日本語のページ。\n',
  'en/Uses canvas.md': 'See [[Canvas]].\n',
  'ja/キャンバスを使う.md': '[[Canvas]] を参照。\n',
};

const paths = (r: { results?: { path: string }[]; notes?: { path: string }[] }) => (r.results ?? r.notes ?? []).map((x) => x.path).sort();

describe('links_to and linked_from', () => {
  it('narrow search to the notes linking to a note, or linked from it, by path, title or [[link]]', async () => {
    const engine = await engineWith(VAULT);
    const linking = ['Daily/2026-12-01.md', 'Daily/2026-12-02.md'];
    expect(paths(ok(await engine.call('search', { query: '', links_to: 'Projects/Apollo.md' })))).toEqual(linking);
    expect(paths(ok(await engine.call('search', { query: '', links_to: 'Apollo' })))).toEqual(linking);
    expect(paths(ok(await engine.call('search', { query: '', links_to: '[[Apollo]]' })))).toEqual(linking);
    // With words: "launch" is in Ideas and Apollo too, which do not link to Apollo.
    expect(paths(ok(await engine.call('search', { query: 'launch', links_to: 'Apollo' })))).toEqual(['Daily/2026-12-01.md']);
    expect(paths(ok(await engine.call('search', { query: '', linked_from: 'Daily/2026-12-02.md' })))).toEqual(['Crew.md', 'Projects/Apollo.md', 'diagram.png']);
  });

  it('combine with filters in find, and select the tasks of those notes', async () => {
    const engine = await engineWith(VAULT);
    expect(paths(ok(await engine.call('find', { links_to: 'Apollo', filters: { status: 'open' } })))).toEqual(['Daily/2026-12-02.md']);
    expect(paths(ok(await engine.call('find', { links_to: 'Crew' })))).toEqual(['Daily/2026-12-02.md', 'Projects/Apollo.md']);
    const tasks = ok(await engine.call('tasks', { links_to: 'Apollo', status: 'open' })).tasks.map((t) => t.text);
    expect(tasks.sort()).toEqual(['book the launch pad', 'call the crew']);
    expect(ok(await engine.call('tasks', { linked_from: 'Ideas' })).total).toBe(0);
  });

  it('read a link two notes answer to as the note it resolves to (the linking note\'s top folder)', async () => {
    const engine = await engineWith(VAULT);
    expect(paths(ok(await engine.call('search', { query: '', links_to: 'en/Canvas.md' })))).toEqual(['en/Uses canvas.md']);
    expect(paths(ok(await engine.call('search', { query: '', links_to: 'ja/Canvas.md' })))).toEqual(['ja/キャンバスを使う.md']);
    expect(paths(ok(await engine.call('search', { query: '', linked_from: 'ja/キャンバスを使う.md' })))).toEqual(['ja/Canvas.md']);
  });

  it('refuse a note that does not exist, or a title several notes share, naming the argument', async () => {
    const engine = await engineWith(VAULT);
    expect(await engine.call('search', { query: 'x', links_to: 'Apolo' })).toMatchObject({ isError: true, error: { code: 'not_found', path: 'links_to' } });
    expect(await engine.call('find', { linked_from: 'Canvas' })).toMatchObject({ isError: true, error: { path: 'linked_from' } });
    expect(await engine.call('find', { links_to: '[[]]' })).toMatchObject({ isError: true, error: { code: 'invalid_argument', path: 'links_to' } });
  });
});

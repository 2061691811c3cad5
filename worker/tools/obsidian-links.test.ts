// Shared declared permalinks (a multilingual vault publishing each language
// under the same permalinks) are not problems; links resolve to the note in
// the linking note's top folder, or list the candidates.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Engine } from '../engine';
import { engineWith, ok } from '../test/make-engine';

let engine: Engine;
beforeAll(async () => {
  engine = await engineWith({
    'en/Plugins/Canvas.md': '---\npermalink: plugins/canvas\n---\nThe canvas plugin.',
    'ja/プラグイン/Canvas.md': '---\npermalink: plugins/canvas\n---\nキャンバス。',
    'en/Index.md': 'See [[plugins/canvas]] and [[Canvas]].',
    'ja/索引.md': '[[Canvas]] を見る。',
    'Root.md': 'Which [[Canvas]]?',
  }, 'help');
});

describe('shared declared permalinks', () => {
  it('are not import problems; the vault says once how many notes share one', async () => {
    expect(ok(await engine.call('problems', { vault: 'help' })).problems).toEqual([]);
    const v = ok(await engine.call('vaults', {})).vaults[0];
    expect(v).toMatchObject({ problems: 0, notes_sharing_permalink: 2 });
    expect(ok(await engine.call('read_note', { path: 'ja/プラグイン/Canvas.md' }))).toMatchObject({ permalink: 'plugins/canvas', problems: [] });
  });

  it('every note stays reachable by path; the permalink alone lists the candidates', async () => {
    expect(ok(await engine.call('read_note', { path: 'en/Plugins/Canvas.md' })).body).toBe('The canvas plugin.');
    const r = (await engine.call('read_note', { path: 'plugins/canvas' })) as unknown as { isError: true; error: { message: string } };
    expect(r.isError).toBe(true);
    expect(r.error.message).toContain('en/Plugins/Canvas.md');
    expect(r.error.message).toContain('ja/プラグイン/Canvas.md');
  });

  it('a link resolves to the note in the linking note\'s top folder, otherwise lists the candidates', async () => {
    const en = ok(await engine.call('read_note', { path: 'en/Index.md' })).relations;
    expect(en.map((l) => l.resolved?.path)).toEqual(['en/Plugins/Canvas.md', 'en/Plugins/Canvas.md']);
    const ja = ok(await engine.call('read_note', { path: 'ja/索引.md' })).relations;
    expect(ja[0].resolved?.path).toBe('ja/プラグイン/Canvas.md');
    const root = ok(await engine.call('read_note', { path: 'Root.md' })).relations[0];
    expect(root.resolved).toBeNull();
    expect(root.candidates?.map((c) => c.path).sort()).toEqual(['en/Plugins/Canvas.md', 'ja/プラグイン/Canvas.md']);
  });

  it('backlinks count only the links that resolve to the note', async () => {
    const back = async (p: string) => ok(await engine.call('read_note', { path: p }));
    expect((await back('en/Plugins/Canvas.md')).backlinks.map((b) => b.path)).toEqual(['en/Index.md', 'en/Index.md']);
    expect((await back('ja/プラグイン/Canvas.md')).backlinks.map((b) => b.path)).toEqual(['ja/索引.md']);
  });
});

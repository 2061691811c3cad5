// linkResolver (graph, relation hits, shared-name backlinks) answers exactly
// as resolveLinkFrom (read_note) does, also once it has indexed the vault's
// names: every link of a vault with shared titles and permalinks, names with
// and without .md, upper case, files and folders in two languages.
import { describe, expect, it } from 'vitest';
import { engineWith } from '../test/make-engine';
import { linkResolver, resolveLinkFrom } from './links';

const VAULT: Record<string, string> = {
  'en/UI/Settings.md': '---\npermalink: settings\n---\n# Settings\n',
  'en/UI/Hotkeys.md': '---\npermalink: hotkeys\ntitle: Keyboard Hotkeys\n---\nOpen [[Settings]], [[SETTINGS.md]], [[ja/UI/設定]], [[Keyboard hotkeys]] and ![[photo.png]].\n',
  'en/Start.md': 'See [[Hotkeys]], [[hotkeys.md]], [[Start]], [[Missing]], [[en/UI/Settings.md]] and [[Éclair]].\n',
  'ja/UI/設定.md': '---\npermalink: settings\n---\n# 設定\n',
  'ja/UI/ホットキー.md': '---\npermalink: hotkeys\n---\n[[Settings]] と [[設定]]、[[Hotkeys]]。\n',
  'ja/はじめに.md': '[[Hotkeys]] [[ホットキー]] [[settings]] [[photo.png]]\n',
  'other/Settings.md': '# Settings elsewhere\n[[Settings]] [[hotkeys]]\n',
  'Éclair.md': '# Éclair\n[[ÉCLAIR]] [[éclair]]\n',
  'photo.png': 'png',
};

describe('linkResolver', () => {
  it('gives read_note’s answer for every link, before and after it indexes the vault', async () => {
    const engine = await engineWith(VAULT);
    const links = engine.db.all<{ target: string; path: string }>('SELECT r.target, e.path FROM relations r JOIN entries e ON e.id = r.entry_id ORDER BY e.path, r.line');
    expect(links.length).toBeGreaterThan(15);
    const resolve = linkResolver(engine.db, 1);
    // Twice over: the first pass looks links up one by one until it indexes; the second reads the memo.
    for (let pass = 0; pass < 2; pass++) {
      for (const { target, path } of links) {
        expect(resolve(target, path)?.path ?? null, `${target} in ${path}`).toBe(resolveLinkFrom(engine.db, 1, target, path).resolved?.path ?? null);
      }
    }
    // Fresh resolvers that index at once answer the same (every link is a new key for them).
    for (const { target, path } of links) {
      const fresh = linkResolver(engine.db, 1);
      for (let i = 0; i < 9; i++) fresh(`warm-up ${i}`, path);
      expect(fresh(target, path)?.path ?? null, `${target} in ${path}`).toBe(resolveLinkFrom(engine.db, 1, target, path).resolved?.path ?? null);
    }
  });
});

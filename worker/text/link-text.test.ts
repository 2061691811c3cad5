// Link targets apart from a note's own words. The Obsidian help vault:
// "ホットキー" put notes that only link to the Hotkeys note
// (`[[ホットキー#ホットキーの設定|ショートカットキーを設定]]`: the word twice, in
// the target and its heading) above a note that says ホットキー in its text, and
// their snippets could not show why they matched. Real engine, real SQLite.
import { describe, expect, it } from 'vitest';
import { engineWith, ok } from '../test/make-engine';
import { splitLinks } from './link-text';

describe('splitLinks', () => {
  it('keeps what a reader sees and moves where links point', () => {
    expect(splitLinks('Set [[Hotkeys#Set hotkeys|a shortcut]] now.')).toEqual({ shown: 'Set  a shortcut  now.', targets: 'Hotkeys#Set hotkeys' });
    expect(splitLinks('See [the guide](https://example.com/guide "Guide") here.')).toEqual({ shown: 'See  the guide  here.', targets: 'https://example.com/guide "Guide"' });
  });

  it('leaves a link without another text as it reads', () => {
    expect(splitLinks('See [[Hotkeys]] and [[Hotkeys#Set hotkeys]].')).toEqual({ shown: 'See [[Hotkeys]] and [[Hotkeys#Set hotkeys]].', targets: '' });
    expect(splitLinks('No links at all.')).toEqual({ shown: 'No links at all.', targets: '' });
  });

  it('moves an embedded picture, sound or PDF whole (it shows as itself, not its name); an embedded note reads as its name', () => {
    expect(splitLinks('Before ![[Engelbart.jpg|100]] after')).toEqual({ shown: 'Before   after', targets: 'Engelbart.jpg|100' });
    expect(splitLinks('![[diagram.png]]\n![[Meeting notes]]')).toEqual({ shown: ' \n![[Meeting notes]]', targets: 'diagram.png' });
    expect(splitLinks('![alt text](img/photo.png)').shown).toBe(' alt text ');
  });
});

const FILLER = 'Folders hold files, and files hold notes; the explorer lists them in the order you choose.';

describe('a note that links to a word ranks below one that says it', () => {
  it('"hotkeys": the note using the word first, the note only linking to it (target and heading) still found', async () => {
    const engine = await engineWith(
      {
        'daily.md': `# Daily notes\n\n${FILLER} Open today's note from the ribbon, the command palette, or [[Hotkeys#Setting hotkeys|a keyboard shortcut]].\n`,
        'manage.md': `# Managing files\n\n${FILLER} You can manage files with hotkeys, commands or the file explorer.\n`,
        'other.md': `# Other\n\n${FILLER}\n`,
      },
      'link-text',
    );
    const r = ok(await engine.call('search', { query: 'hotkeys', mode: 'text' })) as { results: { path: string }[]; total: number };
    expect(r.results.map((h) => h.path)).toEqual(['manage.md', 'daily.md']);
    expect(r.total).toBe(2);
  });
});

describe('a note found only through a link shows that link', () => {
  it('"hotkeys": the linking note shows the link text with its target, marked; a note saying the word keeps its own snippet', async () => {
    const engine = await engineWith(
      {
        'daily.md': `# Daily notes\n\n${FILLER} Open today's note from the ribbon, or [[Hotkeys#Setting hotkeys|a keyboard shortcut]].\n`,
        'manage.md': `# Managing files\n\n${FILLER} You can manage files with hotkeys, commands or the file explorer.\n`,
        'guide.md': `# Guide\n\n${FILLER} Read [the vendor's guide](https://example.com/docs/hotkeys) first.\n`,
        'ja.md': `# デイリーノート\n\n今日のノートを開くコマンドに[[ホットキー#ホットキーの設定|ショートカットキーを設定]]する。\n`,
      },
      'link-snippet',
    );
    const snippets = async (query: string) =>
      Object.fromEntries(
        (ok(await engine.call('search', { query, mode: 'text', snippet_markers: ['<b>', '</b>'] })) as { results: { path: string; snippet: string }[] }).results.map((h) => [h.path, h.snippet]),
      );
    const en = await snippets('hotkeys');
    expect(en['daily.md']).toContain('a keyboard shortcut (→ <b>Hotkeys</b> › Setting <b>hotkeys</b>)');
    expect(en['guide.md']).toContain("the vendor's guide (→ https://example.com/docs/<b>hotkeys</b>)");
    expect(en['manage.md']).toContain('manage files with <b>hotkeys</b>, commands');
    expect(en['manage.md']).not.toContain('→');
    const ja = await snippets('ホットキー');
    expect(ja['ja.md']).toContain('ショートカットキーを設定 (→ <b>ホットキー</b> › <b>ホットキー</b>の設定)');
  });
});

// What a tester found on the Obsidian help vault, each on a small vault of
// real SQLite: Obsidian's operators (file:Canvas) answered 0 silently; an
// excluded Japanese word kept the notes its inclusion finds (-埋め込み kept
// 埋め込まれた); `canvas -canvas` dropped the exclusion silently; an unknown
// folder answered 0 silently where an unknown vault is not_found; a one-word
// query's hits scored below 1 though the README says hits holding every word
// score 1 to 2.
import { describe, expect, it } from 'vitest';
import { engineWith, ok } from '../test/make-engine';
import { takeOperators } from './operators';

const NOTES = {
  'Plugins/Canvas.md': '# Canvas\n\nCanvas is a plugin for visual note-taking.',
  'Plugins/Web viewer.md': '# Web viewer\n\nOpen links in a web viewer, also from a canvas card.',
  'Canvas/Overview.md': '# Overview\n\nThis folder explains boards.',
  'Files/Accepted formats.md': '# Accepted formats\n\nJSON Canvas files end in .canvas; meetings at 12:30.',
  'ja/ウェブビューアー.md': '# Webビューアー\n\nWebビューアーで開いたページは、ノートに埋め込まれた状態で表示されます。',
  'ja/ブラウザ.md': '# Webビューアーの設定\n\nWebビューアーの設定を変更します。',
};

type Hit = { path: string; score: number; snippet: string };
type Result = { results: Hit[]; total: number; notice?: string; notice_code?: string };
type Failure = { isError: true; error: { code: string; message: string; path?: string } };

const paths = (r: Result) => r.results.map((h) => h.path).sort();

describe('Obsidian search operators', () => {
  it('file: matches the title, path: the path, content: the text; the word is still marked', async () => {
    const engine = await engineWith(NOTES);
    const file = ok((await engine.call('search', { query: 'file:Canvas', mode: 'text' })) as unknown as Result);
    expect(paths(file)).toEqual(['Plugins/Canvas.md']);
    const path = ok((await engine.call('search', { query: 'path:canvas', mode: 'text' })) as unknown as Result);
    expect(paths(path)).toEqual(['Canvas/Overview.md', 'Plugins/Canvas.md']);
    const phrase = ok((await engine.call('search', { query: 'file:"web viewer"', mode: 'text' })) as unknown as Result);
    expect(paths(phrase)).toEqual(['Plugins/Web viewer.md']);
    const content = ok((await engine.call('search', { query: 'content:viewer', mode: 'text' })) as unknown as Result);
    expect(paths(content)).toEqual(['Plugins/Web viewer.md']);
    // content:'s words rank and are marked; file: and path: match parts of names, which are no words of the text.
    expect(content.results[0].snippet).toContain('[viewer]');
    const part = ok((await engine.call('search', { query: 'file:anva path:ugins/', mode: 'text' })) as unknown as Result);
    expect(paths(part)).toEqual(['Plugins/Canvas.md']);
    // Either of two, joined by OR, as in Obsidian.
    const either = ok((await engine.call('search', { query: 'file:canvas OR file:"web viewer"', mode: 'text' })) as unknown as Result);
    expect(paths(either)).toEqual(['Plugins/Canvas.md', 'Plugins/Web viewer.md']);
    // Negated: the notes whose title holds it are left out.
    const not = ok((await engine.call('search', { query: 'canvas -file:canvas', mode: 'text' })) as unknown as Result);
    expect(paths(not)).toEqual(['Canvas/Overview.md', 'Files/Accepted formats.md', 'Plugins/Web viewer.md']);
    expect(not.notice).toBeUndefined();
  });

  it('an unsupported operator searches its words and says so', async () => {
    const engine = await engineWith(NOTES);
    const r = ok((await engine.call('search', { query: 'line:boards', mode: 'text' })) as unknown as Result);
    expect(paths(r)).toEqual(['Canvas/Overview.md']);
    expect(r.notice_code).toBe('query_operator_unsupported');
    expect(r.notice).toContain('line:');
    expect(r.notice).toContain('boards');
  });

  it('leaves other colons as text', async () => {
    const engine = await engineWith(NOTES);
    const r = ok((await engine.call('search', { query: '12:30', mode: 'text' })) as unknown as Result);
    expect(paths(r)).toEqual(['Files/Accepted formats.md']);
    expect(r.notice).toBeUndefined();
    expect(takeOperators('see http://x.org note:a "file:b"').text).toBe('see http://x.org note:a "file:b"');
    expect(takeOperators('file:(a b) -path:c line:"d e"')).toMatchObject({ text: '"d e"', unsupported: [{ operator: 'line:', words: 'd e' }] });
    // An OR beside an operator is never left dangling in the text.
    expect(takeOperators('file:alpha OR two')).toMatchObject({ text: 'two', plain: 'two' });
    expect(takeOperators('two OR file:alpha')).toMatchObject({ text: 'two', plain: 'two' });
  });
});

describe('exclusions', () => {
  it('an excluded Japanese word leaves out every note its inclusion finds (okurigana stem)', async () => {
    const engine = await engineWith(NOTES);
    const found = ok((await engine.call('search', { query: '埋め込み', mode: 'text' })) as unknown as Result);
    expect(paths(found)).toEqual(['ja/ウェブビューアー.md']);
    const r = ok((await engine.call('search', { query: 'Webビューアー -埋め込み', mode: 'text', path_prefix: 'ja/' })) as unknown as Result);
    expect(paths(r)).toEqual(['ja/ブラウザ.md']);
    // A hiragana spelling excludes the katakana word (here in the file name) as it finds it.
    expect(paths(ok((await engine.call('search', { query: 'うぇぶびゅーあー', mode: 'text' })) as unknown as Result))).toEqual(['ja/ウェブビューアー.md']);
    const kana = ok((await engine.call('search', { query: 'Webビューアー -うぇぶびゅーあー', mode: 'text', path_prefix: 'ja/' })) as unknown as Result);
    expect(paths(kana)).toEqual(['ja/ブラウザ.md']);
  });

  it('a word both asked for and excluded is excluded, and the notice says so', async () => {
    const engine = await engineWith(NOTES);
    for (const query of ['canvas -canvas', '-canvas canvas']) {
      const r = ok((await engine.call('search', { query, mode: 'text' })) as unknown as Result);
      expect(r.total).toBe(0);
      expect(r.notice_code).toBe('query_contradiction');
      expect(r.notice).toContain('"canvas"');
    }
  });
});

describe('scope arguments naming nothing', () => {
  it('an unknown folder or path_prefix is not_found, naming the folders there are', async () => {
    const engine = await engineWith(NOTES);
    const folder = (await engine.call('search', { query: 'canvas', folder: 'nope' })) as unknown as Failure;
    expect(folder.error).toMatchObject({ code: 'not_found', path: 'folder' });
    expect(folder.error.message).toContain('"Plugins"');
    const prefix = (await engine.call('search', { query: 'canvas', path_prefix: 'Plugin/' })) as unknown as Failure;
    expect(prefix.error).toMatchObject({ code: 'not_found', path: 'path_prefix' });
    expect(prefix.error.message).toMatch(/"Plugins\/", /);
    // A folder that exists still answers, even with nothing matching in it.
    expect(ok((await engine.call('search', { query: 'zanzibar', folder: 'Plugins', mode: 'text' })) as unknown as Result).total).toBe(0);
    expect(ok((await engine.call('search', { query: 'canvas', path_prefix: 'Plugins/', mode: 'text' })) as unknown as Result).total).toBe(2);
  });
  it('a folder holding only notes hidden from the viewer is not_found too, and is not named', async () => {
    const engine = await engineWith({
      'data/users/bob/notes/secret/plan.md': '---\ntitle: Plan\nteam: shared\nvisibility: private\n---\nThe anemometer plan.\n',
      'data/users/bob/notes/open/note.md': '---\ntitle: Open\nteam: shared\nvisibility: public\n---\nThe anemometer note.\n',
    });
    ok(await engine.call('set_identity', { user: 'carol', orgs: [] }));
    const r = (await engine.call('search', { query: 'anemometer', path_prefix: 'data/users/bob/notes/secret/' })) as unknown as Failure;
    expect(r.error).toMatchObject({ code: 'not_found', path: 'path_prefix' });
    expect(r.error.message.split('Folders in')[1]).not.toContain('secret');
    expect(r.error.message).toContain('"data/users/bob/notes/open/"');
  });
});

describe('shown scores', () => {
  it('hits of a one-word or one-phrase query hold every word: 1 to 2', async () => {
    const engine = await engineWith(NOTES);
    for (const query of ['canvas', 'boards', '"web viewer"']) {
      const r = ok((await engine.call('search', { query, mode: 'text' })) as unknown as Result);
      expect(r.total).toBeGreaterThan(0);
      for (const h of r.results) {
        expect(h.score).toBeGreaterThanOrEqual(1);
        expect(h.score).toBeLessThanOrEqual(2);
      }
    }
    // Fuzzy hits do not hold the word as typed: below 1, after the exact ones.
    const fuzzy = ok((await engine.call('search', { query: 'viewers', mode: 'text', fuzzy: true })) as unknown as { results: (Hit & { fuzzy?: true })[] });
    expect(fuzzy.results.map((h) => [h.path, h.score >= 1, h.fuzzy ?? false])).toEqual([['Plugins/Web viewer.md', true, false]]);
    const near = ok((await engine.call('search', { query: 'bords', mode: 'text', fuzzy: true })) as unknown as { results: (Hit & { fuzzy?: true })[] });
    expect(near.results.map((h) => [h.path, h.score < 1, h.fuzzy])).toEqual([['Canvas/Overview.md', true, true]]);
    // Two words: only the hits holding both score from 1.
    const two = ok((await engine.call('search', { query: 'viewer boards', mode: 'text' })) as unknown as Result);
    expect(two.total).toBe(2);
    expect(two.results.filter((h) => h.score >= 1).map((h) => h.path)).toEqual([]);
  });
});

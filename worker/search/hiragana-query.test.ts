// A query typed in hiragana (the help vault: ぷらぐいん, ほっときー): the
// dictionary cut it into single kana that every Japanese note holds, so it
// listed them all, marking lone い and ぐ. Each run now stays one word, and
// its katakana spelling is searched beside it.
import { describe, expect, it } from 'vitest';
import { engineWith, ok } from '../test/make-engine';
import { katakanaSpelling, okuriganaStem, segmentWords } from '../text/segment';

const NOTES = {
  'plugins.md': '# プラグイン\n\nコアプラグインはアプリに含まれています。',
  'hotkeys.md': '# ホットキー\n\nホットキーを設定します。',
  'kana.md': '# かな\n\nいろはにほへと、ぐらいならぷんといい。らくがきをしました。',
  'sync.md': '# 同期\n\n同期できないときは設定を確認します。',
};

type Result = { results: { path: string; snippet: string }[]; total: number };

describe('hiragana queries', () => {
  it('keep each run whole and add its katakana spelling', () => {
    expect(segmentWords('ぷらぐいん').words).toEqual(['ぷらぐいん']);
    expect(segmentWords('ありがとう ございます').words).toEqual(['ありがとう', 'ございます']);
    expect(katakanaSpelling('ぷらぐいん')).toBe('プラグイン');
    expect(katakanaSpelling('ほっときー')).toBe('ホットキー');
    expect(katakanaSpelling('プラグイン')).toBeNull();
    expect(katakanaSpelling('は')).toBeNull();
  });

  it('find the katakana word, not every note holding the kana', async () => {
    const engine = await engineWith(NOTES);
    for (const [query, path, mark] of [['ぷらぐいん', 'plugins.md', '[プラグイン]'], ['ほっときー', 'hotkeys.md', '[ホットキー]']]) {
      const r = ok((await engine.call('search', { query, mode: 'text' })) as unknown as Result);
      expect(r.results.map((h) => h.path)).toEqual([path]);
      expect(r.results[0].snippet).toContain(mark);
    }
  });

  it('neither mark nor select by function words (できない cut into でき|ない marked でき in every hit)', async () => {
    const engine = await engineWith({ ...NOTES, 'check.md': '# 確認\n\n設定を確認できます。', 'how.md': '# 同期の方法\n\nデバイス間で同期できます。' });
    const r = ok((await engine.call('search', { query: '同期できないときは', mode: 'text' })) as unknown as Result);
    expect(r.results.map((h) => h.path)).toEqual(['sync.md', 'how.md']);
    for (const h of r.results) expect(h.snippet).not.toContain('[でき]');
  });
});

describe('words with okurigana', () => {
  it('stay whole and are searched by their stem (ICU cut 埋め込み into 埋|め|込み and the lone 埋 was marked)', () => {
    expect(segmentWords('埋め込み').words).toEqual(['埋め込み']);
    expect(segmentWords('本の表紙').words).toEqual(['本', '表紙']);
    expect(okuriganaStem('埋め込み')).toBe('埋め込');
    expect(okuriganaStem('取り消し')).toBe('取り消');
    for (const w of ['設定', '新しい', 'まとめ', '使い方']) expect(okuriganaStem(w)).toBeNull();
  });

  it('find every form of the word and mark it, not a lone kanji', async () => {
    const engine = await engineWith({
      'embed.md': '# ページ\n\nウェブページをノートに埋め込むには、リンクを追加します。',
      'buried.md': '# 宝\n\n宝は地中に埋蔵されていた。',
      'cancel.md': '# 注文\n\n注文を取り消す手順。',
    });
    const r = ok((await engine.call('search', { query: '埋め込み', mode: 'text' })) as unknown as Result);
    expect(r.results.map((h) => h.path)).toEqual(['embed.md']);
    expect(r.results[0].snippet).toContain('[埋め込]む');
    const c = ok((await engine.call('search', { query: '取り消し', mode: 'text' })) as unknown as Result);
    expect(c.results.map((h) => h.path)).toEqual(['cancel.md']);
  });
});

import { describe, expect, it } from 'vitest';
import { cjkQueryTokens, cjkTokens, indexText } from './index-text';
import { segmentWords } from './segment';

describe('indexText', () => {
  it('rewrites CJK runs as bigrams plus the last character and splits scripts', () => {
    expect(indexText('検索エンジンの設計').split(/\s+/).filter(Boolean)).toEqual(['検索', '索エ', 'エン', 'ンジ', 'ジン', 'ンの', 'の設', '設計', '計']);
    expect(indexText('OAuth認証').split(/\s+/).filter(Boolean)).toEqual(['oauth', '認証', '証']);
  });

  it('normalises width, compatibility forms and case', () => {
    expect(indexText('ＡＢＣ ｶﾀｶﾅ').split(/\s+/).filter(Boolean)).toEqual(['abc', 'カタ', 'タカ', 'カナ', 'ナ']);
    expect(indexText('㍿').split(/\s+/).filter(Boolean)).toEqual(['株式', '式会', '会社', '社']);
  });

  it('takes bigrams across one space inside a CJK compound, not across line breaks or Latin words', () => {
    expect(cjkTokens('マスター プラン')).toEqual(['マス', 'スタ', 'ター', 'ープ', 'プラ', 'ラン', 'ン']);
    expect(indexText('マスター\nプラン').split(/\s+/).filter(Boolean)).toEqual(['マス', 'スタ', 'ター', 'ー', 'プラ', 'ラン', 'ン']);
    expect(indexText('設定 ok 画面').split(/\s+/).filter(Boolean)).toEqual(['設定', '定', 'ok', '画面', '面']);
  });

  it('queries a run as its bigrams and a single character as a prefix', () => {
    expect(cjkQueryTokens('設計')).toEqual({ tokens: ['設計'], prefix: false });
    expect(cjkQueryTokens('猫')).toEqual({ tokens: ['猫'], prefix: true });
  });
});

describe('segmentWords (queries typed without spaces)', () => {
  it('splits into content words, drops particles and keeps hiragana words soft', () => {
    expect(segmentWords('検索エンジンの設計について')).toEqual({ words: ['検索', 'エンジン', '設計'], soft: [] });
    expect(segmentWords('行をまとめる')).toEqual({ words: ['行'], soft: ['まとめる'] });
  });

  it('joins single kanji to their neighbours and keeps katakana compounds whole', () => {
    expect(segmentWords('仕入先請求書の承認').words).toEqual(['仕入先', '請求書', '承認']);
    expect(segmentWords('チャネルナビゲーション階層').words).toEqual(['チャネルナビゲーション', '階層']);
  });

  it('returns hiragana-only text whole', () => {
    expect(segmentWords('ねこ')).toEqual({ words: ['ねこ'], soft: [] });
  });
});

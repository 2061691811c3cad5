import { describe, expect, it } from 'vitest';
import { makeSnippet } from './snippet';
import { markTerms, queryMatches } from './note-marks';

const marked = (query: string, text: string) => queryMatches(query, text).map(([s, e]) => text.slice(s, e));

describe('queryMatches: what an opened note marks', () => {
  it('marks inflections as the Porter index matched them (settings, setting and set share a stem), whatever the case', () => {
    expect(marked('settings', 'Open Settings. One setting, many settings; set it, unsettled, setup.')).toEqual(['Settings', 'setting', 'settings', 'set']);
  });

  it('folds width, accents and voicing marks, with offsets in the text as written', () => {
    expect(marked('カタカナ', 'これはｶﾀｶﾅです')).toEqual(['ｶﾀｶﾅ']);
    expect(marked('ガイド', 'ｶﾞｲﾄﾞを読む、ガイドも')).toEqual(['ｶﾞｲﾄﾞ', 'ガイド']);
    expect(marked('cafe', 'Un café, deux CAFÉS')).toEqual(['café', 'CAFÉS']);
  });

  it('finds Japanese words inside sentences', () => {
    expect(marked('検索', 'ノートを検索する。全文検索')).toEqual(['検索', '検索']);
  });

  it('leaves stop words and tag: tokens out, as snippets do', () => {
    expect(markTerms('the settings tag:help').map((t) => t.text)).toEqual(['settings']);
    expect(marked('the settings', 'the settings of the app')).toEqual(['settings']);
    expect(marked('', 'anything')).toEqual([]);
  });

  it('marks the words the hit snippet marks', () => {
    const text = 'Callouts can be folded. A foldable callout starts folded; folding keeps the 検索結果 tidy.';
    for (const query of ['callouts folding', '検索', 'fold*']) {
      const snippet = makeSnippet(text, markTerms(query), { open: '<<', close: '>>', length: 400 });
      const fromSnippet = [...snippet.matchAll(/<<(.*?)>>/g)].map((m) => m[1]);
      expect(marked(query, text)).toEqual(fromSnippet);
    }
  });
});

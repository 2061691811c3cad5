import { describe, expect, it } from 'vitest';
import { makeSnippet, type HighlightTerm } from './snippet';
import { render } from './snippet-render';

const words = (...ws: string[]): HighlightTerm[] => ws.map((text) => ({ text, prefix: false }));

describe('makeSnippet', () => {
  it('marks every matched word with the markers given', () => {
    expect(makeSnippet('The auth design review.', words('auth', 'design'))).toBe('The [auth] [design] review.');
    expect(makeSnippet('The auth design review.', words('auth'), { open: '\u0002', close: '\u0003' })).toBe('The \u0002auth\u0003 design review.');
  });

  it('keeps the spaces between words with empty markers, and a bracket in the text', () => {
    expect(makeSnippet('The auth design review.', words('auth'), { open: '', close: '' })).toBe('The auth design review.');
    expect(makeSnippet('a [ b auth', words('auth'))).toBe('a [ b [auth]');
  });

  it('ends a Latin word where Japanese text begins, as the index does (the help vault: "keep" marked "Keepからノートを簡単に移行できます" whole)', () => {
    expect(makeSnippet('Google Keepからノートを簡単に移行できます。', words('keep'))).toBe('Google [Keep]からノートを簡単に移行できます。');
    expect(makeSnippet('Evernoteのエクスポート形式', words('evernote'))).toBe('[Evernote]のエクスポート形式');
    expect(makeSnippet('認証OAuthを使う', words('oauth'))).toBe('認証[OAuth]を使う');
    expect(makeSnippet('OAuth認証の設計', words('OAuth認証'))).toBe('[OAuth認証]の設計');
  });

  it('marks whole words only, and inflections the porter index matched', () => {
    expect(makeSnippet('models and modelling; a remodel; modest', words('model'))).toBe('[models] and [modelling]; a remodel; modest');
    expect(makeSnippet('Happiness is a happy thing, not happening.', words('happy'))).toBe('[Happiness] is a [happy] thing, not happening.');
  });

  it('marks the whole word for a prefix query', () => {
    expect(makeSnippet('Authentication and authorization.', [{ text: 'auth', prefix: true }])).toBe('[Authentication] and [authorization].');
  });

  it('marks a phrase across punctuation and line breaks as one match', () => {
    expect(makeSnippet('token-\nrefresh flow', words('token refresh'))).toBe('[token- refresh] flow');
  });

  it('matches across case, width and accents but shows the text as written', () => {
    expect(makeSnippet('ＯＡｕｔｈ２ and Café', words('oauth2', 'cafe'))).toBe('[ＯＡｕｔｈ２] and [Café]');
    expect(makeSnippet('ｶﾀｶﾅ表記', words('カタカナ'))).toBe('[ｶﾀｶﾅ]表記');
  });

  it('finds Japanese words in the middle of sentences', () => {
    expect(makeSnippet('検索エンジンの設計について説明します。', words('設計'))).toBe('検索エンジンの[設計]について説明します。');
    expect(makeSnippet('黒い猫が座っている。', words('猫'))).toBe('黒い[猫]が座っている。');
  });

  it('keeps offsets right after characters whose normal form is longer or shorter', () => {
    // … → "...", ㍿ → 株式会社, ｶﾞ → ガ: all before the match.
    expect(makeSnippet('a…b ㍿ ｶﾞ then the target word', words('target'))).toBe('a…b ㍿ ｶﾞ then the [target] word');
  });

  it('cuts a window around the densest cluster of distinct words, on word boundaries', () => {
    const filler = 'lorem ipsum dolor sit amet '.repeat(40);
    const text = `alpha ${filler} alpha beta gamma together ${filler}`;
    const s = makeSnippet(text, words('alpha', 'beta', 'gamma'), { length: 80 });
    expect(s.startsWith('…')).toBe(true);
    expect(s.endsWith('…')).toBe(true);
    expect(s).toContain('[alpha] [beta] [gamma] together');
    expect(s.replace(/^…/, '')).toMatch(/^\S/);
  });

  it('drops Markdown markup but keeps link text', () => {
    const s = makeSnippet('## Heading\n\nSee **[[Auth Design|the design]]** and [docs](http://x.test) for `auth`.', words('design', 'auth'));
    expect(s).toBe('Heading See the [design] and docs for [auth].');
  });

  it('hides Obsidian comments, callout markers, highlight marks and block ids', () => {
    const s = makeSnippet('> [!info]- Setup notes\n> > [!tip] Nested\n> Install the ==plugin== first. ^step1\n\nText %%a private plugin remark%% after.', words('plugin'));
    expect(s).toBe('Setup notes Nested Install the [plugin] first. Text after.');
    // A match only inside a comment is not where the snippet goes, nor shown.
    const c = makeSnippet(`${'Lead words here. '.repeat(30)}%%secret plugin%%\n${'Tail words. '.repeat(30)}plugin end`, words('plugin'), { requireHit: true });
    expect(c).toContain('[plugin] end');
    expect(c).not.toContain('secret');
    expect(makeSnippet('Only %%hidden plugin%% here', words('plugin'), { requireHit: true })).toBeNull();
    // An unclosed comment hides the rest of the note.
    expect(makeSnippet('Visible start. %% hidden to the end', words('start'))).toBe('Visible [start].');
  });

  it('shows a table as its cells, without the delimiter row or border pipes (the help vault: "|Undo|Cmd+Z| |---|---| |Move down|j|")', () => {
    const table = 'Keys:\n\n| Action | Hotkey |\n|---|:--:|\n|Undo|`Cmd+Z`|\n| Move down | j |\n|  | empty |\n| Pipe \\| kept | x |\n\nAfter.';
    expect(makeSnippet(table, words('undo'))).toBe('Keys: Action | Hotkey [Undo] | Cmd+Z Move down | j empty Pipe | kept | x After.');
    // A pipe elsewhere in a line is text.
    expect(makeSnippet('Use {{date|date:"YYYY"}} here.', words('date'))).toBe('Use {{[date]|[date]:"YYYY"}} here.');
  });

  it('drops a heading\'s marks when the snippet ends just after them (it showed "… |Step number 5|k5| ##…")', () => {
    const rows = Array.from({ length: 6 }, (_, i) => `|Step number ${i}|\`k${i}\`|`).join('\n');
    const s = makeSnippet(`Intro line .\n\n### Vim keys\n\n${rows}\n\n## Next part\n\nThe next part is written in plain words.`, words('vim'), { length: 120 });
    expect(s).toBe('Intro line . [Vim] keys Step number 0 | k0 Step number 1 | k1 Step number 2 | k2 Step number 3 | k3 Step number 4 | k4 Step number 5 | k5…');
  });

  it('drops a link\'s brackets when the snippet ends just after its text (it showed "[OneDrive]")', () => {
    const raw = `Limits on phones.\n\n[OneDrive](https://example.test/${'a'.repeat(120)}) stores files.`;
    const end = raw.indexOf('](') + 1;
    expect(render(raw, 0, end, [], '<', '>', 200).text).toBe('Limits on phones. OneDrive');
    // Cut inside the URL, or right after the text's "[": the same.
    expect(render(raw, 0, end + 10, [], '<', '>', 200).text).toBe('Limits on phones. OneDrive');
    expect(render(raw, 0, raw.indexOf('[') + 1, [], '<', '>', 200).text).toBe('Limits on phones.');
  });

  it('drops a link\'s URL that the text ends inside, and backslash escapes (the help vault: "…と[クイックリファレンス]](https://math…", "Use \\[\\[Wikilinks\\]\\]")', () => {
    // A long note's window (hits.ts locateInNote) can end inside a URL.
    const window = '構文の詳細については、[MathJaxの手引きとクイックリファレンス](https://example.test/questions/5020/mathjax-basic-tutorial-and-qui';
    expect(makeSnippet(window, words('クイックリファレンス'), { open: '<', close: '>' })).toBe('構文の詳細については、MathJaxの手引きと<クイックリファレンス>');
    expect(makeSnippet('Under Files and links, turn off Use \\[\\[Wikilinks\\]\\] and a\\*b.', words('wikilinks'), { open: '<', close: '>' })).toBe('Under Files and links, turn off Use [[<Wikilinks>]] and a*b.');
    // In a code span a backslash is text; so is one before a letter (a Windows path).
    expect(makeSnippet('Add a `\\` before the bar, as in `a\\|b` or `/^https:\\/\\/x\\.y/`.', words('bar'))).toBe('Add a \\ before the [bar], as in a\\|b or /^https:\\/\\/x\\.y/.');
    // A backslash before a letter is text (a Windows path).
    expect(makeSnippet('Saved in C:\\Users\\notes today.', words('saved'))).toBe('[Saved] in C:\\Users\\notes today.');
  });

  it('never cuts a match at the snippet\'s end (Japanese has no space to end on: "…のような[ネ]…")', () => {
    const text = `ネストした札の説明です。${'あ'.repeat(15)}札の名前に斜線を使う。例えば受信箱のようなネストした札。${'い'.repeat(300)}`;
    expect(makeSnippet(text, words('ネスト'), { length: 40 })).toMatch(/のような\[ネスト\]…$/);
  });

  it('starts without "…" when only a heading\'s mark comes before the window (a trial saw "…Anemometer ANEMOMETER (from Gr.")', () => {
    const text = `# Anemometer\n\nANEMOMETER (from the two old Greek words for the wind and for a measure), an instrument for measuring either the velocity or the pressure of the wind.${' Further text about other weather matters goes on here.'.repeat(8)}`;
    const terms = [{ text: 'wind', prefix: false }, { text: 'measur', prefix: true }, { text: 'instrument', prefix: false }];
    // The first match is far enough in for the window to start just after the heading's "# ".
    expect(text.indexOf('wind')).toBeGreaterThan(52);
    expect(makeSnippet(text, terms)).toMatch(/^Anemometer ANEMOMETER/);
  });

  it('starts at the beginning when nothing matches and stays bounded for huge notes', () => {
    expect(makeSnippet('Plain first line.\nSecond.', words('absent'))).toBe('Plain first line. Second.');
    const huge = 'x '.repeat(400_000) + 'needle';
    const s = makeSnippet(huge, words('needle'));
    expect(s.length).toBeLessThan(300);
  });
});

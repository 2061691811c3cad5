import { JSDOM } from 'jsdom';
import { describe, expect, it } from 'vitest';
import { clearMarks, QUERY_MARK_CLASS, readText, wrapMatches } from './query-marks';

const body = (html: string) => {
  const doc = new JSDOM(`<!doctype html><div id="b">${html}</div>`).window.document;
  return doc.getElementById('b')!;
};
/** The ranges of each word in the text, as the engine's queryMatches would give them. */
const spans = (text: string, ...words: string[]) =>
  words.map((w) => [text.indexOf(w), text.indexOf(w) + w.length] as [number, number]).sort((a, b) => a[0] - b[0]);

describe('query marks in the rendered note', () => {
  it('reads the text with a line break between blocks, not inside a line', () => {
    const root = body('<h2>Fold</h2><p>A <em>fold</em>able <a href="x">link</a><br>next</p><ul><li>one</li><li>two</li></ul>');
    expect(readText(root).text).toBe('Fold\nA foldable link\nnext\none\ntwo');
  });

  it('leaves embedded notes and files out', () => {
    const root = body('<p>mine <span class="md-embed" data-embed="X"><a>X</a></span> <img data-attachment="a.png"></p><div class="md-embed-body"><p>theirs</p></div>');
    expect(readText(root).text.trim()).toBe('mine');
  });

  it('wraps only text, inside links and code, keeping the elements around it', () => {
    const root = body('<p>See <a href="https://e.x/settings" data-wikilink="Settings">Settings</a> and <code>setting = 1</code>.</p>');
    const runs = readText(root);
    const marks = wrapMatches(runs, spans(runs.text, 'Settings', 'setting'));
    expect(marks.map((m) => m.textContent)).toEqual(['Settings', 'setting']);
    expect(root.innerHTML).toBe(
      `<p>See <a href="https://e.x/settings" data-wikilink="Settings"><mark class="${QUERY_MARK_CLASS}">Settings</mark></a> and <code><mark class="${QUERY_MARK_CLASS}">setting</mark> = 1</code>.</p>`,
    );
  });

  it('marks several words of one text node, and a word split across two', () => {
    const root = body('<p>カタカナとｶﾀｶﾅ、set<em>ting</em>s</p>');
    const runs = readText(root);
    const marks = wrapMatches(runs, spans(runs.text, 'カタカナ', 'ｶﾀｶﾅ', 'settings'));
    expect(marks.map((m) => m.textContent)).toEqual(['カタカナ', 'ｶﾀｶﾅ', 'set', 'ting', 's']);
    expect(root.textContent).toBe('カタカナとｶﾀｶﾅ、settings');
  });

  it('never parses the text as HTML', () => {
    const root = body('<p>&lt;img src=x onerror=alert(1)&gt; settings</p>');
    const runs = readText(root);
    wrapMatches(runs, spans(runs.text, '<img', 'settings'));
    expect(root.querySelector('img')).toBeNull();
    expect(root.querySelectorAll('mark')).toHaveLength(2);
  });

  it('takes the marks out again, leaving the text as it was', () => {
    const html = '<p>A <a href="#">settings</a> page, settings.</p>';
    const root = body(html);
    const runs = readText(root);
    wrapMatches(runs, [[2, 10], [17, 25]]);
    expect(root.querySelectorAll('mark')).toHaveLength(2);
    clearMarks(root);
    expect(root.innerHTML).toBe(html);
    expect(root.querySelector('p')!.childNodes).toHaveLength(3);
  });
});

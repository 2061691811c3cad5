// A snippet shows why a note matched: the query's rarest word where the note
// holds it, not the window with most of its commonest ones. Obsidian's help
// vault in Japanese: "フォントサイズを変更する" ranked 設定.md first for
// フォントサイズ, but its snippet showed 変更 and する in the note's opening
// (変更履歴, "changelog"), as a long note's snippet came from its first 4,000
// characters whenever they held any query word. Real engine, real SQLite.
import { beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { Engine } from '../engine';
import { engineWith, ok } from '../test/make-engine';
import { highlighter, makeSnippet } from './snippet';

const filler = (n: number) => Array.from({ length: n }, (_, i) => `lorem${i % 7}`).join(' ');
const jaFiller = (n: number) => 'これは設定の説明の文章です。'.repeat(n);

let engine: Engine;
beforeAll(async () => {
  const files: Record<string, string> = {
    // Long: the common words in the head, the rare one past 4,000 characters.
    'ja/settings.md': `---\ntitle: 設定\n---\n設定を変更するには再起動する必要があります。${jaFiller(400)}\n\n## フォントサイズ\n\nフォントサイズはピクセル単位です。\n`,
    'en/settings.md': `---\ntitle: Settings\n---\nThe command line and the keyboard are described here. ${filler(900)} Open the command palette to run anything. ${filler(30)}\n`,
  };
  // The common words are common: many notes hold them.
  for (let i = 0; i < 12; i++) {
    files[`ja/other${i}.md`] = `---\ntitle: 他${i}\n---\n項目${i}を変更します。\n`;
    files[`en/other${i}.md`] = `---\ntitle: Other ${i}\n---\nA command ${i} and a keyboard ${i}.\n`;
  }
  engine = await engineWith(files, 'rare');
});

async function snippetOf(query: string, path: string): Promise<string> {
  const r = ok(await engine.call('search', { query, mode: 'text', limit: 20, snippet_markers: ['<b>', '</b>'] })) as { results: { path: string; snippet: string }[] };
  const hit = r.results.find((h) => h.path === path);
  expect(hit, `${path} among the hits for "${query}"`).toBeDefined();
  return hit!.snippet;
}

describe("a long note's snippet shows the query's rarest word", () => {
  it('Japanese: フォントサイズ further in, not 変更 in the opening', async () => {
    const s = await snippetOf('フォントサイズを変更する', 'ja/settings.md');
    expect(s).toContain('<b>フォントサイズ</b>');
  });

  it('English: "palette" further in, not "command" and "keyboard" in the opening', async () => {
    const s = await snippetOf('keyboard command palette', 'en/settings.md');
    expect(s).toContain('<b>command</b> <b>palette</b>');
  });

  it('keeps the opening when the rare word is not in the note', async () => {
    const s = await snippetOf('keyboard command xylograph', 'en/settings.md');
    expect(s.startsWith('The <b>command</b> line and the <b>keyboard</b>')).toBe(true);
  });
});

describe('a window weighs its words by their rarity', () => {
  const text = `Many common words here: common words and more common words. ${'x '.repeat(200)} One rare word.`;

  it('without weights, the window with more distinct words wins', () => {
    const hl = highlighter([{ text: 'common', prefix: false }, { text: 'words', prefix: false }, { text: 'rare', prefix: false }]);
    expect(makeSnippet(text, hl, { length: 60 })).toContain('[common] [words]');
  });

  it('with weights, the rare word wins over two common ones', () => {
    const hl = highlighter([{ text: 'common', prefix: false }, { text: 'words', prefix: false }, { text: 'rare', prefix: false }]);
    hl.weights = [0.5, 0.5, 3];
    const s = makeSnippet(text, hl, { length: 60 });
    expect(s).toContain('[rare]');
    expect(s).not.toContain('[common]');
  });
});

describe('the weighted window, on any text', () => {
  const WORDS = ['alpha', 'beta', 'gamma', 'delta'];
  const LENGTH = 60;

  it('is a window of the most weight any window starting at a match holds', () => {
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom(...WORDS, 'zz', 'yy', 'xx'), { minLength: 1, maxLength: 120 }),
        fc.array(fc.double({ min: 0.01, max: 10, noNaN: true }), { minLength: WORDS.length, maxLength: WORDS.length }),
        (words, weights) => {
          const text = words.join(' ');
          const hl = highlighter(WORDS.map((w) => ({ text: w, prefix: false })));
          hl.weights = weights;
          const weighed = { weight: -1 };
          makeSnippet(text, hl, { length: LENGTH, weighed });
          // Brute force: every match starts a window holding the matches that end within LENGTH of it.
          const hits: { start: number; end: number; term: number }[] = [];
          let at = 0;
          for (const w of words) {
            const term = WORDS.indexOf(w);
            if (term >= 0) hits.push({ start: at, end: at + w.length, term });
            at += w.length + 1;
          }
          let best = 0;
          for (const h of hits) {
            const terms = new Set(hits.filter((o) => o.start >= h.start && o.end <= h.start + LENGTH).map((o) => o.term));
            best = Math.max(best, [...terms].reduce((sum, t) => sum + weights[t], 0));
          }
          expect(weighed.weight).toBeCloseTo(best, 9);
        },
      ),
      { numRuns: 300 },
    );
  });
});

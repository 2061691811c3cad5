// A filter-only search shows each note's opening as its snippet, cut from a
// short lead of the body instead of the 4,000-character head: the snippets
// must be exactly the head's (real engine, real SQLite, real snippet code).
import { beforeAll, describe, expect, it } from 'vitest';
import type { Engine } from '../engine';
import { engineWith, ok } from '../test/make-engine';
import { makeSnippet } from './snippet';

const filler = (n: number, word = 'lorem') => Array.from({ length: n }, (_, i) => `${word}${i % 7}`).join(' ');
// Greek letters with three combining marks each: NFKC folds four characters into one.
const greek = 'α\u0313\u0301\u0345'.repeat(400);
const BODIES: Record<string, string> = {
  short: 'A short note about nothing much.',
  medium: filler(400),
  long: filler(1500),
  'comment-across-lead': `${filler(30)} %%hidden ${filler(200)} still hidden%% ${filler(50)}`,
  'comment-unclosed': `${filler(20)} %%never closed ${filler(400)}`,
  markup: `> [!note] Callout\n> ${'[[Some long target name|alias]] **bold** ==mark== [link](https://example.com/a/very/long/path/that/goes/on) '.repeat(30)}`,
  greek: `${greek} ${filler(300)}`,
  kana: 'ｶﾞｷﾞｸﾞｹﾞｺﾞ'.repeat(300),
  'one-long-word': 'x'.repeat(5000),
  headings: `# Title\n\n## Section\n\n${filler(10)}\n\n\`\`\`js\nconst x = 1;\n\`\`\`\n${filler(600)}`,
  'quote-start': `> ${filler(500)}`,
};

let engine: Engine;
beforeAll(async () => {
  const files: Record<string, string> = {};
  for (const [name, body] of Object.entries(BODIES)) files[`o/${name}.md`] = `---\ntype: sample\n---\n${body}\n`;
  engine = await engineWith(files, 'open');
});

/** The snippet as hits were cut before: from the first 4,000 characters, marked as longer when the body is. */
function fromHead(body: string, markers: [string, string]): string {
  const head = body.slice(0, 4000);
  const opts = { open: markers[0], close: markers[1] };
  return body.length > 4000 ? makeSnippet(head, [], { ...opts, fullLength: 4001 }) : makeSnippet(head, [], opts);
}

describe('opening snippets of a filter-only search', () => {
  it('are the snippets cut from the head, for every kind of opening', async () => {
    for (const markers of [['[', ']'], ['<b>', '</b>']] as [string, string][]) {
      const r = ok(await engine.call('search', { filters: { type: 'sample' }, page_size: 100, snippet_markers: markers }));
      expect(r.total).toBe(Object.keys(BODIES).length);
      for (const hit of r.results) {
        const body = engine.db.get<{ body: string }>("SELECT c.body FROM contents c JOIN entries e ON e.id = c.entry_id WHERE e.path = ?", [hit.path])!.body;
        expect(body.length, hit.path).toBeGreaterThan(0);
        expect(hit.snippet, hit.path).toBe(fromHead(body, markers));
      }
    }
  });

  it('are refused from a lead the snippet would run past (the caller reads more)', () => {
    const body = BODIES.long;
    for (const n of [50, 200, 260, 400, 1000]) {
      const lead = body.slice(0, n);
      const cut = makeSnippet(lead, [], { within: true, fullLength: n + 1 });
      if (cut === null) expect(n).toBeLessThan(400);
      else expect(cut).toBe(makeSnippet(body, []));
    }
    expect(makeSnippet(body.slice(0, 50), [], { within: true })).toBeNull();
  });
});

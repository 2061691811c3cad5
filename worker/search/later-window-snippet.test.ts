// A long note whose first occurrence of a query word's letters is part of
// another word ("chang" of "change" in "changelog") and whose real match lies
// further than that occurrence's window: the snippet must show the real match
// (Obsidian's help vault: "change the font size" showed Settings.md's
// beginning with nothing marked, though the note has "Font size"). Real
// engine, real SQLite, real snippet code. And a Japanese word the note
// writes with a space inside ("カタログ ピッカー"): the index and the snippet's
// pattern find it, so must the locating of its first occurrence.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Engine } from '../engine';
import { engineWith, ok } from '../test/make-engine';

const filler = (n: number) => Array.from({ length: n }, (_, i) => `lorem${i % 7}`).join(' ');
// About 7,000 characters: the occurrence's window (1,500 before it, 4,500 after) ends before what follows.
const far = filler(1_000);
const BODIES: Record<string, string> = {
  // The decoy in the head, the real words far past its window.
  'decoy-in-head': `See the changelog. ${far} Font size in pixels, and how to change it. ${filler(40)}`,
  // The head holds nothing; three decoys, each past the previous one's window, then the words.
  'decoys-apart': `${filler(600)} changelog ${far} exchanged ${far} changelog ${far} the font size ${filler(40)}`,
  // Japanese written with a space inside the word the query writes without one, past the head.
  'cjk-spaced': `${far} B2B サイトの カタログ ピッカー モジュール ${filler(40)}`,
  // Only decoys: the note's beginning, as before.
  'decoys-only': `${filler(600)} changelog ${far} exchanged ${filler(40)}`,
};

let engine: Engine;
beforeAll(async () => {
  const files: Record<string, string> = {};
  for (const [name, body] of Object.entries(BODIES)) files[`n/${name}.md`] = `---\ntitle: ${name} settings\n---\n${body}\n`;
  engine = await engineWith(files, 'later');
});

async function snippetOf(query: string, path: string): Promise<string> {
  const r = ok(await engine.call('search', { query, mode: 'text', limit: 10 })) as { results: { path: string; snippet: string }[] };
  const hit = r.results.find((h) => h.path === path);
  expect(hit, `${path} among the hits for "${query}"`).toBeDefined();
  return hit!.snippet;
}

describe('snippets of long notes whose first occurrence is inside another word', () => {
  it('shows the real match past the decoy in the head', async () => {
    const s = await snippetOf('change the font size', 'n/decoy-in-head.md');
    expect(s).toContain('[Font] [size]');
    expect(s.startsWith('…')).toBe(true);
  });

  it('looks past several decoys, each beyond the window of the one before', async () => {
    const s = await snippetOf('change the font size', 'n/decoys-apart.md');
    expect(s).toContain('[font] [size]');
  });

  it('finds a Japanese word past the head where the note puts a space inside it', async () => {
    const s = await snippetOf('カタログピッカー', 'n/cjk-spaced.md');
    expect(s).toContain('[カタログ ピッカー]');
  });

  it('shows the note\'s beginning when only decoys hold the letters', async () => {
    const s = await snippetOf('change settings', 'n/decoys-only.md');
    expect(s.startsWith('lorem0 lorem1')).toBe(true);
    expect(s).not.toContain('[chang');
  });
});

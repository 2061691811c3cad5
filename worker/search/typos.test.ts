// Typos through the search tool on a real engine: "did you mean" when nothing
// is found, and the fuzzy option, which lists near words after exact ones.
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Engine } from '../engine';
import { engineWith, ok } from '../test/make-engine';
import { QUERY_BOUNDS } from './query-syntax';
import { allowedEdits, sharedBigramFilter, typoDistance } from './typos';

type Hit = { path: string; fuzzy?: true; snippet: string };
type Result = { results: Hit[]; total: number; notice?: string; notice_code?: string; did_you_mean?: { query: string; corrections: { from: string; to: string }[] } };

let engine: Engine;
beforeAll(async () => {
  engine = await engineWith({
    'plugins/core.md': '# Core plugins\n\nEvery plugin can be turned off. Plugins live in settings.',
    'canvas.md': '# Canvas\n\nA canvas holds cards. Canvases are JSON files.',
    'typo.md': '# Notes\n\nThe pluggin here is misspelt on purpose.',
    'cats.md': '# Cats\n\nA cat sat.',
  });
});

const search = async (args: Record<string, unknown>) => ok(await engine.call('search', { mode: 'text', ...args })) as unknown as Result;

describe('did you mean', () => {
  it('offers the nearest words the vault holds, as written there, and a query to run', async () => {
    const r = await search({ query: 'plugn' });
    expect(r.total).toBe(0);
    expect(r.did_you_mean).toEqual({ query: 'plugin', corrections: [{ from: 'plugn', to: 'plugin' }] });
    expect((await search({ query: 'cnavas' })).did_you_mean?.query).toBe('canvas');
    const two = await search({ query: 'Cnavas -draft plugn' });
    expect(two.did_you_mean?.query).toBe('canvas -draft plugin');
    expect((await search({ query: two.did_you_mean!.query })).total).toBeGreaterThan(0);
  });

  it('looks up near words for the first two unknown words only (each reads a letter of the vocabulary)', async () => {
    // zzzzqqq has no near word but is looked up; plugn, the third unknown word, is not.
    const r = await search({ query: 'zzzzqqq cnavas plugn' });
    expect(r.total).toBe(0);
    expect(r.did_you_mean).toEqual({ query: 'zzzzqqq canvas plugn', corrections: [{ from: 'cnavas', to: 'canvas' }] });
  });

  // A user trial on Obsidian's help vault: "hotkyes" got no suggestion and "hotkes" got "hook" (stems: hotky, hotk; hotkei, hook).
  it('compares the words shown with the word typed, not only their stems', async () => {
    const vault = await engineWith({
      'Hotkeys.md': '# Hotkeys\n\nSet a hotkey for any command. Hotkeys are listed in settings.',
      'Other hotkeys.md': 'More hotkeys here.',
      'URI.md': '# Obsidian URI\n\nIntegrate with Hook.',
    });
    const mean = async (query: string) => (ok(await vault.call('search', { mode: 'text', query })) as unknown as Result).did_you_mean?.query;
    expect(await mean('hotkyes')).toBe('hotkeys');
    expect(await mean('hotkes')).toMatch(/^hotkeys?$/);
    expect(await mean('hoko')).toBe('hook');
    // fuzzy: true finds the notes of the word offered, after any exact match.
    const fuzzy = ok(await vault.call('search', { mode: 'text', query: 'hotkyes', fuzzy: true })) as unknown as Result;
    expect(fuzzy.results.map((r) => r.path).sort()).toEqual(['Hotkeys.md', 'Other hotkeys.md']);
    expect(fuzzy.results.every((r) => r.fuzzy)).toBe(true);
  });

  it('is absent when something is found, and never corrects words of 3 letters or fewer', async () => {
    expect((await search({ query: 'canvas' })).did_you_mean).toBeUndefined();
    const short = await search({ query: 'cst' });
    expect(short.total).toBe(0);
    expect(short.did_you_mean).toBeUndefined();
    expect((await search({ query: 'zzzzqqq' })).did_you_mean).toBeUndefined();
  });
});

describe('fuzzy', () => {
  it('is off by default: near words do not match', async () => {
    expect((await search({ query: 'plugin' })).results.map((h) => h.path)).toEqual(['plugins/core.md']);
  });

  it('lists notes with near words after every exact match, marked fuzzy, with the near word marked', async () => {
    const r = await search({ query: 'plugin', fuzzy: true });
    expect(r.results.map((h) => [h.path, h.fuzzy ?? false])).toEqual([['plugins/core.md', false], ['typo.md', true]]);
    expect(r.total).toBe(2);
    expect(r.results[1].snippet).toContain('[pluggin]');
    const typed = await search({ query: 'plugn', fuzzy: true });
    expect(typed.results.map((h) => h.path)).toEqual(['plugins/core.md']);
    expect(typed.results[0].fuzzy).toBe(true);
  });

  it('pages across the exact and the fuzzy notes without repeating', async () => {
    const pages = [];
    for (let page = 1; page <= 3; page++) pages.push(...(await search({ query: 'plugin', fuzzy: true, page_size: 1, page })).results.map((h) => h.path));
    expect(pages).toEqual(['plugins/core.md', 'typo.md']);
  });

  it('looks for near words of at most maxFuzzyWords words (one look-up each), and says which words matched only as written', async () => {
    // Four made-up words first: each costs a look-up of its letter's words and finds none; "plugn" is the fifth.
    const query = 'zzzzqqq yyyyqqq xxxxqqq wwwwqqq plugn';
    expect(QUERY_BOUNDS.maxFuzzyWords).toBe(4);
    const r = await search({ query, fuzzy: true });
    expect(r.results).toEqual([]);
    expect(r.notice_code).toBe('query_bounded');
    expect(r.notice).toContain('Fuzzy matching looks for near words of at most 4 words of a query, so plugn was matched only as written.');
    // First among them, it is looked up and matches.
    const first = await search({ query: 'plugn zzzzqqq yyyyqqq xxxxqqq wwwwqqq', fuzzy: true });
    expect(first.results.map((h) => [h.path, h.fuzzy])).toEqual([['plugins/core.md', true]]);
    expect(first.notice).toContain('so wwwwqqq was matched only as written');
    // The bound is what leaves it out: with the bounds off, the fifth word is looked up too.
    QUERY_BOUNDS.enabled = false;
    try {
      const open = await search({ query, fuzzy: true });
      expect(open.results.map((h) => h.path)).toEqual(['plugins/core.md']);
      expect(open.notice).toBeUndefined();
    } finally {
      QUERY_BOUNDS.enabled = true;
    }
    // Without the fuzzy option nothing is said about it.
    expect((await search({ query })).notice).toBeUndefined();
  });

  it('leaves short words exact and refuses modes that do not match words', async () => {
    expect((await search({ query: 'cats', fuzzy: true })).results.map((h) => h.path)).toEqual(['cats.md']);
    const r = (await engine.call('search', { query: 'plugin', fuzzy: true, mode: 'vector' })) as unknown as { isError: boolean; error: { code: string; path: string } };
    expect(r.error).toMatchObject({ code: 'invalid_argument', path: 'fuzzy' });
    const bad = (await engine.call('search', { query: 'plugin', fuzzy: 'yes', mode: 'text' })) as unknown as { error: { path: string } };
    expect(bad.error.path).toBe('fuzzy');
  });
});

describe('distance', () => {
  it('counts a swap of neighbours as one edit and allows more edits for longer words', () => {
    expect(typoDistance('cnavas', 'canvas')).toBe(1);
    expect(typoDistance('plugn', 'plugin')).toBe(1);
    expect(typoDistance('abc', 'xyz', 1)).toBe(2);
    expect([3, 4, 7, 8, 12].map(allowedEdits)).toEqual([0, 1, 1, 2, 2]);
  });
});

describe('the letter-pair filter of the near-word look-up', () => {
  it('never leaves out a word within the allowed edits (words and their edits at random)', () => {
    const word = fc.string({ unit: fc.constantFrom(...'abcdeilnorst'), minLength: 4, maxLength: 14 });
    const edited = word.chain((w) => fc.tuple(fc.constant(w), fc.array(fc.tuple(fc.nat(), fc.constantFrom(...'abcdeilnorst'), fc.nat(3)), { maxLength: 2 })));
    fc.assert(
      fc.property(edited, ([stem, ops]) => {
        let t = stem;
        for (const [at, ch, kind] of ops) {
          const i = at % (t.length + 1);
          t = kind === 0 ? t.slice(0, i) + ch + t.slice(i) : kind === 1 ? t.slice(0, i) + t.slice(i + 1) : kind === 2 ? t.slice(0, i) + ch + t.slice(i + 1) : t.slice(0, i) + t.slice(i + 1, i + 2) + t.slice(i, i + 1) + t.slice(i + 2);
        }
        const max = allowedEdits(stem.length);
        if (!max || typoDistance(stem, t, max) > max) return;
        const { sql, params } = sharedBigramFilter(stem, max);
        if (sql) expect(params.some((p) => t.includes(p)), `${stem} → ${t}`).toBe(true);
      }),
      { seed: 12, numRuns: 5000 },
    );
  });

  it('applies from 5 letters for one edit and 8 for two, and lists each pair once', () => {
    expect(sharedBigramFilter('plug', 1).sql).toBe('');
    expect(sharedBigramFilter('plugn', 1).params).toEqual(['pl', 'lu', 'ug', 'gn']);
    expect(sharedBigramFilter('abababa', 2).sql).toBe('');
    expect(sharedBigramFilter('abababab', 2).params).toEqual(['ab', 'ba']);
  });
});

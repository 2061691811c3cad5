// The bound on prefix expansion (issue 11, item 8): a prefix that starts
// more indexed words than the query may still expand to is searched as the
// word itself, and the notice says so. Counted in words of the index, not
// timed.
import { afterEach, describe, expect, it } from 'vitest';
import { engineWith, ok } from '../test/make-engine';
import { boundPrefixExpansion, prefixTerm } from './prefix-bound';
import { parseQuery, QUERY_BOUNDS } from './query-syntax';

const defaults = { ...QUERY_BOUNDS };
afterEach(() => Object.assign(QUERY_BOUNDS, defaults));

const letters = 'abcdefghijklmnopqrstuvwxyz';
/** `n` distinct words starting with `stem` (stemz + two letters: no porter suffix changes them). */
const wordsOf = (stem: string, n: number) => Array.from({ length: n }, (_, i) => `${stem}${letters[Math.floor(i / 26) % 26]}${letters[i % 26]}x`);

const vault = {
  // 250 words starting with "zor", 30 with "quim", and the word "zor" itself.
  'many.md': `# Many\n${wordsOf('zor', 250).join(' ')}\n`,
  'few.md': `# Few\n${wordsOf('quim', 30).join(' ')}\n`,
  'word.md': '# Word\nzor alone\n',
  ...Object.fromEntries(Array.from({ length: 6 }, (_, i) => [`f${i}.md`, `filler ${i}`])),
};

const prefixes = (q: ReturnType<typeof parseQuery>) => q.clauses.flatMap((c) => (c.kind === 'any' ? c.leaves : [c.leaf])).filter((l) => l.prefix).map((l) => l.text);

describe('prefix expansion bound', () => {
  it('a prefix starting more words than the bound is searched as the word, with a notice', async () => {
    const engine = await engineWith(vault);
    const r = ok(await engine.call('search', { query: 'zor*', mode: 'text' }));
    expect(r.results.map((h) => h.path)).toEqual(['word.md']);
    expect(r.notice_code).toBe('query_bounded');
    expect(r.notice).toMatch(/at most 200 indexed words in all; zor\* starts more, so it was searched as a word/);
    const narrow = ok(await engine.call('search', { query: 'quim*', mode: 'text' }));
    expect(narrow.results.map((h) => h.path)).toEqual(['few.md']);
    expect(narrow.notice).toBeUndefined();
  });

  it('holds for find\'s text restriction too, with the same notice', async () => {
    const engine = await engineWith(vault);
    const r = ok(await engine.call('find', { query: 'zor*' }));
    // Unbounded, zor* would also select many.md (250 words starting with zor).
    expect(r.results.map((n) => n.path)).toEqual(['word.md']);
    expect(r.notice_code).toBe('query_bounded');
    expect(r.notice).toMatch(/zor\* starts more, so it was searched as a word/);
    const narrow = ok(await engine.call('find', { query: 'quim*' }));
    expect(narrow.results.map((n) => n.path)).toEqual(['few.md']);
    expect(narrow.notice).toBeUndefined();
  });

  it('the words of all prefixes of a query count together, in order, and a repeated prefix once', async () => {
    const engine = await engineWith(vault);
    QUERY_BOUNDS.maxPrefixWords = 40;
    const q = boundPrefixExpansion(engine.db, parseQuery('quim* quim* zorab* zor*'));
    // quim* (30 words) fits once; zorab* (1 word) fits; zor* (250) does not.
    expect(prefixes(q)).toEqual(['quim*', 'quim*', 'zorab*']);
    expect(q.bounded?.join(' ')).toMatch(/at most 40 indexed words in all; zor\* starts more/);
    QUERY_BOUNDS.maxPrefixWords = 20;
    const tight = boundPrefixExpansion(engine.db, parseQuery('quim* zorab*'));
    expect(prefixes(tight)).toEqual(['zorab*']);
    expect(tight.bounded?.join(' ')).toMatch(/quim\* starts more/);
  });

  it('counts the prefix as FTS5 looks it up: stemmed and without accents', () => {
    expect(prefixTerm({ text: 'his*', quoted: false, prefix: true })).toBe('hi');
    expect(prefixTerm({ text: '"token refé"*', quoted: true, prefix: true })).toBe('refe');
    expect(prefixTerm({ text: '🙂*', quoted: false, prefix: true })).toBeNull();
  });

  it('is off with the other bounds (the benchmark baseline)', async () => {
    const engine = await engineWith(vault);
    QUERY_BOUNDS.enabled = false;
    const q = boundPrefixExpansion(engine.db, parseQuery('zor*'));
    expect(prefixes(q)).toEqual(['zor*']);
    expect(q.bounded).toBeUndefined();
  });
});

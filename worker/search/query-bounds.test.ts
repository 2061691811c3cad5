// The cost bounds of a text query (issue 11, item 8): short prefixes become
// words, at most a few prefixes and 32 terms are used, and a query that runs
// out of its time budget, or whose second phase would rank more than the work
// bound, returns the notes with every word, saying partial.
import { afterEach, describe, expect, it } from 'vitest';
import { engineWith, ok } from '../test/make-engine';
import { parseQuery, QUERY_BOUNDS } from './query-syntax';

const defaults = { ...QUERY_BOUNDS };
afterEach(() => Object.assign(QUERY_BOUNDS, defaults));

const prefixes = (q: ReturnType<typeof parseQuery>) => q.clauses.flatMap((c) => (c.kind === 'any' ? c.leaves : [c.leaf])).filter((l) => l.prefix).map((l) => l.text);

describe('query bounds in the parser', () => {
  it('a prefix shorter than 3 letters is searched as the word itself, with a notice', () => {
    const q = parseQuery('a* ab* abc* 設*');
    expect(prefixes(q)).toEqual(['abc*']);
    expect(q.bounded?.join(' ')).toMatch(/at least 3 letters, so a\* ab\* 設\* were searched as words/);
    expect(parseQuery('auth*').bounded).toBeUndefined();
  });

  it('uses at most 4 prefixes and 32 words or phrases, OR groups included', () => {
    const q = parseQuery('alpha* bravo* charlie* delta* echo* foxtrot*');
    expect(prefixes(q)).toEqual(['alpha*', 'bravo*', 'charlie*', 'delta*']);
    expect(q.bounded?.join(' ')).toMatch(/At most 4 prefixes .* echo\* foxtrot\*/);
    const or = parseQuery(Array.from({ length: 300 }, (_, i) => `w${i}`).join(' OR '));
    expect(or.clauses).toHaveLength(1);
    expect(or.clauses[0].kind === 'any' && or.clauses[0].leaves.length).toBe(32);
    expect(or.truncated).toBe(true);
    expect(or.bounded?.join(' ')).toMatch(/At most 32 words/);
  });
});

describe('cut input is said (it was cut without a notice)', () => {
  it('says when a query is longer than 2000 characters or 32 words', async () => {
    const engine = await engineWith({ 'canvas.md': '# Canvas\n\nA canvas lays notes out.', 'sync.md': '# Sync\n\nSync notes across devices.' });
    const long = ok((await engine.call('search', { query: `${'x'.repeat(2100)} canvas`, mode: 'text' })) as unknown as { total: number; notice?: string; notice_code?: string });
    expect(long.total).toBe(0);
    expect(long.notice_code).toBe('query_bounded');
    expect(long.notice).toMatch(/first 2000 characters; the rest \(107 more\) was ignored/);
    const words = parseQuery(Array.from({ length: 40 }, (_, i) => `word${i}`).join(' '));
    expect(words.clauses).toHaveLength(32);
    expect(words.bounded?.join(' ')).toMatch(/first 32 words and phrases/);
    expect(parseQuery('sync canvas').bounded).toBeUndefined();
  });
});

describe('query bounds in the search tool', () => {
  const vault = {
    'a.md': 'a note about apples and apricots',
    'b.md': 'an avocado note',
    'c.md': 'alpha beta gamma delta epsilon zeta eta theta',
    'd.md': 'alpha only here',
    // Fillers, so that "alpha" (2 notes of 14) is not a common word.
    ...Object.fromEntries(Array.from({ length: 10 }, (_, i) => [`f${i}.md`, `filler ${i}`])),
  };

  it('a one-letter prefix matches the word, not every word it starts, and says so', async () => {
    const engine = await engineWith(vault);
    const r = ok(await engine.call('search', { query: 'a*', mode: 'text' }));
    expect(r.results.map((h) => h.path)).toEqual(['a.md']);
    expect(r.notice_code).toBe('query_bounded');
    expect(r.notice).toMatch(/at least 3 letters/);
    const full = ok(await engine.call('search', { query: 'apr*', mode: 'text' }));
    expect(full.results.map((h) => h.path)).toEqual(['a.md']);
    expect(full.notice).toBeUndefined();
  });

  it('out of time, the notes with every word come back, marked partial', async () => {
    const engine = await engineWith(vault);
    QUERY_BOUNDS.budgetMs = -1e9;
    const eight = 'alpha beta gamma delta epsilon zeta eta theta';
    const r = ok(await engine.call('search', { query: eight, mode: 'text' }));
    expect(r.results.map((h) => h.path)).toEqual(['c.md']);
    expect(r.total).toBe(2);
    expect(r.partial).toBe(true);
    expect(r.notice).toMatch(/time budget/);
    QUERY_BOUNDS.budgetMs = defaults.budgetMs;
    const whole = ok(await engine.call('search', { query: eight, mode: 'text' }));
    expect(whole.results.map((h) => h.path)).toEqual(['c.md', 'd.md']);
    expect(whole.partial).toBeUndefined();
  });

  it('a second phase with more ranking work than the bound is left out, in time or not', async () => {
    const engine = await engineWith(vault);
    QUERY_BOUNDS.budgetMs = Number.POSITIVE_INFINITY;
    const eight = 'alpha beta gamma delta epsilon zeta eta theta';
    // Phase two would score d.md (holding only some words) for 8 words: work 8.
    QUERY_BOUNDS.maxRankWork = 7;
    const cut = ok(await engine.call('search', { query: eight, mode: 'text' }));
    expect(cut.results.map((h) => h.path)).toEqual(['c.md']);
    expect(cut.total).toBe(2);
    expect(cut.partial).toBe(true);
    QUERY_BOUNDS.maxRankWork = 8;
    const whole = ok(await engine.call('search', { query: eight, mode: 'text' }));
    expect(whole.results.map((h) => h.path)).toEqual(['c.md', 'd.md']);
    expect(whole.partial).toBeUndefined();
  });
});

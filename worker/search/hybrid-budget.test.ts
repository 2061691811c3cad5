// Hybrid search under the query time budget (issue 11, item 8): when the
// budget cut its text ranking short, the fused answer says `partial` and
// why, as text mode does (query-bounds.test.ts); checked by what the search
// answers, not by timing.
import { afterEach, describe, expect, it } from 'vitest';
import { embeddedEngine } from '../embed/testing';
import { ok } from '../test/make-engine';
import { QUERY_BOUNDS } from './query-syntax';

const defaults = { ...QUERY_BOUNDS };
afterEach(() => Object.assign(QUERY_BOUNDS, defaults));

describe('hybrid search under the time budget', () => {
  it('says partial (and why) when its text ranking was cut, and not otherwise', async () => {
    const notes = {
      'c.md': 'alpha beta gamma delta epsilon zeta eta theta',
      'd.md': 'alpha only here',
      ...Object.fromEntries(Array.from({ length: 10 }, (_, i) => [`f${i}.md`, `filler ${i}`])),
    };
    const engine = await embeddedEngine(notes);
    const eight = 'alpha beta gamma delta epsilon zeta eta theta';
    QUERY_BOUNDS.budgetMs = -1e9;
    const cut = ok(await engine.call('search', { query: eight, mode: 'hybrid' }));
    expect(cut.mode).toBe('hybrid');
    expect(cut.partial).toBe(true);
    expect(cut.notice).toMatch(/time budget/);
    QUERY_BOUNDS.budgetMs = defaults.budgetMs;
    const whole = ok(await engine.call('search', { query: eight, mode: 'hybrid' }));
    expect(whole.partial).toBeUndefined();
    expect(whole.results.map((h) => h.path)).toContain('d.md');
  });
});

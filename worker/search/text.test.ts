// The two ways of computing a page (phases, window) must agree: same notes,
// same order, same totals, on every page.
import { describe, expect, it } from 'vitest';
import { engineWith } from '../test/make-engine';
import { parseQuery } from './query-syntax';
import { searchText } from './text';

describe('searchText plans', () => {
  it('phases and window give the same pages and totals, with and without a scope', async () => {
    const words = ['alpha', 'beta', 'gamma', 'delta', 'omega'];
    const files: Record<string, string> = {};
    for (let i = 0; i < 40; i++) {
      const body = words.filter((_, k) => (i >> k) & 1).map((w, k) => `${w} `.repeat(1 + ((i + k) % 4))).join(' ');
      files[`${i % 2 ? 'a' : 'b'}/n${i}.md`] = `# N${i}\n${body} filler text ${'lorem '.repeat(i % 7)}`;
    }
    const { db } = await engineWith(files);
    const scopes = [{ sql: '1', params: [] }, { sql: 'e.path >= ? AND e.path < ?', params: ['a/', 'a0'] }];
    for (const scope of scopes) {
      for (const q of ['alpha', 'alpha beta', 'beta gamma delta', 'alpha -omega', 'gamma OR delta beta', '"alpha alpha" gamma']) {
        for (const offset of [0, 5, 10, 35]) {
          const page = { offset, limit: 5 };
          const a = searchText(db, scope, parseQuery(q), page, { plan: 'phases' });
          const b = searchText(db, scope, parseQuery(q), page, { plan: 'window' });
          expect({ total: b.total, relaxed: b.relaxed, ids: b.rows.map((r) => r.id) }, `${q} @${offset}`).toEqual({ total: a.total, relaxed: a.relaxed, ids: a.rows.map((r) => r.id) });
          expect(b.rows.map((r) => r.score)).toEqual(a.rows.map((r) => r.score));
        }
      }
    }
  });

  it('a long query under a time budget, ranked in two phases, gives the single pass its pages, scores and totals', async () => {
    // Nine words, each note holding a different subset, so the notes with every word and the others interleave by BM25.
    const words = ['alpha', 'beta', 'gamma', 'delta', 'omega', 'kappa', 'sigma', 'theta', 'zeta'];
    const files: Record<string, string> = {};
    for (let i = 1; i < 80; i++) {
      const mask = i === 79 ? 511 : (i * 37) % 512;
      const body = words.filter((_, k) => (mask >> k) & 1).map((w, k) => `${w} `.repeat(1 + ((i + k) % 3))).join(' ');
      files[`${i % 2 ? 'a' : 'b'}/n${i}.md`] = `# N${i}\n${body} filler ${'lorem '.repeat(i % 9)}`;
    }
    files['a/all.md'] = `# All\n${words.join(' ')} and a long tail ${'ipsum '.repeat(300)}`;
    const { db } = await engineWith(files);
    const scopes = [{ sql: '1', params: [] }, { sql: 'e.path >= ? AND e.path < ?', params: ['a/', 'a0'] }];
    const queries = [words.slice(0, 8).join(' '), words.join(' '), `${words.slice(0, 8).join(' ')} -zeta`, `"alpha beta" ${words.slice(2).join(' ')}`];
    for (const scope of scopes) {
      for (const q of queries) {
        for (const offset of [0, 5, 30]) {
          const page = { offset, limit: 10 };
          const bounded = searchText(db, scope, parseQuery(q), page, { deadline: performance.now() + 60_000 });
          const single = searchText(db, scope, parseQuery(q), page, { plan: 'window' });
          expect(bounded.partial, q).toBeUndefined();
          expect({ total: bounded.total, relaxed: bounded.relaxed, ids: bounded.rows.map((r) => r.id) }, `${q} @${offset}`).toEqual({
            total: single.total,
            relaxed: single.relaxed,
            ids: single.rows.map((r) => r.id),
          });
          expect(bounded.rows.map((r) => r.score)).toEqual(single.rows.map((r) => r.score));
        }
      }
    }
  });
});

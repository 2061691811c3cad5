// Regression (found by the filter property test, issue 11): when the planner
// checks two arms note by note and one of them has several row sets
// ($exists), its ORs were not parenthesised, so "a AND b OR c" let notes
// through that failed b.
import { describe, expect, it } from 'vitest';
import { engineWith, ok } from '../test/make-engine';

describe('probed arms with several row sets', () => {
  it('every condition still has to hold', async () => {
    const files: Record<string, string> = { 'target.md': '---\na: [A]\nc: [false]\n---\n' };
    for (let i = 0; i < 40; i++) files[`f${i}.md`] = `---\na: [false, x]\nc: 1\n---\n`;
    const engine = await engineWith(files);
    const paths = async (filters: unknown) => ok(await engine.call('find', { filters, page_size: 100 })).results.map((r) => r.path);
    expect(await paths({ c: { $exists: true }, a: ['A', false] })).toEqual([]);
    expect(await paths({ c: { $exists: true }, a: ['A'] })).toEqual(['target.md']);
  });
});

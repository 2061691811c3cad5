// Deeply nested YAML is reported as too deep, naming the limit, not as
// invalid YAML (issue 11, item 9): on import, in write_note and in the
// check the UI runs while typing.
import { describe, expect, it } from 'vitest';
import { MAX_NESTING } from '../query/json-depth';
import { engineWith, ok } from '../test/make-engine';
import { frontmatterIssue } from '../ui-checks';
import { parseFrontmatter } from './frontmatter';
import type { Problem } from './problems';

const flow = (n: number) => `k: ${'['.repeat(n)}${']'.repeat(n)}\n`;
const block = (n: number) => `${Array.from({ length: n }, (_, i) => `${' '.repeat(i)}k:`).join('\n')} 1\n`;
const maps = (n: number) => `k: ${'{a: '.repeat(n)}1${'}'.repeat(n)}\n`;

function parse(yaml: string) {
  const problems: Problem[] = [];
  return { fm: parseFrontmatter(yaml, 2, problems), problems };
}

describe('frontmatter nesting', () => {
  it.each([
    ['flow lists 10,000 deep', flow(10_000)],
    ['block maps 1,000 deep', block(1_000)],
    ['flow maps 200 deep', maps(200)],
    ['block maps just past the limit', block(MAX_NESTING + 1)],
    ['flow lists just past the limit', flow(MAX_NESTING)],
  ])('%s: too deep, naming the limit, no values', (_, yaml) => {
    const { fm, problems } = parse(yaml);
    expect(fm).toEqual({});
    expect(problems).toEqual([expect.objectContaining({ code: 'frontmatter_too_deep', message: expect.stringContaining(`at most ${MAX_NESTING}`) })]);
  });

  it('up to the limit is read', () => {
    expect(parse(flow(MAX_NESTING - 1)).problems).toEqual([]);
    const deep = parse(block(MAX_NESTING));
    expect(deep.problems).toEqual([]);
    expect(JSON.stringify(deep.fm).split('{').length - 1).toBe(MAX_NESTING);
  });

  it('indentation inside a literal block is text, not nesting', () => {
    const text = Array.from({ length: 300 }, (_, i) => `${' '.repeat(2 + i)}line ${i}`).join('\n');
    const { fm, problems } = parse(`title: T\ncode: |\n${text}\nafter: 1\n`);
    expect(problems).toEqual([]);
    expect(fm.after).toBe(1);
    expect(String(fm.code).split('\n')).toHaveLength(301);
  });

  it('an imported note keeps its body and reports the problem; write_note and the UI check refuse it as too deep', async () => {
    const engine = await engineWith({ 'deep.md': `---\n${block(1_000)}---\ndeep body\n`, 'a.md': 'body\n' });
    expect(ok(await engine.call('read_note', { path: 'deep.md' })).body).toBe('deep body\n');
    const problems = ok(await engine.call('problems', {})).problems;
    expect(problems.map((p) => [p.path, p.code])).toContainEqual(['deep.md', 'frontmatter_too_deep']);
    for (const args of [{ frontmatter_text: flow(10_000) }, { text: `---\n${block(1_000)}---\nx\n` }]) {
      const r = (await engine.call('write_note', { path: 'a.md', ...args })) as { isError: true; error: { code: string; details: unknown } };
      expect(r.error).toMatchObject({ code: 'invalid_argument', details: { reason: 'too_deep', limit: MAX_NESTING, problem: 'frontmatter_too_deep' } });
    }
    expect(ok(await engine.call('read_note', { path: 'a.md' })).body).toBe('body\n');
    expect(frontmatterIssue(maps(200))?.message).toMatch(/more than 32 levels/);
  });
});

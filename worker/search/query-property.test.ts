// Property test (issue 11): any string as a text query answers, never raises,
// and stays within the query bounds; the adversarial corpus of the
// query-cost benchmark (bench/lib/fuzz-queries.ts) runs through it too.
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { fuzzQueries } from '../../bench/lib/fuzz-queries';
import type { Engine } from '../engine';
import { engineWith } from '../test/make-engine';
import { parseQuery, QUERY_BOUNDS } from './query-syntax';

let engine: Engine;
const WORDS = ['alpha', 'beta', 'auth', 'authentication', 'design', '設計', '同期', 'oauth', 'token', 'refresh'];

beforeAll(async () => {
  const files: Record<string, string> = {};
  for (let i = 0; i < 60; i++) files[`n${i}.md`] = `---\ntitle: Note ${i}\ntags: [t${i % 5}]\n---\n${WORDS.filter((_, j) => (i >> j) & 1).join(' ')} body ${i}\n`;
  engine = await engineWith(files);
});

const leaves = (q: ReturnType<typeof parseQuery>) => q.clauses.flatMap((c) => (c.kind === 'any' ? c.leaves : [c.leaf]));

async function answers(query: string): Promise<void> {
  const r = (await engine.call('search', { query, mode: 'text', page_size: 5 })) as { isError?: boolean; error?: unknown; results?: unknown[] };
  expect(r.isError, JSON.stringify(r.error)).toBeUndefined();
  expect(Array.isArray(r.results)).toBe(true);
  const q = parseQuery(query);
  expect(leaves(q).length).toBeLessThanOrEqual(QUERY_BOUNDS.maxTerms);
  expect(leaves(q).filter((l) => l.prefix).length).toBeLessThanOrEqual(QUERY_BOUNDS.maxPrefixes);
}

describe('text query properties', () => {
  it('any string, including syntax soup, answers without an error and within the bounds', async () => {
    const soup = fc.array(fc.oneof(fc.constantFrom(...WORDS, '*', '"', '-', 'OR', 'AND', 'NEAR', '(', ')', ':', '^', 'tag:', '\u0000', '🙂', ' '), fc.string({ unit: 'grapheme', maxLength: 8 })), { maxLength: 40 }).map((xs) => xs.join(''));
    await fc.assert(fc.asyncProperty(fc.oneof(fc.string({ unit: 'binary', maxLength: 300 }), soup), answers), { seed: 11, numRuns: 400 });
  });

  it('every query of the adversarial corpus answers', async () => {
    for (const q of fuzzQueries(11, 100, WORDS)) await answers(q);
  });
});

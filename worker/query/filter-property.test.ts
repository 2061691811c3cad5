// Property tests of the filter language (issue 11): any JSON value given as a
// filter either runs or is refused as invalid_filter, never an internal
// error; and on random notes, what `find` returns for a random valid filter
// equals a plain in-memory reading of the rules in README "Filter language".
// Seeds are fixed so a failure reproduces; fast-check prints the smallest case.
import fc from 'fast-check';
import { stringify } from 'yaml';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Engine } from '../engine';
import { engineWith, ok } from '../test/make-engine';
import { expectedPaths, filterArb, KEYS, noteArb, type Note } from '../../bench/reliability/filter-model';

let engine: Engine;
let notes: Note[];
const pathOf = (i: number) => `n${String(i).padStart(2, '0')}.md`;

beforeAll(async () => {
  notes = fc.sample(noteArb, { seed: 11, numRuns: 80 });
  const files = Object.fromEntries(notes.map((n, i) => [pathOf(i), `---\n${stringify(n)}---\nNote ${i}.\n`]));
  engine = await engineWith(files);
});

async function foundPaths(filters: unknown): Promise<string[]> {
  const r = ok(await engine.call('find', { filters, page_size: 1000 }));
  return r.results.map((x) => x.path).sort();
}

describe('filter language properties', () => {
  it('the stored notes read back as generated (the evaluator sees what the index holds)', async () => {
    const r = ok(await engine.call('read_note', { path: 'n00.md' }));
    expect(r.frontmatter).toEqual(JSON.parse(JSON.stringify(notes[0])));
  });

  it('on random notes, find returns exactly what the documented rules select', async () => {
    await fc.assert(
      fc.asyncProperty(filterArb, async (filters) => {
        const expected = expectedPaths(notes, filters, pathOf);
        expect(await foundPaths(filters)).toEqual(expected);
      }),
      { seed: 11, numRuns: 400 },
    );
  });

  it('any JSON value as a filter, as an object or as text, runs or is refused as invalid_filter', async () => {
    const anyFilter = fc.oneof(
      fc.jsonValue({ maxDepth: 4 }),
      fc.dictionary(fc.oneof(fc.constantFrom(...KEYS, '$in', 'a.b', '', ' ', '__proto__'), fc.string()), fc.jsonValue({ maxDepth: 3 })),
      fc.dictionary(fc.constantFrom(...KEYS), fc.dictionary(fc.constantFrom('$in', '$nin', '$gt', '$between', '$contains', '$exists', '$all', 'gte', '$ne'), fc.jsonValue({ maxDepth: 2 }))),
    );
    await fc.assert(
      fc.asyncProperty(anyFilter, fc.boolean(), async (f, asText) => {
        const r = (await engine.call('find', { filters: asText ? JSON.stringify(f) : f })) as { isError?: boolean; error?: { code: string; message: string } };
        if (r.isError) {
          expect(r.error!.code).toBe('invalid_filter');
          expect(r.error!.message.length).toBeGreaterThan(10);
        }
      }),
      { seed: 11, numRuns: 500 },
    );
  });
});

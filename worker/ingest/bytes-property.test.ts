// Property test (issue 11): any bytes as a note file import as a note (or a
// file) or as a reported problem, never an exception, and read_note returns
// a body for every note it lists.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { makeEngine, ok } from '../test/make-engine';
import { memorySource } from './source';

const enc = new TextEncoder();
const PREFIXES = [[], [0xef, 0xbb, 0xbf], [0xff, 0xfe], [0xfe, 0xff], [...enc.encode('---\n')], [...enc.encode('---\ntitle: [\n')], [0]];

describe('any bytes as a note', () => {
  it('import as a note or a reported problem, and read back', async () => {
    const engine = await makeEngine();
    let run = 0;
    const bytes = fc.tuple(fc.constantFrom(...PREFIXES), fc.uint8Array({ maxLength: 3000 }), fc.string({ unit: 'binary', maxLength: 500 })).map(([p, b, s]) => new Uint8Array([...p, ...b, ...enc.encode(s)]));
    await fc.assert(
      fc.asyncProperty(bytes, async (content) => {
        const vault = `v${run++}`;
        const summary = await engine.importSource(memorySource(vault, { 'x.md': content }));
        expect(summary.phase, summary.error).toBe('done');
        expect(summary.notes + summary.files).toBe(1);
        const r = ok(await engine.call('read_note', { path: 'x.md', vault }));
        if (r.kind === 'note') expect(typeof r.body).toBe('string');
      }),
      { seed: 11, numRuns: 150 },
    );
  });
});

// Property test (issue 11): any string as a new note's path is either a path
// every file system can hold, created and read back exactly, or refused with
// invalid_argument (or conflict) naming the path argument; never anything else.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { engineWith } from '../test/make-engine';

const segment = fc.oneof(fc.string({ unit: 'grapheme', maxLength: 12 }), fc.constantFrom('.', '..', '', ' a', 'a.', 'back\\slash', 'n.md', 'x'.repeat(300), '設計', 'CON', '__proto__'));
const pathArb = fc.oneof(fc.string({ unit: 'binary', maxLength: 60 }), fc.array(segment, { minLength: 1, maxLength: 4 }).map((s) => `${s.join('/')}.md`));

describe('note path rules', () => {
  it('create_note accepts only holdable paths and reads back what it created', async () => {
    const engine = await engineWith({ 'n.md': 'an existing note\n' });
    await fc.assert(
      fc.asyncProperty(pathArb, async (path) => {
        const r = (await engine.call('create_note', { path, body: 'b' })) as { isError?: boolean; error?: { code: string; path?: string }; path?: string };
        if (r.isError) {
          expect(['invalid_argument', 'conflict']).toContain(r.error!.code);
          expect(r.error!.path).toBe('path');
          return;
        }
        const made = r.path!;
        expect(made).toMatch(/\.md$/i);
        for (const part of made.split('/')) {
          expect(part === '' || part === '.' || part === '..' || part.startsWith('.')).toBe(false);
          expect(new TextEncoder().encode(part).length).toBeLessThanOrEqual(255);
        }
        expect(made.split('/').slice(0, -1).some((_, i, all) => all.slice(0, i + 1).join('/') === 'n.md')).toBe(false);
        const back = (await engine.call('read_note', { path: made })) as { isError?: boolean; path?: string };
        expect(back.path).toBe(made);
      }),
      { seed: 11, numRuns: 300 },
    );
  });
});

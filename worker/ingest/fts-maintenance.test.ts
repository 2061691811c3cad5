// Both text indexes are merged after an import (fts-maintenance.ts): the
// notes' openings (fts_lead), scored for every text query, were left in the
// segments the import wrote. One segment or several, the answers are the
// same; only the cost of reading them differs.
import { describe, expect, it } from 'vitest';
import type { Db } from '../db/database';
import { makeEngine, ok } from '../test/make-engine';
import { generatedNotes } from '../test/fixtures';
import { memorySource } from './source';
import { TEXT_INDEXES } from './fts-maintenance';

const segments = (db: Db, table: string) => db.get<{ n: number }>(`SELECT count(DISTINCT segid) AS n FROM ${table}_idx`)!.n;
const automerge = (db: Db, table: string) => db.get<{ v: number }>(`SELECT v FROM ${table}_config WHERE k = 'automerge'`)?.v;

describe('text index upkeep after an import', () => {
  it('leaves each text index in one segment after a big import, with merging back on', async () => {
    const engine = await makeEngine();
    // Small batches: each commit writes segments of its own, as a large vault's import does.
    const s = await engine.importSource(memorySource('v', generatedNotes(600)), { batchSize: 50 });
    expect(s.phase).toBe('done');
    for (const t of TEXT_INDEXES) {
      expect(segments(engine.db, t), t).toBe(1);
      expect(automerge(engine.db, t), t).toBe(4);
    }
    // The openings are still found, for the note whose opening holds the word.
    const r = ok(await engine.call('search', { query: 'token599', mode: 'text' })) as { results: { path: string }[] };
    expect(r.results.map((x) => x.path)).toEqual(['people/note 599.md']);
  });

  it('merges the openings after a small import too (bounded, as the main index)', async () => {
    const engine = await makeEngine();
    await engine.importSource(memorySource('v', generatedNotes(600)), { batchSize: 50 });
    const more = { ...generatedNotes(600) };
    for (let i = 0; i < 40; i++) more[`extra/n${i}.md`] = `Extra note ${i} about kestrels.`;
    // Edits in small batches write a few segments; the bounded merge folds them back.
    await engine.importSource(memorySource('v', more), { batchSize: 5 });
    expect(segments(engine.db, 'fts_lead')).toBeLessThanOrEqual(2);
    expect(automerge(engine.db, 'fts_lead')).toBe(4);
  });
});

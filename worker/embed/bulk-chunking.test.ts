// A large backlog is chunked without the passages' hash index, which is built
// once at the end; a small one keeps it; a run cut short (a closed tab) gets
// it back on the next run, before anything reads by hash.
import { describe, expect, it } from 'vitest';
import { openMemoryDb } from '../db/open-node';
import { memorySource } from '../ingest/source';
import { ok } from '../test/make-engine';
import { BULK_NOTES, dropHashIndex, hasHashIndex } from './bulk-chunking';
import { engineOn, settle } from './testing';

/** n short notes, each about a numbered river. */
function notes(n: number, from = 0): Record<string, string> {
  const files: Record<string, string> = {};
  for (let i = from; i < from + n; i++) files[`r${i}.md`] = `# River ${i}\n\nThe water of river ${i} runs past stones and reeds.\n`;
  return files;
}

/** An engine on a database whose chunk inserts record whether the hash index existed then. */
async function watchedEngine() {
  const db = await openMemoryDb();
  const seen = new Set<boolean>();
  const { run } = db;
  db.run = ((sql: string, params?: unknown[]) => {
    if (sql.startsWith('INSERT INTO chunks')) seen.add(hasHashIndex(db));
    return run.call(db, sql, params as never);
  }) as typeof db.run;
  return { db, seen, engine: engineOn(db) };
}

describe('chunking a large backlog', () => {
  it('chunks without the hash index and builds it once at the end; every note is then embedded and found', async () => {
    const { db, seen, engine } = await watchedEngine();
    await engine.importSource(memorySource('v', notes(BULK_NOTES + 20)));
    expect(await settle(engine)).toMatchObject({ complete: true, notes_chunked: BULK_NOTES + 20 });
    expect([...seen]).toEqual([false]);
    expect(hasHashIndex(db)).toBe(true);
    // Vectors reached the index by hash (notesWithHashes): a search by meaning finds a note.
    const r = ok(await engine.call('search', { query: 'river 7 stones', mode: 'vector', limit: 50 })) as { results: { path: string }[] };
    expect(r.results.length).toBeGreaterThan(0);
    engine.embed.stop();
  }, 120_000);

  it('keeps the hash index for a small backlog (a few notes changed)', async () => {
    const { db, seen, engine } = await watchedEngine();
    await engine.importSource(memorySource('v', notes(30)));
    expect(await settle(engine)).toMatchObject({ complete: true, notes_chunked: 30 });
    expect([...seen]).toEqual([true]);
    expect(hasHashIndex(db)).toBe(true);
    engine.embed.stop();
  }, 60_000);

  it('builds the index again on the next run when a run was cut short without it', async () => {
    const { db, engine } = await watchedEngine();
    await engine.importSource(memorySource('v', notes(20)));
    await settle(engine);
    // As a tab closed during a bulk run leaves the database: chunked in part, no hash index.
    dropHashIndex(db);
    await engine.importSource(memorySource('v', { ...notes(20), ...notes(5, 20) }));
    expect(await settle(engine)).toMatchObject({ complete: true, notes_chunked: 25 });
    expect(hasHashIndex(db)).toBe(true);
    engine.embed.stop();
  }, 60_000);
});

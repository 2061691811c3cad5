// A large backlog is chunked without the chunks' hash and order indexes, built
// once at the end; a small one keeps them; a run cut short (a closed tab) gets
// them back on the next run, before anything reads through them.
import { describe, expect, it } from 'vitest';
import type { Db } from '../db/database';
import { openMemoryDb } from '../db/open-node';
import { memorySource } from '../ingest/source';
import { ok } from '../test/make-engine';
import { BULK_NOTES, chunkIndexesIn, dropChunkIndexes, hasChunkIndex } from './bulk-chunking';
import { counts } from './store';
import { engineOn, settle } from './testing';

/** n short notes, each about a numbered river. */
function notes(n: number, from = 0): Record<string, string> {
  const files: Record<string, string> = {};
  for (let i = from; i < from + n; i++) files[`r${i}.md`] = `# River ${i}\n\nThe water of river ${i} runs past stones and reeds.\n`;
  return files;
}

/** Whether either index is there (a bulk run drops both). */
const anyIndex = (db: Db) => hasChunkIndex(db, 'chunks_hash') || hasChunkIndex(db, 'chunks_order');

/** An engine on a database whose chunk inserts record whether the indexes existed then. */
async function watchedEngine() {
  const db = await openMemoryDb();
  const seen = new Set<boolean>();
  const { run } = db;
  db.run = ((sql: string, params?: unknown[]) => {
    if (sql.startsWith('INSERT INTO chunks')) seen.add(anyIndex(db));
    return run.call(db, sql, params as never);
  }) as typeof db.run;
  return { db, seen, engine: engineOn(db) };
}

describe('chunking a large backlog', () => {
  it('chunks without the indexes and builds them once at the end; every note is then embedded and found', async () => {
    const { db, seen, engine } = await watchedEngine();
    // Three notes in a script the model does not read: counted apart once the order index is back.
    const ja = { 'ja1.md': '# 川\n\n川の水は石と葦のそばを流れる。\n', 'ja2.md': '# 山\n\n山の上に雪が残っている。\n', 'ja3.md': '# 海\n\n海の波が岸に寄せる。\n' };
    await engine.importSource(memorySource('v', { ...notes(BULK_NOTES + 20), ...ja }));
    expect(await settle(engine)).toMatchObject({ complete: true, notes_chunked: BULK_NOTES + 23, chunks_unreadable: 3, chunks_done: BULK_NOTES + 20 });
    expect([...seen]).toEqual([false]);
    expect(chunkIndexesIn(db)).toBe(true);
    // Vectors reached the index by hash (notesWithHashes): a search by meaning finds a note.
    const r = ok(await engine.call('search', { query: 'river 7 stones', mode: 'vector', limit: 50 })) as { results: { path: string }[] };
    expect(r.results.length).toBeGreaterThan(0);
    engine.embed.stop();
  }, 120_000);

  it('builds the indexes when embedding is paused during a bulk run, and drops them again when it resumes', async () => {
    const { db, seen, engine } = await watchedEngine();
    let paused = false;
    const { run } = db;
    db.run = ((sql: string, params?: unknown[]) => {
      // Paused by the user as the first chunks are written.
      if (!paused && sql.startsWith('INSERT INTO chunks')) {
        paused = true;
        void Promise.resolve().then(() => engine.embed.pause());
      }
      return run.call(db, sql, params as never);
    }) as typeof db.run;
    await engine.importSource(memorySource('v', { 'a-ja.md': '# 川\n\n川の水は石と葦のそばを流れる。\n', ...notes(BULK_NOTES + 20) }));
    await engine.idle();
    const s = await engine.embed.whenIdle();
    expect(s.state).toBe('paused');
    expect(s.notes_chunked).toBeLessThan(BULK_NOTES + 20);
    // Counted with the order index back: the Japanese passage (chunked first) apart, not taken for readable.
    expect(s.chunks_unreadable).toBe(1);
    expect(s.chunks_total).toBe(s.notes_chunked - 1);
    expect(chunkIndexesIn(db)).toBe(true);
    engine.embed.resume();
    expect(await settle(engine)).toMatchObject({ complete: true, notes_chunked: BULK_NOTES + 21, chunks_unreadable: 1 });
    // The rest of the backlog (still 500 or more) was chunked without them again.
    expect(seen.has(false)).toBe(true);
    expect(chunkIndexesIn(db)).toBe(true);
    engine.embed.stop();
  }, 120_000);

  it('keeps the indexes for a small backlog (a few notes changed)', async () => {
    const { db, seen, engine } = await watchedEngine();
    await engine.importSource(memorySource('v', notes(30)));
    expect(await settle(engine)).toMatchObject({ complete: true, notes_chunked: 30 });
    expect([...seen]).toEqual([true]);
    expect(chunkIndexesIn(db)).toBe(true);
    engine.embed.stop();
  }, 60_000);

  it('builds the indexes again on the next run when a run was cut short without them', async () => {
    const { db, engine } = await watchedEngine();
    await engine.importSource(memorySource('v', notes(20)));
    await settle(engine);
    // As a tab closed during a bulk run leaves the database: chunked in part, no indexes.
    dropChunkIndexes(db);
    // Meanwhile the counts do without the order index: every chunk counts (none here is unreadable).
    const c = counts(db, 'any');
    expect(c.chunks).toBe(20);
    expect(c.unreadable).toBe(0);
    await engine.importSource(memorySource('v', { ...notes(20), ...notes(5, 20) }));
    expect(await settle(engine)).toMatchObject({ complete: true, notes_chunked: 25 });
    expect(chunkIndexesIn(db)).toBe(true);
    engine.embed.stop();
  }, 60_000);
});

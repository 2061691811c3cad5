// Replacing the database under a running engine (Settings → restore a backup,
// Delete all data): the old engine's background work (the vector index
// loading in slices, the queue, the start-up grace, the text index tidy after
// an import) must never touch the closed database, and the old embedding
// service must report nothing more. Before the fix the page logged "DB has
// been closed" (an unhandled rejection from the queue, after it reported an
// 'error' status read from the closed database). Real engine, real SQLite
// (wasm, as in the browser), the real model.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Db } from '../db/database';
import { openMemoryDb } from '../db/open-node';
import { createEngine, type Engine } from '../engine';
import { memorySource } from '../ingest/source';
import { activeModel } from './model-choice';
import { chunkerId } from './models';
import { quantizeInt8 } from './quantize';
import type { EmbedStatus } from './service';
import { chunkNotes, notesToChunk, writeVectors } from './store';
import { sharedEmbedder } from './testing';

/** The database, with every call made on it after close() recorded. */
function watched(db: Db): { db: Db; sql: string[]; afterClose: string[] } {
  const sql: string[] = [];
  const afterClose: string[] = [];
  let closed = false;
  const proxy = new Proxy(db, {
    get(target, key) {
      const v = Reflect.get(target, key, target);
      if (typeof v !== 'function') return v;
      return (...args: unknown[]) => {
        const what = typeof args[0] === 'string' ? args[0] : String(key);
        if (closed) afterClose.push(what);
        else sql.push(what);
        if (key === 'close') closed = true;
        return v.apply(target, args);
      };
    },
  });
  return { db: proxy, sql, afterClose };
}

/** A vault of `notes` one-passage notes, chunked, every passage with a vector of the model's size (values made up: only loading is tested). */
async function vectorsDb(notes: number): Promise<Db> {
  const db = await openMemoryDb();
  const files: Record<string, string> = {};
  for (let i = 0; i < notes; i++) files[`n${i}.md`] = `# Note ${i}\n\nPassage number ${i} about item${i}.\n`;
  const plain = createEngine(db);
  const summary = await plain.importSource(memorySource('v', files));
  expect(summary.phase).toBe('done');
  const spec = activeModel(db);
  const chunker = chunkerId(spec);
  for (let batch = notesToChunk(db, chunker, 500); batch.length; batch = notesToChunk(db, chunker, 500)) chunkNotes(db, batch, spec, chunker);
  const hashes = db.column<string>('SELECT hash FROM chunks WHERE readable = 1');
  const rows = hashes.map((hash, i) => ({ hash, ...quantizeInt8(Array.from({ length: spec.dim }, (_, k) => Math.sin(i * 31 + k)) ) }));
  writeVectors(db, spec.id, rows);
  return db;
}

const unhandled: unknown[] = [];
const onUnhandled = (e: unknown) => void unhandled.push(e);
beforeEach(() => {
  unhandled.length = 0;
  process.on('unhandledRejection', onUnhandled);
});
afterEach(() => void process.off('unhandledRejection', onUnhandled));

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** An engine as the browser's host makes one: an embedder, a start-up grace, status updates followed. */
function browserLikeEngine(db: Db, graceMs: number): { engine: Engine; statuses: EmbedStatus[] } {
  const statuses: EmbedStatus[] = [];
  const engine = createEngine(db, { embedder: sharedEmbedder(), startupGraceMs: graceMs, embedding: { onStatus: (s) => statuses.push(s) } });
  engine.embed!.start();
  return { engine, statuses };
}

/** What the host does before the database is closed and replaced; then the close itself. */
async function replace(engine: Engine, db: Db): Promise<void> {
  await engine.stop();
  db.close();
}

describe('the database replaced under a running engine', () => {
  it('while the vector index loads in slices: nothing reads the closed database, no status follows', async () => {
    const w = watched(await vectorsDb(3000));
    const { engine, statuses } = browserLikeEngine(w.db, 0);
    // The index's first slice has been read, more are to come.
    for (let i = 0; i < 500 && !w.sql.some((s) => s.includes('CROSS JOIN vectors')); i++) await pause(1);
    expect(w.sql.some((s) => s.includes('CROSS JOIN vectors'))).toBe(true);
    const reported = statuses.length;
    await replace(engine, w.db);
    await pause(400);
    expect(w.afterClose).toEqual([]);
    expect(unhandled).toEqual([]);
    expect(statuses.slice(reported).map((s) => s.state)).toEqual([]);
  }, 60_000);

  it('during the start-up grace: when it ends, the old engine does not load the index of the closed database', async () => {
    const w = watched(await vectorsDb(50));
    const { engine, statuses } = browserLikeEngine(w.db, 150);
    await pause(20);
    const reported = statuses.length;
    await replace(engine, w.db);
    await pause(500);
    expect(w.afterClose).toEqual([]);
    expect(unhandled).toEqual([]);
    expect(statuses.slice(reported)).toEqual([]);
  }, 60_000);

  it('right after an import: its deferred text index tidy does not run on the closed database', async () => {
    const w = watched(await openMemoryDb());
    const { engine } = browserLikeEngine(w.db, 0);
    const files: Record<string, string> = {};
    for (let i = 0; i < 40; i++) files[`t${i}.md`] = `# Tidy ${i}\n\nSome words ${i}.\n`;
    const summary = await engine.importSource(memorySource('t', files), { deferIndexTidy: true });
    expect(summary.phase).toBe('done');
    await replace(engine, w.db);
    await pause(300);
    expect(w.afterClose).toEqual([]);
    expect(unhandled).toEqual([]);
  }, 60_000);

  it('the stopped engine answers no tool call on the closed database by reading it', async () => {
    const w = watched(await vectorsDb(20));
    const { engine } = browserLikeEngine(w.db, 0);
    await replace(engine, w.db);
    const r = (await engine.call('embed_status', {})) as { isError?: boolean; error?: { code: string } };
    expect(r.isError).toBe(true);
    expect(r.error?.code).toBe('not_ready');
    expect(w.afterClose).toEqual([]);
  }, 60_000);
});

// The loaded vector index kept in step as notes are chunked and embedded
// (index-keeper.ts): after each change it holds what a whole load would,
// and reads the changed notes' rows once, in one statement, however many
// notes a chunking slice or a batch of vectors touched (the queue tells it
// of every slice: per note and twice, that was a statement per note, twice,
// in every slice of a whole vault's chunking). Real SQLite, real vectors of
// the real model.
import { describe, expect, it } from 'vitest';
import type { Db } from '../db/database';
import { writeLane } from '../db/lane';
import { memorySource } from '../ingest/source';
import { chunkInput, chunkNote } from './chunk';
import { IndexKeeper } from './index-keeper';
import { chunkerId } from './models';
import { quantizeInt8 } from './quantize';
import { chunkNotes, loadIndexSlice, notesToChunk, notesWithHashes, writeVectors } from './store';
import { embeddedEngine, sharedEmbedder } from './testing';
import { VectorIndex } from './vector-index';

const TOPICS = ['Anemometer', 'Barometer', 'Sourdough', 'Trebuchet', 'Lighthouse', 'Violin', 'Glacier', 'Beekeeping'];
const note = (title: string, line: string) => `# ${title}\n\n${line}\n\n## Care\n\nLook after the ${title.toLowerCase()} with care.\n`;
const VAULT = Object.fromEntries(TOPICS.map((t) => [`${t}.md`, note(t, `All about the ${t.toLowerCase()}.`)]));

const QUERIES = ['instrument for wind speed', 'baking bread', 'castle siege', 'ice in the mountains', 'a new opening line, rewritten'];

/** What the index answers for the queries, by best passage and by opening: every note, every score. */
function answersOf(index: VectorIndex, queries: Float32Array[]) {
  return queries.flatMap((q) => [index.search(q, null, 100, { minScore: -1 }), index.search(q, null, 100, { by: 'opening', minScore: -1 })]);
}

function wholeIndex(db: Db, model: string, dim: number): VectorIndex {
  const index = new VectorIndex(model, dim);
  for (let after = 0; (after = loadIndexSlice(db, index, after, 1_000_000)) >= 0; );
  return index;
}

/** Counts the statements that read notes' vectors for the index. */
function countRowReads(db: Db) {
  const seen = { reads: 0 };
  const { all } = db;
  db.all = ((sql: string, params?: unknown[]) => {
    if (/FROM chunks c JOIN vectors v/.test(sql) && /entry_id (=|IN)/.test(sql)) seen.reads++;
    return all.call(db, sql, params as never);
  }) as typeof db.all;
  return seen;
}

describe('the loaded vector index kept in step', () => {
  it('reads the notes of a chunking slice and of a batch of vectors once, in one statement each, and matches a whole load', async () => {
    const engine = await embeddedEngine(VAULT, { service: { background: false } });
    const { db } = engine;
    const spec = engine.embed.model;
    const flatQ = await sharedEmbedder().embed(QUERIES, 'query');
    const queries = QUERIES.map((_, i) => flatQ.subarray(i * spec.dim, (i + 1) * spec.dim));
    const keeper = new IndexKeeper(db);
    const index = await keeper.get(spec.id, spec.dim);
    const reads = countRowReads(db);

    // Five notes change: the queue chunks them in one slice, then tells the keeper.
    const changed = { ...VAULT };
    for (const t of TOPICS.slice(0, 5)) changed[`${t}.md`] = note(t, `A new opening line for the ${t.toLowerCase()}, rewritten.`);
    expect((await engine.importSource(memorySource('test', changed))).phase).toBe('done');
    const pending = notesToChunk(db, chunkerId(spec), 100);
    expect(pending).toHaveLength(5);
    await writeLane(db).run(() => chunkNotes(db, pending, spec, chunkerId(spec), Infinity));
    keeper.changed(pending.map((n) => n.id));
    expect(reads.reads).toBe(1);
    expect(answersOf(keeper.ready(spec.id)!, queries)).toEqual(answersOf(wholeIndex(db, spec.id, spec.dim), queries));

    // Then their passages get vectors in one batch.
    const inputs = pending.flatMap((n) => chunkNote(n.title, n.body, spec).filter((c) => c.readable).map((c) => ({ hash: c.hash, input: chunkInput(n.title, c.heading, c.text) })));
    const flat = await sharedEmbedder().embed(inputs.map((c) => c.input), 'passage');
    const rows = inputs.map((c, i) => ({ hash: c.hash, ...quantizeInt8(flat.subarray(i * spec.dim, (i + 1) * spec.dim)) }));
    await writeLane(db).run(() => writeVectors(db, spec.id, rows));
    keeper.changed(notesWithHashes(db, rows.map((r) => r.hash)));
    expect(reads.reads).toBe(2);
    expect(keeper.ready(spec.id)).toBe(index);
    const whole = answersOf(wholeIndex(db, spec.id, spec.dim), queries);
    expect(answersOf(index, queries)).toEqual(whole);
    // Every note is found, the changed ones with their new passages.
    expect(whole[0].hits).toHaveLength(TOPICS.length);
  }, 120_000);
});

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

  it('adds the passages a long note gains batch by batch without re-reading it whole, and keeps its opening its first passage', async () => {
    const sections = Array.from({ length: 14 }, (_, i) => `## Part ${i}\n\n${'The keeper of the lighthouse wrote about storms and ships. '.repeat(12)}Entry ${i}.\n`);
    const long = `# Lighthouse log\n\nA year of storms kept by the lighthouse keeper.\n\n${sections.join('\n')}`;
    // Another note shares one passage (duplicates share one vector): it gains it in the same batch.
    const files = { ...VAULT, 'Log.md': long, 'Copy.md': `# Log copy\n\n${sections[3]}` };
    const engine = await embeddedEngine(files, { embed: false, service: { background: false } });
    const { db } = engine;
    const spec = engine.embed.model;
    const chunker = chunkerId(spec);
    await writeLane(db).run(() => chunkNotes(db, notesToChunk(db, chunker, 100), spec, chunker, Infinity));
    const flatQ = await sharedEmbedder().embed(QUERIES, 'query');
    const queries = QUERIES.map((_, i) => flatQ.subarray(i * spec.dim, (i + 1) * spec.dim));
    const keeper = new IndexKeeper(db);
    const index = await keeper.get(spec.id, spec.dim);
    const passages = db.all<{ hash: string; heading: string | null; text: string; title: string; seq: number; path: string }>(
      `SELECT DISTINCT c.hash, c.heading, c.text, e.title, c.seq, e.path FROM chunks c JOIN entries e ON e.id = c.entry_id WHERE c.readable = 1 ORDER BY c.seq, e.path`,
    );
    const logPassages = passages.filter((p) => p.path === 'Log.md');
    expect(logPassages.length).toBeGreaterThanOrEqual(12);
    // The log's second passage first, then its first (its opening), then every passage in queue order, one batch each.
    const order = [logPassages[1], logPassages[0], ...passages.filter((p) => p !== logPassages[0] && p !== logPassages[1])];
    let rowsRead = 0;
    const { all } = db;
    db.all = ((sql: string, params?: unknown[]) => {
      const rows = all.call(db, sql, params as never);
      if (/JOIN vectors v/.test(sql)) rowsRead += rows.length;
      return rows;
    }) as typeof db.all;
    const embedded = new Set<string>();
    for (const p of order) {
      if (embedded.has(p.hash)) continue;
      embedded.add(p.hash);
      const flat = await sharedEmbedder().embed([chunkInput(p.title, p.heading, p.text)], 'passage');
      await writeLane(db).run(() => writeVectors(db, spec.id, [{ hash: p.hash, ...quantizeInt8(flat) }]));
      keeper.gained([p.hash]);
      expect(keeper.ready(spec.id)).toBe(index);
    }
    db.all = all;
    expect(answersOf(index, queries)).toEqual(answersOf(wholeIndex(db, spec.id, spec.dim), queries));
    // Each passage read about once (a note read whole when it gains its opening), not its note's every passage per batch.
    const rows = Number(db.column('SELECT COUNT(*) FROM chunks WHERE readable = 1')[0]);
    expect(rowsRead).toBeLessThan(rows * 2);
  }, 120_000);
});

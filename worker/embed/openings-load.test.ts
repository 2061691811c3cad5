// The vector index's load reads every note's opening before the rest
// (index-keeper.ts). While the rest loads, the openings must be exactly what
// a whole load would hold, also for notes changed meanwhile: re-chunked and
// embedded (the queue's way: a write, then changed()), removed, or added.
// Real SQLite, real stored vectors of the real model, a load paused between
// slices of one row.
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
import { VectorIndex, type NoteSimilarity } from './vector-index';

const SECTIONS = ['Origins', 'Uses', 'Care'];
const TOPICS: [string, string][] = [
  ['Anemometer', 'A device that gauges the velocity of air currents with spinning cups.'],
  ['Barometer', 'An instrument that measures the pressure of the air before a storm.'],
  ['Sourdough', 'Bread leavened by a starter of flour and water, baked in a hot oven.'],
  ['Trebuchet', 'A siege engine that hurls stones at castle walls with a counterweight.'],
  ['Lighthouse', 'A tower with a bright lamp that warns ships away from the rocks.'],
  ['Violin', 'A bowed string instrument held under the chin.'],
  ['Glacier', 'A slow river of ice that carves valleys in the mountains.'],
  ['Beekeeping', 'Keeping hives of honey bees and harvesting their honey.'],
];
const note = (title: string, opening: string) => `# ${title}\n\n${opening}\n\n${SECTIONS.map((s) => `## ${s}\n\n${title}: ${s.toLowerCase()} of ${opening.toLowerCase()}\n`).join('\n')}`;
const VAULT = Object.fromEntries(TOPICS.map(([t, o]) => [`${t}.md`, note(t, o)]));

const QUERIES = ['instrument for wind speed', 'baking bread at home', 'medieval weapons for attacking a castle', 'ice and mountains', 'music'];

/** The index a whole load reads from the database now. */
function wholeIndex(db: Db, model: string, dim: number): VectorIndex {
  const index = new VectorIndex(model, dim);
  for (let after = 0; (after = loadIndexSlice(db, index, after, 1_000_000)) >= 0; );
  return index;
}

function answers(index: VectorIndex, queries: Float32Array[], by: NoteSimilarity) {
  return queries.map((q) => index.search(q, null, 100, { by, maxGap: 0.2 }));
}

describe("the vector index's openings while the rest loads", () => {
  it('are those of a whole load, through a note re-chunked and embedded, one added and one removed during the load', async () => {
    const engine = await embeddedEngine(VAULT, { service: { background: false } });
    const { db } = engine;
    const spec = engine.embed.model;
    const model = spec.id;
    const dim = spec.dim;
    const embedder = sharedEmbedder();
    const flat = await embedder.embed(QUERIES, 'query');
    const queries = QUERIES.map((_, i) => flat.subarray(i * dim, (i + 1) * dim));
    const id = (path: string) => db.column<number>('SELECT id FROM entries WHERE path = ?', [path])[0];

    // Imported before the load, chunked and embedded during it: Sourdough gets a new opening, Windmill is new.
    const changed = { ...VAULT, 'Sourdough.md': note('Sourdough', 'A windmill grinds the grain that the baker needs.'), 'Windmill.md': note('Windmill', 'A mill whose sails turn in the wind to grind grain.') };
    expect((await engine.importSource(memorySource('test', changed))).phase).toBe('done');
    const pending = notesToChunk(db, chunkerId(spec), 100);
    expect(pending.map((n) => n.id).sort()).toEqual([id('Sourdough.md'), id('Windmill.md')].sort());
    const inputs = pending.flatMap((n) => chunkNote(n.title, n.body, spec).filter((c) => c.readable).map((c) => ({ hash: c.hash, input: chunkInput(n.title, c.heading, c.text) })));
    const vectors = await embedder.embed(inputs.map((c) => c.input), 'passage');
    const rows = inputs.map((c, i) => ({ hash: c.hash, ...quantizeInt8(vectors.subarray(i * dim, (i + 1) * dim)) }));

    const keeper = new IndexKeeper(db, { slice: 1 });
    const loaded = keeper.get(model, dim);
    const early = await keeper.openings(model, dim);
    expect(early.passagesLoaded).toBe(false);
    const before = wholeIndex(db, model, dim);
    expect(answers(early, queries, 'opening')).toEqual(answers(before, queries, 'opening'));

    // As the queue does it: each write in the write lane; after the vectors, the keeper is told which notes changed.
    await writeLane(db).run(() => chunkNotes(db, pending, spec, chunkerId(spec)));
    expect(await keeper.openings(model, dim)).toBe(early);
    // Chunked again, not embedded yet: no opening (the change log says so).
    expect(early.has(id('Sourdough.md'))).toBe(false);
    expect(answers(early, queries, 'opening')).toEqual(answers(wholeIndex(db, model, dim), queries, 'opening'));
    await writeLane(db).run(() => writeVectors(db, model, rows));
    // Vectors leave no trace in the change log: only changed() tells.
    keeper.changed(notesWithHashes(db, rows.map((r) => r.hash)));
    expect(answers(early, queries, 'opening')).toEqual(answers(wholeIndex(db, model, dim), queries, 'opening'));
    // Removed without the keeper being told: the change log says so.
    await writeLane(db).run(() => db.run('DELETE FROM entries WHERE id = ?', [id('Glacier.md')]));
    expect(await keeper.openings(model, dim)).toBe(early);
    expect(early.passagesLoaded).toBe(false);

    const after = wholeIndex(db, model, dim);
    expect(early.has(id('Windmill.md'))).toBe(true);
    expect(early.has(id('Glacier.md'))).toBe(false);
    expect(early.notes).toBe(after.notes);
    const openings = answers(early, queries, 'opening');
    expect(openings).toEqual(answers(after, queries, 'opening'));
    expect(openings).not.toEqual(answers(before, queries, 'opening'));
    // The whole index is refused until it is whole.
    expect(() => answers(early, queries, 'best')).toThrow(/openings/);

    expect(await loaded).toBe(early);
    expect(early.passagesLoaded).toBe(true);
    expect(early.size).toBe(after.size);
    expect(answers(early, queries, 'best')).toEqual(answers(after, queries, 'best'));
    expect(answers(early, queries, 'opening')).toEqual(openings);
    engine.embed.stop();
  });
});

describe('the rest of the first load, while the model loads', () => {
  it('waits for the model once the openings are in, then loads whole', async () => {
    const engine = await embeddedEngine(VAULT, { service: { background: false } });
    const { db } = engine;
    const { id: model, dim } = engine.embed.model;
    let modelLoaded = () => {};
    const modelLoad = new Promise<void>((r) => (modelLoaded = r));
    const keeper = new IndexKeeper(db, { restAfter: () => modelLoad });
    const loaded = keeper.get(model, dim);
    const early = await keeper.openings(model, dim);
    // Some tasks later the rest has still not been read: the model is loading.
    for (let i = 0; i < 5; i++) await new Promise((r) => setTimeout(r, 0));
    expect(early.passagesLoaded).toBe(false);
    modelLoaded();
    expect(await loaded).toBe(early);
    expect(early.passagesLoaded).toBe(true);
    expect(early.size).toBe(wholeIndex(db, model, dim).size);
    expect(early.size).toBeGreaterThan(early.notes);
    engine.embed.stop();
  });
});

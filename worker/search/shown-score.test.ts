// The score text hits show, on the bundled sample vault (33 notes): a word in
// more than half of them has its BM25 weight clamped by FTS5 to almost
// nothing, and its hits showed 0 (as if they did not match). Real engine,
// real SQLite, the sample vault as the app imports it.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Engine } from '../engine';
import { createEngine } from '../engine';
import { openMemoryDb } from '../db/open-node';
import { nodeSource } from '../ingest/walk-node';
import { ok } from '../test/make-engine';
import { shownTextScore } from './shown-score';

type Result = { results: { path: string; score: number }[]; mode: string };

let engine: Engine;
beforeAll(async () => {
  engine = createEngine(await openMemoryDb());
  const summary = await engine.importSource(nodeSource(new URL('../../web/src/sample-vault', import.meta.url).pathname, 'kioku-sample'));
  expect(summary.phase).toBe('done');
});

const search = async (args: Record<string, unknown>) => ok(await engine.call('search', { mode: 'text', page_size: 50, ...args })) as unknown as Result;

describe('scores shown for text hits', () => {
  it('are never 0 for a hit of a word in more than half of the notes, and still decrease down the list', async () => {
    const notes = Number(engine.db.column("SELECT count(*) FROM entries WHERE kind = 'note'")[0]);
    const r = await search({ query: 'decision' });
    // The word is in more than half of the notes: FTS5 clamps its IDF.
    expect(r.results.length).toBeGreaterThan(notes / 2);
    for (const h of r.results) expect(h.score, h.path).toBeGreaterThan(0);
    const scores = r.results.map((h) => h.score);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
  });

  it('keep their bands: every word from 1 to 2, some of them from 0.5 to 1', async () => {
    const r = await search({ query: 'decision offline' });
    const every = r.results.filter((h) => h.score >= 1);
    const some = r.results.filter((h) => h.score < 1);
    expect(every.length).toBeGreaterThan(0);
    expect(some.length).toBeGreaterThan(0);
    for (const h of some) expect(h.score).toBeGreaterThanOrEqual(0.5);
    // Notes holding every word come first.
    expect(r.results.slice(0, every.length)).toEqual(every);
  });

  it('map the ranking score increasingly, so the order never changes', () => {
    const raw = [0, 0.0001, 0.0002, 0.4, 0.9999, 1, 1.0001, 1.5, 1.9999];
    const shown = raw.map(shownTextScore);
    for (let i = 1; i < shown.length; i++) expect(shown[i]).toBeGreaterThan(shown[i - 1]);
    expect(shown[0]).toBe(0.5);
  });

  it('a listing without words (only -excluded words) is not scored', async () => {
    const r = await search({ query: '-decision', page_size: 3 });
    expect(r.results.length).toBe(3);
    for (const h of r.results) expect(h.score).toBe(0);
  });
});

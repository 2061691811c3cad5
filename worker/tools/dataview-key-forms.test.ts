// Dataview's sanitised field names (lower case, blanks → "-"), found by a
// tester on the Dataview example vault: `wenttosleep` for an inline
// `wentToSleep`, `would-rewatch` and `rating` for frontmatter `Would rewatch`
// and `Rating`, and `"fields": ["Would rewatch"]` refused. Keys resolve at
// query time (worker/query/key-forms.ts); per note, the key asked for wins
// when the note has a value under it, else every key of the same sanitised
// form counts, merged as Dataview merges them.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Engine } from '../engine';
import { engineWith, ok } from '../test/make-engine';
import { sanitizeKey } from '../query/key-forms';

const VAULT = {
  'dailys/2022-01-03.md': '# Monday\n\nwentToSleep:: 23:30\nwake-up:: 07:00\n',
  'Shows/Arcane.md': '---\nTitle: Arcane\nRating: 4/5\nWould rewatch: true\nGenre: [Animation, Action]\n---\nA show.\n',
  'Shows/Dark.md': '---\nRating: 5/5\nWould rewatch: false\nGenre: Thriller\n---\nA show.\n',
  'Games/Hades.md': '---\ngenre: roguelike\n---\nA game.\n',
  // Two spellings in one note: both count for a third spelling.
  'Mixed.md': '---\nGenre: A\nGENRE: B\n---\n',
  // The note's own `genre` wins over its `Genre` when `genre` is asked for.
  'Both.md': '---\ngenre: own\nGenre: other\n---\n',
};

let engine: Engine;
beforeAll(async () => {
  engine = await engineWith(VAULT, 'dv');
});

const found = async (filters: unknown) => ok(await engine.call('find', { filters })).results.map((r) => r.path).sort();

describe('Dataview key forms', () => {
  it('sanitises as Dataview does, dot segment by dot segment', () => {
    expect(sanitizeKey('Would rewatch')).toBe('would-rewatch');
    expect(sanitizeKey('wentToSleep')).toBe('wenttosleep');
    expect(sanitizeKey('Last  Reviewed?')).toBe('last-reviewed');
    expect(sanitizeKey('Schema.Version')).toBe('schema.version');
  });

  it('finds a field by its sanitised name and by its written one', async () => {
    expect(await found({ wenttosleep: { $exists: true } })).toEqual(['dailys/2022-01-03.md']);
    expect(await found({ wentToSleep: { $exists: true } })).toEqual(['dailys/2022-01-03.md']);
    expect(await found({ 'would-rewatch': true })).toEqual(['Shows/Arcane.md']);
    expect(await found({ 'Would rewatch': true })).toEqual(['Shows/Arcane.md']);
    expect(await found({ rating: '4/5' })).toEqual(['Shows/Arcane.md']);
    expect(await found({ RATING: { $gte: '5/' } })).toEqual(['Shows/Dark.md']);
  });

  it("merges a note's keys of one sanitised form; the key asked for wins where the note has it", async () => {
    expect(await found({ genre: 'Thriller' })).toEqual(['Shows/Dark.md']);
    expect(await found({ genre: 'roguelike' })).toEqual(['Games/Hades.md']);
    expect(await found({ genre: ['A', 'B'] })).toEqual(['Mixed.md']);
    expect(await found({ genre: 'other' })).toEqual([]);
    expect(await found({ Genre: 'other' })).toEqual(['Both.md']);
    expect(await found({ genre: { $exists: true } })).toEqual(['Both.md', 'Games/Hades.md', 'Mixed.md', 'Shows/Arcane.md', 'Shows/Dark.md']);
    expect(await found({ genre: { $nin: ['Thriller', 'own'] } })).toEqual(['Games/Hades.md', 'Mixed.md', 'Shows/Arcane.md', 'dailys/2022-01-03.md']);
    expect(await found({ 'no-such-key': { $exists: true } })).toEqual([]);
  });

  it('shows the values in fields, written or sanitised, and sorts by them', async () => {
    // Mixed.md sorts by its first value in key order: GENRE (B) before Genre (A).
    const res = ok(await engine.call('find', { fields: ['Would rewatch', 'would-rewatch', 'rating', 'genre'], sort: [{ field: 'genre' }] }));
    expect(res.results.map((r) => r.path)).toEqual(['Shows/Arcane.md', 'Mixed.md', 'Both.md', 'Games/Hades.md', 'Shows/Dark.md', 'dailys/2022-01-03.md']);
    const arcane = res.results.find((r) => r.path === 'Shows/Arcane.md')!;
    expect(arcane.fields).toEqual({ 'Would rewatch': true, 'would-rewatch': true, rating: '4/5', genre: ['Animation', 'Action'] });
    expect(res.results.find((r) => r.path === 'Mixed.md')!.fields.genre).toEqual(['B', 'A']);
    expect(res.results.find((r) => r.path === 'Both.md')!.fields.genre).toBe('own');
    const sleep = ok(await engine.call('find', { filters: { wenttosleep: { $exists: true } }, fields: ['wenttosleep'] })).results;
    expect(sleep[0].fields).toEqual({ wenttosleep: '23:30' });
  });

  it('names emoji keys, as Dataview reads them', async () => {
    expect(sanitizeKey('🎯 Goal')).toBe('🎯-goal');
    const e = await engineWith({ 'Plan.md': '🎯 Goal:: ship it\n' }, 'emoji');
    const res = ok(await e.call('find', { filters: { '🎯-goal': 'ship it' }, fields: ['🎯 Goal'] }));
    expect(res.results.map((r) => [r.path, r.fields])).toEqual([['Plan.md', { '🎯 Goal': 'ship it' }]]);
    const stats = ok(await e.call('fields', { prefix: '🎯-goal' })).fields;
    expect(stats.map((f) => [f.key, f.filterable ?? true])).toEqual([['🎯-goal', true]]);
  });

  it('resolves in search too', async () => {
    const res = ok(await engine.call('search', { filters: { 'would-rewatch': true }, fields: ['rating'] }));
    expect(res.results.map((h) => [h.path, h.fields])).toEqual([['Shows/Arcane.md', { rating: '4/5' }]]);
  });
});

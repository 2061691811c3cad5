// A note's opening is scored on its own (fts_lead, issue 16): a question that
// describes a thing finds the note that opens by defining it, above notes
// that mention the same words more often further down.
import { describe, expect, it } from 'vitest';
import { engineWith, ok } from '../test/make-engine';
import { parseQuery } from './query-syntax';
import { searchText } from './text';
import { LEAD_CHARS, leadText } from '../text/fts-row';
import { memorySource } from '../ingest/source';
import { removeVault } from '../ingest/vaults';

const filler = (word: string, n: number) => Array.from({ length: n }, (_, i) => `${word}${i % 50}`).join(' ');

describe('the opening of a note', () => {
  it('is its first paragraphs without headings or fences, cut at a word near LEAD_CHARS', () => {
    expect(leadText('# Title\n\n```js\n\nJAUNTING-CAR, a light carriage.\n\n## More\n\nSecond.')).toBe('JAUNTING-CAR, a light carriage. Second.');
    const long = leadText(`# T\n${'word '.repeat(200)}`);
    expect(long.length).toBeLessThanOrEqual(LEAD_CHARS);
    expect(long.endsWith('word')).toBe(true);
    // A long first paragraph is enough: the next one is not read.
    expect(leadText(`${'a '.repeat(100)}\n\nnever`)).not.toContain('never');
    expect(leadText('')).toBe('');
  });

  it('a question finds the note whose opening answers it above one that repeats its words later', async () => {
    const files: Record<string, string> = {
      // The answer: defined in its first line, then a body about other things.
      'Jaunting-Car.md': `# Jaunting-Car\n\nA light two-wheeled carriage for a single horse, seen in Ireland.\n\n${filler('history', 120)}`,
      // Mentions carriage and horse more often, deep in a body of the same length.
      'Roads.md': `# Roads\n\n${filler('paving', 60)}\n\nThe horse pulled a carriage; another horse, another carriage.\n\n${filler('toll', 50)}`,
    };
    // Other notes, so that the words are rare enough to count (BM25's IDF).
    for (let i = 0; i < 10; i++) files[`other/${i}.md`] = `# Other ${i}\n\n${filler(`topic${i}x`, 40)}`;
    const engine = await engineWith(files);
    const top = async (q: string) => ok(await engine.call('search', { query: q, mode: 'text' })).results.map((r) => r.path);
    expect((await top('a carriage pulled by a single horse')).slice(0, 2)).toEqual(['Jaunting-Car.md', 'Roads.md']);
    // Without the opening's score (the ranking before issue 16) the repeated words win.
    const ids = searchText(engine.db, { sql: '1', params: [] }, parseQuery('a carriage pulled by a single horse'), { offset: 0, limit: 10 }, { leadWeight: 0 }).rows.map((r) => r.id);
    const paths = ids.map((id) => engine.db.get<{ path: string }>('SELECT path FROM entries WHERE id = ?', [id])!.path);
    expect(paths.slice(0, 2)).toEqual(['Roads.md', 'Jaunting-Car.md']);
  });

  it('follows the note: re-imported, its new opening is found and the old one is not; removed, its row goes', async () => {
    const engine = await engineWith({ 'a.md': 'Kestrel opening.\n\nbody', 'b.md': 'Other note.' });
    const leadHits = (w: string) => engine.db.column<number>('SELECT rowid FROM fts_lead WHERE fts_lead MATCH ?', [w]).length;
    expect(leadHits('kestrel')).toBe(1);
    const s = await engine.importSource(memorySource('test', { 'a.md': 'Falcon opening.\n\nbody', 'b.md': 'Other note.' }));
    expect(s.phase).toBe('done');
    expect([leadHits('kestrel'), leadHits('falcon')]).toEqual([0, 1]);
    expect(engine.db.column('SELECT count(*) FROM fts_lead')).toEqual(engine.db.column('SELECT count(*) FROM entries'));
    removeVault(engine.db, engine.db.column<number>("SELECT id FROM vaults WHERE name = 'test'")[0]);
    expect(engine.db.column('SELECT count(*) FROM fts_lead')).toEqual([0]);
  });
});

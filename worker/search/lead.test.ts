// A note's opening is scored on its own (fts_lead, issue 16): a question that
// describes a thing finds the note that opens by defining it, above notes
// that mention the same words more often further down.
import { describe, expect, it } from 'vitest';
import { engineWith, ok } from '../test/make-engine';
import { parseQuery } from './query-syntax';
import { searchText } from './text';
import { rebuildLead } from '../text/fts-row';
import { FIXED_LEAD_SHAPE, SENTENCE_LEAD_SHAPE, leadText } from '../text/opening';
import { indexText } from '../text/index-text';
import { memorySource } from '../ingest/source';
import { removeVault } from '../ingest/vaults';

const filler = (word: string, n: number) => Array.from({ length: n }, (_, i) => `${word}${i % 50}`).join(' ');

describe('the opening of a note', () => {
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

  it('an encyclopedia-style opening counts by its definition, not by the etymology in brackets before it', async () => {
    const files: Record<string, string> = {
      // The answer: the definition comes after a long aside, then a long body about something else.
      'Histology.md': `# Histology\n\nHISTOLOGY (Gr. [Greek: histos], a web, properly the web-beam of\nthe loom, from [Greek: histanai], to make to stand, and [Greek: logos],\ndiscourse), the science which deals with the structure of the tissues of plants and animals.\n\n${filler('chronicle', 300)}`,
      // Names the same words in passing, further down a shorter note.
      'Microscope.md': `# Microscope\n\nAn instrument of lenses for looking at small things.\n\n${filler('lens', 100)} The structure of tissues in plants is seen with it.\n\n${filler('glass', 100)}`,
    };
    for (let i = 0; i < 10; i++) files[`other/${i}.md`] = `# Other ${i}\n\n${filler(`topic${i}x`, 40)}`;
    const engine = await engineWith(files);
    const top = async () => ok(await engine.call('search', { query: 'structure of the tissues of plants', mode: 'text' })).results.map((r) => r.path);
    expect((await top()).slice(0, 2)).toEqual(['Histology.md', 'Microscope.md']);
    // The openings as they were before (150 characters as written, weight 0.3): the etymology filled them.
    engine.db.tx(() => {
      engine.db.run('DELETE FROM fts_lead');
      for (const r of engine.db.all<{ id: number; body: string }>('SELECT entry_id AS id, body FROM contents')) {
        engine.db.run('INSERT INTO fts_lead (rowid, lead) VALUES (?, ?)', [r.id, indexText(leadText(r.body, FIXED_LEAD_SHAPE))]);
      }
    });
    const before = searchText(engine.db, { sql: '1', params: [] }, parseQuery('structure of the tissues of plants'), { offset: 0, limit: 10 }, { leadWeight: 0.3 }).rows;
    const path = (id: number) => engine.db.get<{ path: string }>('SELECT path FROM entries WHERE id = ?', [id])!.path;
    expect(before.slice(0, 2).map((r) => path(r.id))).toEqual(['Microscope.md', 'Histology.md']);
    // And the opening the import writes is the one the derivation rebuilds.
    rebuildLead(engine.db);
    expect((await top()).slice(0, 2)).toEqual(['Histology.md', 'Microscope.md']);
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

  it('a Japanese note whose first sentence its sibling pages share counts by the sentence after it', async () => {
    // The formula every page of a section opens with (over 60 characters: derivation 5 cut there).
    const formula = 'この記事では、Dynamics 365 Human Resources の休暇と欠勤の機能で、従業員とマネージャーが使用できる新しい機能と変更された機能について説明します。';
    const ja = (word: string, n: number) => Array.from({ length: n }, (_, i) => `${word}${i % 40}を確認します。`).join('');
    const files: Record<string, string> = {
      // Named in English, as such sites are, so only the text speaks. The answer: its second sentence says what the page is about, then a long body about other things.
      'leave/buy-sell.md': `${formula}従業員は休暇の購入と売却を要求できます。\n\n${ja('勤務表', 80)}`,
      // Siblings: the same formula, and the question's words more often further down a shorter body.
      'leave/approval.md': `${formula}マネージャーは休暇の要求を承認します。\n\n${ja('承認者', 40)}休暇の購入と売却の要求も承認します。\n\n${ja('通知', 40)}`,
      'leave/types.md': `${formula}休暇の種類を設定します。\n\n${ja('種類', 60)}`,
    };
    for (let i = 0; i < 10; i++) files[`other/${i}.md`] = `# 他 ${i}\n\n${ja(`話題${i}`, 40)}`;
    const engine = await engineWith(files);
    const q = '休暇 購入 売却';
    const top = async () => ok(await engine.call('search', { query: q, mode: 'text' })).results.map((r) => r.path);
    expect((await top())[0]).toBe('leave/buy-sell.md');
    // With the openings of derivation 5 (the first sentence, in every script) the three openings are one formula.
    rebuildLead(engine.db, { lead: (body) => leadText(body, SENTENCE_LEAD_SHAPE) });
    expect((await top())[0]).toBe('leave/approval.md');
    rebuildLead(engine.db);
    expect((await top())[0]).toBe('leave/buy-sell.md');
  });
});

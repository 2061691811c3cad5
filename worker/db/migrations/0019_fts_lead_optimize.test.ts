// Migration 19 merges the notes' openings index of a database imported
// before imports merged it: one segment afterwards, and every search answers
// exactly as before (pages, scores, totals).
import { describe, expect, it } from 'vitest';
import { engineWith, ok } from '../../test/make-engine';
import { m0019 } from './0019_fts_lead_optimize';

describe('migration 0019_fts_lead_optimize', () => {
  it('leaves fts_lead in one segment and changes no search result', async () => {
    const notes: Record<string, string> = {};
    for (let i = 0; i < 60; i++) notes[`n${i}.md`] = `# Note ${i}\n\nA ${['kestrel', 'harbour', 'copper'][i % 3]} note, number ${i}, about ${i % 7 ? 'wind' : 'storm'} gauges.\n\n${'more text '.repeat(i % 11)}`;
    const engine = await engineWith(notes);
    const db = engine.db;
    // As an import before this version left it: openings written in several commits, never merged.
    db.run("INSERT INTO fts_lead(fts_lead, rank) VALUES('automerge', 0)");
    const rows = db.all<{ rowid: number; lead: string }>('SELECT e.id AS rowid, c.body AS lead FROM entries e JOIN contents c ON c.entry_id = e.id ORDER BY e.id');
    for (let k = 0; k < rows.length; k += 10) {
      db.tx(() => {
        for (const r of rows.slice(k, k + 10)) {
          db.run('DELETE FROM fts_lead WHERE rowid = ?', [r.rowid]);
          db.run('INSERT INTO fts_lead (rowid, lead) VALUES (?, ?)', [r.rowid, r.lead.slice(0, 150)]);
        }
      });
    }
    const segments = () => db.get<{ n: number }>('SELECT count(DISTINCT segid) AS n FROM fts_lead_idx')!.n;
    expect(segments()).toBeGreaterThan(1);
    const answers = async () => {
      const out: unknown[] = [];
      for (const query of ['kestrel', 'wind gauges', 'a kestrel note about storm gauges number', 'copper -storm', 'harbour wind']) {
        const r = ok(await engine.call('search', { query, mode: 'text', page_size: 50 })) as Record<string, unknown>;
        delete r.elapsed_ms;
        out.push(r);
      }
      return out;
    };
    const before = await answers();
    db.tx(() => db.exec(m0019.sql!));
    expect(segments()).toBe(1);
    expect(await answers()).toEqual(before);
  });
});

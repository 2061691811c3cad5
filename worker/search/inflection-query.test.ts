// Porter stems embed to "emb" but embedded and embedding to "embed": in the
// help vault `embed` found 45 English notes and `embedding` 17, each missing
// the other's. A word whose inflections stem apart is searched in both
// spellings, and the snippet marks both.
import { describe, expect, it } from 'vitest';
import { engineWith, ok } from '../test/make-engine';
import { otherInflection } from '../text/inflection';

const NOTES = {
  'Embed files.md': '# Embed files\n\nYou can embed a picture in a note.',
  'Web pages.md': '# Web pages\n\nSome sites give a link for embedding them; an embedded page stays live.',
  'Plans.md': '# Plans\n\nWe planned the trip, and planning took a week.',
};

type Result = { results: { path: string; snippet: string }[]; total: number };

describe('English inflections that Porter stems apart', () => {
  it('have their other spelling; words whose inflections share a stem have none', () => {
    expect(otherInflection('embed')).toBe('embedded');
    expect(otherInflection('Embedding')).toBe('embed');
    expect(otherInflection('embedded')).toBe('embed');
    for (const w of ['plan', 'planned', 'planning', 'commit', 'committed', 'set', 'settings', 'sync', 'added', 'dressing', 'begin']) expect(otherInflection(w), w).toBeNull();
  });

  it('are found from either spelling, both marked', async () => {
    const engine = await engineWith(NOTES);
    for (const query of ['embed', 'embedding', 'embedded']) {
      const r = ok((await engine.call('search', { query, mode: 'text' })) as unknown as Result);
      expect(r.results.map((h) => h.path).sort(), query).toEqual(['Embed files.md', 'Web pages.md']);
      const byPath = Object.fromEntries(r.results.map((h) => [h.path, h.snippet]));
      expect(byPath['Embed files.md'], query).toContain('[embed] a picture');
      expect(byPath['Web pages.md'], query).toMatch(/\[embedding\] them; an \[embedded\] page/);
    }
  });

  it('leave the others as they were', async () => {
    const engine = await engineWith(NOTES);
    const r = ok((await engine.call('search', { query: 'plan', mode: 'text' })) as unknown as Result);
    expect(r.results.map((h) => h.path)).toEqual(['Plans.md']);
    expect(r.results[0].snippet).toContain('[planned] the trip, and [planning]');
  });
});

// A note hidden from the local identity (a team space's private note) must not
// change what that viewer's search by meaning returns: the gap a vector hit
// must stay within is measured from the best note the viewer may see, not from
// a hidden one. Real SQLite, the real bundled model.
import { describe, expect, it } from 'vitest';
import { embeddedEngine } from '../embed/testing';
import { ok } from '../test/make-engine';

const team = (fm: string, text: string) => `---\nteam: shared\n${fm}\n---\n${text}\n`;
const VISIBLE_NOTES: Record<string, string> = {
  'data/users/bob/notes/lab/hygrometer.md': team('title: Hygrometer\nvisibility: public', 'A gauge whose hair strand stretches in damp air, showing the humidity of a room.'),
  'data/users/bob/notes/lab/bread.md': team('title: Sourdough\nvisibility: public', 'Mix flour and water, feed the starter daily, and bake the loaf in a hot oven.'),
  'data/users/bob/notes/lab/taxes.md': team('title: Taxes\nvisibility: public', 'File the annual return before April; keep receipts for deductions.'),
};
// The closest note to the question, private to bob.
const HIDDEN = {
  'data/users/bob/notes/lab/anemometer.md': team('title: Anemometer\nvisibility: private', 'A device for gauging the velocity of air currents and gusts, with cups which spin faster in a gale.'),
};

type Result = { results: { path: string }[]; total: number };

describe('search by meaning and notes hidden from the viewer', () => {
  it('returns the same to a viewer who may not read a note as when that note does not exist', async () => {
    const withHidden = await embeddedEngine({ ...VISIBLE_NOTES, ...HIDDEN }, { vault: 'team' });
    const without = await embeddedEngine(VISIBLE_NOTES, { vault: 'team' });
    for (const e of [withHidden, without]) ok(await e.call('set_identity', { user: 'carol', orgs: [] }));
    const query = 'instrument that measures wind speed';
    for (const mode of ['vector', 'hybrid']) {
      const seen = ok((await withHidden.call('search', { query, mode })) as Result);
      const alone = ok((await without.call('search', { query, mode })) as Result);
      expect(seen.results.map((r) => r.path), mode).toEqual(alone.results.map((r) => r.path));
      expect(seen.total, mode).toBe(alone.total);
      expect(seen.results.map((r) => r.path)).not.toContain('data/users/bob/notes/lab/anemometer.md');
    }
    // bob himself sees his note first.
    ok(await withHidden.call('set_identity', { user: 'bob', orgs: [] }));
    const own = ok((await withHidden.call('search', { query, mode: 'vector' })) as Result);
    expect(own.results[0].path).toBe('data/users/bob/notes/lab/anemometer.md');
  });
});

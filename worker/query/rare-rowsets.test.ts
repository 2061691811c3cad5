// A tag filter also selects the tag's nested tags (history → history/rome);
// where the vault has none, that part is left out of the SQL. The notes
// selected must not change (real engine, real SQLite).
import { beforeAll, describe, expect, it } from 'vitest';
import type { Engine } from '../engine';
import { engineWith, ok } from '../test/make-engine';
import { metadataScope, readMetadataArgs } from '.';
import { idsSql } from './compile';
import { withoutEmptyRowSets } from './plan';

let engine: Engine;
beforeAll(async () => {
  engine = await engineWith({
    'a.md': '---\ntags: [history]\n---\nA note on the river.\n',
    'b.md': '---\ntags: [history/rome, travel]\n---\nA note on the river Tiber.\n',
    'c.md': '---\ntags: [travel, Travel]\n---\nA note on travel.\n',
    'd.md': '---\ntags: [other]\n---\nA note on the river, other.\n',
  });
});

const compiled = (filters: Record<string, unknown>) => metadataScope(readMetadataArgs({ filters }), undefined).compiled;
const selected = (filter: ReturnType<typeof compiled>) => {
  const ids = idsSql(filter);
  return engine.db.column<number>(`SELECT DISTINCT entry_id FROM (${ids.sql}) ORDER BY 1`, ids.params);
};

describe('rare row sets', () => {
  it('are kept where the vault has nested tags and left out where it has none', () => {
    const nested = compiled({ tags: 'history' });
    expect(withoutEmptyRowSets(engine.db, nested).arms[0].rowSets).toHaveLength(2);
    const flat = compiled({ tags: 'travel' });
    expect(flat.arms[0].rowSets).toHaveLength(2);
    const pruned = withoutEmptyRowSets(engine.db, flat);
    expect(pruned.arms[0].rowSets).toHaveLength(1);
    expect(pruned.rareChecked).toBe(true);
    expect(withoutEmptyRowSets(engine.db, pruned)).toBe(pruned);
  });

  it('select the same notes, in filter-only and text + filter searches', async () => {
    for (const tags of ['history', 'travel', 'other', 'history/rome', 'nowhere', ['travel', 'history']]) {
      const f = compiled({ tags });
      expect(selected(withoutEmptyRowSets(engine.db, f)), JSON.stringify(tags)).toEqual(selected(f));
      const expected = engine.db.column<string>(`SELECT path FROM entries WHERE id IN (${idsSql(f).sql}) ORDER BY path`, idsSql(f).params);
      const listed = ok(await engine.call('search', { filters: { tags } }));
      expect(listed.results.map((h) => h.path), JSON.stringify(tags)).toEqual(expected);
      expect(listed.total).toBe(expected.length);
      const text = ok(await engine.call('search', { query: 'river', filters: { tags }, mode: 'text' }));
      expect(text.results.map((h) => h.path).sort(), JSON.stringify(tags)).toEqual(expected.filter((p) => p !== 'c.md'));
    }
  });
});

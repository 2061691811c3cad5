import { describe, expect, it } from 'vitest';
import { engineWith } from '../test/make-engine';
import { buildScope, readScope } from './scope';

describe('buildScope', () => {
  it('puts every scope argument into one condition with bound parameters', async () => {
    const { db } = await engineWith({ 'specs/a.md': '---\nstatus: done\n---\nx' });
    const s = buildScope(db, readScope({ vault: 'test', folder: 'specs', path_prefix: 'specs/', filters: { status: 'done' } }, 'word tag:x'));
    expect(s.text).toBe('word');
    expect(s.hasMetadata).toBe(true);
    expect(s.condition.sql).toContain('e.vault_id = ?');
    expect(s.condition.sql).toContain('e.folder = ?');
    expect(s.condition.sql).toContain('e.path >= ? AND e.path < ?');
    expect(s.condition.params).toEqual(expect.arrayContaining(['specs', 'specs/', 'specs0', 'status', 'done']));
    expect(s.condition.sql).not.toContain("'done'");
  });

  it('is "1" with no arguments when no team note is hidden, so the text plan is the unrestricted one', async () => {
    const { db } = await engineWith({ 'a.md': 'x', 'users/bob/notes/ops/b.md': '---\nvisibility: public\n---\nx' });
    expect(buildScope(db, readScope({}, 'word'))).toMatchObject({ condition: { sql: '1', params: [] }, rowCondition: { sql: '1', params: [] }, text: 'word', filter: null, hasMetadata: false });
  });

  it('gives the filter a per-row form for FTS-driven queries, selecting the same notes', async () => {
    const { db } = await engineWith({
      'a.md': '---\nstatus: done\ntags: [x]\n---\nword',
      'b.md': '---\nstatus: open\n---\nword',
      'c.md': '---\nstatus: done\n---\nother',
    });
    const s = buildScope(db, readScope({ filters: { status: { $in: ['done', 'later'] }, priority: null }, tags: ['x'], folder: '' }, undefined));
    expect(s.rowCondition.sql).not.toBe(s.condition.sql);
    const ids = (c: { sql: string; params: unknown[] }) => db.column<number>(`SELECT e.id FROM entries e WHERE ${c.sql} ORDER BY e.id`, c.params as never);
    expect(ids(s.rowCondition)).toEqual(ids(s.condition));
    expect(ids(s.condition)).toHaveLength(1);
  });
});

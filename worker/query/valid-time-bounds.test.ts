// The bounds snapshot counts what the assertions table holds now: it is
// rebuilt when the assertions change (here or in another connection), kept
// when other writes leave them alone, and not used inside a transaction.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Db } from '../db/database';
import { openFileDb } from '../db/open-node';
import { createEngine } from '../engine';
import { memorySource } from '../ingest/source';
import { engineWith } from '../test/make-engine';
import { assertionMatch, parseValidTime, type ValidTimeQuery } from './valid-time';
import { boundsSnapshot, countFromSnapshot, countInEntries } from './valid-time-bounds';
import { countAnswering } from './valid-time-count';

const note = (qualifier: string) => `# Cache\n\n- [decision] ${qualifier} The cache uses Redis.\n- [fact] @2026-07 Traffic peaks.\n`;
const Q = parseValidTime({ valid_at: '2026-07-01' })!;

function bySql(db: Db, q: ValidTimeQuery, entryIds?: number[]): number {
  const m = assertionMatch(q, 'a');
  const scope = entryIds ? ` AND a.entry_id IN (${entryIds.join(',') || 'NULL'})` : '';
  return db.get<{ n: number }>(`SELECT count(*) AS n FROM assertions a WHERE ${m.sql}${scope}`, m.params)!.n;
}

const dir = mkdtempSync(join(tmpdir(), 'kioku-bounds-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('the bounds snapshot', () => {
  it('follows a changed qualifier and keeps itself across writes that leave assertions alone', async () => {
    const engine = await engineWith({ 'a.md': note('@effective[2026-06-10,2026-07-27)'), 'b.md': note('@2026-08-01') });
    const db = engine.db;
    // Redis in a.md, and the July traffic of both notes.
    expect(countAnswering(db, Q)).toBe(3);
    const first = boundsSnapshot(db);
    // A note without observations: entries and text change, assertions do not.
    await engine.importSource(memorySource('test', { 'a.md': note('@effective[2026-06-10,2026-07-27)'), 'b.md': note('@2026-08-01'), 'c.md': '# Plain\n\nNo claims.\n' }));
    expect(boundsSnapshot(db)).toBe(first);
    // The claim of a.md now starts after the date asked about.
    await engine.importSource(memorySource('test', { 'a.md': note('@effective:2026-07-02'), 'b.md': note('@2026-08-01'), 'c.md': '# Plain\n' }));
    expect(boundsSnapshot(db)).not.toBe(first);
    expect(countAnswering(db, Q)).toBe(bySql(db, Q));
    expect(countAnswering(db, Q)).toBe(2);
    // A deleted note takes its assertions with it.
    await engine.importSource(memorySource('test', { 'a.md': note('@effective:2026-07-02'), 'c.md': '# Plain\n' }));
    expect(countAnswering(db, Q)).toBe(1);
    expect(countAnswering(db, parseValidTime({ valid_at: '2026-07-03' })!)).toBe(bySql(db, parseValidTime({ valid_at: '2026-07-03' })!));
  });

  it('is not used inside a transaction, where the count sees the transaction’s own writes', async () => {
    const engine = await engineWith({ 'a.md': note('@effective[2026-06-10,2026-07-27)') });
    const db = engine.db;
    expect(countAnswering(db, Q)).toBe(2);
    const inside = db.tx(() => {
      expect(boundsSnapshot(db)).toBe(null);
      db.run('DELETE FROM assertions WHERE kind = ?', ['effective']);
      return countAnswering(db, Q);
    });
    expect(inside).toBe(1);
    expect(countAnswering(db, Q)).toBe(1);
  });

  it('sees a commit of another connection to the same file', async () => {
    const file = join(dir, 'shared.kioku');
    const writer = createEngine(openFileDb(file));
    expect((await writer.importSource(memorySource('v', { 'a.md': note('@effective[2026-06-10,2026-07-27)') }))).phase).toBe('done');
    const reader = openFileDb(file);
    try {
      expect(countAnswering(reader, Q)).toBe(2);
      await writer.importSource(memorySource('v', { 'a.md': note('@effective:2026-07-02') }));
      expect(countAnswering(reader, Q)).toBe(1);
      expect(countAnswering(reader, Q)).toBe(bySql(reader, Q));
    } finally {
      reader.close();
      writer.db.close();
    }
  });

  it('counts as SQL does over many bounds, kinds and entry sets', async () => {
    const forms = ['@effective[2026-06-10,2026-07-27)', '@effective:2026-07-27', '@2026-07', '@2026', '@due:2026-07-01', '@valid[2026-01-01,2026-01-01)',
      '@occurred[2026-07-01T10:00:00Z,2026-07-01T12:00:00Z]', '@occurred(2026-07-01T10:00:00Z,2026-07-01T12:00:00Z)', '@mentioned[,2026-03-01)', '@valid(2026-02-01,)', '@valid(,2026-07-01T10:00:00Z]'];
    const files: Record<string, string> = {};
    for (let i = 0; i < 30; i++) files[`n${i}.md`] = `# N${i}\n\n${[0, 1, 2].map((k) => `- [fact] ${forms[(i * 3 + k) % forms.length]} line ${k}`).join('\n')}\n`;
    const db = (await engineWith(files)).db;
    const s = boundsSnapshot(db)!;
    const ids = db.column<number>("SELECT id FROM entries WHERE kind = 'note' ORDER BY id");
    const questions = [
      ...['2026-07-01', '2026-07-27', '2026-07-26', '2026-01-01', '2026-02-01', '2026-02-02', '2026-03-01', '2025-12-31', '2026-07-01T10:00:00Z', '2026-07-01T12:00:00Z', '2026-07-01T09:59:59Z'].map((d) => ({ valid_at: d })),
      ...['[2026-06-01,2026-08-01)', '[2026-07-27,2026-07-27]', '(2026-01-01,2026-02-01]', '[2026-01-01,2026-01-01)', '[,2026-03-01)', '[2026-12-31,)', '(2026-07-01T12:00:00Z,)', '(,2026-07-01T10:00:00Z]'].map((r) => ({ valid_overlaps: r })),
      { time_kind: 'due' }, { time_kind: 'occurred', valid_at: '2026-07-01T11:00:00Z' }, { time_kind: 'effective', valid_overlaps: '[2026-07-27,)' },
    ];
    for (const args of questions) {
      const q = parseValidTime(args)!;
      expect(countFromSnapshot(s, q), JSON.stringify(args)).toBe(bySql(db, q));
      for (const some of [ids.filter((_, i) => i % 3 === 0), ids.slice(5, 12), [...ids.slice(0, 4), ...ids.slice(0, 4)], []]) {
        expect(countInEntries(s, q, some), JSON.stringify({ args, some })).toBe(bySql(db, q, [...new Set(some)]));
        // The listing hands over the ids parsed into a typed array (worker/db/id-list.ts).
        const answering: number[] = [];
        expect(countInEntries(s, q, Int32Array.from(some), answering), JSON.stringify({ args, some })).toBe(bySql(db, q, [...new Set(some)]));
        expect(answering, JSON.stringify({ args, some })).toEqual([...new Set(some)].filter((id) => bySql(db, q, [id]) > 0));
      }
    }
  });
});

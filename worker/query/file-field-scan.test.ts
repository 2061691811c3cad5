// The fields tool's file fields counted from one read of the notes
// (file-field-scan.ts) give exactly what grouping the file_fields view in
// SQL gave (the statements below are the ones the tool ran before), on the
// bundled sample vault and a vault of awkward names. Real engine, real SQLite.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Db, SqlValue } from '../db/database';
import { openMemoryDb } from '../db/open-node';
import { createEngine } from '../engine';
import { memorySource } from '../ingest/source';
import { nodeSource } from '../ingest/walk-node';
import { fieldStats, readableScope, type FieldStatsOptions } from './field-stats';
import { fileFieldStats } from './file-field-stats';

/** The view's rows grouped in SQL, as the tool did before (rows, then top values per key). */
function byView(db: Db, opts: FieldStatsOptions) {
  const { scope, params } = readableScope(opts);
  const p: SqlValue[] = [...params];
  if (opts.prefix && opts.prefix !== 'file') {
    scope.push('key = ?');
    p.push(opts.prefix);
  }
  const where = `WHERE key NOT IN ('file.tags', 'file.inlinks', 'file.outlinks') AND ${scope.join(' AND ')}`;
  const rows = db.all(`SELECT key, t, COUNT(DISTINCT entry_id) AS notes, MAX(pos >= 0) AS list FROM file_fields ${where} GROUP BY key, t ORDER BY key`, p);
  const values = db.all(
    `SELECT key, v, n, d FROM (
       SELECT key, v, n, ROW_NUMBER() OVER (PARTITION BY key ORDER BY n DESC, v) AS rank, COUNT(*) OVER (PARTITION BY key) AS d
       FROM (SELECT key, coalesce(num, str) AS v, COUNT(DISTINCT entry_id) AS n FROM file_fields ${where} GROUP BY key, v))
     WHERE rank <= ? ORDER BY key, rank`,
    [...p, Math.max(opts.limit, 1)],
  );
  return { rows, values };
}

let db: Db;
let sample: number;
let odd: number;
beforeAll(async () => {
  db = await openMemoryDb();
  const engine = createEngine(db);
  await engine.importSource(nodeSource(new URL('../../web/src/sample-vault', import.meta.url).pathname, 'kioku-sample'));
  await engine.importSource(
    memorySource('odd', {
      'a.md': '# A\n\n#same',
      'A.md': '# A again\n\n#Same',
      'deep/x/y/z.markdown': '---\ntags: [one, two]\n---\nz',
      'Ünïcode név.md': 'ü',
      '😀 face.md': 'face',
      '漢字/メモ.md': 'メモ',
      '.md': 'no name',
      'z/.hidden.md': 'hidden',
      'notes.md.md': 'double',
      'pic.png': 'not a note',
    }),
  );
  sample = db.get<{ id: number }>("SELECT id FROM vaults WHERE name = 'kioku-sample'")!.id;
  odd = db.get<{ id: number }>("SELECT id FROM vaults WHERE name = 'odd'")!.id;
});

const tagsOf = (opts: FieldStatsOptions) => fieldStats(db, { ...opts, prefix: 'tags' })[0];

describe('file fields counted from one read of the notes', () => {
  const cases: [string, () => FieldStatsOptions][] = [
    ['every vault', () => ({ limit: 10 })],
    ['the sample vault, many values', () => ({ vaultId: sample, limit: 100 })],
    ['the awkward names', () => ({ vaultId: odd, limit: 100 })],
    ['one value each', () => ({ limit: 1 })],
    ['no values', () => ({ limit: 0 })],
    ['prefix file', () => ({ prefix: 'file', limit: 5 })],
    ['prefix file.name', () => ({ prefix: 'file.name', limit: 5 })],
    ['prefix file.mtime', () => ({ prefix: 'file.mtime', vaultId: odd, limit: 5 })],
    ['prefix file.etags', () => ({ prefix: 'file.etags', limit: 5 })],
    ['prefix file.size', () => ({ prefix: 'file.size', limit: 3 })],
  ];
  for (const [name, opts] of cases) {
    it(`match the view grouped in SQL: ${name}`, () => {
      const o = opts();
      const got = fileFieldStats(db, o, tagsOf(o));
      const view = byView(db, o);
      // Every key the view lists (but the link counts, listed without values) is there with the view's counts.
      const keys = got.filter((f) => !['file.tags', 'file.inlinks', 'file.outlinks'].includes(f.key));
      expect(keys.map((f) => f.key).sort()).toEqual(view.rows.map((r) => (r as { key: string }).key).sort());
      for (const r of view.rows as { key: string; notes: number; list: number }[]) {
        const f = keys.find((k) => k.key === r.key)!;
        expect(f.notes, r.key).toBe(r.notes);
        expect('item_types' in f, r.key).toBe(r.list === 1);
        const vals = (view.values as { key: string; v: unknown; n: number; d: number }[]).filter((v) => v.key === r.key);
        expect(f.values, r.key).toEqual(vals.slice(0, o.limit).map((v) => ({ value: v.v, count: v.n })));
        expect(f.distinct, r.key).toBe(vals[0]?.d ?? 0);
      }
    });
  }

  it('an empty scope lists no entry fields', () => {
    expect(fileFieldStats(db, { vaultId: 999_999, limit: 5 }, undefined).filter((f) => !['file.inlinks', 'file.outlinks'].includes(f.key))).toEqual(byView(db, { vaultId: 999_999, limit: 5 }).rows);
  });
});

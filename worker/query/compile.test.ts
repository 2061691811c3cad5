// Golden tests: the compiled SQL text and bound parameters of representative
// filters are pinned, so any change to what reaches SQLite is deliberate. Then
// the plans: every condition is an index lookup on fm, never a scan of it.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Engine } from '../engine';
import { compileFilter } from './index';
import { fixtureEngine } from './testdata/engine';

const IN_FM = (row: string) => `e.id IN (SELECT entry_id FROM fm WHERE key = ? AND ${row})`;
const PRESENT = `SELECT entry_id FROM fm WHERE key = ? AND t IN ('str', 'num', 'bool') UNION ALL SELECT entry_id FROM fm WHERE key > ? AND key < ? AND t IN ('str', 'num', 'bool')`;
const NOTE = "(e.kind = 'note')";

const GOLDEN: [name: string, filter: unknown, sql: string, params: unknown[]][] = [
  ['text equality', { status: 'active' }, `${NOTE} AND (${IN_FM('str = ?')})`, ['status', 'active']],
  ['numeric string equality', { version: '2' }, `${NOTE} AND (${IN_FM('num = ?')})`, ['version', 2]],
  ['boolean string equality', { draft: 'True' }, `${NOTE} AND (${IN_FM('bool = ?')})`, ['draft', 1]],
  ['tags fold', { tags: 'ＯＡｕｔｈ' }, `${NOTE} AND (${IN_FM('fold = ?')})`, ['tags', 'oauth']],
  [
    'array contains',
    { tags: ['a', 'B'] },
    `${NOTE} AND ((${IN_FM('fold = ?')}) AND (${IN_FM('fold = ?')}))`,
    ['tags', 'a', 'tags', 'b'],
  ],
  [
    '$in over two types',
    { priority: { $in: ['high', 'critical', 1] } },
    `${NOTE} AND (e.id IN (SELECT entry_id FROM fm WHERE key = ? AND str IN (?, ?) UNION ALL SELECT entry_id FROM fm WHERE key = ? AND num = ?))`,
    ['priority', 'high', 'critical', 'priority', 1],
  ],
  [
    'one range from two operators',
    { started: { $gte: '2026-01-01', $lt: '2026-02-01' } },
    `${NOTE} AND (${IN_FM('num IS NULL AND bool IS NULL AND str >= ? AND str < ?')})`,
    ['started', '2026-01-01', '2026-02-01'],
  ],
  ['$between numeric', { score: { $between: [0.3, '0.8'] } }, `${NOTE} AND (${IN_FM('num BETWEEN ? AND ?')})`, ['score', 0.3, 0.8]],
  ['null', { owner: null }, `${NOTE} AND (e.id NOT IN (${PRESENT}))`, ['owner', 'owner.', 'owner/']],
  ['$exists true', { owner: { $exists: true } }, `${NOTE} AND (e.id IN (${PRESENT}))`, ['owner', 'owner.', 'owner/']],
  [
    '$contains',
    { title: { $contains: 'Auth' } },
    `${NOTE} AND (${IN_FM('(str = ? OR (pos = -1 AND instr(fold, ?) > 0))')})`,
    ['title', 'Auth', 'auth'],
  ],
  [
    'several fields',
    { status: 'active', confidence: { $gt: 0.7 }, '状態': '完了' },
    `${NOTE} AND (${IN_FM('str = ?')}) AND (${IN_FM('num > ?')}) AND (${IN_FM('str = ?')})`,
    ['status', 'active', 'confidence', 0.7, '状態', '完了'],
  ],
  // sqlite-wasm binds integral numbers as int64; beyond 2^63 they travel as text.
  ['huge number', { x: { $gt: 1e19 } }, `${NOTE} AND (${IN_FM('num > ?')})`, ['x', '10000000000000000000']],
];

describe('compiled SQL (golden)', () => {
  it.each(GOLDEN)('%s', (_name, filter, sql, params) => {
    expect(compileFilter(filter)).toEqual({ sql, params });
  });

  it('never pastes values into the SQL text', () => {
    const evil = "x' OR 1=1; DROP TABLE fm; --";
    const c = compileFilter({ status: evil, title: { $contains: evil }, tags: [evil], owner: { $in: [evil, 3] } })!;
    expect(c.sql).not.toContain('DROP');
    expect(c.sql).not.toContain("x'");
    expect(c.params).toContain(evil);
  });
});

describe('query plans', () => {
  let engine: Engine;
  beforeAll(async () => {
    // No ANALYZE: the plans a freshly imported database gets.
    engine = await fixtureEngine();
  });

  const plan = (filter: unknown) => {
    const c = compileFilter(filter)!;
    return engine.db.all<{ detail: string }>(`EXPLAIN QUERY PLAN SELECT COUNT(*) FROM entries e WHERE ${c.sql}`, c.params).map((r) => r.detail);
  };

  it.each([
    [{ status: 'active' }, 'fm_key_str'],
    [{ rating: 1 }, 'fm_key_num'],
    [{ draft: true }, 'fm_key_bool'],
    [{ tags: ['security', 'ops'] }, 'fm_key_fold'],
    [{ started: { $gte: '2026-01-01', $lt: '2026-02-01' } }, 'fm_key_text'],
    [{ score: { $between: [0.3, 0.8] } }, 'fm_key_num'],
    [{ priority: { $in: ['high', 'critical'] } }, 'fm_key_str'],
    [{ owner: null }, 'fm_key_t'],
    [{ owner: { $exists: true } }, 'fm_key_t'],
    [{ title: { $contains: 'alp' } }, 'fm_key_'],
  ])('%j uses %s', (filter, index) => {
    const lines = plan(filter);
    const fmLines = lines.filter((l) => /\bfm\b/.test(l));
    expect(fmLines.length).toBeGreaterThan(0);
    for (const l of fmLines) expect(l).toMatch(/^SEARCH fm USING (COVERING )?INDEX fm_/);
    expect(fmLines.some((l) => l.includes(index))).toBe(true);
  });

  it('looks notes up by id instead of scanning entries when a condition selects', () => {
    expect(plan({ status: 'active', confidence: { $gt: 0.7 } })[0]).toMatch(/SEARCH e USING INTEGER PRIMARY KEY/);
  });
});

// Golden tests: the compiled SQL text and bound parameters of representative
// filters are pinned, so any change to what reaches SQLite is deliberate. Then
// the plans: every condition is an index lookup on fm, never a scan of it.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Engine } from '../engine';
import { compileFilter, metadataScope, readMetadataArgs } from './index';
import { fixtureEngine } from './testdata/engine';

const IDS = (...selects: string[]) => `e.id IN (${selects.join(' INTERSECT ')})`;
const ROWS = (where: string) => `SELECT entry_id FROM fm WHERE key = ? AND ${where}`;
const PRESENT = `SELECT entry_id FROM (${ROWS("t = 'str'")} UNION ALL ${ROWS("t = 'num'")} UNION ALL ${ROWS("t = 'bool'")} UNION ALL SELECT entry_id FROM fm WHERE key > ? AND key < ? AND t IN ('str', 'num', 'bool'))`;
const TAG_ROWS = `SELECT entry_id FROM (${ROWS('fold = ?')} UNION ALL ${ROWS('fold > ? AND fold < ?')})`;
const PRESENT_PARAMS = (k: string) => [k, k, k, `${k}.`, `${k}/`];

const GOLDEN: [name: string, filter: unknown, sql: string, params: unknown[]][] = [
  ['text equality', { status: 'active' }, IDS(ROWS('str = ?')), ['status', 'active']],
  ['numeric string equality', { version: '2' }, IDS(ROWS('num = ?')), ['version', 2]],
  ['boolean string equality', { draft: 'True' }, IDS(ROWS('bool = ?')), ['draft', 1]],
  // A tag also stands for its nested tags: the folded strings between `tag/` and `tag0`.
  ['tags fold', { tags: 'ＯＡｕｔｈ' }, IDS(TAG_ROWS), ['tags', 'oauth', 'tags', 'oauth/', 'oauth0']],
  ['array contains', { tags: ['a', 'B'] }, IDS(TAG_ROWS, TAG_ROWS), ['tags', 'a', 'tags', 'a/', 'a0', 'tags', 'b', 'tags', 'b/', 'b0']],
  [
    '$in over two types',
    { priority: { $in: ['high', 'critical', 1] } },
    IDS(`SELECT entry_id FROM (${ROWS('str = ?')} UNION ALL ${ROWS('str = ?')} UNION ALL ${ROWS('num = ?')})`),
    ['priority', 'high', 'priority', 'critical', 'priority', 1],
  ],
  [
    'one range from two operators',
    { started: { $gte: '2026-01-01', $lt: '2026-02-01' } },
    IDS(ROWS('str >= ? AND str < ?')),
    ['started', '2026-01-01', '2026-02-01'],
  ],
  ['$between numeric', { score: { $between: [0.3, '0.8'] } }, IDS(ROWS('num BETWEEN ? AND ?')), ['score', 0.3, 0.8]],
  ['null', { owner: null }, `e.id IN (SELECT id AS entry_id FROM entries WHERE kind = 'note' EXCEPT ${PRESENT})`, PRESENT_PARAMS('owner')],
  ['$exists true', { owner: { $exists: true } }, IDS(PRESENT), PRESENT_PARAMS('owner')],
  [
    '$contains',
    { title: { $contains: 'Auth' } },
    IDS(`SELECT entry_id FROM (${ROWS('str = ?')} UNION ALL ${ROWS('fold IS NOT NULL AND instr(fold, ?) > 0 AND pos = -1').replace('FROM fm', 'FROM fm INDEXED BY fm_key_fold')})`),
    ['title', 'Auth', 'title', 'auth'],
  ],
  [
    'several fields, missing last',
    { status: 'active', owner: null, confidence: { $gt: 0.7 }, '状態': '完了' },
    `e.id IN (${ROWS('str = ?')} INTERSECT ${ROWS('num > ?')} INTERSECT ${ROWS('str = ?')} EXCEPT ${PRESENT})`,
    ['status', 'active', 'confidence', 0.7, '状態', '完了', ...PRESENT_PARAMS('owner')],
  ],
  // sqlite-wasm binds integral numbers as int64; beyond 2^63 they travel as text.
  ['huge number', { x: { $gt: 1e19 } }, IDS(ROWS('num > ?')), ['x', '10000000000000000000']],
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

  const plan = (sql: string, params: unknown[]) =>
    engine.db.all<{ detail: string }>(`EXPLAIN QUERY PLAN ${sql}`, params as never).map((r) => r.detail);

  const FILTERS: [unknown, string][] = [
    [{ status: 'active' }, 'fm_key_str'],
    [{ rating: 1 }, 'fm_key_num'],
    [{ draft: true }, 'fm_key_bool'],
    [{ tags: ['security', 'ops'] }, 'fm_key_fold'],
    [{ started: { $gte: '2026-01-01', $lt: '2026-02-01' } }, 'fm_key_str'],
    [{ score: { $between: [0.3, 0.8] } }, 'fm_key_num'],
    [{ priority: { $in: ['high', 'critical'] } }, 'fm_key_str'],
    [{ owner: null }, 'fm_key_t'],
    [{ owner: { $exists: true } }, 'fm_key_t'],
    [{ title: { $contains: 'alp' } }, 'fm_'],
    [{ status: 'active', owner: null, confidence: { $gt: 0.7 } }, 'fm_key_str'],
  ];

  it.each(FILTERS)('%j: the set form reads fm through %s, never a scan', (filter, index) => {
    const c = compileFilter(filter)!;
    const lines = plan(`SELECT COUNT(*) FROM entries e WHERE ${c.sql}`, c.params);
    const fm = lines.filter((l) => /\bfm\b/.test(l));
    expect(fm.length).toBeGreaterThan(0);
    for (const l of fm) expect(l).toMatch(/^SEARCH fm USING (COVERING )?INDEX fm_/);
    expect(fm.some((l) => l.includes(index))).toBe(true);
    expect(lines).not.toContain('SCAN e');
  });

  it.each(FILTERS)('%j: the probe form seeks one note at a time', (filter) => {
    const p = metadataScope(readMetadataArgs({ filters: filter }), undefined).probe!;
    const lines = plan(`SELECT e.id FROM entries e INDEXED BY entries_path WHERE ${p.sql} ORDER BY e.path LIMIT 10`, p.params);
    const fm = lines.filter((l) => /\bfm\b/.test(l));
    expect(fm.length).toBeGreaterThan(0);
    for (const l of fm) expect(l).toMatch(/^SEARCH fm (EXISTS )?USING (COVERING )?INDEX fm_\w+ \((entry_id=\?|key=\? AND entry_id=\?|key=\? AND \w+=\? AND entry_id=\?)/);
  });
});

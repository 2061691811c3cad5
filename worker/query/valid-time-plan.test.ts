// How SQLite runs the valid-time condition. Without statistics it preferred
// the time index inside the per-observation EXISTS, so every observation
// scanned half the assertions table: valid_at alone took 1.5 s at 1,000 notes
// (bench:valid-time). Each drive must use the index that fits it, and both
// must answer alike.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Engine } from '../engine';
import { engineWith } from '../test/make-engine';
import { parseValidTime, validTimeCondition } from './valid-time';

let engine: Engine;
beforeAll(async () => {
  const files: Record<string, string> = {};
  for (let i = 0; i < 60; i++) {
    const m = String(1 + (i % 12)).padStart(2, '0');
    files[`n${i}.md`] = `# N${i}\n\n- [decision] @effective[2025-${m}-01,2026-${m}-01) first ${i}\n- [fact] @2025-${m} second\n- [idea] undated\n`;
  }
  engine = await engineWith(files);
});

const plan = (sql: string, params: unknown[]) =>
  engine.db.all<{ detail: string }>(`EXPLAIN QUERY PLAN ${sql}`, params as never).map((r) => r.detail).join('\n');

describe('the valid-time condition', () => {
  const q = parseValidTime({ valid_at: '2025-06-15' })!;

  it('checks rows that come from elsewhere through their own assertions, not by scanning the time index', () => {
    const c = validTimeCondition(q, 'o', 'observations');
    const p = plan(`SELECT o.id FROM observations o WHERE o.entry_id = 1 AND ${c.sql}`, c.params);
    expect(p).toContain('assertions_observation');
    expect(p).not.toContain('assertions_time');
  });

  it('reads the time index once when the question is the only narrowing', () => {
    const c = validTimeCondition(q, 'o', 'assertions');
    expect(plan(`SELECT o.id FROM observations o WHERE ${c.sql}`, c.params)).toContain('assertions_time');
  });

  it('answers the same either way', () => {
    for (const args of [{ valid_at: '2025-06-15' }, { valid_overlaps: '[2025-02-01,2025-03-01)' }, { time_kind: 'valid' }, { valid_at: '2026-01-01', time_kind: 'effective' }]) {
      const vq = parseValidTime(args)!;
      const ids = (drive: 'observations' | 'assertions') => {
        const c = validTimeCondition(vq, 'o', drive);
        return engine.db.column<number>(`SELECT o.id FROM observations o WHERE ${c.sql} ORDER BY o.id`, c.params as never);
      };
      expect(ids('observations').length, JSON.stringify(args)).toBeGreaterThan(0);
      expect(ids('assertions'), JSON.stringify(args)).toEqual(ids('observations'));
    }
  });
});

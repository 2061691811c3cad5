import { describe, expect, it } from 'vitest';
import { addCondition, addTag, conditionsOf, removeCondition, typedList, typedValue } from './filter-model';

describe('filter model', () => {
  const f = {
    status: 'active',
    tags: ['security', 'oauth'],
    priority: { $in: ['high', 'critical'] },
    state: { $nin: ['done'] },
    confidence: { $gt: 0.7, lte: 0.9 },
    owner: null,
    reviewer: { $exists: false },
    'schema.version': { $exists: true },
    weird: { foo: 1 },
  };

  it('lists one condition per form and operator', () => {
    expect(conditionsOf(f).map((c) => `${c.key} ${c.op}`)).toEqual([
      'status eq', 'tags all', 'priority in', 'state nin', 'confidence gt', 'confidence lte', 'owner empty', 'reviewer empty', 'schema.version exists', 'weird raw',
    ]);
    expect(conditionsOf(null)).toEqual([]);
  });

  it('reads every operator of the engine table, written with or without "$"', () => {
    expect(conditionsOf({ a: { $eq: 1, all: ['x'], $contains: 'y', $between: [1, 2] } }).map((c) => c.op)).toEqual(['eq', 'all', 'contains', 'between']);
    expect(removeCondition({ a: { $eq: 1, $gt: 0 } }, { key: 'a', op: 'eq', value: 1 })).toEqual({ a: { $gt: 0 } });
  });

  it('removes exactly one condition, dropping emptied fields, null when nothing is left', () => {
    const [, , , , gt] = conditionsOf(f);
    expect(removeCondition(f, gt)!.confidence).toEqual({ lte: 0.9 });
    const reviewer = conditionsOf(f).find((c) => c.key === 'reviewer')!;
    expect('reviewer' in removeCondition(f, reviewer)!).toBe(false);
    let g: Record<string, unknown> | null = f;
    for (const c of conditionsOf(f)) g = removeCondition(g, c);
    expect(g).toBeNull();
  });

  it('adds conditions: plain forms replace, operators combine', () => {
    let g = addCondition(null, 'score', 'gte', 0.3);
    g = addCondition(g, 'score', 'lt', 0.8);
    expect(g).toEqual({ score: { $gte: 0.3, $lt: 0.8 } });
    g = addCondition(g, 'score', 'eq', 1);
    expect(g).toEqual({ score: 1 });
    expect(addCondition(null, 'owner', 'exists', null)).toEqual({ owner: { $exists: true } });
    expect(addCondition({ status: { $in: ['a'] } }, 'status', 'nin', ['b', 'c'])).toEqual({ status: { $in: ['a'], $nin: ['b', 'c'] } });
    expect(addCondition(null, 'owner', 'empty', null)).toEqual({ owner: null });
    expect(addCondition(null, 'x', 'between', [1, 2])).toEqual({ x: { $between: [1, 2] } });
  });

  it('adds a clicked tag once, case-insensitively', () => {
    expect(addTag(null, 'oauth')).toEqual({ tags: ['oauth'] });
    expect(addTag({ tags: ['OAuth'] }, 'oauth')).toEqual({ tags: ['OAuth'] });
    expect(addTag({ tags: 'a', status: 'x' }, 'b')).toEqual({ tags: ['a', 'b'], status: 'x' });
  });

  it('types values the way the language compares them', () => {
    expect([typedValue('0.7'), typedValue('true'), typedValue(' draft '), typedValue('1e400'), typedValue('42', true)]).toEqual([0.7, true, 'draft', '1e400', '42']);
    expect(typedList('high, critical,,3')).toEqual(['high', 'critical', 3]);
  });
});

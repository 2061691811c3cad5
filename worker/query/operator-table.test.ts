// The plain-data operator table (what the UI's filter builder reads, generated
// from operators.ts) against the engine's real operators: same names, every
// example accepted and run on real SQLite, and the operand shape each states
// is the one its validation enforces.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Engine } from '../engine';
import { OPERATORS, OPERATORS_BY_TYPE as ENGINE_BY_TYPE } from './operators';
import { OPERATOR_TABLE, OPERATORS_BY_TYPE, FIELD_TYPES, type OperandShape } from './operator-table';
import { fixtureEngine, matching, rejection } from './testdata/engine';

let engine: Engine;
beforeAll(async () => {
  engine = await fixtureEngine();
});

// Operands of a different shape than the one stated: each must be refused.
const WRONG: Record<OperandShape, unknown[]> = {
  value: [['a', 'b'], null],
  values: ['a', 3, []],
  bound: [['a'], true, null],
  range: [1, [1], [1, 2, 3]],
  boolean: ['yes', 1, null],
};

describe('the operator table', () => {
  it('names exactly the engine operators', () => {
    expect(Object.keys(OPERATOR_TABLE).sort()).toEqual(Object.keys(OPERATORS).sort());
    for (const [name, info] of Object.entries(OPERATOR_TABLE)) {
      expect(info.name).toBe(name);
      expect(OPERATORS[info.name].name).toBe(name);
    }
  });

  it.each(Object.values(OPERATOR_TABLE).map((o) => [o.name, o] as const))('%s: its example runs, operands of other shapes are refused', (name, info) => {
    const selected = matching(engine.db, { rating: { [name]: info.example } });
    expect(Array.isArray(selected)).toBe(true);
    for (const bad of WRONG[info.operand]) {
      expect(rejection(() => matching(engine.db, { rating: { [name]: bad } })).code).toBe('invalid_filter');
    }
  });

  it('lists, for every field type, the operators whose table entry names it', () => {
    for (const type of FIELD_TYPES) {
      const expected = Object.values(OPERATOR_TABLE).filter((o) => o.types.includes(type)).map((o) => o.name);
      expect(OPERATORS_BY_TYPE[type]).toEqual(expected);
    }
    expect(OPERATORS_BY_TYPE).toEqual(ENGINE_BY_TYPE);
    expect(OPERATORS_BY_TYPE.map).toEqual(['$exists']);
  });
});

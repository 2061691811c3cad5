import { describe, expect, it } from 'vitest';
import { OPERATOR_TABLE } from '../../../../worker/contract';
import { en } from '../../i18n/en';
import { ja } from '../../i18n/ja';
import { ALL_OPS } from './filter-model';
import { operatorsFor } from './operators';

describe('builder operators per field', () => {
  it('uses the operators the engine lists for the field', () => {
    expect(operatorsFor({ types: ['boolean'], operators: ['$eq', '$exists'] })).toEqual(['eq', 'exists', 'empty']);
  });
  it('falls back to the language table by type, and offers everything when unknown', () => {
    expect(operatorsFor({ types: ['number'] })).toEqual(['eq', 'all', 'in', 'nin', 'gt', 'gte', 'lt', 'lte', 'between', 'exists', 'empty']);
    expect(operatorsFor({ types: ['map'] })).toEqual(['exists', 'empty']);
    expect(operatorsFor(undefined)).toEqual(ALL_OPS);
  });
  it('offers every operator of the engine table, and "is empty" besides', () => {
    expect(ALL_OPS.filter((op) => op !== 'empty').map((op) => `$${op}`)).toEqual(Object.keys(OPERATOR_TABLE));
    expect(ALL_OPS).toContain('empty');
  });
  it('has a label in both languages for every operator (all a new engine operator needs here)', () => {
    for (const op of ALL_OPS) {
      expect(en[`op.${op}`], op).toBeTruthy();
      expect(ja[`op.${op}`], op).toBeTruthy();
    }
  });
});

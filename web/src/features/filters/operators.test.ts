import { describe, expect, it } from 'vitest';
import { operatorsFor } from './operators';

describe('builder operators per field', () => {
  it('uses the operators the engine lists for the field', () => {
    expect(operatorsFor({ types: ['boolean'], operators: ['$eq', '$exists'] })).toEqual(['eq', 'exists', 'empty']);
  });
  it('falls back to the language table by type, and offers everything when unknown', () => {
    expect(operatorsFor({ types: ['number'] })).toEqual(['eq', 'in', 'nin', 'all', 'gt', 'gte', 'lt', 'lte', 'between', 'exists', 'empty']);
    expect(operatorsFor({ types: ['map'] })).toEqual(['exists', 'empty']);
    expect(operatorsFor(undefined)).toHaveLength(12);
  });
});

// Which builder operators make sense for a field. The filter language owns
// the rules: each field's `operators` in the fields tool's answer, else the
// engine's table by field type (worker/contract.ts: OPERATORS_BY_TYPE).
import { OPERATORS_BY_TYPE, type FieldType } from '../../../../worker/contract';
import { ALL_OPS, builderOp, type OpId } from './filter-model';

/** Builder operators for a field: from the operators the engine lists for it, else from its types; all when unknown. */
export function operatorsFor(field: { types: readonly string[]; operators?: readonly string[] } | undefined): OpId[] {
  const names = field?.operators?.length ? field.operators : (field?.types ?? []).flatMap((t) => OPERATORS_BY_TYPE[t as FieldType] ?? []);
  // $exists is both "exists" ({"$exists": true}) and "is empty" (null, the same as {"$exists": false}).
  const found = new Set(names.flatMap((n): OpId[] => {
    const op = builderOp(n);
    return op === 'exists' ? ['exists', 'empty'] : op ? [op] : [];
  }));
  return found.size ? ALL_OPS.filter((op) => found.has(op)) : [...ALL_OPS];
}

/** Values of fields that only ever hold text stay text, even when they look like numbers. */
export function prefersString(types: readonly string[]): boolean {
  return types.length > 0 && types.every((t) => t === 'string' || t === 'date' || t === 'list');
}

// Which builder operators make sense for a field. The filter language owns
// the rules (worker/query: OPERATORS_BY_TYPE, and each field's `operators` in
// the fields tool's answer); this module only maps its operator names
// ($eq, $in, $nin, $all, $gt…, $between, $contains, $exists) onto the builder's.
import { OPERATORS_BY_TYPE } from '../../../../worker/query';
import { ALL_OPS, type OpId } from './filter-model';

const BY_NAME: Record<string, OpId[]> = {
  $eq: ['eq'],
  $in: ['in'],
  $nin: ['nin'],
  $all: ['all'],
  $contains: ['contains'],
  $gt: ['gt'],
  $gte: ['gte'],
  $lt: ['lt'],
  $lte: ['lte'],
  $between: ['between'],
  // $exists is both "exists" ({"$exists": true}) and "is empty" (null / {"$exists": false}).
  $exists: ['exists', 'empty'],
};

/** Builder operators for a field: from the operators the engine lists for it, else from its types; all when unknown. */
export function operatorsFor(field: { types: string[]; operators?: string[] } | undefined): OpId[] {
  const names = field?.operators?.length ? field.operators : (field?.types ?? []).flatMap((t) => (OPERATORS_BY_TYPE as Record<string, readonly string[]>)[t] ?? []);
  const found = new Set(names.flatMap((n) => BY_NAME[n.startsWith('$') ? n : `$${n}`] ?? []));
  return found.size ? ALL_OPS.filter((op) => found.has(op)) : [...ALL_OPS];
}

/** Values of fields that only ever hold text stay text, even when they look like numbers. */
export function prefersString(types: string[]): boolean {
  return types.length > 0 && types.every((t) => t === 'string' || t === 'date' || t === 'list');
}

// Which builder operators make sense for a field, from the value types the
// fields tool reports. The table of valid operators per type belongs to the
// filter language (worker/query OPERATORS_BY_TYPE); this module only maps its
// operator names onto the builder's.
import { ALL_OPS, type OpId } from './filter-model';

// Until worker/query's OPERATORS_BY_TYPE is on this branch, the same rules as
// the language's README state them. Replaced by the import at the merge.
const PROVISIONAL_BY_TYPE: Record<string, readonly string[]> = {
  str: ['eq', 'in', 'contains', 'gt', 'gte', 'lt', 'lte', 'between', 'exists', 'null'],
  num: ['eq', 'in', 'gt', 'gte', 'lt', 'lte', 'between', 'exists', 'null'],
  bool: ['eq', 'exists', 'null'],
  list: ['all', 'in', 'contains', 'eq', 'exists', 'null'],
  map: ['exists', 'null'],
  null: ['exists', 'null'],
};

export const OPERATORS_BY_TYPE: Record<string, readonly string[]> = PROVISIONAL_BY_TYPE;

/** An operator name from the language's table → the builder's operator. */
export function toOpId(token: string): OpId | null {
  const t = token.replace(/^\$/, '').toLowerCase().replace(/[\s-]+/g, '_');
  const map: Record<string, OpId> = {
    eq: 'eq', equals: 'eq', equality: 'eq', '=': 'eq',
    in: 'in', any_of: 'in', is_any_of: 'in',
    all: 'all', contains_all: 'all', array_contains: 'all', array: 'all',
    contains: 'contains',
    gt: 'gt', '>': 'gt', gte: 'gte', '>=': 'gte', '≥': 'gte', lt: 'lt', '<': 'lt', lte: 'lte', '<=': 'lte', '≤': 'lte',
    between: 'between',
    exists: 'exists',
    null: 'empty', is_null: 'empty', empty: 'empty', is_empty: 'empty', missing: 'empty',
  };
  return map[t] ?? null;
}

/** Builder operators valid for a field with these value types (all of them when the types are unknown). */
export function operatorsFor(types: string[]): OpId[] {
  const found = new Set<OpId>();
  for (const type of types) {
    const key = type === 'string' ? 'str' : type === 'number' || type === 'int' || type === 'float' ? 'num' : type === 'boolean' ? 'bool' : type === 'array' ? 'list' : type === 'object' ? 'map' : type;
    for (const token of OPERATORS_BY_TYPE[key] ?? []) {
      const op = toOpId(token);
      if (op) found.add(op);
    }
  }
  return found.size ? ALL_OPS.filter((op) => found.has(op)) : [...ALL_OPS];
}

/** Whether values of these types should stay strings even when they look numeric. */
export function prefersString(types: string[]): boolean {
  return types.length > 0 && types.every((t) => t === 'str' || t === 'string' || t === 'list');
}

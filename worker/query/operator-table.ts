// Generated from worker/query/operators.ts by `npm run docs:tools`; do not edit by hand.
// The filter operators as plain data: what each is called, what its operand
// looks like and which field types it suits. The UI's filter builder reads it
// through worker/contract.ts; it has no runtime imports, so the page bundles
// this file and nothing else of the engine.
import type { OpName } from './ast';

/** Value types a field can have, as the `fields` tool reports them. */
export const FIELD_TYPES = ['string', 'number', 'boolean', 'date', 'list', 'map', 'null'] as const;
export type FieldType = (typeof FIELD_TYPES)[number];

/** What an operand looks like: one value, a list, one bound, a [min, max] pair, or true/false. */
export const OPERAND_SHAPES = ['value', 'values', 'bound', 'range', 'boolean'] as const;
export type OperandShape = (typeof OPERAND_SHAPES)[number];

export interface OperatorInfo<N extends OpName = OpName> {
  name: N;
  /** English label (the UI has its own translations, keyed by the name without "$"). */
  label: string;
  operand: OperandShape;
  /** An operand the operator accepts. */
  example: unknown;
  types: readonly FieldType[];
}

/** Every operator, in the order operators.ts defines them. */
export const OPERATOR_TABLE: { readonly [N in OpName]: OperatorInfo<N> } = {
  $eq: { name: '$eq', label: 'equals', operand: 'value', example: 'active', types: ['string', 'number', 'boolean', 'date', 'list'] },
  $all: { name: '$all', label: 'contains all', operand: 'values', example: ['security', 'oauth'], types: ['list', 'string', 'number', 'date'] },
  $in: { name: '$in', label: 'is any of', operand: 'values', example: ['high', 'critical'], types: ['string', 'number', 'date', 'list'] },
  $nin: { name: '$nin', label: 'is none of', operand: 'values', example: ['archived', 'done'], types: ['string', 'number', 'date', 'list'] },
  $gt: { name: '$gt', label: 'greater than', operand: 'bound', example: 0.7, types: ['number', 'date', 'string', 'list'] },
  $gte: { name: '$gte', label: 'at least', operand: 'bound', example: 0.7, types: ['number', 'date', 'string', 'list'] },
  $lt: { name: '$lt', label: 'less than', operand: 'bound', example: '2026-02-01', types: ['number', 'date', 'string', 'list'] },
  $lte: { name: '$lte', label: 'at most', operand: 'bound', example: '2026-02-01', types: ['number', 'date', 'string', 'list'] },
  $between: { name: '$between', label: 'between (inclusive)', operand: 'range', example: [0.3, 0.8], types: ['number', 'date', 'string', 'list'] },
  $contains: { name: '$contains', label: 'contains', operand: 'value', example: 'security', types: ['list', 'string'] },
  $exists: { name: '$exists', label: 'exists', operand: 'boolean', example: true, types: ['string', 'number', 'boolean', 'date', 'list', 'map', 'null'] },
};

export const OPERATOR_NAMES = Object.keys(OPERATOR_TABLE) as OpName[];

/** Field type → the operators that make sense for it, in table order. */
export const OPERATORS_BY_TYPE: Readonly<Record<FieldType, readonly OpName[]>> = Object.fromEntries(
  FIELD_TYPES.map((type) => [type, OPERATOR_NAMES.filter((name) => (OPERATOR_TABLE[name].types as readonly string[]).includes(type))]),
) as unknown as Record<FieldType, readonly OpName[]>;

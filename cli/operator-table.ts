// worker/query/operator-table.ts: the plain-data part of the filter operators
// (names, labels, operand shapes, examples, field types), generated from
// worker/query/operators.ts (npm run docs:tools) so the UI can bundle it
// without any engine code, and operators.ts stays the only place an operator
// is defined.
import { FIELD_TYPES, OPERAND_SHAPES, OPERATORS } from '../worker/query/operators';

/** A value as TypeScript source, in the project's style (single quotes). */
function literal(v: unknown): string {
  if (typeof v === 'string') return `'${v.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
  if (Array.isArray(v)) return list(v);
  return JSON.stringify(v);
}
const list = (xs: readonly unknown[]): string => `[${xs.map(literal).join(', ')}]`;

export function operatorTableSource(): string {
  const rows = Object.values(OPERATORS).map(
    (o) => `  ${o.name}: { name: ${literal(o.name)}, label: ${literal(o.label)}, operand: ${literal(o.operand)}, example: ${literal(o.example)}, types: ${list(o.types)} },`,
  );
  return `// Generated from worker/query/operators.ts by \`npm run docs:tools\`; do not edit by hand.
// The filter operators as plain data: what each is called, what its operand
// looks like and which field types it suits. The UI's filter builder reads it
// through worker/contract.ts; it has no runtime imports, so the page bundles
// this file and nothing else of the engine.
import type { OpName } from './ast';

/** Value types a field can have, as the \`fields\` tool reports them. */
export const FIELD_TYPES = ${list(FIELD_TYPES)} as const;
export type FieldType = (typeof FIELD_TYPES)[number];

/** What an operand looks like: one value, a list, one bound, a [min, max] pair, or true/false. */
export const OPERAND_SHAPES = ${list(OPERAND_SHAPES)} as const;
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
${rows.join('\n')}
};

export const OPERATOR_NAMES = Object.keys(OPERATOR_TABLE) as OpName[];

/** Field type → the operators that make sense for it, in table order. */
export const OPERATORS_BY_TYPE: Readonly<Record<FieldType, readonly OpName[]>> = Object.fromEntries(
  FIELD_TYPES.map((type) => [type, OPERATOR_NAMES.filter((name) => (OPERATOR_TABLE[name].types as readonly string[]).includes(type))]),
) as unknown as Record<FieldType, readonly OpName[]>;
`;
}

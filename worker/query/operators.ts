// The only place filter operators are defined. Each entry says what it is
// called, which field types it suits, how its operand is validated, and the
// SQL it compiles to. The plain-data part (names, operand shapes, types) is
// generated into operator-table.ts (npm run docs:tools), which the UI's
// filter builder reads. The plain forms of the language are sugar for entries
// here: a scalar is $eq, a list is $all, null is {"$exists": false}.
import type { Bound, EqOperand, OpName, RangeOp, Test } from './ast';
import { at, filterError, show } from './filter-error';
import { boundOf, compareBounds, describeMode, eqOperand, isScalar } from './operands';
import { cond, eqWhere, keyIs, keyUnder, param, rowSet, type Arm, type RowSet, type SqlCondition } from './sql';
import { foldText } from '../ingest/fm-rows';
import { TAGS_KEY } from './keys';

/** Value types a field can have, as the `fields` tool reports them. */
export const FIELD_TYPES = ['string', 'number', 'boolean', 'date', 'list', 'map', 'null'] as const;
export type FieldType = (typeof FIELD_TYPES)[number];

/** What the operand looks like, so a filter builder knows which input to show. */
export const OPERAND_SHAPES = ['value', 'values', 'bound', 'range', 'boolean'] as const;
export type OperandShape = (typeof OPERAND_SHAPES)[number];

export interface OperatorContext {
  /** The field's key (NFC). */
  key: string;
  /** Path of the operand in the filter JSON. */
  path: string;
  /** The operator as written (`$gt` or `gt`). */
  written: string;
}

interface OperatorDef<T extends Test> {
  name: T['op'];
  label: string;
  operand: OperandShape;
  example: unknown;
  types: readonly FieldType[];
  validate(value: unknown, ctx: OperatorContext): T;
  /** The conditions on fm rows of `key` the test means, ANDed (see sql.ts). Comparisons on one field compile together through rangeArm. */
  arms(test: T, key: string): Arm[];
}

type TestOf<N extends OpName> = Extract<Test, { op: N }>;
type Table = { [N in OpName]: OperatorDef<TestOf<N>> };

/** Scalar kinds whose values are stored (t column); null, list and map rows are structure. */
const VALUE_ROW = `t IN ('str', 'num', 'bool')`;

function scalarOperand(value: unknown, ctx: OperatorContext, what: string): EqOperand {
  if (value === null) {
    throw filterError(`${what} cannot be null: null is only allowed as a plain value, {"${ctx.key}": null}, meaning missing or null.`, ctx.path, 'null_not_allowed');
  }
  if (!isScalar(value)) throw filterError(`${what} must be a string, number or boolean; got ${show(value)}.`, ctx.path, 'bad_value');
  return eqOperand(value, ctx.key, ctx.path);
}

function scalarList(value: unknown, ctx: OperatorContext, example: string): EqOperand[] {
  if (!Array.isArray(value)) {
    throw filterError(`${ctx.written} needs a non-empty list of values, e.g. {"${ctx.key}": {"${ctx.written}": ${example}}}; got ${show(value)}.`, ctx.path, 'bad_value');
  }
  if (value.length === 0) throw filterError(`${ctx.written} needs at least one value; the list is empty.`, ctx.path, 'empty_list');
  return value.map((v, i) => scalarOperand(v, { ...ctx, path: at(ctx.path, i) }, `An element of ${ctx.written}`));
}

/**
 * Notes where `key` has a value: a non-null scalar, a list element, or
 * something nested under it. One row set per type, so each streams from
 * fm_key_t in entry_id order and they merge without sorting.
 */
function presentArm(key: string, negate: boolean): Arm {
  const ofType = (t: string) => rowSet(keyIs(key), cond(`t = '${t}'`));
  return { key, rowSets: [ofType('str'), ofType('num'), ofType('bool'), rowSet(keyUnder(key), cond(VALUE_ROW), true)], negate };
}

/**
 * The rows holding one of the values, each operand once. On tags a value also
 * stands for the tags nested under it (`type` matches `type/books`), as in
 * Obsidian's tag search: '/' sorts just before '0', so the tags under `type`
 * are the folded strings between `type/` and `type0`.
 */
function valueRowSets(key: string, operands: EqOperand[]): RowSet[] {
  const seen = new Set<string>();
  const out: RowSet[] = [];
  for (const o of operands) {
    const k = `${o.col}:${o.value}`;
    if (seen.has(k)) continue;
    seen.add(k);
    out.push(rowSet(keyIs(key), eqWhere(o)));
    if (key === TAGS_KEY && o.col === 'fold') out.push({ ...rowSet(keyIs(key), cond('fold > ? AND fold < ?', [`${o.value}/`, `${o.value}0`]), true), rare: true });
  }
  return out;
}

function rangeOperator<N extends RangeOp>(name: N, label: string): OperatorDef<TestOf<N>> {
  return {
    name: name as TestOf<N>['op'],
    label,
    operand: 'bound',
    example: name === '$gt' || name === '$gte' ? 0.7 : '2026-02-01',
    types: ['number', 'date', 'string', 'list'],
    validate: (value, ctx) => ({ op: name, path: ctx.path, bound: boundOf(value, ctx.path, ctx.written) }) as TestOf<N>,
    arms: (test, key) => [rangeArm(key, [test])],
  };
}

export const OPERATORS: Table = {
  $eq: {
    name: '$eq',
    label: 'equals',
    operand: 'value',
    example: 'active',
    types: ['string', 'number', 'boolean', 'date', 'list'],
    validate(value, ctx) {
      if (Array.isArray(value)) {
        throw filterError(`${ctx.written} takes one value. For "holds all of these" write {"${ctx.key}": [...]}; for "any of these" use $in.`, ctx.path, 'bad_value');
      }
      return { op: '$eq', path: ctx.path, operand: scalarOperand(value, ctx, `The value of ${ctx.written}`) };
    },
    arms: (test, key) => [{ key, rowSets: valueRowSets(key, [test.operand]) }],
  },
  $all: {
    name: '$all',
    label: 'contains all',
    operand: 'values',
    example: ['security', 'oauth'],
    types: ['list', 'string', 'number', 'date'],
    validate: (value, ctx) => ({ op: '$all', path: ctx.path, operands: scalarList(value, ctx, '["security", "oauth"]') }),
    arms: (test, key) => {
      const seen = new Set<string>();
      const distinct = test.operands.filter((o) => !seen.has(`${o.col}:${o.value}`) && seen.add(`${o.col}:${o.value}`));
      return distinct.map((o) => ({ key, rowSets: valueRowSets(key, [o]) }));
    },
  },
  $in: {
    name: '$in',
    label: 'is any of',
    operand: 'values',
    example: ['high', 'critical'],
    types: ['string', 'number', 'date', 'list'],
    validate: (value, ctx) => ({ op: '$in', path: ctx.path, operands: scalarList(value, ctx, '["high", "critical"]') }),
    arms: (test, key) => [{ key, rowSets: valueRowSets(key, test.operands) }],
  },
  // Notes where no value (no list element) equals any of them, including notes
  // without the field: the complement of $in, as in MongoDB.
  $nin: {
    name: '$nin',
    label: 'is none of',
    operand: 'values',
    example: ['archived', 'done'],
    types: ['string', 'number', 'date', 'list'],
    validate: (value, ctx) => ({ op: '$nin', path: ctx.path, operands: scalarList(value, ctx, '["archived", "done"]') }),
    arms: (test, key) => [{ key, rowSets: valueRowSets(key, test.operands), negate: true }],
  },
  $gt: rangeOperator('$gt', 'greater than'),
  $gte: rangeOperator('$gte', 'at least'),
  $lt: rangeOperator('$lt', 'less than'),
  $lte: rangeOperator('$lte', 'at most'),
  $between: {
    name: '$between',
    label: 'between (inclusive)',
    operand: 'range',
    example: [0.3, 0.8],
    types: ['number', 'date', 'string', 'list'],
    validate(value, ctx) {
      if (!Array.isArray(value) || value.length !== 2) {
        const got = Array.isArray(value) ? `got ${value.length}` : `got ${show(value)}`;
        throw filterError(`${ctx.written} needs exactly two bounds [min, max]; ${got}.`, ctx.path, 'between_bounds');
      }
      const min = boundOf(value[0], at(ctx.path, 0), ctx.written);
      const max = boundOf(value[1], at(ctx.path, 1), ctx.written);
      if (min.mode !== max.mode) {
        throw filterError(
          `${ctx.written} needs two bounds of the same kind, two numbers or two strings; got ${describeMode(min)} and ${describeMode(max)}.`,
          ctx.path,
          'mixed_modes',
        );
      }
      if (compareBounds(min, max) > 0) {
        throw filterError(
          `${ctx.written} needs min ≤ max; ${JSON.stringify(min.value)} is greater than ${JSON.stringify(max.value)}. Write [${JSON.stringify(max.value)}, ${JSON.stringify(min.value)}].`,
          ctx.path,
          'between_range',
        );
      }
      return { op: '$between', path: ctx.path, min, max };
    },
    arms: (test, key) => [rangeArm(key, [test])],
  },
  $contains: {
    name: '$contains',
    label: 'contains',
    operand: 'value',
    example: 'security',
    types: ['list', 'string'],
    validate(value, ctx) {
      if (value === '') throw filterError(`${ctx.written} needs a non-empty value.`, ctx.path, 'bad_value');
      const operand = scalarOperand(value, ctx, `The value of ${ctx.written}`);
      const text = typeof value === 'boolean' ? null : foldText(String(value));
      return { op: '$contains', path: ctx.path, operand, text };
    },
    // A list element equal to the value (a scalar counts as a one-element
    // list), or a string value holding it, case-insensitively. The substring
    // test scans the key's folded strings in fm_key_fold, reading a table row
    // only for the strings that hold it (to check that it is not a list element).
    arms(test, key) {
      // On file.tags, whose list holds every parent tag, an element also stands for the tags nested under it, as in equality.
      const element = test.nested && key === TAGS_KEY && test.operand.col === 'fold' ? valueRowSets(key, [test.operand]) : [rowSet(keyIs(key), eqWhere(test.operand))];
      if (test.text === null) return [{ key, rowSets: element }];
      const substring = { ...rowSet(keyIs(key), cond('fold IS NOT NULL AND instr(fold, ?) > 0 AND pos = -1', [test.text]), true), index: 'fm_key_fold' };
      return [{ key, rowSets: [...element, substring], overlapping: true }];
    },
  },
  $exists: {
    name: '$exists',
    label: 'exists',
    operand: 'boolean',
    example: true,
    types: ['string', 'number', 'boolean', 'date', 'list', 'map', 'null'],
    validate(value, ctx) {
      if (typeof value !== 'boolean') throw filterError(`${ctx.written} needs true or false; got ${show(value)}.`, ctx.path, 'bad_value');
      return { op: '$exists', path: ctx.path, value };
    },
    // Missing, null, an empty list and an empty map all count as "no value".
    arms: (test, key) => [presentArm(key, !test.value)],
  },
};


export function isRangeTest(t: Test): t is TestOf<RangeOp | '$between'> {
  return t.op === '$gt' || t.op === '$gte' || t.op === '$lt' || t.op === '$lte' || t.op === '$between';
}

const SQL_OP: Record<RangeOp, string> = { $gt: '>', $gte: '>=', $lt: '<', $lte: '<=' };

/**
 * Comparisons on one field form one range that a single value must satisfy
 * ({"$gte": "2026-01-01", "$lt": "2026-02-01"} is one index range scan). In
 * numeric mode numbers and numeric-looking strings take part (num); in string
 * mode every stored string does, by code point (str), and numbers never.
 */
export function rangeArm(key: string, tests: TestOf<RangeOp | '$between'>[]): Arm {
  const mode = tests[0].op === '$between' ? tests[0].min.mode : tests[0].bound.mode;
  const col = mode === 'num' ? 'num' : 'str';
  const parts: SqlCondition[] = [];
  for (const t of tests) {
    if (t.op === '$between') parts.push(cond(`${col} BETWEEN ? AND ?`, [param(t.min.value), param(t.max.value)]));
    else parts.push(cond(`${col} ${SQL_OP[t.op]} ?`, [param(t.bound.value)]));
  }
  const where = cond(parts.map((p) => p.sql).join(' AND '), parts.flatMap((p) => p.params));
  return { key, rowSets: [rowSet(keyIs(key), where, true)] };
}

/** All comparisons on one field must be in one mode; a value cannot be both a number and text. */
export function checkRangeModes(tests: TestOf<RangeOp | '$between'>[]): void {
  const modeOf = (t: (typeof tests)[number]): Bound => (t.op === '$between' ? t.min : t.bound);
  const first = modeOf(tests[0]);
  for (const t of tests.slice(1)) {
    const b = modeOf(t);
    if (b.mode !== first.mode) {
      throw filterError(
        `Comparisons on one field must all be numeric or all be text; ${tests[0].op} has ${describeMode(first)} but ${t.op} has ${describeMode(b)}.`,
        t.path,
        'mixed_modes',
      );
    }
  }
}

export const OPERATOR_NAMES = Object.keys(OPERATORS) as OpName[];

/** Plain data for filter builders: field type → the operators that make sense for it. */
export const OPERATORS_BY_TYPE: Readonly<Record<FieldType, readonly OpName[]>> = Object.fromEntries(
  FIELD_TYPES.map((type) => [type, OPERATOR_NAMES.filter((name) => OPERATORS[name].types.includes(type))]),
) as unknown as Record<FieldType, readonly OpName[]>;

/** Plain data describing each operator (label, operand shape, an example operand). */
export const OPERATOR_INFO: readonly { name: OpName; label: string; operand: OperandShape; example: unknown }[] = OPERATOR_NAMES.map((name) => ({
  name,
  label: OPERATORS[name].label,
  operand: OPERATORS[name].operand,
  example: OPERATORS[name].example,
}));

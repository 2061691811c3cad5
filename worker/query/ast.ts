// The validated form of a filter: what validate.ts produces and compile.ts
// turns into SQL. Every node keeps the path of the JSON it came from.

/** The fm column a value is compared on (see worker/ingest/fm-rows.ts). */
export type Column = 'num' | 'str' | 'bool' | 'fold';

/** A value to test for equality: numbers on `num`, text on `str`, true/false on `bool`, tags on `fold`. */
export interface EqOperand {
  col: Column;
  value: number | string;
}

/** Comparisons run in numeric or in string (code point) mode. */
export type Mode = 'num' | 'str';

export interface Bound {
  mode: Mode;
  value: number | string;
}

export type RangeOp = '$gt' | '$gte' | '$lt' | '$lte';

export type Test =
  | { op: '$eq'; path: string; operand: EqOperand }
  | { op: '$all'; path: string; operands: EqOperand[] }
  | { op: '$in'; path: string; operands: EqOperand[] }
  | { op: '$nin'; path: string; operands: EqOperand[] }
  | { [O in RangeOp]: { op: O; path: string; bound: Bound } }[RangeOp]
  | { op: '$between'; path: string; min: Bound; max: Bound }
  | { op: '$contains'; path: string; operand: EqOperand; text: string | null; /** Written on file.tags: parent tags are its elements too. */ nested?: boolean }
  | { op: '$exists'; path: string; value: boolean };

export type OpName = Test['op'];

/** All tests on one field; they are ANDed. */
export interface FieldCondition {
  key: string;
  path: string;
  tests: Test[];
}

/** Field conditions, ANDed. An empty list means "no metadata condition". */
export interface FilterAst {
  fields: FieldCondition[];
}

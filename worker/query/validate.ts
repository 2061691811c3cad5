// Filter JSON → the typed AST (ast.ts), or an invalid_filter error naming the
// path of the offending node. The structure of the language lives here (keys,
// the plain forms, operator objects); what each operator accepts lives in
// operators.ts.
import type { FieldCondition, FilterAst, OpName, Test } from './ast';
import { at, filterError, show } from './filter-error';
import { MAX_NESTING, tooDeepAt } from './json-depth';
import { parseFilterText } from './json-text';
import { checkKey, TAGS_KEY } from './keys';
import { fileField } from './file-fields';
import { checkRangeModes, isRangeTest, OPERATOR_NAMES, OPERATORS } from './operators';
import { isScalar } from './operands';
import { ToolError } from '../errors';
import { editDistance } from '../text/edit-distance';

export function isPlainObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** Reads a filter given as an object or as JSON text; `base` is its argument name, the root of error paths. */
export function validateFilter(input: unknown, base = 'filters'): FilterAst {
  const filter = filterObject(input, base);
  const fields: FieldCondition[] = [];
  for (const [rawKey, value] of Object.entries(filter ?? {})) {
    const path = at(base, rawKey === '' ? '""' : rawKey);
    const checked = checkKey(rawKey, path);
    // Dataview's file.tags is the tags key (with parent tags matching), read as tags are; its list holds every
    // parent tag, so $contains on it finds the tags nested under the value, where on tags it takes whole tags only.
    const fileTags = fileField(checked) === 'tags';
    const key = fileTags ? TAGS_KEY : checked;
    const tests = fieldTests(key, value, path);
    fields.push({ key, path, tests: fileTags ? tests.map((t) => (t.op === '$contains' ? { ...t, nested: true } : t)) : tests });
  }
  const ast = { fields };
  checkSize(ast);
  return ast;
}

/**
 * Values a filter may hold in all. A filter runs as one SQL statement, and
 * SQLite allows 500 terms in a compound SELECT and 32,766 parameters: with
 * this bound, every filter the language accepts runs.
 */
export const MAX_FILTER_VALUES = 256;

/** Rejects a filter (merged with its shortcuts) that holds too many values, at the node where the count goes past the bound. */
export function checkSize(ast: FilterAst): void {
  let n = 0;
  for (const f of ast.fields) {
    for (const t of f.tests) {
      const size = 'operands' in t ? t.operands.length : 1;
      n += size;
      if (n <= MAX_FILTER_VALUES) continue;
      const how = 'Split the query, or use a range or $contains instead of long lists.';
      throw filterError(
        size > MAX_FILTER_VALUES
          ? `This list holds ${size} values; a filter holds at most ${MAX_FILTER_VALUES} in all. ${how}`
          : `The filter holds more than ${MAX_FILTER_VALUES} values in all (every element of $in, $nin, $all and lists counts) by here. ${how}`,
        t.path,
        'too_large',
      );
    }
  }
}

/** The filter as an object (null when there is none), parsing JSON text. */
export function filterObject(input: unknown, base = 'filters'): Record<string, unknown> | null {
  if (input === undefined || input === null) return null;
  let value: unknown = input;
  if (typeof input === 'string') {
    if (input.trim() === '') return null;
    value = parseFilterText(input, base);
  }
  const deep = tooDeepAt(value, base);
  if (deep !== null) {
    throw filterError(`${deep} nests more than ${MAX_NESTING} levels of lists or objects; a filter accepts at most ${MAX_NESTING}. Flatten the condition.`, deep, 'too_deep');
  }
  if (!isPlainObject(value)) {
    throw filterError(`${base} must be a JSON object of field conditions, such as {"status": "active"}; got ${show(value)}.`, base, 'not_object');
  }
  return value;
}

function fieldTests(key: string, value: unknown, path: string): Test[] {
  if (value === null) return [{ op: '$exists', path, value: false }];
  if (isScalar(value)) return [OPERATORS.$eq.validate(value, { key, path, written: 'The value' })];
  if (Array.isArray(value)) {
    if (value.length === 0) {
      throw filterError(
        `An empty list matches every note, which is surely not meant. List at least one value, e.g. {"${key}": ["a", "b"]}; for notes without a value use {"${key}": null}.`,
        path,
        'empty_list',
      );
    }
    return [OPERATORS.$all.validate(value, { key, path, written: 'the list' })];
  }
  if (!isPlainObject(value)) throw filterError(`The condition for "${key}" must be a value, a list or an operator object; got ${show(value)}.`, path, 'bad_value');
  return operatorTests(key, value, path);
}

function operatorTests(key: string, ops: Record<string, unknown>, path: string): Test[] {
  const written = Object.keys(ops);
  if (written.length === 0) {
    throw filterError(`The condition for "${key}" is empty. Give a value ({"${key}": "draft"}) or an operator such as {"$gt": 0.7}.`, path, 'empty_condition');
  }
  const nameOf = (w: string) => (w.startsWith('$') ? w : `$${w}`) as OpName;
  const known = (w: string) => (OPERATOR_NAMES as string[]).includes(nameOf(w));
  if (!written.some(known) && !written.some((w) => w.startsWith('$'))) {
    const flat = flatten(key, ops);
    const typo = written.map((w) => nearOperator(w)).find(Boolean);
    const hint = typo ? ` (If an operator was meant: did you mean ${typo}?)` : '';
    throw filterError(
      `"${key}" holds a nested map, not a condition. Name nested fields with dots: write ${JSON.stringify(flat)}.${hint}`,
      path,
      'nested_map',
    );
  }
  const tests: Test[] = [];
  const seen = new Map<OpName, string>();
  for (const w of written) {
    const opPath = at(path, w);
    if (!known(w)) throw unknownOperator(key, w, opPath);
    const name = nameOf(w);
    if (seen.has(name)) {
      throw filterError(`${name} is given twice for "${key}" (as "${seen.get(name)}" and "${w}"); give it once.`, opPath, 'duplicate_operator');
    }
    seen.set(name, w);
    try {
      tests.push(OPERATORS[name].validate(ops[w], { key, path: opPath, written: w }));
    } catch (e) {
      // A bare name like "in" may have been meant as a nested field.
      if (e instanceof ToolError && !w.startsWith('$')) {
        throw new ToolError(e.code, `${e.message} (If "${w}" is a nested field, write {"${key}.${w}": …}.)`, e.path, e.details);
      }
      throw e;
    }
  }
  const ranges = tests.filter(isRangeTest);
  if (ranges.length > 1) checkRangeModes(ranges);
  return tests;
}

function unknownOperator(key: string, written: string, path: string): ToolError {
  const valid = OPERATOR_NAMES.join(', ');
  const near = nearOperator(written);
  const bare = written.replace(/^\$/, '').toLowerCase();
  // MongoDB's "not equal" has no operator of its own here: $nin says it for one value or several.
  const hint = bare === 'ne' || bare === 'not' || bare === 'neq'
    ? ` For "not equal" write {"${key}": {"$nin": [value]}}.`
    : near ? ` Did you mean ${near}?` : written.startsWith('$') ? '' : ` For a nested field write "${key}.${written}".`;
  return filterError(`Unknown operator "${written}" for "${key}". Valid operators: ${valid}.${hint}`, path, 'unknown_operator');
}

/** An operator spelled almost like `written` (gtee → $gte), for "did you mean". */
function nearOperator(written: string): OpName | undefined {
  const bare = written.replace(/^\$/, '').toLowerCase();
  return OPERATOR_NAMES.find((n) => editDistance(n.slice(1), bare) <= (bare.length > 4 ? 2 : bare.length > 2 ? 1 : 0));
}

/** {"schema": {"version": "2"}} → {"schema.version": "2"}, for the suggestion. */
function flatten(prefix: string, obj: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(obj)) {
    const key = `${prefix}.${k}`;
    const nestedMap = isPlainObject(v) && Object.keys(v).length > 0 && !Object.keys(v).some((w) => w.startsWith('$'));
    if (nestedMap) Object.assign(out, flatten(key, v as Record<string, unknown>));
    else out[key] = v;
  }
  return out;
}

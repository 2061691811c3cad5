// The filter language (README "Filters") seen as a list of conditions: the
// builder adds them, the chips show and remove them, the JSON view edits the
// same object. Pure functions over plain JSON; the engine validates. The
// operators and their operand shapes come from the engine's table
// (worker/contract.ts): a new operator needs only its translations here.
import { OPERATOR_TABLE, type OpName, type OperandShape } from '../../../../worker/contract';
import type { Filter } from '../../state/url-state';

type Bare<N> = N extends `$${infer B}` ? B : never;
/** An operator of the language by its name without "$" ('in' for $in). */
export type LanguageOp = Bare<OpName>;
/** The builder's operators: the language's, and "is empty" (the plain form null: missing, null or no value). */
export type OpId = LanguageOp | 'empty';

const LANGUAGE_OPS = (Object.keys(OPERATOR_TABLE) as OpName[]).map((n) => n.slice(1) as LanguageOp);

/** Every builder operator, in the engine table's order; "is empty" goes with exists. */
export const ALL_OPS: readonly OpId[] = LANGUAGE_OPS.flatMap((op): OpId[] => (op === 'exists' ? ['exists', 'empty'] : [op]));

/** The builder operator a JSON operator ("$in" or "in") stands for, or null when the language has none by that name. */
export function builderOp(written: string): LanguageOp | null {
  const bare = written.replace(/^\$/, '');
  return (LANGUAGE_OPS as string[]).includes(bare) ? (bare as LanguageOp) : null;
}

/** What the operator's operand looks like; null for "is empty", which has none. */
export function operandOf(op: OpId): OperandShape | null {
  return op === 'empty' ? null : OPERATOR_TABLE[`$${op}`].operand;
}

export interface Condition {
  key: string;
  op: OpId | 'raw';
  value: unknown;
}

function isOpObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** Every condition of a filter, in key order. */
export function conditionsOf(filter: Filter | null): Condition[] {
  if (!filter) return [];
  const out: Condition[] = [];
  for (const [key, v] of Object.entries(filter)) {
    if (v === null) out.push({ key, op: 'empty', value: null });
    else if (Array.isArray(v)) out.push({ key, op: 'all', value: v });
    else if (isOpObject(v)) {
      const entries = Object.entries(v);
      if (!entries.length) out.push({ key, op: 'raw', value: v });
      for (const [k, inner] of entries) {
        const op = builderOp(k);
        if (op === 'exists' && inner === false) out.push({ key, op: 'empty', value: { [k]: false } });
        else out.push(op ? { key, op, value: inner } : { key, op: 'raw', value: { [k]: inner } });
      }
    } else out.push({ key, op: 'eq', value: v });
  }
  return out;
}

/** The filter without one condition; null when nothing is left. */
export function removeCondition(filter: Filter | null, c: Condition): Filter | null {
  if (!filter || !(c.key in filter)) return filter;
  const next: Filter = { ...filter };
  const v = next[c.key];
  if (isOpObject(v)) {
    const inner = { ...v };
    for (const k of Object.keys(inner)) {
      const op = builderOp(k);
      const matches = c.op === 'raw' ? isOpObject(c.value) && k in c.value : op === c.op || (c.op === 'empty' && op === 'exists' && inner[k] === false);
      if (matches) delete inner[k];
    }
    if (Object.keys(inner).length) next[c.key] = inner;
    else delete next[c.key];
  } else delete next[c.key];
  return Object.keys(next).length ? next : null;
}

/**
 * Adds a condition. Plain forms (equals, contains all, is empty) replace what
 * the field had; operator forms join the field's other operators (ANDed). An
 * operator taking true/false is added as true (exists).
 */
export function addCondition(filter: Filter | null, key: string, op: OpId, value: unknown): Filter {
  const next: Filter = { ...(filter ?? {}) };
  if (op === 'eq') next[key] = value;
  else if (op === 'all') next[key] = value;
  else if (op === 'empty') next[key] = null;
  else {
    const prev = next[key];
    const base = isOpObject(prev) ? { ...prev } : {};
    next[key] = { ...base, [`$${op}`]: operandOf(op) === 'boolean' ? true : value };
  }
  return next;
}

/** Adds a tag the way a click on a tag means it: the note must also carry it. */
export function addTag(filter: Filter | null, tag: string): Filter {
  const next: Filter = { ...(filter ?? {}) };
  const cur = next.tags;
  const has = (list: unknown[]) => list.some((t) => typeof t === 'string' && t.toLowerCase() === tag.toLowerCase());
  if (cur === undefined || cur === null) next.tags = [tag];
  else if (Array.isArray(cur)) next.tags = has(cur) ? cur : [...cur, tag];
  else if (typeof cur === 'string') next.tags = has([cur]) ? [cur] : [cur, tag];
  else if (isOpObject(cur) && !('$contains' in cur)) next.tags = { ...cur, $contains: tag };
  else next.tags = [tag];
  return next;
}

/** Text from a value box → a typed value: numbers, booleans and null as the user means them. */
export function typedValue(text: string, preferString = false): string | number | boolean {
  const t = text.trim();
  if (!preferString) {
    if (/^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?$/.test(t) && Number.isFinite(Number(t))) return Number(t);
    if (t === 'true' || t === 'false') return t === 'true';
  }
  return t;
}

/** Comma-separated text → a list of typed values (for "is any of", "is none of" and "contains all"). */
export function typedList(text: string, preferString = false): (string | number | boolean)[] {
  return text
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
    .map((s) => typedValue(s, preferString));
}

/** Short text of a value for chips and badges. */
export function valueText(v: unknown): string {
  if (v === null || v === undefined) return '';
  if (Array.isArray(v)) return v.map(valueText).join(', ');
  if (typeof v === 'object') return JSON.stringify(v);
  return String(v);
}

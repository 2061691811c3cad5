// Checks the Tools page's argument text against a tool's JSON Schema before it
// is sent: JSON syntax, an object, known argument names, required ones present,
// and each value's type. The schemas use a small part of JSON Schema (type,
// properties, required, anyOf, allOf, items, enum, minItems/maxItems,
// additionalProperties), so that part is checked here rather than shipping a
// validator (ajv compiles schemas to code, which the app's CSP forbids). The
// engine checks everything again; this only says early what it would say.
import type { JsonSchema } from '../../../../worker/contract';

export type ArgsCheck = { ok: true; args: Record<string, unknown> } | { ok: false; message: string };

export function checkArgs(text: string, schema: JsonSchema): ArgsCheck {
  let value: unknown;
  try {
    value = text.trim() === '' ? {} : JSON.parse(text);
  } catch (e) {
    return { ok: false, message: `Not valid JSON: ${(e as Error).message}` };
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return { ok: false, message: 'The arguments must be a JSON object, e.g. {"query": "oauth"}.' };
  const args = value as Record<string, unknown>;
  const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
  const known = Object.keys(properties);
  for (const key of Object.keys(args)) {
    if (!Object.hasOwn(properties, key)) return { ok: false, message: `Unknown argument "${key}". This tool takes: ${known.join(', ') || 'no arguments'}.` };
  }
  for (const name of (schema.required as string[] | undefined) ?? []) {
    if (args[name] === undefined) return { ok: false, message: `"${name}" is required.` };
  }
  const groups = [schema, ...((schema.allOf as JsonSchema[] | undefined) ?? [])].flatMap((s) => (s.anyOf ? [s.anyOf as JsonSchema[]] : []));
  for (const group of groups) {
    const names = group.flatMap((g) => (g.required as string[] | undefined) ?? []);
    if (!names.some((n) => args[n] !== undefined)) return { ok: false, message: `"${names[0]}" is required (or ${names.slice(1).map((n) => `"${n}"`).join(', ')}).` };
  }
  for (const key of Object.keys(args)) {
    const problem = valueProblem(args[key], properties[key]);
    if (problem) return { ok: false, message: `"${key}" ${problem}.` };
  }
  return { ok: true, args };
}

/** Why a value does not match a schema (a phrase after the argument's name), or undefined when it does. */
export function valueProblem(v: unknown, s: JsonSchema): string | undefined {
  if (Array.isArray(s.anyOf)) {
    const options = s.anyOf as JsonSchema[];
    if (options.some((o) => valueProblem(v, o) === undefined)) return undefined;
    return `must be ${options.map(describeSchema).join(' or ')}`;
  }
  const type = s.type as string | undefined;
  if (type && !hasType(v, type)) return `must be ${describeSchema(s)}, not ${describeValue(v)}`;
  if (Array.isArray(s.enum) && !s.enum.includes(v)) return `must be one of ${s.enum.map((x) => JSON.stringify(x)).join(', ')}`;
  if (Array.isArray(v)) {
    if (typeof s.minItems === 'number' && v.length < s.minItems) return `needs at least ${s.minItems} items`;
    if (typeof s.maxItems === 'number' && v.length > s.maxItems) return `takes at most ${s.maxItems} items`;
    if (s.items) {
      for (let i = 0; i < v.length; i++) {
        const p = valueProblem(v[i], s.items as JsonSchema);
        if (p) return `item ${i + 1} ${p}`;
      }
    }
  }
  if (type === 'object' && v && typeof v === 'object') {
    const o = v as Record<string, unknown>;
    const props = (s.properties ?? {}) as Record<string, JsonSchema>;
    for (const r of (s.required as string[] | undefined) ?? []) if (o[r] === undefined) return `needs "${r}"`;
    for (const [k, x] of Object.entries(o)) {
      if (!Object.hasOwn(props, k)) {
        if (s.additionalProperties === false) return `has an unknown key "${k}" (keys: ${Object.keys(props).join(', ')})`;
        continue;
      }
      const p = valueProblem(x, props[k]);
      if (p) return `key "${k}" ${p}`;
    }
  }
  return undefined;
}

function hasType(v: unknown, type: string): boolean {
  switch (type) {
    case 'string':
      return typeof v === 'string';
    case 'integer':
      return typeof v === 'number' && Number.isInteger(v);
    case 'number':
      return typeof v === 'number' && Number.isFinite(v);
    case 'boolean':
      return typeof v === 'boolean';
    case 'array':
      return Array.isArray(v);
    case 'object':
      return v !== null && typeof v === 'object' && !Array.isArray(v);
    case 'null':
      return v === null;
    default:
      return true;
  }
}

function describeSchema(s: JsonSchema): string {
  if (Array.isArray(s.anyOf)) return (s.anyOf as JsonSchema[]).map(describeSchema).join(' or ');
  if (Array.isArray(s.enum)) return `one of ${s.enum.map((x) => JSON.stringify(x)).join(', ')}`;
  const type = s.type as string | undefined;
  if (type === 'array') return s.items && (s.items as JsonSchema).type ? `a list of ${(s.items as JsonSchema).type}s` : 'a list';
  if (type === 'integer') return 'an integer';
  if (type === 'object') return 'an object';
  return type ? `a ${type}` : 'a value';
}

function describeValue(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'a list';
  if (typeof v === 'number') return `the number ${v}`;
  if (typeof v === 'object') return 'an object';
  return `${typeof v === 'string' ? 'the text' : 'the value'} ${JSON.stringify(v)}`;
}

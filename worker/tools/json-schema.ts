// JSON Schemas of the tools' arguments, generated from the registry's
// parameter docs: the MCP server and the in-browser agent tools publish these,
// docs/tools.md is written from the same ParamDoc entries, so neither can drift.
import type { ParamDoc, ToolDef } from './define';

export type JsonSchema = { [key: string]: unknown };

const STRING = { type: 'string' };
const STRINGS = { type: 'array', items: STRING };

/**
 * Each documented type string maps to one schema. An unknown type string is a
 * programming error: generation throws, and a test runs it over every tool.
 */
const BY_TYPE: Record<string, JsonSchema> = {
  string: STRING,
  integer: { type: 'integer' },
  boolean: { type: 'boolean' },
  object: { type: 'object' },
  'object | string': { anyOf: [{ type: 'object' }, STRING] },
  'string[]': STRINGS,
  'string[] | string': { anyOf: [STRINGS, STRING] },
  '[string, string]': { type: 'array', items: STRING, minItems: 2, maxItems: 2 },
  '[{field, order}]': {
    type: 'array',
    items: {
      anyOf: [
        STRING,
        {
          type: 'object',
          properties: { field: STRING, order: { type: 'string', enum: ['asc', 'desc'] } },
          required: ['field'],
          additionalProperties: false,
        },
      ],
    },
  },
};

export function paramSchema(p: ParamDoc): JsonSchema {
  const base = BY_TYPE[p.type];
  if (!base) throw new Error(`No JSON Schema for the documented type ${JSON.stringify(p.type)} of argument ${p.name}.`);
  return { ...base, description: p.description };
}

/** Names a parameter also answers to (Basic Memory's `project` for `vault`, …). */
function aliasesOf(p: ParamDoc): readonly string[] {
  return p.aliases ?? [];
}

/**
 * The arguments object of one tool. Aliases are listed as their own
 * properties (pointing at the canonical name) because unknown names are
 * refused; a required argument with aliases may come under any of its names.
 */
export function toolInputSchema(def: Pick<ToolDef<unknown, unknown>, 'params'>): JsonSchema {
  const properties: Record<string, JsonSchema> = {};
  const required: string[] = [];
  const eitherOf: JsonSchema[] = [];
  for (const p of def.params) {
    properties[p.name] = paramSchema(p);
    const aliases = aliasesOf(p);
    // A required argument may be given under any of its names.
    if (p.required && aliases.length) eitherOf.push({ anyOf: [p.name, ...aliases].map((n) => ({ required: [n] })) });
    else if (p.required) required.push(p.name);
    for (const a of aliases) {
      const { description: _d, ...shape } = paramSchema(p);
      properties[a] = { ...shape, description: `Alias of ${p.name}.` };
    }
  }
  return {
    type: 'object',
    properties,
    ...(required.length ? { required } : {}),
    ...(eitherOf.length === 1 ? eitherOf[0] : eitherOf.length ? { allOf: eitherOf } : {}),
    additionalProperties: false,
  };
}

import { describe, expect, it } from 'vitest';
// The catalog agents see, and the Tools page's early check over it.
import { toolCatalog } from './catalog';
import { TOOLS } from './registry';
import { checkArgs } from '../../web/src/features/tools/check-args';
import fc from 'fast-check';
import { Ajv } from 'ajv';
import type { JsonSchema } from './json-schema';

const schemaOf = (name: string) => toolCatalog().find((t) => t.name === name)!.inputSchema;

describe('tool catalog', () => {
  it('has every tool and alias once, each alias with its tool\'s schema', () => {
    const catalog = toolCatalog();
    const names = catalog.map((t) => t.name);
    expect(new Set(names).size).toBe(names.length);
    for (const def of Object.values(TOOLS)) {
      const own = catalog.find((t) => t.name === def.name)!;
      expect(own.tool).toBe(def.name);
      for (const a of def.aliases ?? []) expect(catalog.find((t) => t.name === a)!.inputSchema).toEqual(own.inputSchema);
    }
  });
});

describe('Tools page argument check', () => {
  it('accepts what the engine accepts, aliases included', () => {
    expect(checkArgs('{"query": "oauth", "limit": 5}', schemaOf('search'))).toEqual({ ok: true, args: { query: 'oauth', limit: 5 } });
    expect(checkArgs('', schemaOf('vaults'))).toEqual({ ok: true, args: {} });
    expect(checkArgs('{"identifier": "a.md"}', schemaOf('read_note')).ok).toBe(true);
  });

  it('says what is wrong before sending', () => {
    expect(checkArgs('{"query": ', schemaOf('search'))).toMatchObject({ ok: false, message: expect.stringMatching(/^Not valid JSON/) });
    expect(checkArgs('[1]', schemaOf('search'))).toMatchObject({ ok: false, message: expect.stringContaining('JSON object') });
    expect(checkArgs('{"filter": {}}', schemaOf('search'))).toMatchObject({ ok: false, message: expect.stringContaining('Unknown argument "filter"') });
    expect(checkArgs('{}', schemaOf('read_note'))).toMatchObject({ ok: false, message: expect.stringContaining('"path" is required') });
  });
});

/** Values mostly of the schema's shape (so valid calls are common), sometimes anything. */
function valueFor(s: JsonSchema): fc.Arbitrary<unknown> {
  if (Array.isArray(s.anyOf)) return fc.oneof(...(s.anyOf as JsonSchema[]).map(valueFor));
  if (Array.isArray(s.enum)) return fc.oneof(fc.constantFrom(...s.enum), fc.string({ maxLength: 4 }));
  switch (s.type) {
    case 'string':
      return fc.string({ maxLength: 6 });
    case 'integer':
      return fc.oneof(fc.integer({ min: -3, max: 200 }), fc.double({ noNaN: true, noDefaultInfinity: true }));
    case 'boolean':
      return fc.boolean();
    case 'array':
      return fc.array(s.items ? valueFor(s.items as JsonSchema) : fc.jsonValue(), { maxLength: 3 });
    case 'object': {
      const props = (s.properties ?? {}) as Record<string, JsonSchema>;
      if (!Object.keys(props).length) return fc.dictionary(fc.string({ maxLength: 4 }), fc.jsonValue({ maxDepth: 1 }), { maxKeys: 2 });
      return fc.record(Object.fromEntries(Object.entries(props).map(([k, v]) => [k, valueFor(v)])), { requiredKeys: [] }).chain((o) =>
        fc.oneof(fc.constant(o as unknown), fc.constant({ ...(o as object), extra: 1 })),
      );
    }
    default:
      return fc.jsonValue({ maxDepth: 1 });
  }
}

describe('Tools page argument check against a JSON Schema validator', () => {
  it('accepts exactly the arguments Ajv accepts, for every tool (random calls)', () => {
    const ajv = new Ajv({ strict: false });
    for (const tool of toolCatalog().filter((t) => t.name === t.tool)) {
      const validate = ajv.compile(tool.inputSchema);
      const props = (tool.inputSchema.properties ?? {}) as Record<string, JsonSchema>;
      const args = fc
        .record(Object.fromEntries(Object.entries(props).map(([k, v]) => [k, fc.oneof({ weight: 4, arbitrary: valueFor(v) }, { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 1 }) })])), { requiredKeys: [] })
        .chain((o) => fc.oneof({ weight: 5, arbitrary: fc.constant(o as Record<string, unknown>) }, { weight: 1, arbitrary: fc.constant({ ...o, unknown_arg: 1 }) }));
      fc.assert(
        fc.property(args, (a) => {
          const parsed = JSON.parse(JSON.stringify(a));
          const mine = checkArgs(JSON.stringify(a), tool.inputSchema);
          expect(mine.ok, `${tool.name} ${JSON.stringify(a)}: ${mine.ok ? '' : mine.message}`).toBe(validate(parsed));
        }),
        { numRuns: 150 },
      );
    }
  });

  it('names the argument and what it should be', () => {
    expect(checkArgs('{"query": "x", "limit": "5"}', schemaOf('search'))).toEqual({ ok: false, message: '"limit" must be an integer, not the text "5".' });
    expect(checkArgs('{"query": "x", "page": 1.5}', schemaOf('search'))).toMatchObject({ ok: false, message: '"page" must be an integer, not the number 1.5.' });
    expect(checkArgs('{"tags": [1]}', schemaOf('search'))).toMatchObject({ ok: false, message: expect.stringContaining('"tags" must be a list of strings or a string') });
    expect(checkArgs('{"sort": [{"field": "x", "order": "up"}]}', schemaOf('find'))).toMatchObject({ ok: false, message: expect.stringContaining('"sort"') });
    expect(checkArgs('{"snippet_markers": ["<"]}', schemaOf('search'))).toMatchObject({ ok: false, message: '"snippet_markers" needs at least 2 items.' });
  });
});

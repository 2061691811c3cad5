import { describe, expect, it } from 'vitest';
// The catalog agents see, and the Tools page's early check over it.
import { toolCatalog } from './catalog';
import { TOOLS } from './registry';
import { checkArgs } from '../../web/src/features/tools/check-args';

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

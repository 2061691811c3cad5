import { describe, expect, it } from 'vitest';
import { ToolError } from '../errors';
import { MAX_PREFIX_BYTES, folderArg, pathPrefixRange, upperBound } from './path-rules';

function ruleOf(fn: () => unknown): string {
  try {
    fn();
  } catch (e) {
    expect(e).toBeInstanceOf(ToolError);
    expect((e as ToolError).code).toBe('invalid_argument');
    return (e as ToolError).message;
  }
  throw new Error('expected a ToolError');
}

describe('pathPrefixRange: every rule, named in the error', () => {
  const cases: [unknown, RegExp][] = [
    ['', /must not be empty/],
    ['/specs/', /relative to the vault/],
    ['/', /relative to the vault/],
    ['specs', /must end with '\/'/],
    ['a//b/', /empty segments/],
    ['./specs/', /'\.' or '\.\.' segments/],
    ['specs/../x/', /'\.' or '\.\.' segments/],
    ['specs/./', /'\.' or '\.\.' segments/],
    ['specs\\x/', /backslashes/],
    ['spe\0cs/', /NUL/],
    ['x'.repeat(MAX_PREFIX_BYTES) + '/', /at most 1024 bytes/],
    [42, /must be a string/],
  ];
  for (const [input, rule] of cases) {
    it(`rejects ${JSON.stringify(input)?.slice(0, 30)}`, () => {
      expect(ruleOf(() => pathPrefixRange(input))).toMatch(rule);
    });
  }

  it('counts bytes, not characters (340 three-byte characters fit, 342 do not)', () => {
    expect(pathPrefixRange('設'.repeat(340) + '/').prefix).toHaveLength(341);
    expect(ruleOf(() => pathPrefixRange('設'.repeat(342) + '/'))).toMatch(/bytes/);
  });

  it('accepts nested prefixes and dots inside names', () => {
    expect(pathPrefixRange('specs/v1.2/').prefix).toBe('specs/v1.2/');
    expect(pathPrefixRange('.hidden-ish/').prefix).toBe('.hidden-ish/');
  });

  it('bounds the subtree by replacing the final / with 0', () => {
    expect(upperBound('specs/')).toBe('specs0');
    const { prefix, upper } = pathPrefixRange('specs/');
    const inside = (p: string) => p >= prefix && p < upper;
    expect(inside('specs/a.md')).toBe(true);
    expect(inside('specs/deep/b.md')).toBe(true);
    expect(inside('specs-archive/a.md')).toBe(false);
    expect(inside('specs.md')).toBe(false);
    expect(inside('specs0/a.md')).toBe(false);
    expect(inside('specs')).toBe(false);
  });

  it('normalises to NFC like stored paths', () => {
    expect(pathPrefixRange('cafe\u0301/').prefix).toBe('caf\u00e9/');
  });
});

describe('folderArg', () => {
  it('accepts a folder with or without a trailing slash, and "" for the root', () => {
    expect(folderArg('specs')).toBe('specs');
    expect(folderArg('specs/v1/')).toBe('specs/v1');
    expect(folderArg('')).toBe('');
  });

  it('rejects what path_prefix rejects', () => {
    expect(ruleOf(() => folderArg('/specs'))).toMatch(/relative/);
    expect(ruleOf(() => folderArg('a//b'))).toMatch(/empty segments/);
    expect(ruleOf(() => folderArg('../x'))).toMatch(/'\.\.'/);
    expect(ruleOf(() => folderArg('a\\b'))).toMatch(/backslashes/);
  });
});

// Which frontmatter keys the fields tool offers as filterable names. Issue 10,
// defect 7: the check once caught every error and answered "not nameable",
// hiding real failures; only the key rules' own refusal may mean that.
import { describe, expect, it } from 'vitest';
import { nameable } from './field-stats';

describe('nameable: a key the filter language can name', () => {
  it('is true for keys the rules accept and false for keys they refuse', () => {
    expect(nameable('status')).toBe(true);
    expect(nameable('schema.version')).toBe(true);
    expect(nameable('ms.topic')).toBe(true);
    expect(nameable('my key')).toBe(true);
    expect(nameable('my/key')).toBe(false);
    expect(nameable('$eq')).toBe(false);
    expect(nameable('a..b')).toBe(false);
  });

  it('lets a failure that is not a refusal through instead of answering false', () => {
    // A value no frontmatter parser yields, so the rules fail with a TypeError, not with their refusal.
    expect(() => nameable(null as unknown as string)).toThrow(TypeError);
  });
});

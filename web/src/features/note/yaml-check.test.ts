import { describe, expect, it } from 'vitest';
import { checkFrontmatter, yamlOfHead } from './yaml-check';

describe('frontmatter check in the editor', () => {
  it('accepts valid YAML and points at the line of an error', () => {
    expect(checkFrontmatter('title: x\ntags: [a, b]\n')).toBeNull();
    expect(checkFrontmatter('title: x\nstatus: [open\nowner: me\n')?.line).toBeGreaterThanOrEqual(2);
    expect(checkFrontmatter('a: 1\nb: 2\na: 3\n')).toMatchObject({ line: 3 });
    expect(checkFrontmatter('- a\n- b\n')?.message).toMatch(/key: value/);
  });

  it('takes the YAML out of a frontmatter block', () => {
    expect(yamlOfHead('---\ntitle: x\nstatus: y\n---\n')).toBe('title: x\nstatus: y\n');
    expect(yamlOfHead('---\r\ntitle: x\r\n---\r\n')).toBe('title: x\r\n');
    expect(yamlOfHead('')).toBe('');
  });
});

import { describe, expect, it } from 'vitest';
import { yamlOfHead } from './yaml-check';

// The check itself runs in the engine: worker/ui-checks.test.ts.
describe('frontmatter in the editor', () => {
  it('takes the YAML out of a frontmatter block', () => {
    expect(yamlOfHead('---\ntitle: x\nstatus: y\n---\n')).toBe('title: x\nstatus: y\n');
    expect(yamlOfHead('---\r\ntitle: x\r\n---\r\n')).toBe('title: x\r\n');
    expect(yamlOfHead('')).toBe('');
  });
});

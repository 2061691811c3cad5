// $contains with a number (issue 11, item 12), as both READMEs document it:
// on a number it is equality (numbers are not searched as digits), on a list
// it finds an equal element, on text it finds the digits as a substring.
import { describe, expect, it } from 'vitest';
import { engineWith, ok } from '../test/make-engine';

describe('$contains with a number', () => {
  it('is equality on a number, element equality on a list, a substring on text', async () => {
    const engine = await engineWith({
      'n.md': '---\nscore: 12345\n---\n',
      'twelve.md': '---\nscore: 12\n---\n',
      'float.md': '---\nscore: 12.0\n---\n',
      'list.md': '---\nscore: [1, 12, 123]\n---\n',
      'text.md': '---\nscore: "v12b"\n---\n',
      'numtext.md': '---\nscore: "9912"\n---\n',
    });
    const paths = async (filters: unknown) => ok(await engine.call('find', { filters })).results.map((r) => r.path).sort();
    expect(await paths({ score: { $contains: 12 } })).toEqual(['float.md', 'list.md', 'numtext.md', 'text.md', 'twelve.md']);
    expect(await paths({ score: { $contains: 123 } })).toEqual(['list.md']);
    expect(await paths({ score: { $contains: 12345 } })).toEqual(['n.md']);
    expect(await paths({ score: { $contains: 2345 } })).toEqual([]);
  });
});

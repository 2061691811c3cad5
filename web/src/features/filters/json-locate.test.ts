import { describe, expect, it } from 'vitest';
import { JsonSyntaxError, lineCol, locatePath, parseJsonTree, treeValue } from './json-locate';

const at = (text: string, path: string) => {
  const span = locatePath(parseJsonTree(text), path)!;
  return text.slice(span.start, span.end);
};

describe('JSON with positions', () => {
  it('parses like JSON.parse', () => {
    const text = '{"a": [1, -2.5e3, "x\\"y", true, null], "b": {"c": {}}, "日本": "語"}';
    expect(treeValue(parseJsonTree(text))).toEqual(JSON.parse(text));
  });

  it('reports where syntax errors are, with line and column', () => {
    const text = '{\n  "status": "draft",\n  "score": {"$gt": }\n}';
    try {
      parseJsonTree(text);
      throw new Error('no error');
    } catch (e) {
      expect(e).toBeInstanceOf(JsonSyntaxError);
      const { line, column } = lineCol(text, (e as JsonSyntaxError).offset);
      expect([line, column]).toEqual([3, 20]);
    }
    for (const bad of ['{"a": 1,}', '{"a" 1}', "{'a': 1}", '{"a": tru}', '{"a": "open}', '[1 2]', '{"a":1} x', '']) {
      expect(() => parseJsonTree(bad)).toThrow(JsonSyntaxError);
    }
  });

  it('locates engine error paths, including dotted keys and list items', () => {
    const text = '{"status": "x", "schema.version": {"$gt": "a"}, "score": {"$between": [0.3, 0.8, 1]}, "tags": ["a", 5]}';
    expect(at(text, 'filters.score.$between')).toBe('"$between": [0.3, 0.8, 1]');
    expect(at(text, 'filters.schema.version.$gt')).toBe('"$gt": "a"');
    expect(at(text, 'filters.tags[1]')).toBe('5');
    expect(at(text, 'filters.tags.1')).toBe('5');
    expect(at(text, 'filters.status')).toBe('"status": "x"');
    expect(at(text, 'filters.nope')).toBe(text);
  });
});

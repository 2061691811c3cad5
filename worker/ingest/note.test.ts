import { describe, expect, it } from 'vitest';
import { parseFile, parseNoteText } from './note';

const enc = (s: string) => new TextEncoder().encode(s);

describe('parseNoteText: YAML 1.2 core schema types', () => {
  it('keeps yes as a string, dates as strings, and numbers, booleans, null, lists and maps typed', () => {
    const n = parseNoteText('n.md', '---\na: yes\nb: 2024-06-01\nc: 1.5\nd: 7\ne: true\nf: ~\ng: [1, "2"]\nh:\n  i: x\n---\nbody');
    expect(n.frontmatter).toEqual({ a: 'yes', b: '2024-06-01', c: 1.5, d: 7, e: true, f: null, g: [1, '2'], h: { i: 'x' } });
    expect(n.body).toBe('body');
    expect(n.problems).toEqual([]);
  });

  it('keeps a key that contains dots as written', () => {
    const n = parseNoteText('n.md', '---\nms.topic: article\n---\n');
    expect(n.frontmatter).toEqual({ 'ms.topic': 'article' });
  });
});

describe('parseFile: bad input never throws', () => {
  it('keeps the body of a note with invalid YAML and reports the line', () => {
    const n = parseFile('bad.md', enc('---\ntitle: ok\nlist: [1, 2\nother: x\n---\nStill here')) as ReturnType<typeof parseNoteText>;
    expect(n.kind).toBe('note');
    expect(n.body).toBe('Still here');
    expect(n.problems[0]).toMatchObject({ code: 'frontmatter_invalid' });
    expect(n.problems[0].line).toBeGreaterThanOrEqual(3);
  });

  it('treats binary content under a .md name as a file', () => {
    const r = parseFile('x.md', new Uint8Array([0x89, 0x50, 0x00, 0x01]));
    expect(r.kind).toBe('file');
    expect(r.problems[0].code).toBe('binary_note');
  });
});

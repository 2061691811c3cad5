// The fast path of the inline pass (bodies without code or comment markers:
// only the lines holding a possible tag or '::' are read) must find exactly
// what the line-by-line pass finds, tags and fields with their line numbers.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { forEachCandidateLine, forEachInlineLine } from './inline-meta';
import { fieldsInLine, type InlineField } from './inline-fields';
import { tagsInLine } from './inline-tags';
import { forEachProseLine } from './prose-lines';

type Runner = (body: string, first: number, visit: (line: string, lineNo: number) => void) => void;

function read(run: Runner, body: string): { tags: string[]; fields: InlineField[] } {
  const tags: string[] = [];
  const fields: InlineField[] = [];
  run(body, 3, (line, n) => {
    tagsInLine(line, tags);
    fieldsInLine(line, n, fields);
  });
  return { tags, fields };
}

const PIECES = ['#', '> ', '>', '#tag', '#a/b', '##', '# ', 'word', ' ', '  ', '\t', '\n', '\r\n', '::', 'key:: 4', '[k:: v]', '(k:: a, b)', '[[N#h]]', 'http://x.y/#f', '1', 'é', '日本', '#日本', '/', '-', ':'];

describe('the candidate-line fast path', () => {
  it('reads the same tags and fields as the line-by-line pass, for any body without code, comments or indented lines', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...PIECES), { maxLength: 60 }), (pieces) => {
        // Lines four columns in may be indented code: only the line-by-line pass knows.
        const body = pieces.join('').replace(/^[ \t]+/gm, '');
        expect(read(forEachCandidateLine, body)).toEqual(read(forEachProseLine, body));
      }),
      { numRuns: 3000 },
    );
  });

  it('is taken only where it reads what the line-by-line pass reads, indented lines included', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...PIECES), { maxLength: 60 }), (pieces) => {
        const body = pieces.join('');
        expect(read(forEachInlineLine, body)).toEqual(read(forEachProseLine, body));
      }),
      { numRuns: 3000 },
    );
  });

  it('numbers lines from the first line given, CR dropped', () => {
    const seen: [string, number][] = [];
    forEachCandidateLine('a\r\n#t x\r\nb\nk:: 1\n', 10, (l, n) => seen.push([l, n]));
    expect(seen).toEqual([['#t x', 11], ['k:: 1', 13]]);
  });
});

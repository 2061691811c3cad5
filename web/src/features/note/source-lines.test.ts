import { JSDOM } from 'jsdom';
import { describe, expect, it } from 'vitest';
import { createSanitizer, markdownToFragment } from './markdown';
import { blockAtLine } from './source-lines';

const win = new JSDOM('<!doctype html><html><body></body></html>').window as unknown as Window & typeof globalThis;
const purify = createSanitizer(win);
const rendered = (md: string) => {
  const root = win.document.createElement('div');
  root.append(markdownToFragment(md, purify));
  return root;
};
/** The first line of the text of the block a line falls in. */
const at = (root: Element, line: number) => {
  const block = blockAtLine(root, line)?.cloneNode(true) as Element | undefined;
  for (const br of block?.querySelectorAll('br') ?? []) br.replaceWith('\n');
  return block?.textContent?.trim().split('\n')[0];
};

const NOTE = [
  '# Heading', //                        0
  '', //                                  1
  'A paragraph', //                       2
  'over two lines.', //                   3
  '', //                                  4
  '- [decision] Use Redis #cache', //     5
  '- depends_on [[Queue]]', //            6
  '  - nested [[Deeper]]', //             7
  '', //                                  8
  '> [!note] A callout', //               9
  '> - [fact] inside it', //             10
  '', //                                 11
  '```', //                              12
  '- [fact] in code', //                 13
  '```', //                              14
  '', //                                 15
  '| a | b |', //                        16
  '|---|---|', //                        17
  '| [[Row]] | 2 |', //                  18
  '', //                                 19
  '1. [>] forwarded task', //            20
].join('\n');

describe('source lines of rendered blocks', () => {
  it('finds the block each line of the note is in', () => {
    const root = rendered(NOTE);
    expect([0, 2, 3, 5, 6, 7, 9, 10, 13, 18, 20].map((n) => at(root, n))).toEqual([
      'Heading',
      'A paragraph',
      'A paragraph',
      '[decision] Use Redis #cache',
      'depends_on Queue',
      'nested Deeper',
      'A callout',
      '[fact] inside it',
      '- [fact] in code',
      'a', // the table starts at line 16; its rows have no line of their own
      'forwarded task',
    ]);
  });

  it('counts lines the same with Windows line ends', () => {
    const root = rendered(NOTE.replace(/\n/g, '\r\n'));
    expect(blockAtLine(root, 10)?.textContent?.trim()).toBe('[fact] inside it');
    expect(blockAtLine(root, 20)?.textContent?.trim()).toBe('forwarded task');
  });

  it('skips notes embedded in this one', () => {
    const root = rendered('first\n\nsecond\n');
    const embed = win.document.createElement('div');
    embed.className = 'md-embed-body';
    embed.append(markdownToFragment('\n\n\nembedded', purify));
    root.append(embed);
    expect(at(root, 3)).toBe('second');
  });
});

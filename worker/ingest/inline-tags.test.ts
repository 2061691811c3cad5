// Inline #tags by Obsidian's rules, and the text that looks like a tag but is not.
import { describe, expect, it } from 'vitest';
import { readInlineMeta } from './inline-meta';
import { OBSIDIAN_VAULT } from '../test/obsidian-fixture';

const tags = (body: string) => readInlineMeta(body).tags;

describe('inline tags', () => {
  it('reads tags at the start of a line and after blanks, nested ones and Unicode', () => {
    expect(tags('#a and #b/c/d, then #進行中 and #café_2 #kebab-case #🚀launch')).toEqual(['a', 'b/c/d', '進行中', 'café_2', 'kebab-case', '🚀launch']);
  });

  it('stops at punctuation and keeps one spelling per tag', () => {
    expect(tags('(#x) #y, #z. #Y #Ｚ')).toEqual(['y', 'z']);
  });

  it('does not read numbers, headings, escapes or words with # inside', () => {
    expect(tags('#1984 #2026/11 # Heading\n## Two\nC#sharp \\#esc')).toEqual([]);
    expect(tags('#y1984 #1984a')).toEqual(['y1984', '1984a']);
  });

  it('skips code, comments, links and URLs', () => {
    expect(tags(OBSIDIAN_VAULT['Games/Not a game.md'])).toEqual([]);
  });

  it('ends a multi-line comment where it closes', () => {
    expect(tags('%% one\n#no\n%% #yes')).toEqual(['yes']);
    expect(tags('<!-- a\n#no --> #yes')).toEqual(['yes']);
  });

  it('reads tags in headings, lists and quotes', () => {
    expect(tags('## Plan #p1\n- [ ] task #later\n> quoted #q')).toEqual(['p1', 'later', 'q']);
  });
});

describe('inline fields', () => {
  const fields = (body: string) => readInlineMeta(body).fields.map((f) => [f.key, f.value, f.form]);

  it('reads every form with Dataview types', () => {
    expect(fields(OBSIDIAN_VAULT['Books/Dune.md'].split('---\n')[2])).toEqual([
      ['rating', 5, 'line'],
      ['pages', 412, 'line'],
      ['finished', true, 'line'],
      ['started', '2026-11-03', 'line'],
      ['series', '[[Dune Messiah]]', 'line'],
      ['themes', ['ecology', 'religion', 'power'], 'line'],
      ['mood', 'calm', 'bracket'],
      ['format', 'paperback', 'paren'],
    ]);
  });

  it('reads list items, tasks, quotes, bold keys and keys with blanks', () => {
    expect(fields('- due:: 2026-12-01\n- [ ] pay [amount:: 12.5] #later\n> **Owner**:: [[Ann]], [[Bob]]\nLast Reviewed:: FALSE')).toEqual([
      ['due', '2026-12-01', 'line'],
      ['amount', 12.5, 'bracket'],
      ['Owner', ['[[Ann]]', '[[Bob]]'], 'line'],
      ['last-reviewed', false, 'line'],
    ]);
  });

  it('keeps links, nested brackets and quoted commas whole', () => {
    expect(fields('Met [who:: [[Ann|Annie]]] and (quote:: "a, b") today')).toEqual([
      ['who', '[[Ann|Annie]]', 'bracket'],
      ['quote', 'a, b', 'paren'],
    ]);
  });

  it('reads emoji keys as Dataview does (emoji drawn as emoji by default; ❤ is text unless styled)', () => {
    expect(fields('🎯:: ship it\n- [ ] call [📞 who:: Ann]\n❤️:: 3')).toEqual([
      ['🎯', 'ship it', 'line'],
      ['📞-who', 'Ann', 'bracket'],
    ]);
  });

  it('is not fooled by code, wikilinks, single colons or empty keys', () => {
    expect(fields('`key:: in code`\n```\nx:: 1\n```\n[[Note::x]] and a: b\n:: nothing\n[ :: none]')).toEqual([]);
  });
});

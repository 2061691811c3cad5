// Code blocks inside block quotes and callouts (`> ```css`) are code, as
// CommonMark reads them: no inline tags, Dataview fields or links come from
// them (Obsidian's help vault: `> border-color: #ff0000;` was a tag `ff0000`).
import { describe, expect, it } from 'vitest';
import { engineWith, ok } from '../test/make-engine';
import { readInlineMeta } from './inline-meta';
import { parseBody } from './markdown';

const CALLOUT = [
  '> [!example] Red border',
  '> **CSS**:',
  '> ```css',
  '> .red-border img {',
  '>    border-color: #ff0000;',
  '> }',
  '> ```',
  '> After the block #quoted',
  '> ~~~',
  '> colour:: red',
  '> See [[In code]]',
  '> ~~~',
  '',
  '> > ```',
  '> > #nested-code',
  '> > ```',
  '> > #deep',
].join('\n');

const tags = (body: string) => readInlineMeta(body).tags;

describe('code blocks in quotes and callouts', () => {
  it('reads no tags, fields or links from them, and the prose around them as before', () => {
    expect(tags(CALLOUT)).toEqual(['quoted', 'deep']);
    expect(readInlineMeta(CALLOUT).fields).toEqual([]);
    expect(parseBody(CALLOUT).relations).toEqual([]);
  });

  it('ends a block where its quote ends, and the line that ends the quote is read afresh', () => {
    expect(tags('> ```\n> #in\nplain #after\n> #quoted')).toEqual(['after', 'quoted']);
    expect(tags('> ```\n> #in\n\n#after')).toEqual(['after']);
    // An unquoted fence after the quote opens a block of its own.
    expect(tags('> ```\n> #in\n```\n#code\n```\n#after')).toEqual(['after']);
    // A fence one quote deeper than its block is the block's text, not its end.
    expect(tags('> ```\n> > ```\n> #in\n> ```\n#after')).toEqual(['after']);
    // A nested quote's block ends where that quote does.
    expect(tags('> > ```\n> > #in\n> #out')).toEqual(['out']);
  });

  it('keeps an unquoted block open past lines that look like quoted fences', () => {
    expect(tags('```\n> ```\n#in\n```\n#after')).toEqual(['after']);
    expect(parseBody('```\n> ```\n[[In code]]\n```\n[[After]]').relations.map((r) => r.target)).toEqual(['After']);
  });

  it('through the engine: the tags tool, tag: and the filter language', async () => {
    const engine = await engineWith({ 'CSS snippets.md': `# CSS snippets\n\n${CALLOUT}\n` });
    const listed = ok(await engine.call('tags', {})).tags.map((t) => t.tag).sort();
    expect(listed).toEqual(['deep', 'quoted']);
    expect(ok(await engine.call('search', { query: 'tag:ff0000' })).total).toBe(0);
    expect(ok(await engine.call('find', { filters: { colour: { $exists: true } } })).total).toBe(0);
  });
});

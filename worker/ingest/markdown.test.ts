// Basic Memory observations and relations, wikilinks and headings, including
// the lines that look like them but are not (code, task boxes, links).
import { describe, expect, it } from 'vitest';
import { linkKey, linkTarget, parseBody } from './markdown';

const rels = (body: string) => parseBody(body).relations.map((r) => [r.type, r.target, r.context]);
const obs = (body: string) => parseBody(body).observations.map((o) => [o.category, o.content, o.tags, o.context]);

describe('observations', () => {
  it('reads category, text, tags and a trailing context', () => {
    expect(obs('- [decision] Use PKCE for public clients #security #oauth (agreed in review)')).toEqual([
      ['decision', 'Use PKCE for public clients #security #oauth', ['security', 'oauth'], 'agreed in review'],
    ]);
  });

  it('accepts *, + and indentation, categories with spaces and Japanese', () => {
    expect(obs('* [open question] what now?\n  + [決定] 設計を承認 #同期')).toEqual([
      ['open question', 'what now?', [], null],
      ['決定', '設計を承認 #同期', ['同期'], null],
    ]);
  });

  it('keeps parentheses that are not at the end as part of the text', () => {
    expect(obs('- [fact] Latency (p95) is 18 ms on phones')).toEqual([['fact', 'Latency (p95) is 18 ms on phones', [], null]]);
  });

  it('does not read task boxes as observations', () => {
    expect(obs('- [ ] todo\n- [x] done\n- [X] also done')).toEqual([]);
  });

  it('does not read Obsidian task statuses of one character as observations', () => {
    // Custom statuses of the Tasks plugin and themes: forwarded, cancelled, in progress, question, important, idea…
    expect(obs('- [>] forwarded\n- [-] cancelled\n- [/] half done\n- [?] maybe\n- [!] important\n- [o] Some task\n- [i] info\n- [1] first')).toEqual([]);
    // A category of one letter in a script without such statuses is still one.
    expect(obs('- [注] 重要な点')).toEqual([['注', '重要な点', [], null]]);
  });

  it('does not read Markdown links at the start of a list item as observations', () => {
    expect(obs('- [the spec](specs/a.md) explains it\n- [ref]: https://example.com')).toEqual([]);
    expect(rels('- [the spec](specs/a.md) explains it')).toEqual([]);
  });

  it('needs text after the category', () => {
    expect(obs('- [empty]\n- [also empty]   ')).toEqual([]);
  });

  it('records the file line (body line + offset of the frontmatter)', () => {
    const body = 'intro\n\n- [fact] a\n';
    expect(parseBody(body, 5).observations[0].line).toBe(7);
  });

  it('collects wikilinks inside an observation as links_to relations', () => {
    const r = parseBody('- [fact] see [[Other note]] for details');
    expect(r.observations).toHaveLength(1);
    expect(r.relations.map((x) => [x.type, x.target])).toEqual([['links_to', 'Other note']]);
  });
});

describe('relations and wikilinks', () => {
  it('reads a typed relation with its context', () => {
    expect(rels('- implements [[Auth design]] (tokens before sync)')).toEqual([['implements', 'Auth design', 'tokens before sync']]);
  });

  it('reads relation types with spaces and in Japanese', () => {
    expect(rels('- depends on [[Sync]]\n- 関連 [[認証フロー設計]]')).toEqual([
      ['depends on', 'Sync', null],
      ['関連', '認証フロー設計', null],
    ]);
  });

  it('strips the heading and alias of a link target', () => {
    expect(rels('- part_of [[Roadmap#Q3|the roadmap]]')).toEqual([['part_of', 'Roadmap', null]]);
    expect(linkTarget(' Note#Heading|Alias ')).toBe('Note');
  });

  it('makes every other wikilink a links_to relation, including embeds and several per line', () => {
    expect(rels('See [[A]] and [[B|bee]], and ![[diagram.png]].')).toEqual([
      ['links_to', 'A', null],
      ['links_to', 'B', null],
      ['links_to', 'diagram.png', null],
    ]);
  });

  it('treats further links on a relation line as plain links', () => {
    expect(rels('- depends_on [[A]] and also [[B]]')).toEqual([
      ['depends_on', 'A', null],
      ['links_to', 'B', null],
    ]);
  });

  // A UI trial on Obsidian's help vault: a backlink read "Use the ** **" (the inline code blanked) instead of "links to".
  it('reads words with Markdown formatting or code before a link as prose, the link a plain one', () => {
    expect(rels('- Use the **`Cmd/Ctrl+;`** [[Hotkeys|hotkey]].')).toEqual([['links_to', 'Hotkeys', null]]);
    expect(rels('- press `Ctrl` [[Hotkeys]]')).toEqual([['links_to', 'Hotkeys', null]]);
    expect(rels('- *see* [[A]]')).toEqual([['links_to', 'A', null]]);
    expect(rels('- depends_on [[A]]')).toEqual([['depends_on', 'A', null]]);
  });

  it('does not read a list item that starts with a link as a typed relation', () => {
    expect(rels('- [[A]] is related')).toEqual([['links_to', 'A', null]]);
  });

  it('ignores empty and unclosed links', () => {
    expect(rels('[[ ]] and [[unclosed and [[|alias]]')).toEqual([]);
  });

  it('matches link targets case-, width- and extension-insensitively', () => {
    expect(linkKey('Auth Design.md')).toBe(linkKey('auth design'));
    expect(linkKey('ＡＢＣ')).toBe('abc');
  });
});

describe('code is not content', () => {
  it('skips everything inside ``` and ~~~ fences', () => {
    const body = ['```md', '- [decision] not real', '- implements [[Nope]]', '# Not a heading', '```', '~~~', '[[Also nope]]', '~~~', '- [fact] real'].join('\n');
    const r = parseBody(body);
    expect(r.observations.map((o) => o.content)).toEqual(['real']);
    expect(r.relations).toEqual([]);
    expect(r.headings).toEqual([]);
  });

  it('does not close a ``` fence with ~~~, and an unclosed fence runs to the end', () => {
    const r = parseBody('```\n~~~\n[[Hidden]]\n```\n[[Seen]]\n```\n[[Never]]');
    expect(r.relations.map((x) => x.target)).toEqual(['Seen']);
  });

  it('accepts a fence indented by up to three spaces, not four', () => {
    expect(rels('   ```\n[[Hidden]]\n   ```\n[[Seen]]')).toEqual([['links_to', 'Seen', null]]);
    expect(rels('    ```\n[[Seen too]]')).toEqual([['links_to', 'Seen too', null]]);
  });

  it('ignores links and observations inside inline code', () => {
    expect(rels('Use `[[Not a link]]` to link, like [[Real]].')).toEqual([['links_to', 'Real', null]]);
    expect(obs('- `[fact]` is the syntax')).toEqual([]);
  });
});

describe('headings', () => {
  it('reads ATX headings with their level, without closing hashes', () => {
    expect(parseBody('# One\n### Three ###\n####### seven\n#notaheading\n   ## Indented').headings).toEqual([
      { line: 1, level: 1, text: 'One' },
      { line: 2, level: 3, text: 'Three' },
      { line: 5, level: 2, text: 'Indented' },
    ]);
  });

  it('collects wikilinks in headings', () => {
    const r = parseBody('## About [[Sync]]');
    expect(r.headings[0].text).toBe('About [[Sync]]');
    expect(r.relations.map((x) => x.target)).toEqual(['Sync']);
  });
});
